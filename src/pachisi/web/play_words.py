"""The words of the game page's and lobby's playing side, in English, Hindi and Kannada.

Merged into :data:`pachisi.web.messages.MESSAGES` (the same keys in each
language): who plays a seat (you, someone beside you, a friend by a link, a
computer by level and number), the links and QR codes of a new game, the
game on a phone (tap a pawn, then a lit square), the sound switch, the throw
that ends by itself, and the page that referees a real board.
"""

from __future__ import annotations

__all__ = ["PLAY_WORDS"]

_EN: dict[str, str] = {
    "lobby.who_starts": "Who starts (as you threw for it at the table)",
    "game.throw_wait": "waiting for {who} to throw the real dice",
    "game.your_throw": "your turn: throw the real dice",
    "game.tap_pawn": "Tap a pawn with a dashed ring to see where it can go.",
    "game.tap_target": "Now tap a lit square (or the pawn again to let go).",
    "lobby.who_plays_title": "Who plays?",
    "lobby.mode_computer": "You against the computer",
    "lobby.mode_friend": "With a friend (you send a link)",
    "lobby.mode_pass": "Pass and play on this screen",
    "lobby.kind_you": "You, on this screen",
    "lobby.kind_here": "Someone beside you, on this screen (pass and play)",
    "lobby.kind_friend": "A friend, on their own phone or computer (a link)",
    "lobby.start_summary": (
        "On this screen: {here}. Friends by a link: {friends}. Computers: {computers}."
    ),
    "lobby.friends_text": (
        "Send each friend their own link, or let them scan its code with a phone: it holds the "
        "secret key of their seat and is shown only now. This screen does not play their seats."
    ),
    "lobby.your_links": "Your own links (keep them to come back to the game)",
    "lobby.send": "Send…",
    "lobby.qr_label": "Code of the link of {label}",
    "lobby.qr_caption": "Scan with a phone's camera to open the seat there.",
    "lobby.here_one": "This screen plays {seats}.",
    "lobby.here_pass": "Pass and play: this screen plays {seats}, each in turn.",
    "lobby.here_none": "No seat is played on this screen: you can watch.",
    "seat.computer": "Computer {n} ({level})",
    "game.sound": "Sound",
    "game.tap_hint": "Tap a pawn, then a lit square, or tap one of the steps.",
    "game.auto_end": (
        "The throw is used: your turn ends by itself in a moment. Undo takes a step back."
    ),
    "game.busy": "Your last choice is on its way to the server: a moment, please.",
    "game.pass_to": "Pass the screen to {who}.",
    "game.from_to": "From {from} to {to}",
    "game.real_dice": "Throw the real dice, then tap the numbers they show.",
    "game.enter_dice": "Enter the throw",
    "game.die_n": "Die {n}",
    "game.die_value": "{n} on die {die}",
    "game.clear_dice": "Clear",
    "game.throw_sent": "Throw entered: {dice}.",
    "lobby.mode_referee": "Referee a real board (real dice)",
}

_HI: dict[str, str] = {
    "lobby.who_starts": "कौन शुरू करेगा (जैसा आपने मेज़ पर फेंककर तय किया)",
    "game.throw_wait": "{who} के असली पासे फेंकने की प्रतीक्षा",
    "game.your_throw": "आपकी बारी: असली पासे फेंकें",
    "game.tap_pawn": "धारीदार घेरे वाले प्यादे को छुएँ और देखें कि वह कहाँ जा सकता है।",
    "game.tap_target": "अब किसी चमकते खाने को छुएँ (या छोड़ने के लिए प्यादे को फिर छुएँ)।",
    "lobby.who_plays_title": "कौन खेलेगा?",
    "lobby.mode_computer": "आप, कंप्यूटर के विरुद्ध",
    "lobby.mode_friend": "दोस्त के साथ (आप कड़ी भेजें)",
    "lobby.mode_pass": "इसी स्क्रीन पर बारी-बारी से",
    "lobby.kind_you": "आप, इस स्क्रीन पर",
    "lobby.kind_here": "आपके पास बैठा कोई, इसी स्क्रीन पर (बारी-बारी से)",
    "lobby.kind_friend": "कोई दोस्त, अपने फ़ोन या कंप्यूटर पर (एक कड़ी)",
    "lobby.start_summary": "इस स्क्रीन पर: {here}। कड़ी से दोस्त: {friends}। कंप्यूटर: {computers}।",
    "lobby.friends_text": (
        "हर दोस्त को उसकी अपनी कड़ी भेजें, या उसे फ़ोन से उसका कोड स्कैन करने दें: उसमें उसकी सीट की "
        "गुप्त कुंजी है और वह केवल अभी दिखती है। यह स्क्रीन उनकी सीटें नहीं खेलती।"
    ),
    "lobby.your_links": "आपकी अपनी कड़ियाँ (खेल में लौटने के लिए इन्हें रखें)",
    "lobby.send": "भेजें…",
    "lobby.qr_label": "{label} की कड़ी का कोड",
    "lobby.qr_caption": "सीट वहाँ खोलने के लिए फ़ोन के कैमरे से स्कैन करें।",
    "lobby.here_one": "यह स्क्रीन {seats} खेलती है।",
    "lobby.here_pass": "बारी-बारी से: यह स्क्रीन {seats} खेलती है, हर कोई अपनी बारी पर।",
    "lobby.here_none": "इस स्क्रीन पर कोई सीट नहीं खेली जाती: आप देख सकते हैं।",
    "seat.computer": "कंप्यूटर {n} ({level})",
    "game.sound": "आवाज़",
    "game.tap_hint": "किसी प्यादे को छुएँ, फिर किसी चमकते खाने को, या किसी चाल को छुएँ।",
    "game.auto_end": (
        "फेंक पूरी इस्तेमाल हो गई: आपकी बारी कुछ ही पल में अपने-आप खत्म होगी। वापस लें से एक कदम लौटता है।"
    ),
    "game.busy": "आपकी पिछली चाल सर्वर तक जा रही है: ज़रा रुकिए।",
    "game.pass_to": "स्क्रीन {who} को दें।",
    "game.from_to": "{from} से {to} तक",
    "game.real_dice": "असली पासे फेंकें, फिर उनके दिखाए अंक छुएँ।",
    "game.enter_dice": "फेंक दर्ज करें",
    "game.die_n": "पासा {n}",
    "game.die_value": "पासा {die} पर {n}",
    "game.clear_dice": "मिटाएँ",
    "game.throw_sent": "फेंक दर्ज हुई: {dice}।",
    "lobby.mode_referee": "असली बोर्ड का निर्णायक (असली पासे)",
}

_KN: dict[str, str] = {
    "lobby.who_starts": "ಯಾರು ಆರಂಭಿಸುತ್ತಾರೆ (ಮೇಜಿನ ಮೇಲೆ ಎಸೆದು ನೀವು ನಿರ್ಧರಿಸಿದಂತೆ)",
    "game.throw_wait": "{who} ನಿಜವಾದ ದಾಳ ಎಸೆಯುವುದನ್ನು ಕಾಯಲಾಗುತ್ತಿದೆ",
    "game.your_throw": "ನಿಮ್ಮ ಸರದಿ: ನಿಜವಾದ ದಾಳಗಳನ್ನು ಎಸೆಯಿರಿ",
    "game.tap_pawn": "ಚುಕ್ಕೆ ಉಂಗುರದ ಕಾಯಿಯನ್ನು ಮುಟ್ಟಿ, ಅದು ಎಲ್ಲಿಗೆ ಹೋಗಬಹುದು ಎಂದು ನೋಡಿ.",
    "game.tap_target": "ಈಗ ಹೊಳೆಯುವ ಚೌಕವನ್ನು ಮುಟ್ಟಿ (ಬಿಡಲು ಕಾಯಿಯನ್ನು ಮತ್ತೆ ಮುಟ್ಟಿ).",
    "lobby.who_plays_title": "ಯಾರು ಆಡುತ್ತಾರೆ?",
    "lobby.mode_computer": "ನೀವು, ಗಣಕದ ವಿರುದ್ಧ",
    "lobby.mode_friend": "ಗೆಳೆಯರೊಂದಿಗೆ (ನೀವು ಕೊಂಡಿ ಕಳುಹಿಸಿ)",
    "lobby.mode_pass": "ಇದೇ ಪರದೆಯಲ್ಲಿ ಸರದಿಯಲ್ಲಿ ಆಟ",
    "lobby.kind_you": "ನೀವು, ಈ ಪರದೆಯಲ್ಲಿ",
    "lobby.kind_here": "ನಿಮ್ಮ ಪಕ್ಕದಲ್ಲಿರುವವರು, ಇದೇ ಪರದೆಯಲ್ಲಿ (ಸರದಿಯಲ್ಲಿ ಆಟ)",
    "lobby.kind_friend": "ಗೆಳೆಯರು, ತಮ್ಮದೇ ಫೋನ್ ಅಥವಾ ಗಣಕದಲ್ಲಿ (ಒಂದು ಕೊಂಡಿ)",
    "lobby.start_summary": "ಈ ಪರದೆಯಲ್ಲಿ: {here}. ಕೊಂಡಿಯ ಮೂಲಕ ಗೆಳೆಯರು: {friends}. ಗಣಕಗಳು: {computers}.",
    "lobby.friends_text": (
        "ಪ್ರತಿ ಗೆಳೆಯರಿಗೂ ಅವರದೇ ಕೊಂಡಿಯನ್ನು ಕಳುಹಿಸಿ, ಅಥವಾ ಫೋನ್‌ನಿಂದ ಅದರ ಸಂಕೇತವನ್ನು ಸ್ಕ್ಯಾನ್ ಮಾಡಲು ಬಿಡಿ: ಅದರಲ್ಲಿ "
        "ಅವರ ಸ್ಥಾನದ ರಹಸ್ಯ ಕೀಲಿ ಇದೆ, ಅದು ಈಗ ಮಾತ್ರ ಕಾಣುತ್ತದೆ. ಈ ಪರದೆ ಅವರ ಸ್ಥಾನಗಳನ್ನು ಆಡುವುದಿಲ್ಲ."
    ),
    "lobby.your_links": "ನಿಮ್ಮದೇ ಕೊಂಡಿಗಳು (ಆಟಕ್ಕೆ ಮರಳಲು ಇವನ್ನು ಇಟ್ಟುಕೊಳ್ಳಿ)",
    "lobby.send": "ಕಳುಹಿಸಿ…",
    "lobby.qr_label": "{label} ಕೊಂಡಿಯ ಸಂಕೇತ",
    "lobby.qr_caption": "ಸ್ಥಾನವನ್ನು ಅಲ್ಲಿ ತೆರೆಯಲು ಫೋನ್ ಕ್ಯಾಮೆರಾದಿಂದ ಸ್ಕ್ಯಾನ್ ಮಾಡಿ.",
    "lobby.here_one": "ಈ ಪರದೆ {seats} ಆಡುತ್ತದೆ.",
    "lobby.here_pass": "ಸರದಿಯಲ್ಲಿ ಆಟ: ಈ ಪರದೆ {seats} ಆಡುತ್ತದೆ, ಪ್ರತಿಯೊಬ್ಬರೂ ತಮ್ಮ ಸರದಿಯಲ್ಲಿ.",
    "lobby.here_none": "ಈ ಪರದೆಯಲ್ಲಿ ಯಾವ ಸ್ಥಾನವೂ ಆಡುವುದಿಲ್ಲ: ನೀವು ನೋಡಬಹುದು.",
    "seat.computer": "ಗಣಕ {n} ({level})",
    "game.sound": "ಧ್ವನಿ",
    "game.tap_hint": "ಒಂದು ಕಾಯಿಯನ್ನು ಮುಟ್ಟಿ, ನಂತರ ಹೊಳೆಯುವ ಚೌಕವನ್ನು, ಅಥವಾ ಒಂದು ನಡೆಯನ್ನು ಮುಟ್ಟಿ.",
    "game.auto_end": "ಎಸೆತ ಪೂರ್ತಿ ಬಳಕೆಯಾಯಿತು: ನಿಮ್ಮ ಸರದಿ ಕ್ಷಣದಲ್ಲಿ ತಾನಾಗಿ ಮುಗಿಯುತ್ತದೆ. ಹಿಂಪಡೆ ಒಂದು ಹೆಜ್ಜೆ ಹಿಂದಕ್ಕೆ ತರುತ್ತದೆ.",
    "game.busy": "ನಿಮ್ಮ ಹಿಂದಿನ ಆಯ್ಕೆ ಸರ್ವರ್‌ಗೆ ಹೋಗುತ್ತಿದೆ: ಒಂದು ಕ್ಷಣ ತಾಳಿ.",
    "game.pass_to": "ಪರದೆಯನ್ನು {who} ಅವರಿಗೆ ಕೊಡಿ.",
    "game.from_to": "{from} ಇಂದ {to} ಗೆ",
    "game.real_dice": "ನಿಜವಾದ ದಾಳಗಳನ್ನು ಎಸೆಯಿರಿ, ನಂತರ ಅವು ತೋರಿಸುವ ಸಂಖ್ಯೆಗಳನ್ನು ಮುಟ್ಟಿ.",
    "game.enter_dice": "ಎಸೆತವನ್ನು ದಾಖಲಿಸಿ",
    "game.die_n": "ದಾಳ {n}",
    "game.die_value": "ದಾಳ {die} ರಲ್ಲಿ {n}",
    "game.clear_dice": "ಅಳಿಸಿ",
    "game.throw_sent": "ಎಸೆತ ದಾಖಲಾಯಿತು: {dice}.",
    "lobby.mode_referee": "ನಿಜವಾದ ಹಾಸಿನ ತೀರ್ಪುಗಾರ (ನಿಜವಾದ ದಾಳ)",
}

#: The words per language (the same keys in each), merged into the site's catalogue.
PLAY_WORDS: dict[str, dict[str, str]] = {"en": _EN, "hi": _HI, "kn": _KN}
