"""The terminal's own words (prompts, help, errors, status lines) in English, Hindi, Kannada.

``pachisi play --lang hi`` (or ``kn``) writes every sentence it says in that
language; the game terms (colours, dice, HOME...) keep their English word
beside the local one (:func:`pachisi.describe.term`), as the board's legend
and the rules documents use them, and the steps' words come from the core
(:func:`pachisi.describe.step_description`). What a person types stays the
same in every language: numbers, the move notation, and the commands ``u``,
``hint``, ``q``, ``?``, ``e``, ``save``, ``t``.

Templates hold ``{name}`` fields, filled by :func:`say`; a translation may
leave out a field of the English (a detail only English has, such as an
error from the operating system) but never adds one.

>>> say("hi", "prompt.catch_up")
'अपनी फेंक के लिए Enter दबाइए: '
>>> say("kn", "steps.head", throw="6-2")
'6-2 ರ ಸಾಧ್ಯ ನಡೆಗಳು:'
"""

from __future__ import annotations

import re

__all__ = ["MESSAGES", "say"]

_HELP_EN = """\
Keys while you play a throw:
  1, 2, ...    make the step with that number
  R12-16       make a step by its notation (several at once: R0-1 R1-3)
  Enter        make the only legal step, or confirm a finished throw
  >, <         the next or the previous page of steps, when they do not
               all fit under the board (Enter or "more" turns the page too;
               a mistyped answer or a hint keeps the page)
  u            undo the last step of this throw
  hint         the best plays of this throw and your estimated win chance
               after each (one throw ahead, as the expectimax player sees it);
               h1, h2, ... then makes the steps of that play
  e [FILE]     export the position before this throw (FORMAT.md JSON to FILE,
               or show its one-line text form)
  save FILE    save the game to FILE (and after every throw from then on)
  q            save and quit (continue later with pachisi play --resume FILE)
  ?, h         this help
The game is saved after every throw; Ctrl-C saves and quits too."""

_HELP_HI = """\
फेंक खेलते समय की कुंजियाँ:
  1, 2, ...    उस नंबर की चाल चलिए
  R12-16       नोटेशन से चाल चलिए (कई एक साथ: R0-1 R1-3)
  Enter        अकेली संभव चाल चलिए, या पूरी खेली गई फेंक पक्की कीजिए
  >, <         चालों का अगला या पिछला पन्ना, जब सब चालें बोर्ड के नीचे
               न समाएँ (Enter या "more" से भी पन्ना पलटता है; ग़लत
               जवाब या सुझाव के बाद वही पन्ना रहता है)
  u            इस फेंक की आख़िरी चाल वापस लीजिए
  hint         इस फेंक के सबसे अच्छे खेल और हर एक के बाद आपकी जीत की
               अनुमानित संभावना (एक फेंक आगे देखकर, जैसे एक्सपेक्टिमैक्स
               खिलाड़ी देखता है); फिर h1, h2, ... उस खेल की चालें चलता है
  e [FILE]     इस फेंक से पहले की स्थिति निर्यात कीजिए (FILE में
               FORMAT.md JSON, या उसका एक पंक्ति वाला रूप देखिए)
  save FILE    खेल FILE में सेव कीजिए (और उसके बाद हर फेंक के बाद)
  q            सेव करके बंद कीजिए (बाद में: pachisi play --resume FILE)
  ?, h         यह मदद
हर फेंक के बाद खेल सेव होता है; Ctrl-C भी सेव करके बंद करता है।"""

_HELP_KN = """\
ಎಸೆತ ಆಡುವಾಗ ಕೀಲಿಗಳು:
  1, 2, ...    ಆ ಸಂಖ್ಯೆಯ ನಡೆಯನ್ನು ಮಾಡಿ
  R12-16       ಸಂಕೇತದಿಂದ ನಡೆ ಮಾಡಿ (ಹಲವು ಒಟ್ಟಿಗೆ: R0-1 R1-3)
  Enter        ಏಕೈಕ ಸಾಧ್ಯ ನಡೆಯನ್ನು ಮಾಡಿ, ಅಥವಾ ಮುಗಿದ ಎಸೆತವನ್ನು ಖಚಿತಪಡಿಸಿ
  >, <         ನಡೆಗಳ ಮುಂದಿನ ಅಥವಾ ಹಿಂದಿನ ಪುಟ, ಎಲ್ಲ ನಡೆಗಳು ಹಾಸಿನ ಕೆಳಗೆ
               ಹಿಡಿಸದಿದ್ದಾಗ (Enter ಅಥವಾ "more" ಕೂಡ ಪುಟ ತಿರುಗಿಸುತ್ತದೆ;
               ತಪ್ಪು ಉತ್ತರ ಅಥವಾ ಸುಳಿವಿನ ನಂತರ ಅದೇ ಪುಟ ಉಳಿಯುತ್ತದೆ)
  u            ಈ ಎಸೆತದ ಕೊನೆಯ ನಡೆಯನ್ನು ರದ್ದುಮಾಡಿ
  hint         ಈ ಎಸೆತದ ಅತ್ಯುತ್ತಮ ಆಟಗಳು ಮತ್ತು ಪ್ರತಿಯೊಂದರ ನಂತರ ನಿಮ್ಮ
               ಗೆಲುವಿನ ಅಂದಾಜು ಸಾಧ್ಯತೆ (ಎಕ್ಸ್‌ಪೆಕ್ಟಿಮ್ಯಾಕ್ಸ್ ಆಟಗಾರನಂತೆ ಒಂದು ಎಸೆತ
               ಮುಂದೆ ನೋಡಿ); ನಂತರ h1, h2, ... ಆ ಆಟದ ನಡೆಗಳನ್ನು ಮಾಡುತ್ತದೆ
  e [FILE]     ಈ ಎಸೆತದ ಮೊದಲಿನ ಸ್ಥಿತಿಯನ್ನು ರಫ್ತು ಮಾಡಿ (FILE ಗೆ
               FORMAT.md JSON, ಅಥವಾ ಅದರ ಒಂದು ಸಾಲಿನ ರೂಪವನ್ನು ನೋಡಿ)
  save FILE    ಆಟವನ್ನು FILE ಗೆ ಉಳಿಸಿ (ಮತ್ತು ಅಲ್ಲಿಂದ ಪ್ರತಿ ಎಸೆತದ ನಂತರ)
  q            ಉಳಿಸಿ ನಿಲ್ಲಿಸಿ (ನಂತರ ಮುಂದುವರಿಸಲು: pachisi play --resume FILE)
  ?, h         ಈ ಸಹಾಯ
ಪ್ರತಿ ಎಸೆತದ ನಂತರ ಆಟ ಉಳಿಯುತ್ತದೆ; Ctrl-C ಕೂಡ ಉಳಿಸಿ ನಿಲ್ಲಿಸುತ್ತದೆ."""

#: Every sentence of ``pachisi play`` (and of its board's panel), per language.
MESSAGES: dict[str, dict[str, str]] = {
    "en": {
        "help": _HELP_EN,
        "help.dice": (
            "Throw the dice and type the two top faces, e.g. 5 2 (or 5,2). "
            "q saves and quits; e FILE exports the position."
        ),
        "lang.note": "",
        # prompts
        "prompt.catch_up": "Press Enter for your throw: ",
        "prompt.dice": "Dice for {who}: type the two faces that fell ({faces}), e.g. {example}: ",
        "prompt.confirm": "Play {notation}? Enter to confirm, u to undo: ",
        "prompt.pass": "{status} Press Enter to go on: ",
        "prompt.step": (
            "Your step ({which}{more}{notation}, u undo{retype}, hint, ? help, q quit): "
        ),
        "prompt.step.one": "Enter or 1",
        "prompt.step.more": ", > more",
        "prompt.step.notation": ", notation",
        "prompt.step.retype": ", t retype dice",
        "prompt.first": "Preliminary throw for {who} ({name}), {what}: type what fell: ",
        "first.both": "both dice",
        "first.one": "one die",
        "first.intro": "{setup}: preliminary throws decide who starts.",
        "first.tie": "Tie for the first throw: the tied players throw again.",
        "first.error": "{answer}: {error}. Try again.",
        "first.one_face": "type the one face that fell, e.g. 4",
        # messages
        "error.dice": "{answer}: {error}. Throw again and type both faces.",
        "error.confirm": "Not understood: {answer}. Press Enter to confirm, or u to undo.",
        "error.not_understood": (
            "Not understood: {answer}. Type {which}, a step such as {step}, hint, u to undo "
            "or ? for help."
        ),
        "which.one": "Enter or 1",
        "which.many": "a number from 1 to {n}",
        "error.choose": "Choose a step: a number from 1 to {n}, or its notation.",
        "error.only_step": "There is only one step, {step}: press Enter (or type 1) to make it.",
        "error.no_step": "There is no step {k}: the steps are numbered 1 to {n}.",
        "error.not_legal": "{step} is not a legal step now. Legal: {legal}.",
        "msg.forced": "Your throw {throw} was forced: {notation}",
        "msg.nothing_moves": "Your throw {throw}: nothing moves.",
        "msg.undone": "Undone: {steps}",
        "msg.nothing_to_undo": "Nothing to undo in this throw.",
        "msg.undo_forced": "Nothing to undo: the steps so far were forced.",
        "msg.hint_choose": "  Type h1, h2, ... to play one, then confirm it.",
        "msg.hint_choose_instead": (
            "  Type h1, h2, ... to play one (instead of your steps), then confirm it."
        ),
        "msg.no_hint": "No play h{k}: type hint first.",
        "msg.hint_range": "Choose h1 to h{n}.",
        "msg.save_failed": (
            "Not saved: {why}. The game goes on; type save FILE to save it elsewhere."
        ),
        "msg.cannot_save": "cannot save to {path}: {error}",
        "msg.save_where": "save FILE: the game file now is {path}",
        "msg.saved_to": "Game saved to {path} (and after every throw from now on)",
        "msg.export_text": "Position before this throw, in its text form (the next line):",
        "msg.cannot_write": "cannot write {path}: {error}",
        "msg.exported": "Position before this throw written to {path} (FORMAT.md JSON)",
        "status.all_played": "All of the throw is played.",
        "status.third": "Third doublet: choose the pawn that goes back.",
        "status.bot_played": "{who} played {notation}",
        "pass.third": "Third doublet, and no pawn on the board: the turn passes.",
        "pass.none": "No legal play with {throw}: nothing moves{extra}.",
        "pass.doublet": " (a doublet: throw again)",
        "pass.again": " (throw again)",
        "steps.head": "Legal steps with {throw}:",
        "steps.page": " {first}-{stop} of {n}, page {page}/{pages} (> or Enter: next page, < back)",
        "caption.last": "Last throw",
        "footer": "Game file: {path}",
        # the start and the end
        "run.file": "Game file: {path} (saved after every throw)",
        "run.no_game": "No game started.",
        "run.interrupted_start": "Interrupted: no game started.",
        "run.over": "This game is over: {result}. Record: {path}",
        "run.result": "{result}. Record: {path}",
        "run.result_unsaved": "{result}. NOT saved: {why}.",
        "run.saved": "{how}Game saved to {path}. Continue with: {resume}",
        "run.not_saved": "{how}The game was NOT saved: {why}.",
        "run.interrupted": "Interrupted. ",
        "run.input_ended": "Input ended. ",
        "run.stopped": "Stopped. ",
        # the panel beside the board
        "panel.title": "{title} · {n} players",
        "panel.title_teams": "{title} · {n} players in teams",
        "panel.to_play": " to play",
        "panel.to_throw": " to throw",
        "panel.game_over": "Game over: {result}",
        "panel.steps": "Steps so far  {steps}",
        "panel.bonus": "Bonus pending  {bonuses}",
        "panel.doublets": "Doublets this turn: {n}",
        "panel.third": "Third doublet: the pawn nearest HOME goes back",
        "panel.switches": "switches: {options}",
        "panel.recent": "recent moves",
        "panel.last": "Last: {move}",
        "panel.latest": "Latest throws:",
        "panel.since": "Since your last turn:",
        "panel.no_move": "no move",
        "panel.captured": "✖ captured your {pawns}",
        "panel.cut": "✖ cut your {pawns}",
        "panel.teams": "Teams: {teams}",
        "panel.vs": " vs ",
        "panel.won": "★ won",
        "legend.homeward": "homeward",
        "legend.x": "X-square",
        # the board's corners (pachisi.diagram's words, each as the diagram writes it)
        "log.preliminary": "Preliminary throws: {throws}",
        "log.then": "; then ",
        "log.first": "{colours} throws first",
        "corner.nest": "nest ",
        "corner.cut": "cut ",
        "corner.Home": "Home ",
        "corner.HOME": "HOME ",
        "corner.has_cut": "has cut ✓",
        "corner.not_cut": "has not cut",
        "corner.winner": "★ winner",
        "corner.finished": "✓ finished ({n})",
        "corner.major": " major",
        "corner.minor": " minor",
        # Ludo and Mensch ärgere Dich nicht (RULES-LUDO.md): one die
        "help.die": (
            "Throw the die and type the face on top, e.g. 5. "
            "q saves and quits; e FILE exports the position."
        ),
        "prompt.die": "Die for {who}: type the face that fell ({faces}), e.g. {example}: ",
        "error.die": "{answer}: {error}. Throw again and type the face.",
        "status.third_six": "Third 6 in a row: the throw is forfeited.",
        "pass.third_six": "Third 6 in a row: the throw is forfeited and the turn passes.",
        "pass.six": " (a 6: throw again)",
        "panel.sixes": "6s in a row this turn: {n}",
        "panel.third_six": "Third 6 in a row: forfeited, the turn passes",
        "panel.home": "Home {n}",
        "panel.goal": "goal {n}",
        "legend.jump_star": "jump star",
        "legend.globe": "globe",
        "corner.yard": "yard ",
        "corner.goal": "goal ",
        "hint.rollouts": (
            "Hint, in points of win chance: each play played out {n} times by the {policy}"
            " computer, on the same dice for every play; ± is one standard error, a difference"
            " is clear from two."
        ),
        "hint.exact": (
            "Hint, in points of win chance, exact: after each play the game is decided or a pure"
            " race (no pawn can be sent back any more), worked out over every throw."
        ),
        "hint.best": "your win chance {chance}",
        "hint.worse": "{points} points worse",
        "hint.too_close": "too close to tell ({points} points worse)",
        "hint.certain_win": "a certain win",
        "hint.certain_loss": "a certain loss",
        "hint.no_move": "no move",
        "hint.network": "Hint, in points of win chance (the network {network} at {ply} ply):",
        "msg.hint_working": "Playing out the best plays (a few seconds)…",
    },
    "hi": {
        "help": _HELP_HI,
        "help.dice": (
            "डाइस फेंकिए और ऊपर के दोनों अंक लिखिए, जैसे 5 2 (या 5,2)। "
            "q सेव करके बंद करता है; e FILE स्थिति निर्यात करता है।"
        ),
        "lang.note": (
            "संदेश और सवाल हिंदी में हैं; खेल के शब्द (रंग, डाइस, होम, कट) अंग्रेज़ी के साथ "
            "दिखते हैं। जवाब वही रहते हैं: नंबर, नोटेशन, u, hint, q, ?"
        ),
        "prompt.catch_up": "अपनी फेंक के लिए Enter दबाइए: ",
        "prompt.dice": "{who} के डाइस: गिरे हुए दोनों अंक ({faces}) लिखिए, जैसे {example}: ",
        "prompt.confirm": "{notation} खेलें? पक्का करने को Enter, वापस लेने को u: ",
        "prompt.pass": "{status} आगे बढ़ने को Enter दबाइए: ",
        "prompt.step": (
            "आपकी चाल ({which}{more}{notation}, u वापस{retype}, hint सुझाव, ? मदद, q बंद): "
        ),
        "prompt.step.one": "Enter या 1",
        "prompt.step.more": ", > आगे",
        "prompt.step.notation": ", नोटेशन",
        "prompt.step.retype": ", t डाइस फिर",
        "prompt.first": "{who} ({name}) की पहली फेंक, {what}: जो गिरा वह लिखिए: ",
        "first.both": "दोनों डाइस",
        "first.one": "एक डाइस",
        "first.intro": "{setup}: पहली फेंकें तय करती हैं कि कौन शुरू करेगा।",
        "first.tie": "पहली फेंक बराबर रही: बराबर वाले खिलाड़ी फिर फेंकें।",
        "first.error": "{answer}: यह नहीं चलेगा। फिर कोशिश कीजिए।",
        "first.one_face": "गिरा हुआ एक अंक लिखिए, जैसे 4",
        "error.dice": "{answer}: यह इन डाइस की फेंक नहीं है। फिर फेंकिए और दोनों अंक लिखिए।",
        "error.confirm": "समझ नहीं आया: {answer}। पक्का करने को Enter, वापस लेने को u दबाइए।",
        "error.not_understood": (
            "समझ नहीं आया: {answer}। {which}, {step} जैसी कोई चाल, hint, वापस लेने को u "
            "या मदद के लिए ? लिखिए।"
        ),
        "which.one": "Enter या 1",
        "which.many": "1 से {n} तक कोई नंबर",
        "error.choose": "एक चाल चुनिए: 1 से {n} तक कोई नंबर, या उसका नोटेशन।",
        "error.only_step": "केवल एक चाल है, {step}: उसे चलने को Enter दबाइए (या 1 लिखिए)।",
        "error.no_step": "चाल {k} नहीं है: चालों के नंबर 1 से {n} तक हैं।",
        "error.not_legal": "{step} अभी नियम से नहीं चल सकती। चल सकती हैं: {legal}।",
        "msg.forced": "आपकी फेंक {throw} में कोई विकल्प नहीं था: {notation}",
        "msg.nothing_moves": "आपकी फेंक {throw}: कुछ नहीं चलता।",
        "msg.undone": "वापस ली गई: {steps}",
        "msg.nothing_to_undo": "इस फेंक में वापस लेने को कुछ नहीं है।",
        "msg.undo_forced": "वापस लेने को कुछ नहीं: अब तक की चालों में कोई विकल्प नहीं था।",
        "msg.hint_choose": "  कोई एक खेलने को h1, h2, ... लिखिए, फिर उसे पक्का कीजिए।",
        "msg.hint_choose_instead": (
            "  अपनी चालों के बदले कोई एक खेलने को h1, h2, ... लिखिए, फिर उसे पक्का कीजिए।"
        ),
        "msg.no_hint": "h{k} नहीं है: पहले hint लिखिए।",
        "msg.hint_range": "h1 से h{n} तक चुनिए।",
        "msg.save_failed": ("सेव नहीं हुआ: {why}। खेल चलता रहेगा; कहीं और सेव करने को save FILE लिखिए।"),
        "msg.cannot_save": "{path} में सेव नहीं हो सका ({error})",
        "msg.save_where": "save FILE: अभी खेल की फ़ाइल {path} है",
        "msg.saved_to": "खेल {path} में सेव हुआ (और अब से हर फेंक के बाद होगा)",
        "msg.export_text": "इस फेंक से पहले की स्थिति, उसके पाठ रूप में (अगली पंक्ति):",
        "msg.cannot_write": "{path} में लिखा नहीं जा सका ({error})",
        "msg.exported": "इस फेंक से पहले की स्थिति {path} में लिखी गई (FORMAT.md JSON)",
        "status.all_played": "पूरी फेंक खेली जा चुकी है।",
        "status.third": "तीसरा डबलट: वापस जाने वाला प्यादा चुनिए।",
        "status.bot_played": "{who} ने {notation} खेला",
        "pass.third": "तीसरा डबलट, और बोर्ड पर कोई प्यादा नहीं: बारी आगे जाती है।",
        "pass.none": "{throw} से कोई नियम वाली चाल नहीं: कुछ नहीं चलता{extra}।",
        "pass.doublet": " (डबलट: फिर फेंकिए)",
        "pass.again": " (फिर फेंकिए)",
        "steps.head": "{throw} से संभव चालें:",
        "steps.page": " {n} में से {first}-{stop}, पन्ना {page}/{pages} (> या Enter: अगला, < पिछला)",
        "caption.last": "पिछली फेंक",
        "footer": "खेल की फ़ाइल: {path}",
        "run.file": "खेल की फ़ाइल: {path} (हर फेंक के बाद सेव होती है)",
        "run.no_game": "कोई खेल शुरू नहीं हुआ।",
        "run.interrupted_start": "रोका गया: कोई खेल शुरू नहीं हुआ।",
        "run.over": "यह खेल ख़त्म हो चुका है: {result}। रिकॉर्ड: {path}",
        "run.result": "{result}। रिकॉर्ड: {path}",
        "run.result_unsaved": "{result}। सेव नहीं हुआ: {why}।",
        "run.saved": "{how}खेल {path} में सेव हुआ। आगे खेलने को: {resume}",
        "run.not_saved": "{how}खेल सेव नहीं हुआ: {why}।",
        "run.interrupted": "रोका गया। ",
        "run.input_ended": "इनपुट ख़त्म हुआ। ",
        "run.stopped": "बंद किया गया। ",
        "panel.title": "{title} · {n} खिलाड़ी",
        "panel.title_teams": "{title} · {n} खिलाड़ी, टीमों में",
        "panel.to_play": " की चाल",
        "panel.to_throw": " की फेंक",
        "panel.game_over": "खेल ख़त्म: {result}",
        "panel.steps": "अब तक की चालें  {steps}",
        "panel.bonus": "बाकी बोनस  {bonuses}",
        "panel.doublets": "इस बारी के डबलट: {n}",
        "panel.third": "तीसरा डबलट: होम के सबसे पास वाला प्यादा वापस जाता है",
        "panel.switches": "नियम: {options}",
        "panel.recent": "हाल की चालें",
        "panel.last": "पिछली: {move}",
        "panel.latest": "हाल की फेंकें:",
        "panel.since": "आपकी पिछली बारी के बाद:",
        "panel.no_move": "कोई चाल नहीं",
        "panel.captured": "✖ आपका {pawns} पकड़ा गया",
        "panel.cut": "✖ आपका {pawns} कट गया",
        "panel.teams": "टीमें: {teams}",
        "panel.vs": " बनाम ",
        "panel.won": "★ जीते",
        "legend.homeward": "घर की ओर",
        "legend.x": "X खाना",
        "log.preliminary": "पहली फेंकें: {throws}",
        "log.then": "; फिर ",
        "log.first": "{colours} पहले फेंकता है",
        "corner.nest": "घोंसला ",
        "corner.cut": "कटे ",
        "corner.Home": "होम ",
        "corner.HOME": "होम ",
        "corner.has_cut": "कट किया ✓",
        "corner.not_cut": "कट नहीं किया",
        "corner.winner": "★ विजेता",
        "corner.finished": "✓ पूरा ({n})",
        "corner.major": " बड़ा",
        "corner.minor": " छोटा",
        # लूडो और मेंश एर्गेरे डिख़ निख़्ट: एक पासा
        "help.die": (
            "पासा फेंकिए और ऊपर का अंक लिखिए, जैसे 5। q सेव करके बंद करता है; e FILE स्थिति निर्यात करता है।"
        ),
        "prompt.die": "{who} का पासा: गिरा हुआ अंक ({faces}) लिखिए, जैसे {example}: ",
        "error.die": "{answer}: {error}। फिर फेंकिए और अंक लिखिए।",
        "status.third_six": "लगातार तीसरा 6: यह फेंक रद्द होती है।",
        "pass.third_six": "लगातार तीसरा 6: यह फेंक रद्द, बारी आगे जाती है।",
        "pass.six": " (6: फिर फेंकिए)",
        "panel.sixes": "इस बारी लगातार 6: {n}",
        "panel.third_six": "लगातार तीसरा 6: फेंक रद्द, बारी आगे",
        "panel.home": "होम {n}",
        "panel.goal": "लक्ष्य {n}",
        "legend.jump_star": "कूदने वाला सितारा",
        "legend.globe": "गोला",
        "corner.yard": "यार्ड ",
        "corner.goal": "लक्ष्य ",
        "hint.rollouts": (
            "सुझाव, जीत की संभावना के अंकों में: हर चाल को {policy} कंप्यूटर ने {n} बार अंत तक"
            " खेला, हर चाल के लिए वही पासे; ± एक मानक त्रुटि है, दो से अधिक हो तो अंतर साफ़ है।"
        ),
        "hint.exact": (
            "सुझाव, जीत की संभावना के अंकों में, सटीक: हर चाल के बाद खेल तय है या सीधी दौड़ है"
            " (अब कोई प्यादा वापस नहीं भेजा जा सकता), पासे की हर फेंक पर गिना गया।"
        ),
        "hint.best": "आपकी जीत की संभावना {chance}",
        "hint.worse": "{points} अंक बदतर",
        "hint.too_close": "कहना मुश्किल, बहुत करीब ({points} अंक बदतर)",
        "hint.certain_win": "पक्की जीत",
        "hint.certain_loss": "पक्की हार",
        "hint.no_move": "कोई चाल नहीं",
        "hint.network": "सुझाव, जीत की संभावना के अंकों में ({ply} प्लाई पर नेटवर्क {network}):",
        "msg.hint_working": "सबसे अच्छी चालें अंत तक खेली जा रही हैं (कुछ सेकंड)…",
    },
    "kn": {
        "help": _HELP_KN,
        "help.dice": (
            "ದಾಳ ಎಸೆದು ಮೇಲಿನ ಎರಡು ಮುಖಗಳನ್ನು ಬರೆಯಿರಿ, ಉದಾ. 5 2 (ಅಥವಾ 5,2). "
            "q ಉಳಿಸಿ ನಿಲ್ಲಿಸುತ್ತದೆ; e FILE ಸ್ಥಿತಿಯನ್ನು ರಫ್ತು ಮಾಡುತ್ತದೆ."
        ),
        "lang.note": (
            "ಸಂದೇಶಗಳು ಮತ್ತು ಪ್ರಶ್ನೆಗಳು ಕನ್ನಡದಲ್ಲಿವೆ; ಆಟದ ಪದಗಳು (ಬಣ್ಣ, ದಾಳ, ಮನೆ) ಇಂಗ್ಲಿಷ್ "
            "ಜೊತೆಗೆ ಕಾಣುತ್ತವೆ. ಉತ್ತರಗಳು ಹಾಗೆಯೇ: ಸಂಖ್ಯೆ, ಸಂಕೇತ, u, hint, q, ?"
        ),
        "prompt.catch_up": "ನಿಮ್ಮ ಎಸೆತಕ್ಕಾಗಿ Enter ಒತ್ತಿ: ",
        "prompt.dice": "{who} ಅವರ ದಾಳ: ಬಿದ್ದ ಎರಡು ಮುಖಗಳನ್ನು ({faces}) ಬರೆಯಿರಿ, ಉದಾ. {example}: ",
        "prompt.confirm": "{notation} ಆಡುವುದೇ? ಖಚಿತಪಡಿಸಲು Enter, ರದ್ದುಮಾಡಲು u: ",
        "prompt.pass": "{status} ಮುಂದುವರಿಯಲು Enter ಒತ್ತಿ: ",
        "prompt.step": (
            "ನಿಮ್ಮ ನಡೆ ({which}{more}{notation}, u ರದ್ದು{retype}, hint ಸುಳಿವು, ? ಸಹಾಯ, q ನಿಲ್ಲಿಸು): "
        ),
        "prompt.step.one": "Enter ಅಥವಾ 1",
        "prompt.step.more": ", > ಮುಂದೆ",
        "prompt.step.notation": ", ಸಂಕೇತ",
        "prompt.step.retype": ", t ದಾಳ ಮತ್ತೆ",
        "prompt.first": "{who} ({name}) ಅವರ ಮೊದಲ ಎಸೆತ, {what}: ಬಿದ್ದುದನ್ನು ಬರೆಯಿರಿ: ",
        "first.both": "ಎರಡೂ ದಾಳ",
        "first.one": "ಒಂದು ದಾಳ",
        "first.intro": "{setup}: ಯಾರು ಮೊದಲು ಆಡುತ್ತಾರೆ ಎಂದು ಮೊದಲ ಎಸೆತಗಳು ನಿರ್ಧರಿಸುತ್ತವೆ.",
        "first.tie": "ಮೊದಲ ಎಸೆತ ಸಮವಾಯಿತು: ಸಮ ಬಂದವರು ಮತ್ತೆ ಎಸೆಯಬೇಕು.",
        "first.error": "{answer}: ಇದು ಸರಿಯಲ್ಲ. ಮತ್ತೆ ಪ್ರಯತ್ನಿಸಿ.",
        "first.one_face": "ಬಿದ್ದ ಒಂದು ಮುಖವನ್ನು ಬರೆಯಿರಿ, ಉದಾ. 4",
        "error.dice": "{answer}: ಇದು ಈ ದಾಳಗಳ ಎಸೆತವಲ್ಲ. ಮತ್ತೆ ಎಸೆದು ಎರಡೂ ಮುಖಗಳನ್ನು ಬರೆಯಿರಿ.",
        "error.confirm": "ಅರ್ಥವಾಗಲಿಲ್ಲ: {answer}. ಖಚಿತಪಡಿಸಲು Enter, ರದ್ದುಮಾಡಲು u ಒತ್ತಿ.",
        "error.not_understood": (
            "ಅರ್ಥವಾಗಲಿಲ್ಲ: {answer}. {which}, {step} ನಂತಹ ನಡೆ, hint, ರದ್ದುಮಾಡಲು u ಅಥವಾ ಸಹಾಯಕ್ಕೆ ? ಬರೆಯಿರಿ."
        ),
        "which.one": "Enter ಅಥವಾ 1",
        "which.many": "1 ರಿಂದ {n} ರವರೆಗಿನ ಒಂದು ಸಂಖ್ಯೆ",
        "error.choose": "ಒಂದು ನಡೆ ಆರಿಸಿ: 1 ರಿಂದ {n} ರವರೆಗಿನ ಸಂಖ್ಯೆ, ಅಥವಾ ಅದರ ಸಂಕೇತ.",
        "error.only_step": "ಒಂದೇ ನಡೆ ಇದೆ, {step}: ಅದನ್ನು ಮಾಡಲು Enter ಒತ್ತಿ (ಅಥವಾ 1 ಬರೆಯಿರಿ).",
        "error.no_step": "ನಡೆ {k} ಇಲ್ಲ: ನಡೆಗಳ ಸಂಖ್ಯೆ 1 ರಿಂದ {n} ರವರೆಗೆ.",
        "error.not_legal": "{step} ಈಗ ನಿಯಮಬದ್ಧ ನಡೆಯಲ್ಲ. ಸಾಧ್ಯವಿರುವವು: {legal}.",
        "msg.forced": "ನಿಮ್ಮ ಎಸೆತ {throw} ಗೆ ಬೇರೆ ಆಯ್ಕೆ ಇರಲಿಲ್ಲ: {notation}",
        "msg.nothing_moves": "ನಿಮ್ಮ ಎಸೆತ {throw}: ಯಾವುದೂ ನಡೆಯುವುದಿಲ್ಲ.",
        "msg.undone": "ರದ್ದಾಯಿತು: {steps}",
        "msg.nothing_to_undo": "ಈ ಎಸೆತದಲ್ಲಿ ರದ್ದುಮಾಡಲು ಏನೂ ಇಲ್ಲ.",
        "msg.undo_forced": "ರದ್ದುಮಾಡಲು ಏನೂ ಇಲ್ಲ: ಇದುವರೆಗಿನ ನಡೆಗಳಿಗೆ ಬೇರೆ ಆಯ್ಕೆ ಇರಲಿಲ್ಲ.",
        "msg.hint_choose": "  ಒಂದನ್ನು ಆಡಲು h1, h2, ... ಬರೆಯಿರಿ, ನಂತರ ಖಚಿತಪಡಿಸಿ.",
        "msg.hint_choose_instead": ("  ನಿಮ್ಮ ನಡೆಗಳ ಬದಲು ಒಂದನ್ನು ಆಡಲು h1, h2, ... ಬರೆಯಿರಿ, ನಂತರ ಖಚಿತಪಡಿಸಿ."),
        "msg.no_hint": "h{k} ಇಲ್ಲ: ಮೊದಲು hint ಬರೆಯಿರಿ.",
        "msg.hint_range": "h1 ರಿಂದ h{n} ರವರೆಗೆ ಆರಿಸಿ.",
        "msg.save_failed": ("ಉಳಿಸಲಾಗಲಿಲ್ಲ: {why}. ಆಟ ಮುಂದುವರಿಯುತ್ತದೆ; ಬೇರೆಡೆ ಉಳಿಸಲು save FILE ಬರೆಯಿರಿ."),
        "msg.cannot_save": "{path} ಗೆ ಉಳಿಸಲಾಗಲಿಲ್ಲ ({error})",
        "msg.save_where": "save FILE: ಈಗಿನ ಆಟದ ಫೈಲ್ {path}",
        "msg.saved_to": "ಆಟವನ್ನು {path} ಗೆ ಉಳಿಸಲಾಗಿದೆ (ಇನ್ನು ಪ್ರತಿ ಎಸೆತದ ನಂತರವೂ)",
        "msg.export_text": "ಈ ಎಸೆತದ ಮೊದಲಿನ ಸ್ಥಿತಿ, ಪಠ್ಯ ರೂಪದಲ್ಲಿ (ಮುಂದಿನ ಸಾಲು):",
        "msg.cannot_write": "{path} ಗೆ ಬರೆಯಲಾಗಲಿಲ್ಲ ({error})",
        "msg.exported": "ಈ ಎಸೆತದ ಮೊದಲಿನ ಸ್ಥಿತಿಯನ್ನು {path} ಗೆ ಬರೆಯಲಾಗಿದೆ (FORMAT.md JSON)",
        "status.all_played": "ಎಸೆತವನ್ನು ಪೂರ್ತಿ ಆಡಲಾಗಿದೆ.",
        "status.third": "ಮೂರನೇ ಜೋಡಿ ದಾಳ: ಹಿಂದಕ್ಕೆ ಹೋಗುವ ಕಾಯಿಯನ್ನು ಆರಿಸಿ.",
        "status.bot_played": "{who} ಆಡಿದ್ದು {notation}",
        "pass.third": "ಮೂರನೇ ಜೋಡಿ ದಾಳ, ಹಾಸಿನ ಮೇಲೆ ಕಾಯಿ ಇಲ್ಲ: ಸರದಿ ಮುಂದೆ ಹೋಗುತ್ತದೆ.",
        "pass.none": "{throw} ಗೆ ನಿಯಮಬದ್ಧ ನಡೆ ಇಲ್ಲ: ಯಾವುದೂ ನಡೆಯುವುದಿಲ್ಲ{extra}.",
        "pass.doublet": " (ಜೋಡಿ ದಾಳ: ಮತ್ತೆ ಎಸೆಯಿರಿ)",
        "pass.again": " (ಮತ್ತೆ ಎಸೆಯಿರಿ)",
        "steps.head": "{throw} ರ ಸಾಧ್ಯ ನಡೆಗಳು:",
        "steps.page": " {n} ರಲ್ಲಿ {first}-{stop}, ಪುಟ {page}/{pages} (> ಅಥವಾ Enter: ಮುಂದಿನದು, < ಹಿಂದೆ)",
        "caption.last": "ಹಿಂದಿನ ಎಸೆತ",
        "footer": "ಆಟದ ಫೈಲ್: {path}",
        "run.file": "ಆಟದ ಫೈಲ್: {path} (ಪ್ರತಿ ಎಸೆತದ ನಂತರ ಉಳಿಯುತ್ತದೆ)",
        "run.no_game": "ಯಾವ ಆಟವೂ ಆರಂಭವಾಗಲಿಲ್ಲ.",
        "run.interrupted_start": "ತಡೆಯಲಾಯಿತು: ಯಾವ ಆಟವೂ ಆರಂಭವಾಗಲಿಲ್ಲ.",
        "run.over": "ಈ ಆಟ ಮುಗಿದಿದೆ: {result}. ದಾಖಲೆ: {path}",
        "run.result": "{result}. ದಾಖಲೆ: {path}",
        "run.result_unsaved": "{result}. ಉಳಿಸಲಾಗಲಿಲ್ಲ: {why}.",
        "run.saved": "{how}ಆಟವನ್ನು {path} ಗೆ ಉಳಿಸಲಾಗಿದೆ. ಮುಂದುವರಿಸಲು: {resume}",
        "run.not_saved": "{how}ಆಟವನ್ನು ಉಳಿಸಲಾಗಲಿಲ್ಲ: {why}.",
        "run.interrupted": "ತಡೆಯಲಾಯಿತು. ",
        "run.input_ended": "ಇನ್‌ಪುಟ್ ಮುಗಿಯಿತು. ",
        "run.stopped": "ನಿಲ್ಲಿಸಲಾಯಿತು. ",
        "panel.title": "{title} · {n} ಆಟಗಾರರು",
        "panel.title_teams": "{title} · {n} ಆಟಗಾರರು, ತಂಡಗಳಲ್ಲಿ",
        "panel.to_play": " ಆಡುವ ಸರದಿ",
        "panel.to_throw": " ಎಸೆಯುವ ಸರದಿ",
        "panel.game_over": "ಆಟ ಮುಗಿಯಿತು: {result}",
        "panel.steps": "ಇದುವರೆಗಿನ ನಡೆಗಳು  {steps}",
        "panel.bonus": "ಬಾಕಿ ಬೋನಸ್  {bonuses}",
        "panel.doublets": "ಈ ಸರದಿಯ ಜೋಡಿ ದಾಳಗಳು: {n}",
        "panel.third": "ಮೂರನೇ ಜೋಡಿ ದಾಳ: ಮನೆಗೆ ಅತಿ ಹತ್ತಿರದ ಕಾಯಿ ಹಿಂದಕ್ಕೆ ಹೋಗುತ್ತದೆ",
        "panel.switches": "ನಿಯಮಗಳು: {options}",
        "panel.recent": "ಇತ್ತೀಚಿನ ನಡೆಗಳು",
        "panel.last": "ಹಿಂದಿನದು: {move}",
        "panel.latest": "ಇತ್ತೀಚಿನ ಎಸೆತಗಳು:",
        "panel.since": "ನಿಮ್ಮ ಹಿಂದಿನ ಸರದಿಯ ನಂತರ:",
        "panel.no_move": "ನಡೆ ಇಲ್ಲ",
        "panel.captured": "✖ ನಿಮ್ಮ {pawns} ಹಿಡಿಯಲಾಯಿತು",
        "panel.cut": "✖ ನಿಮ್ಮ {pawns} ಕತ್ತರಿಸಲಾಯಿತು",
        "panel.teams": "ತಂಡಗಳು: {teams}",
        "panel.vs": " ವಿರುದ್ಧ ",
        "panel.won": "★ ಗೆದ್ದರು",
        "legend.homeward": "ಮನೆಯ ಕಡೆಗೆ",
        "legend.x": "X ಚೌಕ",
        "log.preliminary": "ಮೊದಲ ಎಸೆತಗಳು: {throws}",
        "log.then": "; ನಂತರ ",
        "log.first": "{colours} ಮೊದಲು ಎಸೆಯುತ್ತದೆ",
        "corner.nest": "ಗೂಡು ",
        "corner.cut": "ಕತ್ತರಿಸಿದವು ",
        "corner.Home": "ಮನೆ ",
        "corner.HOME": "ಮನೆ ",
        "corner.has_cut": "ಕತ್ತರಿಸಿದೆ ✓",
        "corner.not_cut": "ಕತ್ತರಿಸಿಲ್ಲ",
        "corner.winner": "★ ಗೆದ್ದವರು",
        "corner.finished": "✓ ಮುಗಿಸಿದೆ ({n})",
        "corner.major": " ಮುಖ್ಯ",
        "corner.minor": " ಉಪ",
        # ಲೂಡೋ ಮತ್ತು ಮೆನ್ಷ್ ಏರ್ಗೆರೆ ಡಿಶ್ ನಿಶ್ಟ್: ಒಂದು ದಾಳ
        "help.die": (
            "ದಾಳ ಎಸೆದು ಮೇಲಿನ ಮುಖವನ್ನು ಬರೆಯಿರಿ, ಉದಾ. 5. q ಉಳಿಸಿ ನಿಲ್ಲಿಸುತ್ತದೆ; e FILE ಸ್ಥಿತಿಯನ್ನು ರಫ್ತು ಮಾಡುತ್ತದೆ."
        ),
        "prompt.die": "{who} ಅವರ ದಾಳ: ಬಿದ್ದ ಮುಖವನ್ನು ({faces}) ಬರೆಯಿರಿ, ಉದಾ. {example}: ",
        "error.die": "{answer}: {error}. ಮತ್ತೆ ಎಸೆದು ಮುಖವನ್ನು ಬರೆಯಿರಿ.",
        "status.third_six": "ಸತತ ಮೂರನೇ 6: ಈ ಎಸೆತ ರದ್ದು.",
        "pass.third_six": "ಸತತ ಮೂರನೇ 6: ಈ ಎಸೆತ ರದ್ದು, ಸರದಿ ಮುಂದೆ ಹೋಗುತ್ತದೆ.",
        "pass.six": " (6: ಮತ್ತೆ ಎಸೆಯಿರಿ)",
        "panel.sixes": "ಈ ಸರದಿಯಲ್ಲಿ ಸತತ 6: {n}",
        "panel.third_six": "ಸತತ ಮೂರನೇ 6: ರದ್ದು, ಸರದಿ ಮುಂದೆ",
        "panel.home": "ಮನೆ {n}",
        "panel.goal": "ಗುರಿ {n}",
        "legend.jump_star": "ಜಿಗಿಯುವ ನಕ್ಷತ್ರ",
        "legend.globe": "ಗೋಳ",
        "corner.yard": "ಅಂಗಳ ",
        "corner.goal": "ಗುರಿ ",
        "hint.rollouts": (
            "ಸುಳಿವು, ಗೆಲುವಿನ ಸಾಧ್ಯತೆಯ ಅಂಕಗಳಲ್ಲಿ: ಪ್ರತಿ ನಡೆಯನ್ನು {policy} ಗಣಕ {n} ಬಾರಿ ಕೊನೆಯವರೆಗೆ"
            " ಆಡಿತು, ಎಲ್ಲ ನಡೆಗಳಿಗೂ ಅದೇ ದಾಳ; ± ಒಂದು ಮಾನಕ ದೋಷ, ಎರಡರಿಂದ ವ್ಯತ್ಯಾಸ ಸ್ಪಷ್ಟ."
        ),
        "hint.exact": (
            "ಸುಳಿವು, ಗೆಲುವಿನ ಸಾಧ್ಯತೆಯ ಅಂಕಗಳಲ್ಲಿ, ನಿಖರ: ಪ್ರತಿ ನಡೆಯ ನಂತರ ಆಟ ನಿರ್ಧಾರವಾಗಿದೆ ಅಥವಾ ನೇರ ಓಟ"
            " (ಇನ್ನು ಯಾವ ಕಾಯಿಯನ್ನೂ ಹಿಂದೆ ಕಳುಹಿಸಲಾಗದು), ದಾಳದ ಪ್ರತಿ ಎಸೆತದ ಮೇಲೆ ಲೆಕ್ಕಹಾಕಲಾಗಿದೆ."
        ),
        "hint.best": "ನಿಮ್ಮ ಗೆಲುವಿನ ಸಾಧ್ಯತೆ {chance}",
        "hint.worse": "{points} ಅಂಕ ಕೆಟ್ಟದು",
        "hint.too_close": "ಹೇಳಲು ತುಂಬಾ ಹತ್ತಿರ ({points} ಅಂಕ ಕೆಟ್ಟದು)",
        "hint.certain_win": "ಖಚಿತ ಗೆಲುವು",
        "hint.certain_loss": "ಖಚಿತ ಸೋಲು",
        "hint.no_move": "ಯಾವ ನಡೆಯೂ ಇಲ್ಲ",
        "hint.network": "ಸುಳಿವು, ಗೆಲುವಿನ ಸಾಧ್ಯತೆಯ ಅಂಕಗಳಲ್ಲಿ ({ply} ಪ್ಲೈನಲ್ಲಿ ಜಾಲ {network}):",
        "msg.hint_working": "ಅತ್ಯುತ್ತಮ ನಡೆಗಳನ್ನು ಕೊನೆಯವರೆಗೆ ಆಡಲಾಗುತ್ತಿದೆ (ಕೆಲವು ಕ್ಷಣಗಳು)…",
    },
}

_FIELD = re.compile(r"\{(\w+)\}")


def say(lang: str, key: str, **values: object) -> str:
    """The sentence ``key`` in ``lang`` (English where the language has none), with its
    ``{name}`` fields filled from ``values``."""
    table = MESSAGES.get(lang, MESSAGES["en"])
    template = table.get(key, MESSAGES["en"][key])
    return _FIELD.sub(lambda m: str(values.get(m.group(1), m.group(0))), template)
