"""The site's words for Ludo and Mensch ärgere Dich nicht, in English, Hindi and Kannada.

Merged into the catalogue of :mod:`pachisi.web.messages` (the same keys in
each language; ``tests/test_web_ludo.py`` checks it). The terms are those of
:data:`pachisi.describe.ONE_DIE_TERMS` (the yard, the home column, stars, the
start field, the goal). ``rule.NAME.VALUE`` are the rule switches of
RULES-LUDO.md §1 in words (the rules page and the lobby); ``learn.ludo.*`` and
``learn.maedn.*`` the rules pages' lessons; ``ludo.*`` the places and steps.
"""

from __future__ import annotations

__all__ = ["LUDO_WORDS"]

_EN: dict[str, str] = {
    "ruleset.ludo": "Ludo",
    "ruleset.maedn": "Mensch ärgere Dich nicht",
    "blurb.ludo": "One die, a 6 to come out, safe stars, blocks and an exact throw Home.",
    "blurb.maedn": "The German classic on 40 fields: a 6 to come out, no safe fields.",
    # Places and steps (pachisi.web.one_die.one_die_place, one_die_step_facts).
    "ludo.place.yard": "the yard",
    "ludo.place.square": "square {n}",
    "ludo.place.column": "home column {n}",
    "ludo.place.goal": "goal field {n}",
    "ludo.place.home": "Home",
    "ludo.mark.safe": "{place} (safe)",
    "ludo.mark.entry": "{place} (its start)",
    "ludo.mark.jump": "{place} (star)",
    "ludo.mark.globe": "{place} (globe)",
    "ludo.mark.entry_other": "{place} (another colour's start)",
    "ludo.step": "{who} {numbers}: {from} → {to}",
    "ludo.step.capture": "sends {victims} back to the yard",
    # The board.
    "board.ludo_title": "The board; where every pawn stands is listed below it",
    "board.yard_of": "{colour}'s yard",
    "board.in_yard": "in the yard",
    "board.n_yard": "{n} in the yard",
    "board.home_column": "home column",
    "board.goal_field": "goal field",
    "board.safe_square": "safe square",
    "board.jump_star": "star (jumps to the next star)",
    "board.globe": "globe",
    "board.start_of": "{colour}'s start",
    "board.n_goal": "{n} in the goal",
    # The game page.
    # Win chances and hints by rollouts (pachisi.web.insight, where no network has learned
    # the set-up): {policy} is the computer player's level in words.
    "chances.how_race": (
        "A pure race: no pawn can be sent back any more, so these chances are exact, worked out"
        " over every throw of the die."
    ),
    "chances.how_rollouts": (
        "From {n} games played out from this position by the {policy} computer; ± is one"
        " standard error."
    ),
    "hint.how_rollouts": (
        "Each play was played out {n} times by the {policy} computer, on the same dice for every"
        " play, so the differences are measured more precisely than the chances. Points of win"
        " chance; ± is one standard error; a difference is clear from {k} of them."
    ),
    # The lobby.
    "lobby.colour_of": "Colour of player {n}",
    # The rule switches (RULES-LUDO.md §1).
    "rule.board.title": "Marked squares",
    "rule.board.ludoking": (
        "Eight safe squares: the four start squares and a star 7 squares along from each"
        " (as Ludo King draws them)."
    ),
    "rule.board.printed": (
        "Eight safe squares: the four start squares and a star 8 squares along from each,"
        " as on the common printed board."
    ),
    "rule.board.ludopy": (
        "ludopy's board: no safe squares; stars jump a pawn on to the next star, globes send"
        " a pawn that lands by an opponent back to its yard, the last star goes straight Home."
    ),
    "rule.last_ring_square.title": "The last square before the home column",
    "rule.last_ring_square.stop": "A count that ends on it stops there.",
    "rule.last_ring_square.skip": (
        "It is never stopped on: a count ending there goes on into the home column"
        " (ludo-king-engine's way)."
    ),
    "rule.overshoot.title": "Reaching Home",
    "rule.overshoot.exact": "Home needs the exact number: a throw that would pass it cannot move.",
    "rule.overshoot.bounce": "A throw that passes Home bounces back by the steps left over.",
    "rule.overshoot.ludopy": (
        "A throw that passes Home puts the pawn as many squares short of Home as the die"
        " shows (ludopy's way)."
    ),
    "rule.blocks.title": "Blocks",
    "rule.blocks.no_landing": (
        "Two or more pawns of one colour on a square that is not safe are a block: no"
        " opponent may end a move there, but pawns may pass it."
    ),
    "rule.blocks.impassable": "A block may be neither landed on nor passed.",
    "rule.blocks.kill_mover": "A pawn that lands on a block goes back to its own yard.",
    "rule.start_tries.title": "Throws with nobody out",
    "rule.start_tries.one": "One throw a turn, as always.",
    "rule.start_tries.three": "Up to three throws while none of your pawns is on the way.",
    "rule.start_tries.opening": (
        "In the first round, up to four throws while all your pawns are in the yard, and no"
        " extra throw for a 6."
    ),
    "rule.three_sixes.title": "Three sixes",
    "rule.three_sixes.true": "A third 6 in a row is lost: the turn passes at once.",
    "rule.three_sixes.false": "There is no limit on sixes.",
    "rule.bonus_throws.title": "Extra throws for a capture or Home",
    "rule.bonus_throws.true": "A capture, or a pawn reaching Home, earns another throw.",
    "rule.bonus_throws.false": "Only a 6 earns another throw.",
    "rule.ludopy_quirks.title": "ludopy's board quirks",
    "rule.ludopy_quirks.false": "None: the home column is private, every opponent counts.",
    "rule.ludopy_quirks.true": (
        "Played as ludopy plays: a pawn on its first home column square can be hit, only the"
        " first opponent on a square counts, and the last star can send a pawn from Home to"
        " its yard."
    ),
    "rule.three_tries.title": "Three tries",
    "rule.three_tries.false": "A player who cannot move throws once, like everybody.",
    "rule.three_tries.true": "A player with no pawn on the ring throws up to three times for a 6.",
    "rule.goal_jump.title": "Passing in the goal",
    "rule.goal_jump.true": "Pawns may jump over each other on the goal fields.",
    "rule.goal_jump.false": "A pawn may not pass another of its colour on the goal fields.",
    "rule.must_capture.title": "Compulsory capture",
    "rule.must_capture.false": "Capturing is never compulsory.",
    "rule.must_capture.true": "When a capture is possible, a capture must be made.",
    # The rules pages (pachisi.web.learn.rules_lessons for ludo and maedn).
    "learn.ludo.board.title": "The board",
    "learn.ludo.board": (
        "Ludo is played on a cross of 52 squares around a Home in the middle. Each colour has"
        " a yard in its corner, a start square just outside it, and a home column of five"
        " squares of its own colour leading to Home. A pawn goes once round the board,"
        " clockwise, then up its home column: 57 steps from the yard to Home."
    ),
    "learn.ludo.enter.title": "Coming out on a 6",
    "learn.ludo.enter": (
        "You throw one die. A pawn leaves the yard only with a 6, and stands on its start"
        " square. Coming out is a choice: with a 6 you may move another pawn instead."
    ),
    "learn.ludo.move.title": "Moving",
    "learn.ludo.move": (
        "Each throw moves one pawn exactly as many squares as the die shows; you choose which."
        " Pawns pass over any pawns on the way. If no pawn can move, the throw is lost."
    ),
    "learn.ludo.capture.title": "Captures",
    "learn.ludo.capture": (
        "A pawn that ends its move on a square with a single opponent pawn (or several of"
        " different colours) captures them: they go back to their yards and must come out on"
        " a 6 again."
    ),
    "learn.ludo.safe.title": "Safe squares",
    "learn.ludo.safe": (
        "The start squares and the stars are safe: nobody is captured there, and pawns of"
        " every colour may share them. The home column is private: no opponent ever enters"
        " it."
    ),
    "learn.ludo.blocks.title": "Blocks",
    "learn.ludo.blocks": (
        "Two or more of your pawns on a square that is not safe make a block: an opponent"
        " may not end his move there (he may pass it)."
    ),
    "learn.ludo.exact.title": "An exact throw for Home",
    "learn.ludo.exact": (
        "In the home column a pawn needs the exact number to reach Home; a throw that would"
        " take it past Home cannot move it."
    ),
    "learn.ludo.extra.title": "Extra throws",
    "learn.ludo.extra": (
        "A 6 gives another throw, even when it could not be used. So does a capture, and a"
        " pawn reaching Home. One extra throw however many reasons."
    ),
    "learn.ludo.sixes.title": "Three sixes",
    "learn.ludo.sixes": (
        "A third 6 in a row is lost: nothing moves and the turn passes to the next player."
        " The moves of the first two sixes stand."
    ),
    "learn.ludo.win.title": "Winning",
    "learn.ludo.win": (
        "The first player with all four pawns Home wins, and the game ends there. Two to four"
        " players play, each with one colour, in any order; the first listed throws first."
    ),
    "learn.maedn.board.title": "The board",
    "learn.maedn.board": (
        "Mensch ärgere Dich nicht is played on a ring of 40 fields. Each colour has four"
        " yard fields in its corner, a start field on the ring, and four goal fields of its"
        " own colour leading to the middle. A pawn goes once round, then into its goal."
    ),
    "learn.maedn.enter.title": "Coming out on a 6",
    "learn.maedn.enter": (
        "You throw one die. With a 6 and a pawn in the yard you must bring a pawn out onto"
        " your start field, unless one of your own pawns already stands there."
    ),
    "learn.maedn.clear.title": "Clear the start field",
    "learn.maedn.clear": (
        "While pawns wait in the yard, a pawn of yours on your start field must move off it"
        " first, if it can."
    ),
    "learn.maedn.move.title": "Moving",
    "learn.maedn.move": (
        "Otherwise you move any one pawn exactly as many fields as the die shows. A field"
        " holds one pawn: you may not end on your own pawn. If no pawn can move, the throw"
        " is lost."
    ),
    "learn.maedn.capture.title": "Captures",
    "learn.maedn.capture": (
        "Ending on an opponent's pawn captures it: it goes back to its yard. Capturing is not"
        " compulsory, and there are no safe fields."
    ),
    "learn.maedn.goal.title": "The goal",
    "learn.maedn.goal": (
        "A pawn enters its goal with an exact count: it may not go past the last goal field."
        " Pawns may jump over each other in the goal and may move on inside it."
    ),
    "learn.maedn.extra.title": "Extra throws",
    "learn.maedn.extra": (
        "A 6 gives another throw, also when it could not be used; there is no limit on"
        " sixes. A player who cannot move throws only once."
    ),
    "learn.maedn.win.title": "Winning",
    "learn.maedn.win": (
        "The first player with all four pawns on his goal fields wins, and the game ends"
        " there. Red always starts; two players sit opposite (red and green) or side by side"
        " (red and blue)."
    ),
    "rules.one_die": "One six-sided die: each throw moves one pawn.",
    "rules.pawns_ludo": "Four pawns a colour, to bring from the yard to Home.",
    "rules.pawns_maedn": "Four pawns a colour, to bring from the yard onto the four goal fields.",
    "rules.board_ludo": (
        "The board is a cross: 52 squares round it, and up the middle of each arm a home"
        " column of five squares leading to Home."
    ),
    "rules.board_maedn": (
        "The board is a ring of 40 fields, with four goal fields of each colour leading to"
        " the middle and four yard fields in each corner."
    ),
}

_HI: dict[str, str] = {
    "ruleset.ludo": "लूडो",
    "ruleset.maedn": "मेंश ऍर्गेरे डिश निश्ट",
    "blurb.ludo": "एक पासा, बाहर आने को 6, सुरक्षित सितारे, नाकाबंदी, होम के लिए ठीक अंक।",
    "blurb.maedn": "40 खानों का जर्मन क्लासिक: बाहर आने को 6, कोई सुरक्षित खाना नहीं।",
    "ludo.place.yard": "यार्ड",
    "ludo.place.square": "खाना {n}",
    "ludo.place.column": "घर का रास्ता {n}",
    "ludo.place.goal": "लक्ष्य खाना {n}",
    "ludo.place.home": "होम",
    "ludo.mark.safe": "{place} (सुरक्षित)",
    "ludo.mark.entry": "{place} (इसका शुरुआती खाना)",
    "ludo.mark.jump": "{place} (सितारा)",
    "ludo.mark.globe": "{place} (ग्लोब)",
    "ludo.mark.entry_other": "{place} (दूसरे रंग का शुरुआती खाना)",
    "ludo.step": "{who} {numbers}: {from} → {to}",
    "ludo.step.capture": "{victims} को यार्ड में वापस भेजता है",
    "board.ludo_title": "बोर्ड; हर प्यादा कहाँ है, यह नीचे लिखा है",
    "board.yard_of": "{colour} का यार्ड",
    "board.in_yard": "यार्ड में",
    "board.n_yard": "{n} यार्ड में",
    "board.home_column": "घर का रास्ता",
    "board.goal_field": "लक्ष्य खाना",
    "board.safe_square": "सुरक्षित खाना",
    "board.jump_star": "सितारा (अगले सितारे तक कूदता है)",
    "board.globe": "ग्लोब",
    "board.start_of": "{colour} का शुरुआती खाना",
    "board.n_goal": "{n} लक्ष्य में",
    "chances.how_race": (
        "सीधी दौड़: अब कोई प्यादा वापस नहीं भेजा जा सकता, इसलिए ये संभावनाएँ सटीक हैं, पासे की हर"
        " फेंक पर गिनी गई।"
    ),
    "chances.how_rollouts": (
        "इस स्थिति से {policy} कंप्यूटर द्वारा अंत तक खेले गए {n} खेलों से; ± एक मानक त्रुटि है।"
    ),
    "hint.how_rollouts": (
        "हर चाल को {policy} कंप्यूटर ने {n} बार अंत तक खेला, हर चाल के लिए वही डाइस, इसलिए अंतर"
        " संभावनाओं से ज़्यादा सटीक मापे गए हैं। जीत की संभावना के अंक; ± एक मानक त्रुटि है;"
        " {k} से अधिक हो तो अंतर साफ़ है।"
    ),
    "lobby.colour_of": "खिलाड़ी {n} का रंग",
    "rule.board.title": "निशान वाले खाने",
    "rule.board.ludoking": (
        "आठ सुरक्षित खाने: चारों शुरुआती खाने और हर एक से 7 खाने आगे एक सितारा (जैसे लूडो किंग में)।"
    ),
    "rule.board.printed": (
        "आठ सुरक्षित खाने: चारों शुरुआती खाने और हर एक से 8 खाने आगे एक सितारा, जैसे आम छपे बोर्ड पर।"
    ),
    "rule.board.ludopy": (
        "लूडोपाय का बोर्ड: कोई सुरक्षित खाना नहीं; सितारा प्यादे को अगले सितारे तक कुदाता है,"
        " ग्लोब पर विरोधी के पास उतरा प्यादा यार्ड लौटता है, आख़िरी सितारा सीधे होम ले जाता है।"
    ),
    "rule.last_ring_square.title": "घर के रास्ते से पहले का आख़िरी खाना",
    "rule.last_ring_square.stop": "वहाँ ख़त्म होने वाली गिनती वहीं रुकती है।",
    "rule.last_ring_square.skip": (
        "उस पर कभी रुका नहीं जाता: वहाँ ख़त्म होने वाली गिनती घर के रास्ते में आगे जाती है"
        " (लूडो-किंग-इंजन का तरीका)।"
    ),
    "rule.overshoot.title": "होम तक पहुँचना",
    "rule.overshoot.exact": "होम के लिए ठीक अंक चाहिए: होम से आगे ले जाने वाला फेंक नहीं चलता।",
    "rule.overshoot.bounce": "होम से आगे जाने वाला फेंक बचे हुए खानों जितना वापस उछलता है।",
    "rule.overshoot.ludopy": (
        "होम से आगे जाने वाला फेंक प्यादे को होम से उतने खाने पीछे रखता है जितना पासा"
        " दिखाता है (लूडोपाय का तरीका)।"
    ),
    "rule.blocks.title": "नाकाबंदी",
    "rule.blocks.no_landing": (
        "असुरक्षित खाने पर एक रंग के दो या अधिक प्यादे नाकाबंदी हैं: कोई विरोधी वहाँ अपनी चाल"
        " ख़त्म नहीं कर सकता, पर उसे पार कर सकता है।"
    ),
    "rule.blocks.impassable": "नाकाबंदी पर न उतरा जा सकता है, न उसे पार किया जा सकता है।",
    "rule.blocks.kill_mover": "नाकाबंदी पर उतरने वाला प्यादा अपने यार्ड में लौटता है।",
    "rule.start_tries.title": "जब कोई प्यादा बाहर न हो",
    "rule.start_tries.one": "हमेशा की तरह एक बारी में एक फेंक।",
    "rule.start_tries.three": "जब तक आपका कोई प्यादा रास्ते पर नहीं, तीन फेंक तक।",
    "rule.start_tries.opening": (
        "पहले दौर में, जब सारे प्यादे यार्ड में हों, चार फेंक तक, और 6 पर अतिरिक्त फेंक नहीं।"
    ),
    "rule.three_sixes.title": "तीन छक्के",
    "rule.three_sixes.true": "लगातार तीसरा 6 बेकार जाता है: बारी तुरंत आगे जाती है।",
    "rule.three_sixes.false": "छक्कों की कोई सीमा नहीं।",
    "rule.bonus_throws.title": "पकड़ने या होम पहुँचने पर अतिरिक्त फेंक",
    "rule.bonus_throws.true": "पकड़ने पर, या प्यादे के होम पहुँचने पर, एक और फेंक मिलता है।",
    "rule.bonus_throws.false": "केवल 6 पर एक और फेंक मिलता है।",
    "rule.ludopy_quirks.title": "लूडोपाय के बोर्ड की ख़ामियाँ",
    "rule.ludopy_quirks.false": "कोई नहीं: घर का रास्ता निजी है, हर विरोधी गिना जाता है।",
    "rule.ludopy_quirks.true": (
        "जैसे लूडोपाय खेलता है: घर के रास्ते के पहले खाने का प्यादा पकड़ा जा सकता है, खाने पर"
        " केवल पहला विरोधी गिना जाता है, और आख़िरी सितारा प्यादे को होम से यार्ड भेज सकता है।"
    ),
    "rule.three_tries.title": "तीन कोशिशें",
    "rule.three_tries.false": "जो चल नहीं सकता वह भी सबकी तरह एक बार फेंकता है।",
    "rule.three_tries.true": "जिसका कोई प्यादा घेरे पर नहीं, वह 6 के लिए तीन बार तक फेंकता है।",
    "rule.goal_jump.title": "लक्ष्य में आगे निकलना",
    "rule.goal_jump.true": "लक्ष्य खानों पर प्यादे एक-दूसरे के ऊपर से कूद सकते हैं।",
    "rule.goal_jump.false": "लक्ष्य खानों पर प्यादा अपने रंग के दूसरे प्यादे को पार नहीं कर सकता।",
    "rule.must_capture.title": "अनिवार्य पकड़",
    "rule.must_capture.false": "पकड़ना कभी अनिवार्य नहीं।",
    "rule.must_capture.true": "जब पकड़ना संभव हो, पकड़ना ही होगा।",
    "learn.ludo.board.title": "बोर्ड",
    "learn.ludo.board": (
        "लूडो बीच में होम के चारों ओर 52 खानों के क्रॉस पर खेला जाता है। हर रंग का अपने कोने"
        " में यार्ड है, उसके ठीक बाहर शुरुआती खाना, और होम तक जाता अपने रंग के पाँच खानों का"
        " घर का रास्ता। प्यादा घड़ी की दिशा में एक चक्कर लगाकर अपने घर के रास्ते पर चढ़ता है:"
        " यार्ड से होम तक 57 कदम।"
    ),
    "learn.ludo.enter.title": "6 पर बाहर आना",
    "learn.ludo.enter": (
        "आप एक पासा फेंकते हैं। प्यादा केवल 6 पर यार्ड से निकलता है और अपने शुरुआती खाने पर"
        " खड़ा होता है। बाहर आना आपकी मर्ज़ी है: 6 पर आप कोई दूसरा प्यादा भी चला सकते हैं।"
    ),
    "learn.ludo.move.title": "चलना",
    "learn.ludo.move": (
        "हर फेंक एक प्यादे को ठीक उतने खाने चलाता है जितना पासा दिखाता है; कौन सा, यह आप"
        " चुनते हैं। प्यादे रास्ते के किसी भी प्यादे के ऊपर से जाते हैं। कोई प्यादा न चल सके तो"
        " फेंक बेकार जाता है।"
    ),
    "learn.ludo.capture.title": "पकड़ना",
    "learn.ludo.capture": (
        "जो प्यादा अपनी चाल ऐसे खाने पर ख़त्म करे जहाँ विरोधी का अकेला प्यादा हो, वह उसे पकड़"
        " लेता है: वह अपने यार्ड में लौटता है और उसे फिर 6 पर बाहर आना होगा।"
    ),
    "learn.ludo.safe.title": "सुरक्षित खाने",
    "learn.ludo.safe": (
        "शुरुआती खाने और सितारे सुरक्षित हैं: वहाँ कोई पकड़ा नहीं जाता, और हर रंग के प्यादे"
        " उन्हें बाँट सकते हैं। घर का रास्ता निजी है: कोई विरोधी उसमें कभी नहीं आता।"
    ),
    "learn.ludo.blocks.title": "नाकाबंदी",
    "learn.ludo.blocks": (
        "असुरक्षित खाने पर आपके दो या अधिक प्यादे नाकाबंदी बनाते हैं: विरोधी वहाँ अपनी चाल"
        " ख़त्म नहीं कर सकता (पार कर सकता है)।"
    ),
    "learn.ludo.exact.title": "होम के लिए ठीक अंक",
    "learn.ludo.exact": (
        "घर के रास्ते में प्यादे को होम पहुँचने के लिए ठीक अंक चाहिए; जो फेंक उसे होम से आगे"
        " ले जाए, उससे वह नहीं चल सकता।"
    ),
    "learn.ludo.extra.title": "अतिरिक्त फेंक",
    "learn.ludo.extra": (
        "6 पर एक और फेंक मिलता है, चाहे वह इस्तेमाल न हो सका हो। पकड़ने पर और प्यादे के होम"
        " पहुँचने पर भी। कितने भी कारण हों, एक ही अतिरिक्त फेंक।"
    ),
    "learn.ludo.sixes.title": "तीन छक्के",
    "learn.ludo.sixes": (
        "लगातार तीसरा 6 बेकार जाता है: कुछ नहीं चलता और बारी अगले खिलाड़ी की होती है। पहले दो"
        " छक्कों की चालें बनी रहती हैं।"
    ),
    "learn.ludo.win.title": "जीतना",
    "learn.ludo.win": (
        "जिसके चारों प्यादे पहले होम पहुँचें वह जीतता है, और खेल वहीं ख़त्म होता है। दो से चार"
        " खिलाड़ी, हर एक का एक रंग, किसी भी क्रम में; सूची में पहला पहले फेंकता है।"
    ),
    "learn.maedn.board.title": "बोर्ड",
    "learn.maedn.board": (
        "मेंश ऍर्गेरे डिश निश्ट 40 खानों के घेरे पर खेला जाता है। हर रंग के अपने कोने में चार"
        " यार्ड खाने हैं, घेरे पर एक शुरुआती खाना, और बीच की ओर अपने रंग के चार लक्ष्य खाने।"
        " प्यादा एक चक्कर लगाकर अपने लक्ष्य में जाता है।"
    ),
    "learn.maedn.enter.title": "6 पर बाहर आना",
    "learn.maedn.enter": (
        "आप एक पासा फेंकते हैं। 6 आए और यार्ड में प्यादा हो तो आपको एक प्यादा अपने शुरुआती"
        " खाने पर लाना ही होगा, जब तक वहाँ आपका अपना प्यादा न खड़ा हो।"
    ),
    "learn.maedn.clear.title": "शुरुआती खाना ख़ाली करें",
    "learn.maedn.clear": (
        "जब तक प्यादे यार्ड में इंतज़ार करें, आपके शुरुआती खाने पर खड़ा आपका प्यादा, हो सके तो, पहले वहाँ से हटे।"
    ),
    "learn.maedn.move.title": "चलना",
    "learn.maedn.move": (
        "वरना आप कोई एक प्यादा ठीक उतने खाने चलाते हैं जितना पासा दिखाता है। एक खाने पर एक"
        " प्यादा: आप अपने ही प्यादे पर नहीं रुक सकते। कोई प्यादा न चल सके तो फेंक बेकार।"
    ),
    "learn.maedn.capture.title": "पकड़ना",
    "learn.maedn.capture": (
        "विरोधी के प्यादे पर रुकना उसे पकड़ता है: वह अपने यार्ड में लौटता है। पकड़ना अनिवार्य"
        " नहीं, और कोई खाना सुरक्षित नहीं।"
    ),
    "learn.maedn.goal.title": "लक्ष्य",
    "learn.maedn.goal": (
        "प्यादा ठीक गिनती से अपने लक्ष्य में जाता है: आख़िरी लक्ष्य खाने से आगे नहीं। लक्ष्य में"
        " प्यादे एक-दूसरे के ऊपर से कूद सकते हैं और भीतर आगे भी चल सकते हैं।"
    ),
    "learn.maedn.extra.title": "अतिरिक्त फेंक",
    "learn.maedn.extra": (
        "6 पर एक और फेंक मिलता है, चाहे वह इस्तेमाल न हो सका हो; छक्कों की कोई सीमा नहीं।"
        " जो चल नहीं सकता वह केवल एक बार फेंकता है।"
    ),
    "learn.maedn.win.title": "जीतना",
    "learn.maedn.win": (
        "जिसके चारों प्यादे पहले अपने लक्ष्य खानों पर हों वह जीतता है, और खेल वहीं ख़त्म होता"
        " है। लाल हमेशा पहले; दो खिलाड़ी आमने-सामने (लाल और हरा) या बगल में (लाल और नीला)।"
    ),
    "rules.one_die": "एक छह-फलक वाला पासा: हर फेंक एक प्यादा चलाता है।",
    "rules.pawns_ludo": "हर रंग के चार प्यादे, यार्ड से होम तक ले जाने हैं।",
    "rules.pawns_maedn": "हर रंग के चार प्यादे, यार्ड से चार लक्ष्य खानों तक ले जाने हैं।",
    "rules.board_ludo": (
        "बोर्ड एक क्रॉस है: चारों ओर 52 खाने, और हर भुजा के बीच में होम तक पाँच खानों का घर का रास्ता।"
    ),
    "rules.board_maedn": (
        "बोर्ड 40 खानों का घेरा है, हर रंग के चार लक्ष्य खाने बीच की ओर और हर कोने में चार यार्ड खाने।"
    ),
}

_KN: dict[str, str] = {
    "ruleset.ludo": "ಲೂಡೋ",
    "ruleset.maedn": "ಮೆನ್ಷ್ ಎರ್ಗೆರೆ ಡಿಶ್ ನಿಷ್ಟ್",
    "blurb.ludo": "ಒಂದು ದಾಳ, ಹೊರಬರಲು 6, ಸುರಕ್ಷಿತ ನಕ್ಷತ್ರಗಳು, ತಡೆಗೋಡೆಗಳು, ಮನೆಗೆ ನಿಖರ ಎಸೆತ.",
    "blurb.maedn": "40 ಚೌಕಗಳ ಜರ್ಮನ್ ಶ್ರೇಷ್ಠ ಆಟ: ಹೊರಬರಲು 6, ಸುರಕ್ಷಿತ ಚೌಕಗಳಿಲ್ಲ.",
    "ludo.place.yard": "ಅಂಗಳ",
    "ludo.place.square": "ಚೌಕ {n}",
    "ludo.place.column": "ಮನೆಯ ದಾರಿ {n}",
    "ludo.place.goal": "ಗುರಿ ಚೌಕ {n}",
    "ludo.place.home": "ಮನೆ",
    "ludo.mark.safe": "{place} (ಸುರಕ್ಷಿತ)",
    "ludo.mark.entry": "{place} (ಅದರ ಆರಂಭದ ಚೌಕ)",
    "ludo.mark.jump": "{place} (ನಕ್ಷತ್ರ)",
    "ludo.mark.globe": "{place} (ಗೋಳ)",
    "ludo.mark.entry_other": "{place} (ಬೇರೆ ಬಣ್ಣದ ಆರಂಭದ ಚೌಕ)",
    "ludo.step": "{who} {numbers}: {from} → {to}",
    "ludo.step.capture": "{victims} ಅನ್ನು ಅಂಗಳಕ್ಕೆ ಹಿಂದೆ ಕಳುಹಿಸುತ್ತದೆ",
    "board.ludo_title": "ಆಟದ ಹಾಸು; ಪ್ರತಿ ಕಾಯಿ ಎಲ್ಲಿದೆ ಎಂದು ಕೆಳಗೆ ಬರೆದಿದೆ",
    "board.yard_of": "{colour} ಅಂಗಳ",
    "board.in_yard": "ಅಂಗಳದಲ್ಲಿ",
    "board.n_yard": "{n} ಅಂಗಳದಲ್ಲಿ",
    "board.home_column": "ಮನೆಯ ದಾರಿ",
    "board.goal_field": "ಗುರಿ ಚೌಕ",
    "board.safe_square": "ಸುರಕ್ಷಿತ ಚೌಕ",
    "board.jump_star": "ನಕ್ಷತ್ರ (ಮುಂದಿನ ನಕ್ಷತ್ರಕ್ಕೆ ಹಾರುತ್ತದೆ)",
    "board.globe": "ಗೋಳ",
    "board.start_of": "{colour} ಆರಂಭದ ಚೌಕ",
    "board.n_goal": "{n} ಗುರಿಯಲ್ಲಿ",
    "chances.how_race": (
        "ನೇರ ಓಟ: ಇನ್ನು ಯಾವ ಕಾಯಿಯನ್ನೂ ಹಿಂದೆ ಕಳುಹಿಸಲಾಗದು, ಆದ್ದರಿಂದ ಈ ಸಾಧ್ಯತೆಗಳು ನಿಖರ, ದಾಳದ ಪ್ರತಿ ಎಸೆತದ ಮೇಲೆ ಲೆಕ್ಕಹಾಕಲಾಗಿದೆ."
    ),
    "chances.how_rollouts": ("ಈ ಸ್ಥಿತಿಯಿಂದ {policy} ಗಣಕ ಕೊನೆಯವರೆಗೆ ಆಡಿದ {n} ಆಟಗಳಿಂದ; ± ಒಂದು ಮಾನಕ ದೋಷ."),
    "hint.how_rollouts": (
        "ಪ್ರತಿ ನಡೆಯನ್ನು {policy} ಗಣಕ {n} ಬಾರಿ ಕೊನೆಯವರೆಗೆ ಆಡಿತು, ಎಲ್ಲ ನಡೆಗಳಿಗೂ ಅದೇ ದಾಳ, ಆದ್ದರಿಂದ"
        " ವ್ಯತ್ಯಾಸಗಳು ಸಾಧ್ಯತೆಗಳಿಗಿಂತ ನಿಖರವಾಗಿ ಅಳೆಯಲ್ಪಟ್ಟಿವೆ. ಗೆಲುವಿನ ಸಾಧ್ಯತೆಯ ಅಂಕಗಳು; ± ಒಂದು"
        " ಮಾನಕ ದೋಷ; {k} ರಿಂದ ವ್ಯತ್ಯಾಸ ಸ್ಪಷ್ಟ."
    ),
    "lobby.colour_of": "ಆಟಗಾರ {n} ಬಣ್ಣ",
    "rule.board.title": "ಗುರುತಿನ ಚೌಕಗಳು",
    "rule.board.ludoking": (
        "ಎಂಟು ಸುರಕ್ಷಿತ ಚೌಕಗಳು: ನಾಲ್ಕು ಆರಂಭದ ಚೌಕಗಳು ಮತ್ತು ಪ್ರತಿಯೊಂದರಿಂದ 7 ಚೌಕ ಮುಂದೆ ಒಂದು ನಕ್ಷತ್ರ (ಲೂಡೋ ಕಿಂಗ್‌ನಂತೆ)."
    ),
    "rule.board.printed": (
        "ಎಂಟು ಸುರಕ್ಷಿತ ಚೌಕಗಳು: ನಾಲ್ಕು ಆರಂಭದ ಚೌಕಗಳು ಮತ್ತು ಪ್ರತಿಯೊಂದರಿಂದ 8 ಚೌಕ ಮುಂದೆ ಒಂದು"
        " ನಕ್ಷತ್ರ, ಸಾಮಾನ್ಯ ಮುದ್ರಿತ ಹಾಸಿನಂತೆ."
    ),
    "rule.board.ludopy": (
        "ಲೂಡೋಪೈ ಹಾಸು: ಸುರಕ್ಷಿತ ಚೌಕಗಳಿಲ್ಲ; ನಕ್ಷತ್ರ ಕಾಯಿಯನ್ನು ಮುಂದಿನ ನಕ್ಷತ್ರಕ್ಕೆ ಹಾರಿಸುತ್ತದೆ,"
        " ಗೋಳದಲ್ಲಿ ಎದುರಾಳಿಯ ಬಳಿ ಇಳಿದ ಕಾಯಿ ಅಂಗಳಕ್ಕೆ ಮರಳುತ್ತದೆ, ಕೊನೆಯ ನಕ್ಷತ್ರ ನೇರ ಮನೆಗೆ."
    ),
    "rule.last_ring_square.title": "ಮನೆಯ ದಾರಿಗೆ ಮುಂಚಿನ ಕೊನೆಯ ಚೌಕ",
    "rule.last_ring_square.stop": "ಅಲ್ಲಿ ಮುಗಿಯುವ ಎಣಿಕೆ ಅಲ್ಲೇ ನಿಲ್ಲುತ್ತದೆ.",
    "rule.last_ring_square.skip": (
        "ಅದರ ಮೇಲೆ ಎಂದೂ ನಿಲ್ಲುವುದಿಲ್ಲ: ಅಲ್ಲಿ ಮುಗಿಯುವ ಎಣಿಕೆ ಮನೆಯ ದಾರಿಗೆ ಮುಂದುವರಿಯುತ್ತದೆ (ಲೂಡೋ-ಕಿಂಗ್-ಎಂಜಿನ್ ರೀತಿ)."
    ),
    "rule.overshoot.title": "ಮನೆ ತಲುಪುವುದು",
    "rule.overshoot.exact": "ಮನೆಗೆ ನಿಖರ ಅಂಕ ಬೇಕು: ಮನೆ ದಾಟಿಸುವ ಎಸೆತ ಚಲಿಸುವುದಿಲ್ಲ.",
    "rule.overshoot.bounce": "ಮನೆ ದಾಟುವ ಎಸೆತ ಉಳಿದ ಚೌಕಗಳಷ್ಟು ಹಿಂದಕ್ಕೆ ಪುಟಿಯುತ್ತದೆ.",
    "rule.overshoot.ludopy": ("ಮನೆ ದಾಟುವ ಎಸೆತ ಕಾಯಿಯನ್ನು ದಾಳ ತೋರಿಸುವಷ್ಟು ಚೌಕ ಮನೆಗಿಂತ ಹಿಂದೆ ಇಡುತ್ತದೆ (ಲೂಡೋಪೈ ರೀತಿ)."),
    "rule.blocks.title": "ತಡೆಗೋಡೆಗಳು",
    "rule.blocks.no_landing": (
        "ಸುರಕ್ಷಿತವಲ್ಲದ ಚೌಕದಲ್ಲಿ ಒಂದೇ ಬಣ್ಣದ ಎರಡು ಅಥವಾ ಹೆಚ್ಚು ಕಾಯಿಗಳು ತಡೆಗೋಡೆ: ಯಾವ ಎದುರಾಳಿಯೂ"
        " ಅಲ್ಲಿ ನಡೆ ಮುಗಿಸಲಾರ, ಆದರೆ ದಾಟಬಹುದು."
    ),
    "rule.blocks.impassable": "ತಡೆಗೋಡೆಯ ಮೇಲೆ ಇಳಿಯಲೂ ಆಗದು, ದಾಟಲೂ ಆಗದು.",
    "rule.blocks.kill_mover": "ತಡೆಗೋಡೆಯ ಮೇಲೆ ಇಳಿದ ಕಾಯಿ ತನ್ನ ಅಂಗಳಕ್ಕೆ ಮರಳುತ್ತದೆ.",
    "rule.start_tries.title": "ಯಾರೂ ಹೊರಗಿಲ್ಲದಾಗ ಎಸೆತಗಳು",
    "rule.start_tries.one": "ಎಂದಿನಂತೆ ಒಂದು ಸರದಿಗೆ ಒಂದು ಎಸೆತ.",
    "rule.start_tries.three": "ನಿಮ್ಮ ಯಾವ ಕಾಯಿಯೂ ದಾರಿಯಲ್ಲಿಲ್ಲದಾಗ ಮೂರು ಎಸೆತಗಳವರೆಗೆ.",
    "rule.start_tries.opening": (
        "ಮೊದಲ ಸುತ್ತಿನಲ್ಲಿ, ಎಲ್ಲ ಕಾಯಿಗಳು ಅಂಗಳದಲ್ಲಿರುವಾಗ ನಾಲ್ಕು ಎಸೆತಗಳವರೆಗೆ, ಮತ್ತು 6ಕ್ಕೆ ಹೆಚ್ಚಿನ ಎಸೆತವಿಲ್ಲ."
    ),
    "rule.three_sixes.title": "ಮೂರು ಆರುಗಳು",
    "rule.three_sixes.true": "ಸತತ ಮೂರನೇ 6 ವ್ಯರ್ಥ: ಸರದಿ ಕೂಡಲೇ ಮುಂದಿನವರಿಗೆ.",
    "rule.three_sixes.false": "ಆರುಗಳಿಗೆ ಮಿತಿಯಿಲ್ಲ.",
    "rule.bonus_throws.title": "ಹಿಡಿದಾಗ ಅಥವಾ ಮನೆ ತಲುಪಿದಾಗ ಹೆಚ್ಚಿನ ಎಸೆತ",
    "rule.bonus_throws.true": "ಹಿಡಿದಾಗ, ಅಥವಾ ಕಾಯಿ ಮನೆ ತಲುಪಿದಾಗ, ಇನ್ನೊಂದು ಎಸೆತ.",
    "rule.bonus_throws.false": "6ಕ್ಕೆ ಮಾತ್ರ ಇನ್ನೊಂದು ಎಸೆತ.",
    "rule.ludopy_quirks.title": "ಲೂಡೋಪೈ ಹಾಸಿನ ವಿಚಿತ್ರಗಳು",
    "rule.ludopy_quirks.false": "ಯಾವುದೂ ಇಲ್ಲ: ಮನೆಯ ದಾರಿ ಖಾಸಗಿ, ಪ್ರತಿ ಎದುರಾಳಿಯೂ ಲೆಕ್ಕಕ್ಕೆ.",
    "rule.ludopy_quirks.true": (
        "ಲೂಡೋಪೈ ಆಡುವಂತೆ: ಮನೆಯ ದಾರಿಯ ಮೊದಲ ಚೌಕದ ಕಾಯಿಯನ್ನು ಹಿಡಿಯಬಹುದು, ಚೌಕದಲ್ಲಿ ಮೊದಲ"
        " ಎದುರಾಳಿ ಮಾತ್ರ ಲೆಕ್ಕಕ್ಕೆ, ಕೊನೆಯ ನಕ್ಷತ್ರ ಕಾಯಿಯನ್ನು ಮನೆಯಿಂದ ಅಂಗಳಕ್ಕೆ ಕಳುಹಿಸಬಹುದು."
    ),
    "rule.three_tries.title": "ಮೂರು ಪ್ರಯತ್ನಗಳು",
    "rule.three_tries.false": "ಚಲಿಸಲಾಗದವನೂ ಎಲ್ಲರಂತೆ ಒಮ್ಮೆ ಎಸೆಯುತ್ತಾನೆ.",
    "rule.three_tries.true": "ವೃತ್ತದಲ್ಲಿ ಯಾವ ಕಾಯಿಯೂ ಇಲ್ಲದವನು 6ಕ್ಕಾಗಿ ಮೂರು ಬಾರಿವರೆಗೆ ಎಸೆಯುತ್ತಾನೆ.",
    "rule.goal_jump.title": "ಗುರಿಯಲ್ಲಿ ದಾಟುವುದು",
    "rule.goal_jump.true": "ಗುರಿ ಚೌಕಗಳಲ್ಲಿ ಕಾಯಿಗಳು ಒಂದನ್ನೊಂದು ಹಾರಬಹುದು.",
    "rule.goal_jump.false": "ಗುರಿ ಚೌಕಗಳಲ್ಲಿ ಕಾಯಿ ತನ್ನ ಬಣ್ಣದ ಇನ್ನೊಂದನ್ನು ದಾಟಲಾರದು.",
    "rule.must_capture.title": "ಕಡ್ಡಾಯ ಹಿಡಿತ",
    "rule.must_capture.false": "ಹಿಡಿಯುವುದು ಎಂದೂ ಕಡ್ಡಾಯವಲ್ಲ.",
    "rule.must_capture.true": "ಹಿಡಿಯಲು ಸಾಧ್ಯವಾದಾಗ ಹಿಡಿಯಲೇಬೇಕು.",
    "learn.ludo.board.title": "ಆಟದ ಹಾಸು",
    "learn.ludo.board": (
        "ಲೂಡೋವನ್ನು ನಡುವಿನ ಮನೆಯ ಸುತ್ತ 52 ಚೌಕಗಳ ಶಿಲುಬೆಯ ಮೇಲೆ ಆಡುತ್ತಾರೆ. ಪ್ರತಿ ಬಣ್ಣಕ್ಕೆ ತನ್ನ"
        " ಮೂಲೆಯಲ್ಲಿ ಅಂಗಳ, ಅದರ ಹೊರಗೆ ಆರಂಭದ ಚೌಕ, ಮತ್ತು ಮನೆಗೆ ಹೋಗುವ ತನ್ನ ಬಣ್ಣದ ಐದು ಚೌಕಗಳ"
        " ಮನೆಯ ದಾರಿ. ಕಾಯಿ ಗಡಿಯಾರದ ದಿಕ್ಕಿನಲ್ಲಿ ಒಂದು ಸುತ್ತು ಹಾಕಿ ಮನೆಯ ದಾರಿ ಏರುತ್ತದೆ: ಅಂಗಳದಿಂದ"
        " ಮನೆಗೆ 57 ಹೆಜ್ಜೆ."
    ),
    "learn.ludo.enter.title": "6ಕ್ಕೆ ಹೊರಬರುವುದು",
    "learn.ludo.enter": (
        "ನೀವು ಒಂದು ದಾಳ ಎಸೆಯುತ್ತೀರಿ. ಕಾಯಿ 6 ಬಂದಾಗ ಮಾತ್ರ ಅಂಗಳ ಬಿಟ್ಟು ತನ್ನ ಆರಂಭದ ಚೌಕದಲ್ಲಿ"
        " ನಿಲ್ಲುತ್ತದೆ. ಹೊರಬರುವುದು ನಿಮ್ಮ ಆಯ್ಕೆ: 6ಕ್ಕೆ ಬೇರೆ ಕಾಯಿಯನ್ನೂ ನಡೆಸಬಹುದು."
    ),
    "learn.ludo.move.title": "ನಡೆಸುವುದು",
    "learn.ludo.move": (
        "ಪ್ರತಿ ಎಸೆತ ಒಂದು ಕಾಯಿಯನ್ನು ದಾಳ ತೋರಿಸುವಷ್ಟೇ ಚೌಕ ನಡೆಸುತ್ತದೆ; ಯಾವುದು ಎಂದು ನೀವು"
        " ಆರಿಸುತ್ತೀರಿ. ಕಾಯಿಗಳು ದಾರಿಯ ಯಾವ ಕಾಯಿಯ ಮೇಲಿಂದಲೂ ಹೋಗುತ್ತವೆ. ಯಾವ ಕಾಯಿಯೂ ನಡೆಯದಿದ್ದರೆ"
        " ಎಸೆತ ವ್ಯರ್ಥ."
    ),
    "learn.ludo.capture.title": "ಹಿಡಿಯುವುದು",
    "learn.ludo.capture": (
        "ಎದುರಾಳಿಯ ಒಂಟಿ ಕಾಯಿ ಇರುವ ಚೌಕದಲ್ಲಿ ನಡೆ ಮುಗಿಸಿದ ಕಾಯಿ ಅದನ್ನು ಹಿಡಿಯುತ್ತದೆ: ಅದು ತನ್ನ"
        " ಅಂಗಳಕ್ಕೆ ಮರಳಿ, ಮತ್ತೆ 6ಕ್ಕೆ ಹೊರಬರಬೇಕು."
    ),
    "learn.ludo.safe.title": "ಸುರಕ್ಷಿತ ಚೌಕಗಳು",
    "learn.ludo.safe": (
        "ಆರಂಭದ ಚೌಕಗಳು ಮತ್ತು ನಕ್ಷತ್ರಗಳು ಸುರಕ್ಷಿತ: ಅಲ್ಲಿ ಯಾರನ್ನೂ ಹಿಡಿಯಲಾಗದು, ಎಲ್ಲ ಬಣ್ಣಗಳ"
        " ಕಾಯಿಗಳು ಹಂಚಿಕೊಳ್ಳಬಹುದು. ಮನೆಯ ದಾರಿ ಖಾಸಗಿ: ಯಾವ ಎದುರಾಳಿಯೂ ಅದರೊಳಗೆ ಬರುವುದಿಲ್ಲ."
    ),
    "learn.ludo.blocks.title": "ತಡೆಗೋಡೆಗಳು",
    "learn.ludo.blocks": (
        "ಸುರಕ್ಷಿತವಲ್ಲದ ಚೌಕದಲ್ಲಿ ನಿಮ್ಮ ಎರಡು ಅಥವಾ ಹೆಚ್ಚು ಕಾಯಿಗಳು ತಡೆಗೋಡೆ: ಎದುರಾಳಿ ಅಲ್ಲಿ ನಡೆ ಮುಗಿಸಲಾರ (ದಾಟಬಹುದು)."
    ),
    "learn.ludo.exact.title": "ಮನೆಗೆ ನಿಖರ ಎಸೆತ",
    "learn.ludo.exact": ("ಮನೆಯ ದಾರಿಯಲ್ಲಿ ಕಾಯಿಗೆ ಮನೆ ತಲುಪಲು ನಿಖರ ಅಂಕ ಬೇಕು; ಮನೆ ದಾಟಿಸುವ ಎಸೆತದಿಂದ ಅದು ಚಲಿಸದು."),
    "learn.ludo.extra.title": "ಹೆಚ್ಚಿನ ಎಸೆತಗಳು",
    "learn.ludo.extra": (
        "6 ಇನ್ನೊಂದು ಎಸೆತ ಕೊಡುತ್ತದೆ, ಅದನ್ನು ಬಳಸಲಾಗದಿದ್ದರೂ. ಹಿಡಿದಾಗಲೂ, ಕಾಯಿ ಮನೆ ತಲುಪಿದಾಗಲೂ."
        " ಎಷ್ಟು ಕಾರಣಗಳಿದ್ದರೂ ಒಂದೇ ಹೆಚ್ಚಿನ ಎಸೆತ."
    ),
    "learn.ludo.sixes.title": "ಮೂರು ಆರುಗಳು",
    "learn.ludo.sixes": (
        "ಸತತ ಮೂರನೇ 6 ವ್ಯರ್ಥ: ಏನೂ ಚಲಿಸದು, ಸರದಿ ಮುಂದಿನ ಆಟಗಾರನಿಗೆ. ಮೊದಲ ಎರಡು ಆರುಗಳ ನಡೆಗಳು ಉಳಿಯುತ್ತವೆ."
    ),
    "learn.ludo.win.title": "ಗೆಲ್ಲುವುದು",
    "learn.ludo.win": (
        "ನಾಲ್ಕೂ ಕಾಯಿಗಳನ್ನು ಮೊದಲು ಮನೆಗೆ ತಂದವನು ಗೆಲ್ಲುತ್ತಾನೆ, ಆಟ ಅಲ್ಲೇ ಮುಗಿಯುತ್ತದೆ. ಇಬ್ಬರಿಂದ"
        " ನಾಲ್ವರು ಆಟಗಾರರು, ಪ್ರತಿಯೊಬ್ಬರಿಗೆ ಒಂದು ಬಣ್ಣ, ಯಾವ ಕ್ರಮದಲ್ಲಾದರೂ; ಪಟ್ಟಿಯ ಮೊದಲಿಗನು"
        " ಮೊದಲು ಎಸೆಯುತ್ತಾನೆ."
    ),
    "learn.maedn.board.title": "ಆಟದ ಹಾಸು",
    "learn.maedn.board": (
        "ಮೆನ್ಷ್ ಎರ್ಗೆರೆ ಡಿಶ್ ನಿಷ್ಟ್ ಅನ್ನು 40 ಚೌಕಗಳ ವೃತ್ತದ ಮೇಲೆ ಆಡುತ್ತಾರೆ. ಪ್ರತಿ ಬಣ್ಣಕ್ಕೆ ತನ್ನ"
        " ಮೂಲೆಯಲ್ಲಿ ನಾಲ್ಕು ಅಂಗಳ ಚೌಕಗಳು, ವೃತ್ತದಲ್ಲಿ ಒಂದು ಆರಂಭದ ಚೌಕ, ಮತ್ತು ನಡುವಿನತ್ತ ತನ್ನ"
        " ಬಣ್ಣದ ನಾಲ್ಕು ಗುರಿ ಚೌಕಗಳು. ಕಾಯಿ ಒಂದು ಸುತ್ತು ಹಾಕಿ ತನ್ನ ಗುರಿಗೆ ಹೋಗುತ್ತದೆ."
    ),
    "learn.maedn.enter.title": "6ಕ್ಕೆ ಹೊರಬರುವುದು",
    "learn.maedn.enter": (
        "ನೀವು ಒಂದು ದಾಳ ಎಸೆಯುತ್ತೀರಿ. 6 ಬಂದು ಅಂಗಳದಲ್ಲಿ ಕಾಯಿ ಇದ್ದರೆ, ನಿಮ್ಮ ಆರಂಭದ ಚೌಕಕ್ಕೆ ಒಂದು"
        " ಕಾಯಿಯನ್ನು ತರಲೇಬೇಕು, ಅಲ್ಲಿ ನಿಮ್ಮದೇ ಕಾಯಿ ನಿಂತಿದ್ದರೆ ಹೊರತು."
    ),
    "learn.maedn.clear.title": "ಆರಂಭದ ಚೌಕ ಖಾಲಿ ಮಾಡಿ",
    "learn.maedn.clear": (
        "ಕಾಯಿಗಳು ಅಂಗಳದಲ್ಲಿ ಕಾಯುತ್ತಿರುವಾಗ, ನಿಮ್ಮ ಆರಂಭದ ಚೌಕದ ನಿಮ್ಮ ಕಾಯಿ, ಸಾಧ್ಯವಾದರೆ, ಮೊದಲು ಅಲ್ಲಿಂದ ಸರಿಯಬೇಕು."
    ),
    "learn.maedn.move.title": "ನಡೆಸುವುದು",
    "learn.maedn.move": (
        "ಇಲ್ಲದಿದ್ದರೆ ಯಾವುದಾದರೂ ಒಂದು ಕಾಯಿಯನ್ನು ದಾಳ ತೋರಿಸುವಷ್ಟೇ ಚೌಕ ನಡೆಸುತ್ತೀರಿ. ಒಂದು ಚೌಕಕ್ಕೆ"
        " ಒಂದು ಕಾಯಿ: ನಿಮ್ಮದೇ ಕಾಯಿಯ ಮೇಲೆ ನಿಲ್ಲಲಾಗದು. ಯಾವ ಕಾಯಿಯೂ ನಡೆಯದಿದ್ದರೆ ಎಸೆತ ವ್ಯರ್ಥ."
    ),
    "learn.maedn.capture.title": "ಹಿಡಿಯುವುದು",
    "learn.maedn.capture": (
        "ಎದುರಾಳಿಯ ಕಾಯಿಯ ಮೇಲೆ ನಿಂತರೆ ಅದನ್ನು ಹಿಡಿಯುತ್ತೀರಿ: ಅದು ತನ್ನ ಅಂಗಳಕ್ಕೆ ಮರಳುತ್ತದೆ. ಹಿಡಿಯುವುದು"
        " ಕಡ್ಡಾಯವಲ್ಲ, ಸುರಕ್ಷಿತ ಚೌಕಗಳಿಲ್ಲ."
    ),
    "learn.maedn.goal.title": "ಗುರಿ",
    "learn.maedn.goal": (
        "ಕಾಯಿ ನಿಖರ ಎಣಿಕೆಯಿಂದ ತನ್ನ ಗುರಿಗೆ ಹೋಗುತ್ತದೆ: ಕೊನೆಯ ಗುರಿ ಚೌಕ ದಾಟಲಾಗದು. ಗುರಿಯಲ್ಲಿ ಕಾಯಿಗಳು"
        " ಒಂದನ್ನೊಂದು ಹಾರಬಹುದು, ಒಳಗೇ ಮುಂದೆ ಸಾಗಬಹುದು."
    ),
    "learn.maedn.extra.title": "ಹೆಚ್ಚಿನ ಎಸೆತಗಳು",
    "learn.maedn.extra": (
        "6 ಇನ್ನೊಂದು ಎಸೆತ ಕೊಡುತ್ತದೆ, ಬಳಸಲಾಗದಿದ್ದರೂ; ಆರುಗಳಿಗೆ ಮಿತಿಯಿಲ್ಲ. ಚಲಿಸಲಾಗದವನು ಒಮ್ಮೆ ಮಾತ್ರ ಎಸೆಯುತ್ತಾನೆ."
    ),
    "learn.maedn.win.title": "ಗೆಲ್ಲುವುದು",
    "learn.maedn.win": (
        "ನಾಲ್ಕೂ ಕಾಯಿಗಳನ್ನು ಮೊದಲು ತನ್ನ ಗುರಿ ಚೌಕಗಳಿಗೆ ತಂದವನು ಗೆಲ್ಲುತ್ತಾನೆ, ಆಟ ಅಲ್ಲೇ ಮುಗಿಯುತ್ತದೆ."
        " ಕೆಂಪು ಯಾವಾಗಲೂ ಮೊದಲು; ಇಬ್ಬರು ಎದುರುಬದುರು (ಕೆಂಪು ಮತ್ತು ಹಸಿರು) ಅಥವಾ ಪಕ್ಕಪಕ್ಕ (ಕೆಂಪು"
        " ಮತ್ತು ನೀಲಿ)."
    ),
    "rules.one_die": "ಆರು ಮುಖಗಳ ಒಂದು ದಾಳ: ಪ್ರತಿ ಎಸೆತ ಒಂದು ಕಾಯಿಯನ್ನು ನಡೆಸುತ್ತದೆ.",
    "rules.pawns_ludo": "ಪ್ರತಿ ಬಣ್ಣಕ್ಕೆ ನಾಲ್ಕು ಕಾಯಿಗಳು, ಅಂಗಳದಿಂದ ಮನೆಗೆ ತರಬೇಕು.",
    "rules.pawns_maedn": "ಪ್ರತಿ ಬಣ್ಣಕ್ಕೆ ನಾಲ್ಕು ಕಾಯಿಗಳು, ಅಂಗಳದಿಂದ ನಾಲ್ಕು ಗುರಿ ಚೌಕಗಳಿಗೆ ತರಬೇಕು.",
    "rules.board_ludo": (
        "ಹಾಸು ಒಂದು ಶಿಲುಬೆ: ಸುತ್ತಲೂ 52 ಚೌಕಗಳು, ಮತ್ತು ಪ್ರತಿ ತೋಳಿನ ನಡುವೆ ಮನೆಗೆ ಹೋಗುವ ಐದು ಚೌಕಗಳ ಮನೆಯ ದಾರಿ."
    ),
    "rules.board_maedn": (
        "ಹಾಸು 40 ಚೌಕಗಳ ವೃತ್ತ, ಪ್ರತಿ ಬಣ್ಣದ ನಾಲ್ಕು ಗುರಿ ಚೌಕಗಳು ನಡುವಿನತ್ತ ಮತ್ತು ಪ್ರತಿ ಮೂಲೆಯಲ್ಲಿ ನಾಲ್ಕು ಅಂಗಳ ಚೌಕಗಳು."
    ),
}

#: The words of Ludo and MADN on the site, per language (the same keys in each).
LUDO_WORDS: dict[str, dict[str, str]] = {"en": _EN, "hi": _HI, "kn": _KN}
