"""The words of learning to play, in English, Hindi and Kannada (RULES.md in plain words).

The rules pages' lessons (``learn.rule.<id>.title`` and ``.text``, one per
rule of :data:`pachisi.web.learn.RULES`), their topics, the first game's
lessons (``learn.lesson.<name>.*``), the rules a refused move breaks
(``learn.why.<reason>``) and the tutorial's own words. They join the site's
catalogue (:func:`pachisi.web.messages.catalogue`). The terms are the site's:
Hindi प्यादा, घोंसला, सुरक्षित खाना, नाकाबंदी, डबलट, होम, घर का रास्ता (Pagade:
कट / काटना, बेली / पेट, प्यादा-पेयर / जोड़ी); Kannada ಕಾಯಿ, ಗೂಡು, ಸುರಕ್ಷಿತ ಚೌಕ, ತಡೆಗೋಡೆ,
ಜೋಡಿ ದಾಳ, ಮನೆ, ಮನೆಯ ದಾರಿ (Pagade: ಕತ್ತರಿಸು, ಹೊಟ್ಟೆ, ಜೋಡಿ).
"""

from __future__ import annotations

__all__ = ["LEARN_WORDS"]

_EN: dict[str, str] = {
    # the rules pages
    "learn.topic.board": "The board",
    "learn.topic.entering": "Entering",
    "learn.topic.moving": "Moving",
    "learn.topic.captures": "Captures and safety",
    "learn.topic.blockades": "Blockades",
    "learn.topic.pairs": "Pairs",
    "learn.topic.doublets": "Doublets and extra throws",
    "learn.topic.bonuses": "Bonuses",
    "learn.topic.finishing": "Finishing and winning",
    "learn.section": "§ {n}",
    "learn.section_label": "Section {n} of the rule book",
    "learn.contents": "Contents",
    "learn.how": "How to play",
    "learn.intro": (
        "The rules in the order you meet them in a game, each with a small board. A coloured"
        " frame shows where a pawn goes; an orange frame, a square the rule is about."
    ),
    "learn.throw": "Throw: {dice}",
    "learn.no_move": "Nothing moves.",
    "learn.try_it": "Learn Parcheesi in five minutes: play a first game",
    "learn.rule.board.cross.title": "A cross of four arms",
    "learn.rule.board.cross.text": (
        "The board is a cross: 68 squares run round it, shared by everyone, and up the middle of"
        " each arm seven squares lead to HOME in the centre: the home path of that arm's colour."
        " Each player has four pawns, which start in the nest, the corner beside his arm, and"
        " travel anticlockwise once round the board and up his home path to HOME."
    ),
    "learn.rule.board.safety.title": "Safety spaces",
    "learn.rule.board.safety.text": (
        "Twelve squares carry a star: they are safety spaces. Each colour's entry space (row 4 of"
        " the right-hand column of its arm) and exit space (the end of its arm, where the pawn"
        " turns into its home path) are among them."
    ),
    "learn.rule.turns.highest.title": "Players and turns",
    "learn.rule.turns.highest.text": (
        "Two, three or four players, each with one colour. Everyone throws one die; the highest"
        " starts (ties throw again). Then the turn goes to the left: red, green, yellow, blue."
        " Four players may play as two teams, partners sitting opposite."
    ),
    "learn.rule.turns.lowest.title": "Players and turns",
    "learn.rule.turns.lowest.text": (
        "Two, three or four players, each with one colour; there are no teams. Everyone throws"
        " both dice; the lowest total starts (ties throw again). Then the turn goes to the left:"
        " red, green, yellow, blue."
    ),
    "learn.rule.turns.eight.title": "Players and turns",
    "learn.rule.turns.eight.text": (
        "Two players, sitting opposite. Each throws one die; the highest starts (ties throw"
        " again). Then the two take turns."
    ),
    "learn.rule.finish.win_alone.title": "Winning",
    "learn.rule.finish.win_alone.text": "The first player to bring all four pawns HOME wins.",
    "learn.rule.eight.colours.title": "Two colours each",
    "learn.rule.eight.colours.text": (
        "Two players: one plays red and yellow, the other blue and green. Each names one of his"
        " colours major, the other minor. A player moves any of his eight pawns; his two colours"
        " never capture each other and may share a square, forming a blockade. Each colour"
        " enters from its own nest onto its own entry space."
    ),
    "learn.rule.enter.five.title": "A 5 brings a pawn out",
    "learn.rule.enter.five.text": (
        "A pawn leaves its nest for its entry space only with a 5: one die showing 5, or two dice"
        " adding up to 5 (1 and 4, 2 and 3). It goes no further with that number; the other die"
        " may then move it or another pawn."
    ),
    "learn.rule.enter.compulsory.title": "Entering comes first",
    "learn.rule.enter.compulsory.text": (
        "Entering is compulsory: whenever a 5 (or a total of 5) can bring a pawn out, you must"
        " enter it, even if you would rather move a pawn on the board. An entry space holding two"
        " pawns, of any colours, is closed."
    ),
    "learn.rule.enter.capture.title": "Capturing on the entry space",
    "learn.rule.enter.capture.text": (
        "A pawn entering onto its entry space captures a single opponent pawn standing there,"
        " although the entry is a safety space. If the pawn there is your own, the two form a"
        " blockade."
    ),
    "learn.rule.move.hops.title": "Moving: one number after the other",
    "learn.rule.move.hops.text": (
        "Each number of the throw moves one pawn forward that many squares. A pawn may use both"
        " numbers, one after the other: it really stops between them, and may capture there."
        " You must use as many numbers as you can."
    ),
    "learn.rule.move.jump.title": "Moving: one jump",
    "learn.rule.move.jump.text": (
        "Each number of the throw moves one pawn forward that many squares. A pawn using both"
        " numbers makes one jump of their sum: the square in between does not count (no capture"
        " there), but it still cannot jump over a blockade. You must use as many numbers as you"
        " can."
    ),
    "learn.rule.move.larger.title": "Only one die: the larger",
    "learn.rule.move.larger.text": (
        "When only one die of a throw can be used (and it is not a doublet), it must be the larger"
        " one if that one can be used. Here a blockade stops the pawn from using both, so it moves"
        " 4, not 2."
    ),
    "learn.rule.move.choose.title": "Only one die: your choice",
    "learn.rule.move.choose.text": (
        "When only one die of a throw can be used, you choose which one. Here a blockade stops the"
        " pawn from using both, so it moves 2 or 4."
    ),
    "learn.rule.move.home_path.title": "Into the home path",
    "learn.rule.move.home_path.text": (
        "A pawn goes round the board once: after its exit space it turns into its own home path"
        " up the middle of its arm. No other colour ever goes there, so a pawn on its home path"
        " cannot be captured."
    ),
    "learn.rule.capture.land.title": "Capturing",
    "learn.rule.capture.land.text": (
        "A pawn that ends a move on a square holding a single opponent pawn captures it: the"
        " captured pawn goes back to its nest and must enter again with a 5. Passing over a pawn"
        " does nothing."
    ),
    "learn.rule.capture.safety.title": "Safe on a safety space",
    "learn.rule.capture.safety.text": (
        "A pawn on a safety space cannot be captured: no opponent may land there while it stands"
        " there (except by entering, on the entry space). Here red may not stop on the star, but"
        " may pass it."
    ),
    "learn.rule.blockade.block.title": "Blockades",
    "learn.rule.blockade.block.text": (
        "Two pawns on one square form a blockade; no square ever holds more than two. No pawn may"
        " pass a blockade or land on it, not even its owner's. Here red cannot pass the blockade"
        " ahead and can use only the 1."
    ),
    "learn.rule.blockade.still.title": "A blockade does not walk",
    "learn.rule.blockade.still.text": (
        "The two pawns of a blockade may not move on together to stand together on another square"
        " at the end of the throw. They may separate, or one may move twice."
    ),
    "learn.rule.blockade.walk.title": "A blockade may walk",
    "learn.rule.blockade.walk.text": (
        "The two pawns of a blockade may move on together and stand together again on another"
        " square at the end of the throw."
    ),
    "learn.rule.doublet.extra.title": "A doublet throws again",
    "learn.rule.doublet.extra.text": (
        "When both dice show the same number (a doublet), you throw again after playing it."
        " A double 5 may bring two pawns out."
    ),
    "learn.rule.doublet.bottoms.title": "Doublets count their bottoms",
    "learn.rule.doublet.bottoms.text": (
        "Once none of your pawns is in the nest, a doublet also gives the bottom faces of the two"
        " dice (7 minus the top): a double 2 gives 2, 2, 5 and 5, fourteen in all, shared among"
        " your pawns as you like. Bottom faces never bring a pawn out."
    ),
    "learn.rule.doublet.all_or_nothing.title": "All fourteen or nothing",
    "learn.rule.doublet.all_or_nothing.text": (
        "If not every number of a doublet with its bottoms can be used, nothing moves, but you"
        " still throw again. Here the 6, 6, 1, 1 cannot all be used."
    ),
    "learn.rule.doublet.forfeit.title": "Use what you can, lose the extra throw",
    "learn.rule.doublet.forfeit.text": (
        "If not every number of a doublet can be used, use as many as you can, and you lose the"
        " extra throw."
    ),
    "learn.rule.doublet.third.title": "The third doublet",
    "learn.rule.doublet.third.text": (
        "A third doublet in a row is not played: your pawn nearest HOME (on the board or on its"
        " home path) goes back to its nest, and your turn ends. Pawns at HOME are safe."
    ),
    "learn.rule.bonus.capture.title": "Twenty for a capture",
    "learn.rule.bonus.capture.text": (
        "Each capture earns a bonus move of 20 squares, taken after the dice by one of your pawns"
        " on the board, all 20 by the same pawn. It must be taken if any pawn can; otherwise it"
        " is lost."
    ),
    "learn.rule.bonus.home.title": "Ten for reaching HOME",
    "learn.rule.bonus.home.text": (
        "Each pawn reaching HOME earns a bonus move of 10 squares, taken the same way by one other"
        " pawn on the board. A bonus move that captures or reaches HOME earns its own bonus too."
    ),
    "learn.rule.bonus.home_none.title": "No bonus for HOME",
    "learn.rule.bonus.home_none.text": (
        "A pawn reaching HOME earns no bonus move; only a capture does (20 squares)."
    ),
    "learn.rule.finish.exact.title": "HOME by the exact count",
    "learn.rule.finish.exact.text": (
        "HOME is one step beyond the last square of the home path, and a pawn reaches it only by"
        " the exact count. Here the 5 would go too far, so red uses the 3."
    ),
    "learn.rule.finish.doublet_whole.title": "HOME on a doublet",
    "learn.rule.finish.doublet_whole.text": (
        "On a doublet a pawn reaches HOME by the dice only if it has used every number of the"
        " throw itself: here the pawn 14 squares away goes HOME with 3, 3, 4 and 4; the nearer"
        " pawn may not go HOME with part of them."
    ),
    "learn.rule.finish.doublet_part.title": "HOME on a doublet",
    "learn.rule.finish.doublet_part.text": (
        "On a doublet a pawn may reach HOME with some of the numbers while other pawns use the"
        " rest."
    ),
    "learn.rule.finish.win.title": "Winning",
    "learn.rule.finish.win.text": (
        "The first player to bring all four pawns HOME wins. In a team game the first team whose"
        " two players have both finished wins; partners never capture each other and may form"
        " blockades together."
    ),
    "learn.rule.eight.options.title": "Doublets with one nest empty",
    "learn.rule.eight.options.text": (
        "When one of your colours has no pawn in its nest and the other has, a doublet offers"
        " three number sets: A, the tops and bottoms for the colour that is out; B, the two tops"
        " for the colour still in its nest; C, a top and a bottom for the colour that is out and"
        " the other top for the one in its nest."
    ),
    "learn.rule.eight.third.title": "The third doublet",
    "learn.rule.eight.third.text": (
        "A third doublet in a row is not played: the pawn nearest its own HOME, of either of your"
        " colours, goes back to its nest, and your turn ends."
    ),
    "learn.rule.eight.win.title": "Winning: four and three",
    "learn.rule.eight.win.text": (
        "A player wins when four pawns of his major colour and three of his minor colour are"
        " HOME; the eighth pawn need not finish. Four minor and three major is not a win."
    ),
    "learn.rule.pagade.board.title": "The cloth",
    "learn.rule.pagade.board.text": (
        "The board is a cross: 68 squares run round it, and up the middle of each arm seven"
        " squares, the belly of that arm's colour, lead to Home in the centre. Twelve squares are"
        " marked with an X. Four colours play: red, black, yellow and green, four pawns each."
    ),
    "learn.rule.pagade.start.title": "The pawns start on the board",
    "learn.rule.pagade.start.text": (
        "Each colour starts with two pawns in its belly, on squares 6 and 7, and a pair on its"
        " square 12. A pawn goes out along its belly, once round the board, and back up its belly"
        " to Home."
    ),
    "learn.rule.pagade.turns.title": "Players and turns",
    "learn.rule.pagade.turns.text": (
        "Four players with one colour each, alone or as two teams of partners sitting opposite;"
        " or two players with two colours each. Everyone throws both dice; the highest total"
        " starts, and the turn goes the way the pawns move: red, black, yellow, green."
    ),
    "learn.rule.pagade.sticks.title": "Stick dice and doublets",
    "learn.rule.pagade.sticks.text": (
        "Two long stick dice show 1, 3, 4 or 6. Every throw ends the turn: there are no extra"
        " throws, not even for a doublet; a doublet only lets a pair move together."
    ),
    "learn.rule.pagade.reenter.title": "Re-entering a cut pawn",
    "learn.rule.pagade.reenter.text": (
        "A cut pawn is off the board. While you have one, each die must bring one back: a die of"
        " value v puts it on square v of its belly. With only one cut pawn it may instead come"
        " back with the sum of both dice."
    ),
    "learn.rule.pagade.move.title": "Moving",
    "learn.rule.pagade.move.text": (
        "A pawn moves forward by one die, or by the sum of both dice as one jump. Nothing blocks"
        " the way: a pawn may jump over any pawns."
    ),
    "learn.rule.pagade.use.title": "Use both dice if you can",
    "learn.rule.pagade.use.text": (
        "You must use both dice if any play can; otherwise one, the one you choose; otherwise the"
        " throw passes."
    ),
    "learn.rule.pagade.cut.title": "Cutting",
    "learn.rule.pagade.cut.text": (
        "A pawn landing on a square with a single opponent pawn cuts it: the cut pawn leaves the"
        " board. Cutting gives no extra throw and no bonus, but it opens the belly (below)."
    ),
    "learn.rule.pagade.x.title": "The X squares",
    "learn.rule.pagade.x.text": (
        "The X-marked squares protect nobody: a pawn on one can be cut. Only the belly is safe."
    ),
    "learn.rule.pagade.pair.title": "Pairs",
    "learn.rule.pagade.pair.text": (
        "Two pawns of one colour on a square form a pair; a square holds at most two pawns, of one"
        " colour. A single pawn never cuts a pair. On a doublet two pawns of a pair may move"
        " together by one die, and a pair moving together may cut a pair."
    ),
    "learn.rule.pagade.belly.title": "Cut before you go Home",
    "learn.rule.pagade.belly.text": (
        "A pawn may turn into its belly on the way Home only once its player has cut an opponent"
        " pawn; until then it waits at its square 8."
    ),
    "learn.rule.pagade.home.title": "Home by the exact count",
    "learn.rule.pagade.home.text": (
        "Home is reached only by the exact count, with one die, the sum or a pair move."
    ),
    "learn.rule.pagade.win.title": "Winning",
    "learn.rule.pagade.win.text": (
        "The first player with all his pawns Home wins; partners win together when both have"
        " finished. The others may play on for the places if the game was set up so."
    ),
    # the first game
    "learn.page_title": "Learn to play",
    "learn.title": "Learn Parcheesi in five minutes",
    "learn.lead": (
        "Six short lessons: each sets up a position and a throw, and asks you for one move. You"
        " play red."
    ),
    "learn.how_to": "Tap one of your pawns, then a die (or a lit square).",
    "learn.lesson_of": "Lesson {n} of {total}",
    "learn.dice": "The dice",
    "learn.die": "Move {n}",
    "learn.bonus_die": "Bonus {n}",
    "learn.bonus_take": "Take the bonus: tap a pawn, then the bonus.",
    "learn.pick_pawn": "First tap one of your red pawns.",
    "learn.not_yours": "That is not your pawn: you play red.",
    "learn.refused": "Not allowed: {why}",
    "learn.rule_ref": "(rule book § {n})",
    "learn.undo": "Undo",
    "learn.restart": "Start the lesson again",
    "learn.next": "Next lesson",
    "learn.finish_all": "Play a real game",
    "learn.all_done": "You have played your first game. You know enough to play Parcheesi!",
    "learn.played": "You played: {play}",
    "learn.rules_link": "All the rules of Parcheesi",
    "learn.banner": "New here? Learn Parcheesi in five minutes.",
    "learn.banner_go": "Learn to play",
    "learn.banner_dismiss": "Not now",
    "learn.lesson.enter.title": "Enter with a 5",
    "learn.lesson.enter.task": (
        "All your pawns are in the nest, and you threw 5 and 2. Bring a pawn out with the 5,"
        " then move it on with the 2."
    ),
    "learn.lesson.enter.done": "Well done: a 5 brings a pawn out onto its entry space.",
    "learn.lesson.enter.again": "Bring a pawn out of the nest with the 5.",
    "learn.lesson.capture.title": "Capture",
    "learn.lesson.capture.task": (
        "A yellow pawn stands 4 squares ahead of your pawn. Land on it with the 4 to capture it,"
        " then use the 2, then take your bonus of 20."
    ),
    "learn.lesson.capture.done": (
        "Captured! The yellow pawn went back to its nest, and you moved 20 squares for it."
    ),
    "learn.lesson.capture.again": "Land on the yellow pawn with the 4.",
    "learn.lesson.safety.title": "Reach a safety space",
    "learn.lesson.safety.task": (
        "A yellow pawn lurks 5 squares behind your front pawn. Move that pawn 4 onto the star,"
        " a safety space where it cannot be captured, and use the 6 elsewhere."
    ),
    "learn.lesson.safety.done": "Safe: no pawn may land on your pawn on a safety space.",
    "learn.lesson.safety.again": "End the throw with your threatened pawn on the star.",
    "learn.lesson.blockade.title": "Form a blockade",
    "learn.lesson.blockade.task": (
        "Move a pawn 4 to stand beside your other pawn: two pawns on one square form a blockade"
        " that nobody may pass. Use the 3 with another pawn."
    ),
    "learn.lesson.blockade.done": "A blockade: no pawn can pass it or land on it.",
    "learn.lesson.blockade.again": "End the throw with two of your pawns on one square.",
    "learn.lesson.doublet.title": "Use a doublet",
    "learn.lesson.doublet.task": (
        "A double 3! All your pawns are out of the nest, so the bottom faces count too: 3, 3, 4"
        " and 4. Use all four numbers."
    ),
    "learn.lesson.doublet.done": "Fourteen squares, and after a doublet you throw again.",
    "learn.lesson.doublet.again": "Use all four numbers of the doublet.",
    "learn.lesson.finish.title": "Finish",
    "learn.lesson.finish.task": (
        "Three of your pawns are HOME; the last needs exactly 6. Bring it HOME to win."
    ),
    "learn.lesson.finish.done": "All four pawns HOME: you win!",
    "learn.lesson.finish.again": "Bring your last pawn HOME with the 6.",
    "learn.not_quite": "Not quite. {again}",
    "learn.why.at_home": "this pawn is HOME already and moves no more",
    "learn.why.bonus_nest": "a pawn in the nest cannot take a bonus",
    "learn.why.entry_blocked": "the entry space holds two pawns, so no pawn can enter",
    "learn.why.enter_five": "a pawn leaves the nest only with a 5 (or two dice adding up to 5)",
    "learn.why.exact_home": "HOME is reached only by the exact count, and this goes too far",
    "learn.why.pass_blockade": "no pawn may pass a blockade",
    "learn.why.land_blockade": "no pawn may land on a blockade",
    "learn.why.safe_square": "a pawn on a safety space cannot be captured",
    "learn.why.must_enter": "you must bring a pawn out of the nest when you can",
    "learn.why.larger_die": "when only one die can be used, it must be the larger",
    "learn.why.use_most": (
        "the throw must be used as fully as the rules allow, and this would leave less used"
    ),
}

_HI: dict[str, str] = {
    "learn.topic.board": "बोर्ड",
    "learn.topic.entering": "प्रवेश",
    "learn.topic.moving": "चलना",
    "learn.topic.captures": "पकड़ना और सुरक्षा",
    "learn.topic.blockades": "नाकाबंदी",
    "learn.topic.pairs": "जोड़ियाँ",
    "learn.topic.doublets": "डबलट और अतिरिक्त फेंक",
    "learn.topic.bonuses": "बोनस",
    "learn.topic.finishing": "पूरा करना और जीतना",
    "learn.section": "§ {n}",
    "learn.section_label": "नियम-पुस्तिका का खंड {n}",
    "learn.contents": "विषय-सूची",
    "learn.how": "कैसे खेलें",
    "learn.intro": (
        "नियम उसी क्रम में जिसमें वे खेल में सामने आते हैं, हर नियम के साथ एक छोटा बोर्ड। रंगीन"
        " घेरा दिखाता है कि प्यादा कहाँ जाता है; नारंगी घेरा वह खाना जिसकी बात नियम करता है।"
    ),
    "learn.throw": "फेंक: {dice}",
    "learn.no_move": "कुछ नहीं चलता।",
    "learn.try_it": "पाँच मिनट में पार्चीसी सीखें: पहला खेल खेलें",
    "learn.rule.board.cross.title": "चार भुजाओं वाला क्रॉस",
    "learn.rule.board.cross.text": (
        "बोर्ड एक क्रॉस है: उसके चारों ओर 68 खाने हैं, जो सबके साझा हैं, और हर भुजा के बीच में सात"
        " खाने बीच के होम तक जाते हैं: यह उस भुजा के रंग का घर का रास्ता है। हर खिलाड़ी के चार प्यादे"
        " हैं, जो घोंसले में (उसकी भुजा के पास के कोने में) शुरू होते हैं और घड़ी की उलटी दिशा में"
        " बोर्ड का एक चक्कर लगाकर अपने घर के रास्ते से होम पहुँचते हैं।"
    ),
    "learn.rule.board.safety.title": "सुरक्षित खाने",
    "learn.rule.board.safety.text": (
        "बारह खानों पर तारा बना है: ये सुरक्षित खाने हैं। हर रंग का प्रवेश का खाना (उसकी भुजा के दाएँ"
        " स्तंभ की चौथी पंक्ति) और निकास का खाना (भुजा का सिरा, जहाँ से प्यादा घर के रास्ते में"
        " मुड़ता है) इन्हीं में हैं।"
    ),
    "learn.rule.turns.highest.title": "खिलाड़ी और बारी",
    "learn.rule.turns.highest.text": (
        "दो, तीन या चार खिलाड़ी, हर एक का एक रंग। सब एक डाइस फेंकते हैं; सबसे बड़े अंक वाला शुरू"
        " करता है (बराबरी पर फिर फेंकते हैं)। फिर बारी बाईं ओर जाती है: रेड, ग्रीन, येलो, ब्लू।"
        " चार खिलाड़ी आमने-सामने बैठे साथियों की दो टीमों में भी खेल सकते हैं।"
    ),
    "learn.rule.turns.lowest.title": "खिलाड़ी और बारी",
    "learn.rule.turns.lowest.text": (
        "दो, तीन या चार खिलाड़ी, हर एक का एक रंग; टीमें नहीं होतीं। सब दोनों डाइस फेंकते हैं; सबसे"
        " छोटे जोड़ वाला शुरू करता है (बराबरी पर फिर फेंकते हैं)। फिर बारी बाईं ओर जाती है: रेड,"
        " ग्रीन, येलो, ब्लू।"
    ),
    "learn.rule.turns.eight.title": "खिलाड़ी और बारी",
    "learn.rule.turns.eight.text": (
        "दो खिलाड़ी, आमने-सामने बैठे। हर एक एक डाइस फेंकता है; सबसे बड़े अंक वाला शुरू करता है"
        " (बराबरी पर फिर फेंकते हैं)। फिर दोनों बारी-बारी से खेलते हैं।"
    ),
    "learn.rule.finish.win_alone.title": "जीतना",
    "learn.rule.finish.win_alone.text": "जो खिलाड़ी सबसे पहले अपने चारों प्यादे होम पहुँचाए, वह जीतता है।",
    "learn.rule.eight.colours.title": "हर खिलाड़ी के दो रंग",
    "learn.rule.eight.colours.text": (
        "दो खिलाड़ी: एक रेड और येलो खेलता है, दूसरा ब्लू और ग्रीन। हर खिलाड़ी अपना एक रंग मुख्य"
        " चुनता है, दूसरा गौण होता है। खिलाड़ी अपने आठों प्यादों में से कोई भी चला सकता है; उसके दोनों"
        " रंग एक-दूसरे को कभी नहीं पकड़ते और एक खाने पर साथ खड़े होकर नाकाबंदी बना सकते हैं। हर रंग"
        " अपने घोंसले से अपने प्रवेश के खाने पर आता है।"
    ),
    "learn.rule.enter.five.title": "5 से प्यादा बाहर आता है",
    "learn.rule.enter.five.text": (
        "प्यादा घोंसले से अपने प्रवेश के खाने पर केवल 5 से आता है: एक डाइस पर 5, या दो डाइस जिनका"
        " जोड़ 5 हो (1 और 4, 2 और 3)। उस अंक से वह आगे नहीं जाता; दूसरा डाइस फिर उसे या किसी और"
        " प्यादे को चला सकता है।"
    ),
    "learn.rule.enter.compulsory.title": "पहले प्रवेश",
    "learn.rule.enter.compulsory.text": (
        "प्रवेश ज़रूरी है: जब भी 5 (या 5 का जोड़) किसी प्यादे को बाहर ला सके, उसे लाना ही होगा, चाहे"
        " आप बोर्ड पर कोई और प्यादा चलाना चाहें। जिस प्रवेश के खाने पर दो प्यादे हों (किसी भी रंग"
        " के), वह बंद है।"
    ),
    "learn.rule.enter.capture.title": "प्रवेश के खाने पर पकड़ना",
    "learn.rule.enter.capture.text": (
        "अपने प्रवेश के खाने पर आता प्यादा वहाँ खड़े विरोधी के अकेले प्यादे को पकड़ लेता है, भले ही"
        " प्रवेश का खाना सुरक्षित खाना है। अगर वहाँ आपका अपना प्यादा हो, तो दोनों नाकाबंदी बनाते हैं।"
    ),
    "learn.rule.move.hops.title": "चलना: एक अंक, फिर दूसरा",
    "learn.rule.move.hops.text": (
        "फेंक का हर अंक एक प्यादे को उतने खाने आगे चलाता है। एक प्यादा दोनों अंक एक के बाद एक चल"
        " सकता है: बीच में वह सचमुच रुकता है, और वहाँ पकड़ भी सकता है। जितने अंक चल सकें, उतने"
        " चलने होंगे।"
    ),
    "learn.rule.move.jump.title": "चलना: एक छलांग",
    "learn.rule.move.jump.text": (
        "फेंक का हर अंक एक प्यादे को उतने खाने आगे चलाता है। दोनों अंक चलने वाला प्यादा उनके जोड़ की"
        " एक छलांग लगाता है: बीच का खाना नहीं गिना जाता (वहाँ पकड़ नहीं), पर नाकाबंदी को वह फिर भी"
        " नहीं लाँघ सकता। जितने अंक चल सकें, उतने चलने होंगे।"
    ),
    "learn.rule.move.larger.title": "केवल एक डाइस: बड़ा वाला",
    "learn.rule.move.larger.text": (
        "जब फेंक का केवल एक डाइस चल सके (और डबलट न हो), तो बड़ा डाइस चलना होगा, यदि वह चल सकता"
        " हो। यहाँ नाकाबंदी के कारण प्यादा दोनों नहीं चल सकता, इसलिए वह 4 चलता है, 2 नहीं।"
    ),
    "learn.rule.move.choose.title": "केवल एक डाइस: आपकी पसंद",
    "learn.rule.move.choose.text": (
        "जब फेंक का केवल एक डाइस चल सके, तो आप चुनते हैं कौन सा। यहाँ नाकाबंदी के कारण प्यादा दोनों"
        " नहीं चल सकता, इसलिए वह 2 या 4 चलता है।"
    ),
    "learn.rule.move.home_path.title": "घर के रास्ते में",
    "learn.rule.move.home_path.text": (
        "प्यादा बोर्ड का एक ही चक्कर लगाता है: अपने निकास के खाने के बाद वह अपनी भुजा के बीच वाले"
        " अपने घर के रास्ते में मुड़ता है। कोई दूसरा रंग वहाँ कभी नहीं जाता, इसलिए घर के रास्ते पर"
        " प्यादा पकड़ा नहीं जा सकता।"
    ),
    "learn.rule.capture.land.title": "पकड़ना",
    "learn.rule.capture.land.text": (
        "जो प्यादा ऐसे खाने पर रुके जहाँ विरोधी का अकेला प्यादा हो, वह उसे पकड़ लेता है: पकड़ा गया"
        " प्यादा अपने घोंसले में लौटता है और उसे फिर 5 से प्रवेश करना होगा। किसी प्यादे के ऊपर से"
        " गुज़रने से कुछ नहीं होता।"
    ),
    "learn.rule.capture.safety.title": "सुरक्षित खाने पर बचाव",
    "learn.rule.capture.safety.text": (
        "सुरक्षित खाने पर खड़ा प्यादा पकड़ा नहीं जा सकता: जब तक वह वहाँ है, कोई विरोधी वहाँ नहीं रुक"
        " सकता (प्रवेश के खाने पर प्रवेश करते हुए छोड़कर)। यहाँ रेड तारे पर नहीं रुक सकता, पर उसके"
        " आगे जा सकता है।"
    ),
    "learn.rule.blockade.block.title": "नाकाबंदी",
    "learn.rule.blockade.block.text": (
        "एक खाने पर दो प्यादे नाकाबंदी बनाते हैं; किसी खाने पर दो से ज़्यादा प्यादे कभी नहीं होते।"
        " कोई प्यादा नाकाबंदी को लाँघ नहीं सकता, न उस पर रुक सकता है, उसके मालिक का भी नहीं। यहाँ"
        " रेड आगे की नाकाबंदी नहीं लाँघ सकता और केवल 1 चल सकता है।"
    ),
    "learn.rule.blockade.still.title": "नाकाबंदी आगे नहीं चलती",
    "learn.rule.blockade.still.text": (
        "नाकाबंदी के दोनों प्यादे साथ आगे बढ़कर फेंक के अंत में किसी दूसरे खाने पर साथ नहीं खड़े हो"
        " सकते। वे अलग हो सकते हैं, या एक प्यादा दो बार चल सकता है।"
    ),
    "learn.rule.blockade.walk.title": "नाकाबंदी आगे चल सकती है",
    "learn.rule.blockade.walk.text": (
        "नाकाबंदी के दोनों प्यादे साथ आगे बढ़कर फेंक के अंत में किसी दूसरे खाने पर फिर साथ खड़े हो सकते हैं।"
    ),
    "learn.rule.doublet.extra.title": "डबलट पर फिर फेंकें",
    "learn.rule.doublet.extra.text": (
        "जब दोनों डाइस पर एक ही अंक आए (डबलट), तो उसे चलने के बाद आप फिर फेंकते हैं। दोहरा 5 दो"
        " प्यादों को बाहर ला सकता है।"
    ),
    "learn.rule.doublet.bottoms.title": "डबलट में नीचे के मुख भी गिने जाते हैं",
    "learn.rule.doublet.bottoms.text": (
        "जब आपका कोई प्यादा घोंसले में न हो, तो डबलट दोनों डाइस के नीचे के मुख भी देता है (7 में से"
        " ऊपर का अंक घटाकर): दोहरा 2 देता है 2, 2, 5 और 5, कुल चौदह, जिन्हें अपने प्यादों में जैसे"
        " चाहें बाँटें। नीचे के मुख से कोई प्यादा बाहर नहीं आता।"
    ),
    "learn.rule.doublet.all_or_nothing.title": "पूरे चौदह या कुछ नहीं",
    "learn.rule.doublet.all_or_nothing.text": (
        "यदि नीचे के मुखों समेत डबलट का हर अंक न चल सके, तो कुछ नहीं चलता, पर आप फिर भी दोबारा"
        " फेंकते हैं। यहाँ 6, 6, 1, 1 सब नहीं चल सकते।"
    ),
    "learn.rule.doublet.forfeit.title": "जो चल सके चलें, अतिरिक्त फेंक खोएँ",
    "learn.rule.doublet.forfeit.text": (
        "यदि डबलट का हर अंक न चल सके, तो जितने चल सकें उतने चलें, और अतिरिक्त फेंक खो जाती है।"
    ),
    "learn.rule.doublet.third.title": "तीसरा डबलट",
    "learn.rule.doublet.third.text": (
        "लगातार तीसरा डबलट चला नहीं जाता: आपका होम के सबसे पास वाला प्यादा (बोर्ड पर या घर के रास्ते"
        " पर) अपने घोंसले में लौटता है, और आपकी बारी खत्म हो जाती है। होम पहुँचे प्यादे सुरक्षित हैं।"
    ),
    "learn.rule.bonus.capture.title": "पकड़ने पर बीस",
    "learn.rule.bonus.capture.text": (
        "हर बार पकड़ने पर 20 खानों की बोनस चाल मिलती है, जो डाइस के बाद बोर्ड पर आपका कोई एक प्यादा"
        " पूरी चलता है। यदि कोई प्यादा उसे चल सके तो चलनी ही होगी; नहीं तो वह खो जाती है।"
    ),
    "learn.rule.bonus.home.title": "होम पहुँचने पर दस",
    "learn.rule.bonus.home.text": (
        "होम पहुँचने वाले हर प्यादे पर 10 खानों की बोनस चाल मिलती है, जिसे उसी तरह बोर्ड पर कोई दूसरा"
        " प्यादा चलता है। जो बोनस चाल पकड़े या होम पहुँचे, वह भी अपना बोनस कमाती है।"
    ),
    "learn.rule.bonus.home_none.title": "होम पर कोई बोनस नहीं",
    "learn.rule.bonus.home_none.text": (
        "होम पहुँचने पर कोई बोनस चाल नहीं मिलती; केवल पकड़ने पर मिलती है (20 खाने)।"
    ),
    "learn.rule.finish.exact.title": "ठीक गिनती से होम",
    "learn.rule.finish.exact.text": (
        "होम घर के रास्ते के आखिरी खाने से एक कदम आगे है, और प्यादा वहाँ केवल ठीक गिनती से पहुँचता"
        " है। यहाँ 5 बहुत आगे ले जाता, इसलिए रेड 3 चलता है।"
    ),
    "learn.rule.finish.doublet_whole.title": "डबलट पर होम",
    "learn.rule.finish.doublet_whole.text": (
        "डबलट पर कोई प्यादा डाइस से होम तभी पहुँचता है जब उसने फेंक का हर अंक खुद चला हो: यहाँ चौदह"
        " खाने दूर वाला प्यादा 3, 3, 4 और 4 से होम जाता है; पास वाला प्यादा उनमें से कुछ अंकों से होम"
        " नहीं जा सकता।"
    ),
    "learn.rule.finish.doublet_part.title": "डबलट पर होम",
    "learn.rule.finish.doublet_part.text": (
        "डबलट पर कोई प्यादा कुछ अंकों से होम पहुँच सकता है, बाकी अंक दूसरे प्यादे चलें।"
    ),
    "learn.rule.finish.win.title": "जीतना",
    "learn.rule.finish.win.text": (
        "जो खिलाड़ी सबसे पहले अपने चारों प्यादे होम पहुँचाए, वह जीतता है। टीम के खेल में वह टीम"
        " जीतती है जिसके दोनों खिलाड़ी पहले पूरे कर लें; साथी एक-दूसरे को कभी नहीं पकड़ते और मिलकर"
        " नाकाबंदी बना सकते हैं।"
    ),
    "learn.rule.eight.options.title": "एक घोंसला खाली हो तो डबलट",
    "learn.rule.eight.options.text": (
        "जब आपके एक रंग का कोई प्यादा घोंसले में न हो और दूसरे का हो, तो डबलट तीन अंक-समूह देता है:"
        " A, ऊपर और नीचे के मुख उस रंग के लिए जो बाहर है; B, दोनों ऊपर के मुख उस रंग के लिए जो अभी"
        " घोंसले में है; C, बाहर वाले रंग के लिए एक ऊपर का और एक नीचे का मुख, और घोंसले वाले रंग के"
        " लिए दूसरा ऊपर का मुख।"
    ),
    "learn.rule.eight.third.title": "तीसरा डबलट",
    "learn.rule.eight.third.text": (
        "लगातार तीसरा डबलट चला नहीं जाता: आपके दोनों रंगों में से अपने होम के सबसे पास वाला प्यादा"
        " अपने घोंसले में लौटता है, और आपकी बारी खत्म हो जाती है।"
    ),
    "learn.rule.eight.win.title": "जीतना: चार और तीन",
    "learn.rule.eight.win.text": (
        "खिलाड़ी तब जीतता है जब उसके मुख्य रंग के चार और गौण रंग के तीन प्यादे होम पहुँच जाएँ;"
        " आठवें प्यादे को पूरा करना ज़रूरी नहीं। गौण के चार और मुख्य के तीन से जीत नहीं होती।"
    ),
    "learn.rule.pagade.board.title": "खेल का कपड़ा",
    "learn.rule.pagade.board.text": (
        "बोर्ड एक क्रॉस है: उसके चारों ओर 68 खाने हैं, और हर भुजा के बीच में सात खाने, उस भुजा के"
        " रंग की बेली / पेट, बीच के होम / घर तक जाते हैं। बारह खानों पर X बना है। चार रंग खेलते हैं:"
        " रेड, ब्लैक, येलो और ग्रीन, हर एक के चार प्यादे।"
    ),
    "learn.rule.pagade.start.title": "प्यादे बोर्ड पर शुरू होते हैं",
    "learn.rule.pagade.start.text": (
        "हर रंग के दो प्यादे उसकी बेली / पेट में खाने 6 और 7 पर, और एक प्यादा-पेयर / जोड़ी उसके खाने"
        " 12 पर शुरू होती है। प्यादा अपनी बेली से बाहर निकलता है, बोर्ड का एक चक्कर लगाता है, और अपनी"
        " बेली से होकर होम / घर लौटता है।"
    ),
    "learn.rule.pagade.turns.title": "खिलाड़ी और बारी",
    "learn.rule.pagade.turns.text": (
        "चार खिलाड़ी, हर एक का एक रंग, अकेले या आमने-सामने बैठे साथियों की दो टीमों में; या दो"
        " खिलाड़ी, हर एक के दो रंग। सब दोनों डाइस फेंकते हैं; सबसे बड़े जोड़ वाला शुरू करता है, और बारी"
        " उसी दिशा में जाती है जिसमें प्यादे चलते हैं: रेड, ब्लैक, येलो, ग्रीन।"
    ),
    "learn.rule.pagade.sticks.title": "लंबे डाइस और डबलट",
    "learn.rule.pagade.sticks.text": (
        "दो लंबे डाइस 1, 3, 4 या 6 दिखाते हैं। हर फेंक से बारी खत्म होती है: कोई अतिरिक्त फेंक"
        " नहीं, डबलट पर भी नहीं; डबलट पर केवल जोड़ी साथ चल सकती है।"
    ),
    "learn.rule.pagade.reenter.title": "कटे प्यादे का फिर से आना",
    "learn.rule.pagade.reenter.text": (
        "कटा प्यादा बोर्ड से बाहर होता है। जब तक आपका ऐसा प्यादा है, हर डाइस से एक को वापस लाना होगा:"
        " v अंक का डाइस उसे उसकी बेली / पेट के खाने v पर रखता है। केवल एक कटा प्यादा हो तो वह दोनों"
        " डाइस के जोड़ से भी आ सकता है।"
    ),
    "learn.rule.pagade.move.title": "चलना",
    "learn.rule.pagade.move.text": (
        "प्यादा एक डाइस से, या दोनों डाइस के जोड़ की एक छलांग से आगे चलता है। रास्ता कुछ नहीं रोकता:"
        " प्यादा किसी भी प्यादे के ऊपर से कूद सकता है।"
    ),
    "learn.rule.pagade.use.title": "हो सके तो दोनों डाइस चलें",
    "learn.rule.pagade.use.text": (
        "यदि कोई चाल दोनों डाइस चला सके तो दोनों चलने होंगे; नहीं तो एक, जो आप चुनें; नहीं तो फेंक बेकार जाती है।"
    ),
    "learn.rule.pagade.cut.title": "कट / काटना",
    "learn.rule.pagade.cut.text": (
        "जो प्यादा विरोधी के अकेले प्यादे वाले खाने पर रुके, वह उसे कट करता है (कट / काटना): कटा"
        " प्यादा बोर्ड से बाहर हो जाता है। कट करने पर न अतिरिक्त फेंक मिलती है न बोनस, पर बेली / पेट"
        " का रास्ता खुलता है (नीचे देखें)।"
    ),
    "learn.rule.pagade.x.title": "X वाले खाने",
    "learn.rule.pagade.x.text": (
        "X वाले खाने किसी को नहीं बचाते: उन पर खड़ा प्यादा कट हो सकता है। केवल बेली / पेट सुरक्षित है।"
    ),
    "learn.rule.pagade.pair.title": "प्यादा-पेयर / जोड़ी",
    "learn.rule.pagade.pair.text": (
        "एक खाने पर एक रंग के दो प्यादे जोड़ी बनाते हैं; एक खाने पर एक ही रंग के अधिक से अधिक दो"
        " प्यादे होते हैं। अकेला प्यादा जोड़ी को कभी कट नहीं करता। डबलट पर जोड़ी के दोनों प्यादे एक"
        " डाइस का अंक साथ चल सकते हैं, और साथ चलती जोड़ी दूसरी जोड़ी को कट कर सकती है।"
    ),
    "learn.rule.pagade.belly.title": "होम जाने से पहले कट",
    "learn.rule.pagade.belly.text": (
        "होम / घर की ओर प्यादा अपनी बेली / पेट में तभी मुड़ सकता है जब उसका खिलाड़ी विरोधी का कोई"
        " प्यादा कट कर चुका हो; तब तक वह अपने खाने 8 पर रुका रहता है।"
    ),
    "learn.rule.pagade.home.title": "ठीक गिनती से होम",
    "learn.rule.pagade.home.text": (
        "होम / घर केवल ठीक गिनती से पहुँचा जाता है: एक डाइस से, जोड़ से या जोड़ी की चाल से।"
    ),
    "learn.rule.pagade.win.title": "जीतना",
    "learn.rule.pagade.win.text": (
        "जिसके सारे प्यादे सबसे पहले होम / घर पहुँचें, वह जीतता है; साथी तब साथ जीतते हैं जब दोनों"
        " पूरे कर लें। यदि खेल ऐसा बनाया गया हो, तो बाकी स्थानों के लिए खेलते रहते हैं।"
    ),
    "learn.page_title": "खेलना सीखें",
    "learn.title": "पाँच मिनट में पार्चीसी सीखें",
    "learn.lead": (
        "छह छोटे पाठ: हर पाठ एक स्थिति और एक फेंक देता है, और आपसे एक चाल माँगता है। आप रेड खेलते हैं।"
    ),
    "learn.how_to": "अपने किसी प्यादे पर टैप करें, फिर किसी डाइस पर (या चमकते खाने पर)।",
    "learn.lesson_of": "पाठ {n} / {total}",
    "learn.dice": "डाइस",
    "learn.die": "{n} चलें",
    "learn.bonus_die": "बोनस {n}",
    "learn.bonus_take": "बोनस लें: किसी प्यादे पर टैप करें, फिर बोनस पर।",
    "learn.pick_pawn": "पहले अपने किसी रेड प्यादे पर टैप करें।",
    "learn.not_yours": "यह आपका प्यादा नहीं है: आप रेड खेलते हैं।",
    "learn.refused": "नियम के विरुद्ध: {why}",
    "learn.rule_ref": "(नियम-पुस्तिका § {n})",
    "learn.undo": "वापस लें",
    "learn.restart": "पाठ फिर से शुरू करें",
    "learn.next": "अगला पाठ",
    "learn.finish_all": "असली खेल खेलें",
    "learn.all_done": "आपने अपना पहला खेल खेल लिया। अब आप पार्चीसी खेलना जानते हैं!",
    "learn.played": "आपने चला: {play}",
    "learn.rules_link": "पार्चीसी के सारे नियम",
    "learn.banner": "पहली बार आए हैं? पाँच मिनट में पार्चीसी सीखें।",
    "learn.banner_go": "खेलना सीखें",
    "learn.banner_dismiss": "अभी नहीं",
    "learn.lesson.enter.title": "5 से प्रवेश",
    "learn.lesson.enter.task": (
        "आपके सारे प्यादे घोंसले में हैं, और आपने 5 और 2 फेंके। 5 से एक प्यादा बाहर लाएँ, फिर 2 से उसे आगे चलाएँ।"
    ),
    "learn.lesson.enter.done": "शाबाश: 5 से प्यादा अपने प्रवेश के खाने पर आता है।",
    "learn.lesson.enter.again": "5 से घोंसले से एक प्यादा बाहर लाएँ।",
    "learn.lesson.capture.title": "पकड़ना",
    "learn.lesson.capture.task": (
        "आपके प्यादे से 4 खाने आगे येलो का प्यादा खड़ा है। 4 से उस पर रुककर उसे पकड़ें, फिर 2 चलें,"
        " फिर अपना 20 का बोनस लें।"
    ),
    "learn.lesson.capture.done": "पकड़ा! येलो प्यादा अपने घोंसले में लौटा, और आप उसके बदले 20 खाने चले।",
    "learn.lesson.capture.again": "4 से येलो प्यादे पर रुकें।",
    "learn.lesson.safety.title": "सुरक्षित खाने पर पहुँचें",
    "learn.lesson.safety.task": (
        "आपके आगे वाले प्यादे से 5 खाने पीछे येलो का प्यादा घात में है। उस प्यादे को 4 चलाकर तारे पर"
        " लाएँ, सुरक्षित खाने पर जहाँ वह पकड़ा नहीं जा सकता, और 6 कहीं और चलें।"
    ),
    "learn.lesson.safety.done": "सुरक्षित: सुरक्षित खाने पर खड़े आपके प्यादे पर कोई नहीं रुक सकता।",
    "learn.lesson.safety.again": "फेंक के अंत में खतरे वाला प्यादा तारे पर होना चाहिए।",
    "learn.lesson.blockade.title": "नाकाबंदी बनाएँ",
    "learn.lesson.blockade.task": (
        "एक प्यादे को 4 चलाकर अपने दूसरे प्यादे के पास खड़ा करें: एक खाने पर दो प्यादे नाकाबंदी बनाते"
        " हैं जिसे कोई लाँघ नहीं सकता। 3 किसी और प्यादे से चलें।"
    ),
    "learn.lesson.blockade.done": "नाकाबंदी: कोई प्यादा इसे लाँघ नहीं सकता, न इस पर रुक सकता है।",
    "learn.lesson.blockade.again": "फेंक के अंत में आपके दो प्यादे एक खाने पर हों।",
    "learn.lesson.doublet.title": "डबलट चलें",
    "learn.lesson.doublet.task": (
        "दोहरा 3! आपके सारे प्यादे घोंसले से बाहर हैं, इसलिए नीचे के मुख भी गिने जाते हैं: 3, 3, 4"
        " और 4। चारों अंक चलें।"
    ),
    "learn.lesson.doublet.done": "चौदह खाने, और डबलट के बाद आप फिर फेंकते हैं।",
    "learn.lesson.doublet.again": "डबलट के चारों अंक चलें।",
    "learn.lesson.finish.title": "पूरा करें",
    "learn.lesson.finish.task": (
        "आपके तीन प्यादे होम पहुँच चुके हैं; आखिरी को ठीक 6 चाहिए। जीतने के लिए उसे होम लाएँ।"
    ),
    "learn.lesson.finish.done": "चारों प्यादे होम: आप जीत गए!",
    "learn.lesson.finish.again": "6 से अपना आखिरी प्यादा होम लाएँ।",
    "learn.not_quite": "अभी नहीं। {again}",
    "learn.why.at_home": "यह प्यादा पहले ही होम पहुँच चुका है और अब नहीं चलता",
    "learn.why.bonus_nest": "घोंसले का प्यादा बोनस नहीं ले सकता",
    "learn.why.entry_blocked": "प्रवेश के खाने पर दो प्यादे हैं, इसलिए कोई प्यादा प्रवेश नहीं कर सकता",
    "learn.why.enter_five": "प्यादा घोंसले से केवल 5 से निकलता है (या दो डाइस जिनका जोड़ 5 हो)",
    "learn.why.exact_home": "होम केवल ठीक गिनती से पहुँचा जाता है, और यह बहुत आगे जाता है",
    "learn.why.pass_blockade": "कोई प्यादा नाकाबंदी को लाँघ नहीं सकता",
    "learn.why.land_blockade": "कोई प्यादा नाकाबंदी पर नहीं रुक सकता",
    "learn.why.safe_square": "सुरक्षित खाने पर खड़ा प्यादा पकड़ा नहीं जा सकता",
    "learn.why.must_enter": "जब हो सके, घोंसले से प्यादा बाहर लाना ज़रूरी है",
    "learn.why.larger_die": "जब केवल एक डाइस चल सके, तो बड़ा डाइस चलना होगा",
    "learn.why.use_most": "फेंक को नियमों के अनुसार जितना हो सके पूरा चलना है, और इससे कम चलेगा",
}

_KN: dict[str, str] = {
    "learn.topic.board": "ಹಾಸು",
    "learn.topic.entering": "ಪ್ರವೇಶ",
    "learn.topic.moving": "ನಡೆಯುವುದು",
    "learn.topic.captures": "ಹಿಡಿಯುವುದು ಮತ್ತು ಸುರಕ್ಷೆ",
    "learn.topic.blockades": "ತಡೆಗೋಡೆಗಳು",
    "learn.topic.pairs": "ಜೋಡಿಗಳು",
    "learn.topic.doublets": "ಜೋಡಿ ದಾಳ ಮತ್ತು ಹೆಚ್ಚುವರಿ ಎಸೆತ",
    "learn.topic.bonuses": "ಬೋನಸ್",
    "learn.topic.finishing": "ಮುಗಿಸುವುದು ಮತ್ತು ಗೆಲ್ಲುವುದು",
    "learn.section": "§ {n}",
    "learn.section_label": "ನಿಯಮ ಪುಸ್ತಕದ ವಿಭಾಗ {n}",
    "learn.contents": "ಪರಿವಿಡಿ",
    "learn.how": "ಹೇಗೆ ಆಡುವುದು",
    "learn.intro": (
        "ಆಟದಲ್ಲಿ ಎದುರಾಗುವ ಕ್ರಮದಲ್ಲೇ ನಿಯಮಗಳು, ಪ್ರತಿಯೊಂದರ ಜೊತೆ ಒಂದು ಚಿಕ್ಕ ಹಾಸು. ಬಣ್ಣದ ಚೌಕಟ್ಟು ಕಾಯಿ"
        " ಎಲ್ಲಿಗೆ ಹೋಗುತ್ತದೆ ಎಂದು ತೋರಿಸುತ್ತದೆ; ಕಿತ್ತಳೆ ಚೌಕಟ್ಟು ನಿಯಮ ಹೇಳುವ ಚೌಕವನ್ನು."
    ),
    "learn.throw": "ಎಸೆತ: {dice}",
    "learn.no_move": "ಏನೂ ನಡೆಯುವುದಿಲ್ಲ.",
    "learn.try_it": "ಐದು ನಿಮಿಷದಲ್ಲಿ ಪಾರ್ಚೀಸಿ ಕಲಿಯಿರಿ: ಮೊದಲ ಆಟ ಆಡಿ",
    "learn.rule.board.cross.title": "ನಾಲ್ಕು ತೋಳುಗಳ ಅಡ್ಡ",
    "learn.rule.board.cross.text": (
        "ಹಾಸು ಒಂದು ಅಡ್ಡ ಆಕಾರ: ಅದರ ಸುತ್ತ ಎಲ್ಲರಿಗೂ ಸಾಮಾನ್ಯವಾದ 68 ಚೌಕಗಳಿವೆ, ಮತ್ತು ಪ್ರತಿ ತೋಳಿನ ನಡುವೆ ಏಳು"
        " ಚೌಕಗಳು ಮಧ್ಯದ ಮನೆಗೆ ಕರೆದೊಯ್ಯುತ್ತವೆ: ಅದು ಆ ತೋಳಿನ ಬಣ್ಣದ ಮನೆಯ ದಾರಿ. ಪ್ರತಿ ಆಟಗಾರನಿಗೆ ನಾಲ್ಕು"
        " ಕಾಯಿಗಳು; ಅವು ಗೂಡಿನಲ್ಲಿ (ಅವನ ತೋಳಿನ ಪಕ್ಕದ ಮೂಲೆಯಲ್ಲಿ) ಆರಂಭಿಸಿ, ಗಡಿಯಾರದ ವಿರುದ್ಧ ದಿಕ್ಕಿನಲ್ಲಿ"
        " ಹಾಸಿನ ಒಂದು ಸುತ್ತು ಹಾಕಿ, ತನ್ನ ಮನೆಯ ದಾರಿಯಲ್ಲಿ ಮನೆ ತಲುಪುತ್ತವೆ."
    ),
    "learn.rule.board.safety.title": "ಸುರಕ್ಷಿತ ಚೌಕಗಳು",
    "learn.rule.board.safety.text": (
        "ಹನ್ನೆರಡು ಚೌಕಗಳ ಮೇಲೆ ನಕ್ಷತ್ರವಿದೆ: ಅವು ಸುರಕ್ಷಿತ ಚೌಕಗಳು. ಪ್ರತಿ ಬಣ್ಣದ ಪ್ರವೇಶದ ಚೌಕ (ಅದರ ತೋಳಿನ"
        " ಬಲ ಸಾಲಿನ ನಾಲ್ಕನೇ ಚೌಕ) ಮತ್ತು ನಿರ್ಗಮನದ ಚೌಕ (ತೋಳಿನ ತುದಿ, ಅಲ್ಲಿಂದ ಕಾಯಿ ಮನೆಯ ದಾರಿಗೆ"
        " ತಿರುಗುತ್ತದೆ) ಇವುಗಳಲ್ಲಿ ಸೇರಿವೆ."
    ),
    "learn.rule.turns.highest.title": "ಆಟಗಾರರು ಮತ್ತು ಸರದಿ",
    "learn.rule.turns.highest.text": (
        "ಇಬ್ಬರು, ಮೂವರು ಅಥವಾ ನಾಲ್ವರು ಆಟಗಾರರು, ಪ್ರತಿಯೊಬ್ಬರಿಗೆ ಒಂದು ಬಣ್ಣ. ಎಲ್ಲರೂ ಒಂದು ದಾಳ ಹಾಕುತ್ತಾರೆ;"
        " ಅತಿ ದೊಡ್ಡ ಸಂಖ್ಯೆಯವರು ಮೊದಲು ಆಡುತ್ತಾರೆ (ಸಮವಾದರೆ ಮತ್ತೆ ಹಾಕುತ್ತಾರೆ). ನಂತರ ಸರದಿ ಎಡಕ್ಕೆ"
        " ಸಾಗುತ್ತದೆ: ಕೆಂಪು, ಹಸಿರು, ಹಳದಿ, ನೀಲಿ. ನಾಲ್ವರು ಎದುರುಬದುರು ಕುಳಿತ ಜೊತೆಗಾರರ ಎರಡು ತಂಡಗಳಾಗಿಯೂ"
        " ಆಡಬಹುದು."
    ),
    "learn.rule.turns.lowest.title": "ಆಟಗಾರರು ಮತ್ತು ಸರದಿ",
    "learn.rule.turns.lowest.text": (
        "ಇಬ್ಬರು, ಮೂವರು ಅಥವಾ ನಾಲ್ವರು ಆಟಗಾರರು, ಪ್ರತಿಯೊಬ್ಬರಿಗೆ ಒಂದು ಬಣ್ಣ; ತಂಡಗಳಿಲ್ಲ. ಎಲ್ಲರೂ ಎರಡೂ ದಾಳ"
        " ಹಾಕುತ್ತಾರೆ; ಅತಿ ಸಣ್ಣ ಮೊತ್ತದವರು ಮೊದಲು ಆಡುತ್ತಾರೆ (ಸಮವಾದರೆ ಮತ್ತೆ ಹಾಕುತ್ತಾರೆ). ನಂತರ ಸರದಿ"
        " ಎಡಕ್ಕೆ ಸಾಗುತ್ತದೆ: ಕೆಂಪು, ಹಸಿರು, ಹಳದಿ, ನೀಲಿ."
    ),
    "learn.rule.turns.eight.title": "ಆಟಗಾರರು ಮತ್ತು ಸರದಿ",
    "learn.rule.turns.eight.text": (
        "ಇಬ್ಬರು ಆಟಗಾರರು, ಎದುರುಬದುರು ಕುಳಿತು. ಪ್ರತಿಯೊಬ್ಬರೂ ಒಂದು ದಾಳ ಹಾಕುತ್ತಾರೆ; ಅತಿ ದೊಡ್ಡ"
        " ಸಂಖ್ಯೆಯವರು ಮೊದಲು ಆಡುತ್ತಾರೆ (ಸಮವಾದರೆ ಮತ್ತೆ ಹಾಕುತ್ತಾರೆ). ನಂತರ ಇಬ್ಬರೂ ಸರದಿಯಂತೆ ಆಡುತ್ತಾರೆ."
    ),
    "learn.rule.finish.win_alone.title": "ಗೆಲ್ಲುವುದು",
    "learn.rule.finish.win_alone.text": "ತನ್ನ ನಾಲ್ಕೂ ಕಾಯಿಗಳನ್ನು ಮೊದಲು ಮನೆಗೆ ತಲುಪಿಸಿದವರು ಗೆಲ್ಲುತ್ತಾರೆ.",
    "learn.rule.eight.colours.title": "ಪ್ರತಿಯೊಬ್ಬರಿಗೆ ಎರಡು ಬಣ್ಣ",
    "learn.rule.eight.colours.text": (
        "ಇಬ್ಬರು ಆಟಗಾರರು: ಒಬ್ಬರು ಕೆಂಪು ಮತ್ತು ಹಳದಿ, ಇನ್ನೊಬ್ಬರು ನೀಲಿ ಮತ್ತು ಹಸಿರು. ಪ್ರತಿಯೊಬ್ಬರೂ ತಮ್ಮ ಒಂದು"
        " ಬಣ್ಣವನ್ನು ಮುಖ್ಯ ಎಂದು ಆರಿಸುತ್ತಾರೆ, ಇನ್ನೊಂದು ಉಪ. ಆಟಗಾರ ತನ್ನ ಎಂಟು ಕಾಯಿಗಳಲ್ಲಿ ಯಾವುದನ್ನೂ"
        " ನಡೆಸಬಹುದು; ಅವನ ಎರಡು ಬಣ್ಣಗಳು ಒಂದನ್ನೊಂದು ಎಂದೂ ಹಿಡಿಯುವುದಿಲ್ಲ, ಮತ್ತು ಒಂದೇ ಚೌಕದಲ್ಲಿ ನಿಂತು"
        " ತಡೆಗೋಡೆ ಕಟ್ಟಬಹುದು. ಪ್ರತಿ ಬಣ್ಣ ತನ್ನ ಗೂಡಿನಿಂದ ತನ್ನ ಪ್ರವೇಶದ ಚೌಕಕ್ಕೆ ಬರುತ್ತದೆ."
    ),
    "learn.rule.enter.five.title": "5 ಬಂದರೆ ಕಾಯಿ ಹೊರಗೆ",
    "learn.rule.enter.five.text": (
        "ಕಾಯಿ ಗೂಡಿನಿಂದ ತನ್ನ ಪ್ರವೇಶದ ಚೌಕಕ್ಕೆ 5 ಬಂದಾಗ ಮಾತ್ರ ಬರುತ್ತದೆ: ಒಂದು ದಾಳದಲ್ಲಿ 5, ಅಥವಾ ಮೊತ್ತ 5"
        " ಆಗುವ ಎರಡು ದಾಳಗಳು (1 ಮತ್ತು 4, 2 ಮತ್ತು 3). ಆ ಸಂಖ್ಯೆಯಿಂದ ಅದು ಮುಂದೆ ಹೋಗುವುದಿಲ್ಲ; ಇನ್ನೊಂದು"
        " ದಾಳ ಅದನ್ನೋ ಬೇರೆ ಕಾಯಿಯನ್ನೋ ನಡೆಸಬಹುದು."
    ),
    "learn.rule.enter.compulsory.title": "ಮೊದಲು ಪ್ರವೇಶ",
    "learn.rule.enter.compulsory.text": (
        "ಪ್ರವೇಶ ಕಡ್ಡಾಯ: 5 (ಅಥವಾ ಮೊತ್ತ 5) ಒಂದು ಕಾಯಿಯನ್ನು ಹೊರತರಬಲ್ಲದಾದರೆ, ಹಾಸಿನ ಮೇಲಿನ ಬೇರೆ ಕಾಯಿ"
        " ನಡೆಸಲು ಇಷ್ಟವಿದ್ದರೂ ಅದನ್ನು ಹೊರತರಲೇಬೇಕು. ಎರಡು ಕಾಯಿಗಳಿರುವ (ಯಾವುದೇ ಬಣ್ಣದ) ಪ್ರವೇಶದ ಚೌಕ"
        " ಮುಚ್ಚಿರುತ್ತದೆ."
    ),
    "learn.rule.enter.capture.title": "ಪ್ರವೇಶದ ಚೌಕದಲ್ಲಿ ಹಿಡಿಯುವುದು",
    "learn.rule.enter.capture.text": (
        "ತನ್ನ ಪ್ರವೇಶದ ಚೌಕಕ್ಕೆ ಬರುವ ಕಾಯಿ ಅಲ್ಲಿ ನಿಂತ ಎದುರಾಳಿಯ ಒಂಟಿ ಕಾಯಿಯನ್ನು ಹಿಡಿಯುತ್ತದೆ, ಪ್ರವೇಶದ ಚೌಕ"
        " ಸುರಕ್ಷಿತ ಚೌಕವಾದರೂ ಸಹ. ಅಲ್ಲಿ ನಿಮ್ಮದೇ ಕಾಯಿ ಇದ್ದರೆ, ಎರಡೂ ಸೇರಿ ತಡೆಗೋಡೆ ಆಗುತ್ತವೆ."
    ),
    "learn.rule.move.hops.title": "ನಡೆಯುವುದು: ಒಂದು ಸಂಖ್ಯೆ, ನಂತರ ಇನ್ನೊಂದು",
    "learn.rule.move.hops.text": (
        "ಎಸೆತದ ಪ್ರತಿ ಸಂಖ್ಯೆ ಒಂದು ಕಾಯಿಯನ್ನು ಅಷ್ಟು ಚೌಕ ಮುಂದೆ ನಡೆಸುತ್ತದೆ. ಒಂದು ಕಾಯಿ ಎರಡೂ ಸಂಖ್ಯೆಗಳನ್ನು"
        " ಒಂದರ ನಂತರ ಒಂದು ಬಳಸಬಹುದು: ನಡುವೆ ಅದು ನಿಜವಾಗಿ ನಿಲ್ಲುತ್ತದೆ, ಅಲ್ಲಿ ಹಿಡಿಯಲೂಬಹುದು. ಸಾಧ್ಯವಾದಷ್ಟು"
        " ಸಂಖ್ಯೆಗಳನ್ನು ಬಳಸಲೇಬೇಕು."
    ),
    "learn.rule.move.jump.title": "ನಡೆಯುವುದು: ಒಂದೇ ನೆಗೆತ",
    "learn.rule.move.jump.text": (
        "ಎಸೆತದ ಪ್ರತಿ ಸಂಖ್ಯೆ ಒಂದು ಕಾಯಿಯನ್ನು ಅಷ್ಟು ಚೌಕ ಮುಂದೆ ನಡೆಸುತ್ತದೆ. ಎರಡೂ ಸಂಖ್ಯೆ ಬಳಸುವ ಕಾಯಿ ಅವುಗಳ"
        " ಮೊತ್ತದ ಒಂದೇ ನೆಗೆತ ಮಾಡುತ್ತದೆ: ನಡುವಿನ ಚೌಕ ಲೆಕ್ಕಕ್ಕಿಲ್ಲ (ಅಲ್ಲಿ ಹಿಡಿತವಿಲ್ಲ), ಆದರೂ ತಡೆಗೋಡೆಯನ್ನು"
        " ಅದು ದಾಟಲಾರದು. ಸಾಧ್ಯವಾದಷ್ಟು ಸಂಖ್ಯೆಗಳನ್ನು ಬಳಸಲೇಬೇಕು."
    ),
    "learn.rule.move.larger.title": "ಒಂದೇ ದಾಳ: ದೊಡ್ಡದು",
    "learn.rule.move.larger.text": (
        "ಎಸೆತದ ಒಂದೇ ದಾಳವನ್ನು ಬಳಸಬಹುದಾದಾಗ (ಮತ್ತು ಅದು ಜೋಡಿ ದಾಳ ಅಲ್ಲದಿದ್ದಾಗ), ಸಾಧ್ಯವಾದರೆ ದೊಡ್ಡ ದಾಳವನ್ನೇ"
        " ಬಳಸಬೇಕು. ಇಲ್ಲಿ ತಡೆಗೋಡೆಯಿಂದಾಗಿ ಕಾಯಿ ಎರಡನ್ನೂ ಬಳಸಲಾರದು, ಆದ್ದರಿಂದ ಅದು 2 ಅಲ್ಲ, 4 ನಡೆಯುತ್ತದೆ."
    ),
    "learn.rule.move.choose.title": "ಒಂದೇ ದಾಳ: ನಿಮ್ಮ ಆಯ್ಕೆ",
    "learn.rule.move.choose.text": (
        "ಎಸೆತದ ಒಂದೇ ದಾಳವನ್ನು ಬಳಸಬಹುದಾದಾಗ, ಯಾವುದನ್ನು ಎಂದು ನೀವೇ ಆರಿಸುತ್ತೀರಿ. ಇಲ್ಲಿ ತಡೆಗೋಡೆಯಿಂದಾಗಿ"
        " ಕಾಯಿ ಎರಡನ್ನೂ ಬಳಸಲಾರದು, ಆದ್ದರಿಂದ ಅದು 2 ಅಥವಾ 4 ನಡೆಯುತ್ತದೆ."
    ),
    "learn.rule.move.home_path.title": "ಮನೆಯ ದಾರಿಗೆ",
    "learn.rule.move.home_path.text": (
        "ಕಾಯಿ ಹಾಸಿನ ಒಂದೇ ಸುತ್ತು ಹಾಕುತ್ತದೆ: ತನ್ನ ನಿರ್ಗಮನದ ಚೌಕದ ನಂತರ ಅದು ತನ್ನ ತೋಳಿನ ನಡುವಿನ ತನ್ನ ಮನೆಯ"
        " ದಾರಿಗೆ ತಿರುಗುತ್ತದೆ. ಬೇರೆ ಯಾವ ಬಣ್ಣವೂ ಅಲ್ಲಿಗೆ ಹೋಗುವುದಿಲ್ಲ, ಆದ್ದರಿಂದ ಮನೆಯ ದಾರಿಯಲ್ಲಿರುವ ಕಾಯಿಯನ್ನು"
        " ಹಿಡಿಯಲಾಗದು."
    ),
    "learn.rule.capture.land.title": "ಹಿಡಿಯುವುದು",
    "learn.rule.capture.land.text": (
        "ಎದುರಾಳಿಯ ಒಂಟಿ ಕಾಯಿ ಇರುವ ಚೌಕದಲ್ಲಿ ನಡೆ ಮುಗಿಸುವ ಕಾಯಿ ಅದನ್ನು ಹಿಡಿಯುತ್ತದೆ: ಹಿಡಿದ ಕಾಯಿ ತನ್ನ"
        " ಗೂಡಿಗೆ ಹಿಂತಿರುಗಿ ಮತ್ತೆ 5 ರಿಂದ ಪ್ರವೇಶಿಸಬೇಕು. ಕಾಯಿಯ ಮೇಲಿಂದ ದಾಟಿದರೆ ಏನೂ ಆಗುವುದಿಲ್ಲ."
    ),
    "learn.rule.capture.safety.title": "ಸುರಕ್ಷಿತ ಚೌಕದಲ್ಲಿ ಸುರಕ್ಷೆ",
    "learn.rule.capture.safety.text": (
        "ಸುರಕ್ಷಿತ ಚೌಕದಲ್ಲಿರುವ ಕಾಯಿಯನ್ನು ಹಿಡಿಯಲಾಗದು: ಅದು ಅಲ್ಲಿರುವವರೆಗೆ ಯಾವ ಎದುರಾಳಿಯೂ ಅಲ್ಲಿ ನಿಲ್ಲುವಂತಿಲ್ಲ"
        " (ಪ್ರವೇಶದ ಚೌಕದಲ್ಲಿ ಪ್ರವೇಶಿಸುವಾಗ ಹೊರತು). ಇಲ್ಲಿ ಕೆಂಪು ನಕ್ಷತ್ರದ ಮೇಲೆ ನಿಲ್ಲಲಾರದು, ಆದರೆ ಅದನ್ನು"
        " ದಾಟಬಹುದು."
    ),
    "learn.rule.blockade.block.title": "ತಡೆಗೋಡೆ",
    "learn.rule.blockade.block.text": (
        "ಒಂದು ಚೌಕದಲ್ಲಿ ಎರಡು ಕಾಯಿಗಳು ತಡೆಗೋಡೆ ಕಟ್ಟುತ್ತವೆ; ಯಾವ ಚೌಕದಲ್ಲೂ ಎರಡಕ್ಕಿಂತ ಹೆಚ್ಚು ಕಾಯಿಗಳಿರುವುದಿಲ್ಲ."
        " ಯಾವ ಕಾಯಿಯೂ ತಡೆಗೋಡೆಯನ್ನು ದಾಟುವಂತಿಲ್ಲ, ಅದರ ಮೇಲೆ ನಿಲ್ಲುವಂತಿಲ್ಲ, ಅದರ ಒಡೆಯನದೂ ಸಹ. ಇಲ್ಲಿ"
        " ಕೆಂಪು ಮುಂದಿನ ತಡೆಗೋಡೆಯನ್ನು ದಾಟಲಾರದು, 1 ಮಾತ್ರ ಬಳಸಬಹುದು."
    ),
    "learn.rule.blockade.still.title": "ತಡೆಗೋಡೆ ಮುಂದೆ ನಡೆಯುವುದಿಲ್ಲ",
    "learn.rule.blockade.still.text": (
        "ತಡೆಗೋಡೆಯ ಎರಡು ಕಾಯಿಗಳು ಒಟ್ಟಿಗೆ ಮುಂದೆ ಸಾಗಿ ಎಸೆತದ ಕೊನೆಯಲ್ಲಿ ಬೇರೆ ಚೌಕದಲ್ಲಿ ಒಟ್ಟಿಗೆ ನಿಲ್ಲುವಂತಿಲ್ಲ."
        " ಅವು ಬೇರೆಯಾಗಬಹುದು, ಅಥವಾ ಒಂದೇ ಕಾಯಿ ಎರಡು ಬಾರಿ ನಡೆಯಬಹುದು."
    ),
    "learn.rule.blockade.walk.title": "ತಡೆಗೋಡೆ ಮುಂದೆ ನಡೆಯಬಹುದು",
    "learn.rule.blockade.walk.text": (
        "ತಡೆಗೋಡೆಯ ಎರಡು ಕಾಯಿಗಳು ಒಟ್ಟಿಗೆ ಮುಂದೆ ಸಾಗಿ ಎಸೆತದ ಕೊನೆಯಲ್ಲಿ ಬೇರೆ ಚೌಕದಲ್ಲಿ ಮತ್ತೆ ಒಟ್ಟಿಗೆ ನಿಲ್ಲಬಹುದು."
    ),
    "learn.rule.doublet.extra.title": "ಜೋಡಿ ದಾಳಕ್ಕೆ ಮತ್ತೊಂದು ಎಸೆತ",
    "learn.rule.doublet.extra.text": (
        "ಎರಡೂ ದಾಳಗಳಲ್ಲಿ ಒಂದೇ ಸಂಖ್ಯೆ ಬಂದರೆ (ಜೋಡಿ ದಾಳ), ಅದನ್ನು ಆಡಿದ ಮೇಲೆ ನೀವು ಮತ್ತೆ ಎಸೆಯುತ್ತೀರಿ."
        " ಎರಡು 5 ಎರಡು ಕಾಯಿಗಳನ್ನು ಹೊರತರಬಹುದು."
    ),
    "learn.rule.doublet.bottoms.title": "ಜೋಡಿ ದಾಳದಲ್ಲಿ ಕೆಳಗಿನ ಮುಖಗಳೂ ಲೆಕ್ಕ",
    "learn.rule.doublet.bottoms.text": (
        "ನಿಮ್ಮ ಯಾವ ಕಾಯಿಯೂ ಗೂಡಿನಲ್ಲಿ ಇಲ್ಲದಾಗ, ಜೋಡಿ ದಾಳ ಎರಡೂ ದಾಳಗಳ ಕೆಳಗಿನ ಮುಖಗಳನ್ನೂ ಕೊಡುತ್ತದೆ (7 ರಲ್ಲಿ"
        " ಮೇಲಿನ ಸಂಖ್ಯೆ ಕಳೆದು): ಎರಡು 2 ಕೊಡುವುದು 2, 2, 5 ಮತ್ತು 5, ಒಟ್ಟು ಹದಿನಾಲ್ಕು, ನಿಮ್ಮ ಕಾಯಿಗಳಲ್ಲಿ"
        " ಇಷ್ಟಬಂದಂತೆ ಹಂಚಿಕೊಳ್ಳಿ. ಕೆಳಗಿನ ಮುಖಗಳು ಯಾವ ಕಾಯಿಯನ್ನೂ ಹೊರತರುವುದಿಲ್ಲ."
    ),
    "learn.rule.doublet.all_or_nothing.title": "ಹದಿನಾಲ್ಕೂ ಅಥವಾ ಏನೂ ಇಲ್ಲ",
    "learn.rule.doublet.all_or_nothing.text": (
        "ಕೆಳಗಿನ ಮುಖಗಳ ಸಹಿತ ಜೋಡಿ ದಾಳದ ಎಲ್ಲ ಸಂಖ್ಯೆಗಳನ್ನು ಬಳಸಲಾಗದಿದ್ದರೆ ಏನೂ ನಡೆಯುವುದಿಲ್ಲ, ಆದರೂ ನೀವು"
        " ಮತ್ತೆ ಎಸೆಯುತ್ತೀರಿ. ಇಲ್ಲಿ 6, 6, 1, 1 ಎಲ್ಲವನ್ನೂ ಬಳಸಲಾಗದು."
    ),
    "learn.rule.doublet.forfeit.title": "ಬಳಸಬಹುದಾದ್ದನ್ನು ಬಳಸಿ, ಹೆಚ್ಚುವರಿ ಎಸೆತ ಕಳೆದುಕೊಳ್ಳಿ",
    "learn.rule.doublet.forfeit.text": (
        "ಜೋಡಿ ದಾಳದ ಎಲ್ಲ ಸಂಖ್ಯೆಗಳನ್ನು ಬಳಸಲಾಗದಿದ್ದರೆ, ಸಾಧ್ಯವಾದಷ್ಟನ್ನು ಬಳಸಿ; ಹೆಚ್ಚುವರಿ ಎಸೆತ ಹೋಗುತ್ತದೆ."
    ),
    "learn.rule.doublet.third.title": "ಮೂರನೇ ಜೋಡಿ ದಾಳ",
    "learn.rule.doublet.third.text": (
        "ಸತತ ಮೂರನೇ ಜೋಡಿ ದಾಳವನ್ನು ಆಡುವುದಿಲ್ಲ: ಮನೆಗೆ ಅತಿ ಹತ್ತಿರದ ನಿಮ್ಮ ಕಾಯಿ (ಹಾಸಿನ ಮೇಲೆ ಅಥವಾ ಮನೆಯ"
        " ದಾರಿಯಲ್ಲಿ) ತನ್ನ ಗೂಡಿಗೆ ಹಿಂತಿರುಗುತ್ತದೆ, ಮತ್ತು ನಿಮ್ಮ ಸರದಿ ಮುಗಿಯುತ್ತದೆ. ಮನೆ ತಲುಪಿದ ಕಾಯಿಗಳು"
        " ಸುರಕ್ಷಿತ."
    ),
    "learn.rule.bonus.capture.title": "ಹಿಡಿತಕ್ಕೆ ಇಪ್ಪತ್ತು",
    "learn.rule.bonus.capture.text": (
        "ಪ್ರತಿ ಹಿಡಿತಕ್ಕೆ 20 ಚೌಕಗಳ ಬೋನಸ್ ನಡೆ ಸಿಗುತ್ತದೆ; ದಾಳಗಳ ನಂತರ ಹಾಸಿನ ಮೇಲಿನ ನಿಮ್ಮ ಒಂದೇ ಕಾಯಿ ಪೂರ್ತಿ"
        " 20 ನಡೆಯುತ್ತದೆ. ಯಾವುದಾದರೂ ಕಾಯಿ ಅದನ್ನು ನಡೆಯಬಲ್ಲದಾದರೆ ತೆಗೆದುಕೊಳ್ಳಲೇಬೇಕು; ಇಲ್ಲವಾದರೆ ಅದು"
        " ಹೋಗುತ್ತದೆ."
    ),
    "learn.rule.bonus.home.title": "ಮನೆ ತಲುಪಿದರೆ ಹತ್ತು",
    "learn.rule.bonus.home.text": (
        "ಮನೆ ತಲುಪುವ ಪ್ರತಿ ಕಾಯಿಗೆ 10 ಚೌಕಗಳ ಬೋನಸ್ ನಡೆ ಸಿಗುತ್ತದೆ, ಅದೇ ರೀತಿ ಹಾಸಿನ ಮೇಲಿನ ಬೇರೊಂದು ಕಾಯಿ"
        " ಅದನ್ನು ನಡೆಯುತ್ತದೆ. ಹಿಡಿಯುವ ಅಥವಾ ಮನೆ ತಲುಪುವ ಬೋನಸ್ ನಡೆಯೂ ತನ್ನದೇ ಬೋನಸ್ ಗಳಿಸುತ್ತದೆ."
    ),
    "learn.rule.bonus.home_none.title": "ಮನೆಗೆ ಬೋನಸ್ ಇಲ್ಲ",
    "learn.rule.bonus.home_none.text": ("ಮನೆ ತಲುಪಿದರೆ ಬೋನಸ್ ನಡೆ ಇಲ್ಲ; ಹಿಡಿತಕ್ಕೆ ಮಾತ್ರ ಸಿಗುತ್ತದೆ (20 ಚೌಕಗಳು)."),
    "learn.rule.finish.exact.title": "ಸರಿಯಾದ ಎಣಿಕೆಯಿಂದ ಮನೆ",
    "learn.rule.finish.exact.text": (
        "ಮನೆ ಮನೆಯ ದಾರಿಯ ಕೊನೆಯ ಚೌಕದಿಂದ ಒಂದು ಹೆಜ್ಜೆ ಮುಂದಿದೆ, ಮತ್ತು ಕಾಯಿ ಅಲ್ಲಿಗೆ ಸರಿಯಾದ ಎಣಿಕೆಯಿಂದ"
        " ಮಾತ್ರ ತಲುಪುತ್ತದೆ. ಇಲ್ಲಿ 5 ತುಂಬಾ ಮುಂದೆ ಹೋಗುತ್ತದೆ, ಆದ್ದರಿಂದ ಕೆಂಪು 3 ಬಳಸುತ್ತದೆ."
    ),
    "learn.rule.finish.doublet_whole.title": "ಜೋಡಿ ದಾಳದಲ್ಲಿ ಮನೆ",
    "learn.rule.finish.doublet_whole.text": (
        "ಜೋಡಿ ದಾಳದಲ್ಲಿ ಒಂದು ಕಾಯಿ ಎಸೆತದ ಎಲ್ಲ ಸಂಖ್ಯೆಗಳನ್ನು ತಾನೇ ಬಳಸಿದರೆ ಮಾತ್ರ ದಾಳದಿಂದ ಮನೆ ತಲುಪುತ್ತದೆ:"
        " ಇಲ್ಲಿ ಹದಿನಾಲ್ಕು ಚೌಕ ದೂರದ ಕಾಯಿ 3, 3, 4 ಮತ್ತು 4 ರಿಂದ ಮನೆಗೆ ಹೋಗುತ್ತದೆ; ಹತ್ತಿರದ ಕಾಯಿ"
        " ಅವುಗಳಲ್ಲಿ ಕೆಲವರಿಂದ ಮನೆಗೆ ಹೋಗುವಂತಿಲ್ಲ."
    ),
    "learn.rule.finish.doublet_part.title": "ಜೋಡಿ ದಾಳದಲ್ಲಿ ಮನೆ",
    "learn.rule.finish.doublet_part.text": (
        "ಜೋಡಿ ದಾಳದಲ್ಲಿ ಒಂದು ಕಾಯಿ ಕೆಲವು ಸಂಖ್ಯೆಗಳಿಂದ ಮನೆ ತಲುಪಬಹುದು, ಉಳಿದವನ್ನು ಬೇರೆ ಕಾಯಿಗಳು ಬಳಸುತ್ತವೆ."
    ),
    "learn.rule.finish.win.title": "ಗೆಲ್ಲುವುದು",
    "learn.rule.finish.win.text": (
        "ತನ್ನ ನಾಲ್ಕೂ ಕಾಯಿಗಳನ್ನು ಮೊದಲು ಮನೆಗೆ ತಲುಪಿಸಿದವರು ಗೆಲ್ಲುತ್ತಾರೆ. ತಂಡದ ಆಟದಲ್ಲಿ ಇಬ್ಬರೂ ಆಟಗಾರರು"
        " ಮೊದಲು ಮುಗಿಸಿದ ತಂಡ ಗೆಲ್ಲುತ್ತದೆ; ಜೊತೆಗಾರರು ಒಬ್ಬರನ್ನೊಬ್ಬರು ಹಿಡಿಯುವುದಿಲ್ಲ, ಒಟ್ಟಿಗೆ ತಡೆಗೋಡೆ"
        " ಕಟ್ಟಬಹುದು."
    ),
    "learn.rule.eight.options.title": "ಒಂದು ಗೂಡು ಖಾಲಿಯಾದಾಗ ಜೋಡಿ ದಾಳ",
    "learn.rule.eight.options.text": (
        "ನಿಮ್ಮ ಒಂದು ಬಣ್ಣದ ಯಾವ ಕಾಯಿಯೂ ಗೂಡಿನಲ್ಲಿ ಇಲ್ಲದೆ, ಇನ್ನೊಂದರದು ಇದ್ದಾಗ, ಜೋಡಿ ದಾಳ ಮೂರು ಸಂಖ್ಯೆ"
        " ಗುಂಪುಗಳನ್ನು ಕೊಡುತ್ತದೆ: A, ಹೊರಗಿರುವ ಬಣ್ಣಕ್ಕೆ ಮೇಲಿನ ಮತ್ತು ಕೆಳಗಿನ ಮುಖಗಳು; B, ಇನ್ನೂ ಗೂಡಿನಲ್ಲಿರುವ"
        " ಬಣ್ಣಕ್ಕೆ ಎರಡು ಮೇಲಿನ ಮುಖಗಳು; C, ಹೊರಗಿರುವ ಬಣ್ಣಕ್ಕೆ ಒಂದು ಮೇಲಿನ ಮತ್ತು ಒಂದು ಕೆಳಗಿನ ಮುಖ, ಗೂಡಿನ"
        " ಬಣ್ಣಕ್ಕೆ ಇನ್ನೊಂದು ಮೇಲಿನ ಮುಖ."
    ),
    "learn.rule.eight.third.title": "ಮೂರನೇ ಜೋಡಿ ದಾಳ",
    "learn.rule.eight.third.text": (
        "ಸತತ ಮೂರನೇ ಜೋಡಿ ದಾಳವನ್ನು ಆಡುವುದಿಲ್ಲ: ನಿಮ್ಮ ಎರಡು ಬಣ್ಣಗಳಲ್ಲಿ ತನ್ನ ಮನೆಗೆ ಅತಿ ಹತ್ತಿರದ ಕಾಯಿ ತನ್ನ"
        " ಗೂಡಿಗೆ ಹಿಂತಿರುಗುತ್ತದೆ, ಮತ್ತು ನಿಮ್ಮ ಸರದಿ ಮುಗಿಯುತ್ತದೆ."
    ),
    "learn.rule.eight.win.title": "ಗೆಲ್ಲುವುದು: ನಾಲ್ಕು ಮತ್ತು ಮೂರು",
    "learn.rule.eight.win.text": (
        "ಮುಖ್ಯ ಬಣ್ಣದ ನಾಲ್ಕು ಮತ್ತು ಉಪ ಬಣ್ಣದ ಮೂರು ಕಾಯಿಗಳು ಮನೆ ತಲುಪಿದಾಗ ಆಟಗಾರ ಗೆಲ್ಲುತ್ತಾನೆ; ಎಂಟನೇ ಕಾಯಿ"
        " ಮುಗಿಸಬೇಕಿಲ್ಲ. ಉಪದ ನಾಲ್ಕು ಮತ್ತು ಮುಖ್ಯದ ಮೂರು ಗೆಲುವಲ್ಲ."
    ),
    "learn.rule.pagade.board.title": "ಹಾಸು",
    "learn.rule.pagade.board.text": (
        "ಹಾಸು ಒಂದು ಅಡ್ಡ ಆಕಾರ: ಅದರ ಸುತ್ತ 68 ಚೌಕಗಳಿವೆ, ಮತ್ತು ಪ್ರತಿ ತೋಳಿನ ನಡುವೆ ಏಳು ಚೌಕಗಳು, ಆ ತೋಳಿನ"
        " ಬಣ್ಣದ ಹೊಟ್ಟೆ, ಮಧ್ಯದ ಮನೆಗೆ ಕರೆದೊಯ್ಯುತ್ತವೆ. ಹನ್ನೆರಡು ಚೌಕಗಳ ಮೇಲೆ X ಗುರುತಿದೆ. ನಾಲ್ಕು ಬಣ್ಣಗಳು"
        " ಆಡುತ್ತವೆ: ಕೆಂಪು, ಕಪ್ಪು, ಹಳದಿ ಮತ್ತು ಹಸಿರು, ಪ್ರತಿಯೊಂದಕ್ಕೆ ನಾಲ್ಕು ಕಾಯಿಗಳು."
    ),
    "learn.rule.pagade.start.title": "ಕಾಯಿಗಳು ಹಾಸಿನ ಮೇಲೆಯೇ ಆರಂಭ",
    "learn.rule.pagade.start.text": (
        "ಪ್ರತಿ ಬಣ್ಣ ತನ್ನ ಹೊಟ್ಟೆಯ 6 ಮತ್ತು 7 ನೇ ಚೌಕಗಳಲ್ಲಿ ಎರಡು ಕಾಯಿಗಳು ಮತ್ತು ತನ್ನ 12 ನೇ ಚೌಕದಲ್ಲಿ ಒಂದು"
        " ಜೋಡಿಯೊಂದಿಗೆ ಆರಂಭಿಸುತ್ತದೆ. ಕಾಯಿ ತನ್ನ ಹೊಟ್ಟೆಯಿಂದ ಹೊರಬಂದು, ಹಾಸಿನ ಒಂದು ಸುತ್ತು ಹಾಕಿ, ತನ್ನ"
        " ಹೊಟ್ಟೆಯ ಮೂಲಕ ಮನೆಗೆ ಮರಳುತ್ತದೆ."
    ),
    "learn.rule.pagade.turns.title": "ಆಟಗಾರರು ಮತ್ತು ಸರದಿ",
    "learn.rule.pagade.turns.text": (
        "ನಾಲ್ವರು ಆಟಗಾರರು, ಪ್ರತಿಯೊಬ್ಬರಿಗೆ ಒಂದು ಬಣ್ಣ, ಒಬ್ಬೊಬ್ಬರಾಗಿ ಅಥವಾ ಎದುರುಬದುರು ಕುಳಿತ ಜೊತೆಗಾರರ ಎರಡು"
        " ತಂಡಗಳಾಗಿ; ಅಥವಾ ಇಬ್ಬರು ಆಟಗಾರರು, ಪ್ರತಿಯೊಬ್ಬರಿಗೆ ಎರಡು ಬಣ್ಣ. ಎಲ್ಲರೂ ಎರಡೂ ದಾಳ ಹಾಕುತ್ತಾರೆ; ಅತಿ"
        " ದೊಡ್ಡ ಮೊತ್ತದವರು ಮೊದಲು ಆಡುತ್ತಾರೆ, ಮತ್ತು ಕಾಯಿಗಳು ಸಾಗುವ ದಿಕ್ಕಿನಲ್ಲೇ ಸರದಿ ಸಾಗುತ್ತದೆ: ಕೆಂಪು,"
        " ಕಪ್ಪು, ಹಳದಿ, ಹಸಿರು."
    ),
    "learn.rule.pagade.sticks.title": "ಉದ್ದ ದಾಳಗಳು ಮತ್ತು ಜೋಡಿ ದಾಳ",
    "learn.rule.pagade.sticks.text": (
        "ಎರಡು ಉದ್ದ ದಾಳಗಳು 1, 3, 4 ಅಥವಾ 6 ತೋರಿಸುತ್ತವೆ. ಪ್ರತಿ ಎಸೆತದೊಂದಿಗೆ ಸರದಿ ಮುಗಿಯುತ್ತದೆ: ಹೆಚ್ಚುವರಿ"
        " ಎಸೆತ ಇಲ್ಲ, ಜೋಡಿ ದಾಳಕ್ಕೂ ಇಲ್ಲ; ಜೋಡಿ ದಾಳದಲ್ಲಿ ಜೋಡಿ ಒಟ್ಟಿಗೆ ನಡೆಯಬಹುದು ಅಷ್ಟೇ."
    ),
    "learn.rule.pagade.reenter.title": "ಕತ್ತರಿಸಿದ ಕಾಯಿ ಮತ್ತೆ ಪ್ರವೇಶ",
    "learn.rule.pagade.reenter.text": (
        "ಕತ್ತರಿಸಿದ ಕಾಯಿ ಹಾಸಿನ ಹೊರಗಿರುತ್ತದೆ. ಅಂತಹ ಕಾಯಿ ಇರುವವರೆಗೆ ಪ್ರತಿ ದಾಳ ಒಂದನ್ನು ಮರಳಿ ತರಬೇಕು: v"
        " ಸಂಖ್ಯೆಯ ದಾಳ ಅದನ್ನು ಅದರ ಹೊಟ್ಟೆಯ v ನೇ ಚೌಕದಲ್ಲಿ ಇಡುತ್ತದೆ. ಒಂದೇ ಕತ್ತರಿಸಿದ ಕಾಯಿ ಇದ್ದರೆ ಅದು ಎರಡೂ"
        " ದಾಳಗಳ ಮೊತ್ತದಿಂದಲೂ ಬರಬಹುದು."
    ),
    "learn.rule.pagade.move.title": "ನಡೆಯುವುದು",
    "learn.rule.pagade.move.text": (
        "ಕಾಯಿ ಒಂದು ದಾಳದಿಂದ, ಅಥವಾ ಎರಡೂ ದಾಳಗಳ ಮೊತ್ತದ ಒಂದೇ ನೆಗೆತದಿಂದ ಮುಂದೆ ನಡೆಯುತ್ತದೆ. ದಾರಿಯನ್ನು"
        " ಯಾವುದೂ ತಡೆಯುವುದಿಲ್ಲ: ಕಾಯಿ ಯಾವ ಕಾಯಿಗಳ ಮೇಲಿಂದಲೂ ನೆಗೆಯಬಹುದು."
    ),
    "learn.rule.pagade.use.title": "ಸಾಧ್ಯವಾದರೆ ಎರಡೂ ದಾಳ",
    "learn.rule.pagade.use.text": (
        "ಯಾವುದಾದರೂ ನಡೆ ಎರಡೂ ದಾಳಗಳನ್ನು ಬಳಸಬಲ್ಲದಾದರೆ ಎರಡನ್ನೂ ಬಳಸಬೇಕು; ಇಲ್ಲವಾದರೆ ಒಂದು, ನೀವು ಆರಿಸಿದ್ದು;"
        " ಇಲ್ಲವಾದರೆ ಎಸೆತ ವ್ಯರ್ಥ."
    ),
    "learn.rule.pagade.cut.title": "ಕತ್ತರಿಸುವುದು",
    "learn.rule.pagade.cut.text": (
        "ಎದುರಾಳಿಯ ಒಂಟಿ ಕಾಯಿ ಇರುವ ಚೌಕದಲ್ಲಿ ನಿಲ್ಲುವ ಕಾಯಿ ಅದನ್ನು ಕತ್ತರಿಸುತ್ತದೆ: ಕತ್ತರಿಸಿದ ಕಾಯಿ ಹಾಸಿನಿಂದ"
        " ಹೊರಗೆ ಹೋಗುತ್ತದೆ. ಕತ್ತರಿಸಿದರೆ ಹೆಚ್ಚುವರಿ ಎಸೆತವೂ ಬೋನಸ್ಸೂ ಇಲ್ಲ, ಆದರೆ ಹೊಟ್ಟೆಯ ದಾರಿ ತೆರೆಯುತ್ತದೆ"
        " (ಕೆಳಗೆ ನೋಡಿ)."
    ),
    "learn.rule.pagade.x.title": "X ಚೌಕಗಳು",
    "learn.rule.pagade.x.text": (
        "X ಗುರುತಿನ ಚೌಕಗಳು ಯಾರನ್ನೂ ಕಾಪಾಡುವುದಿಲ್ಲ: ಅಲ್ಲಿರುವ ಕಾಯಿಯನ್ನು ಕತ್ತರಿಸಬಹುದು. ಹೊಟ್ಟೆ ಮಾತ್ರ ಸುರಕ್ಷಿತ."
    ),
    "learn.rule.pagade.pair.title": "ಜೋಡಿಗಳು",
    "learn.rule.pagade.pair.text": (
        "ಒಂದು ಚೌಕದಲ್ಲಿ ಒಂದೇ ಬಣ್ಣದ ಎರಡು ಕಾಯಿಗಳು ಜೋಡಿ; ಒಂದು ಚೌಕದಲ್ಲಿ ಒಂದೇ ಬಣ್ಣದ ಹೆಚ್ಚೆಂದರೆ ಎರಡು"
        " ಕಾಯಿಗಳು. ಒಂಟಿ ಕಾಯಿ ಜೋಡಿಯನ್ನು ಎಂದೂ ಕತ್ತರಿಸುವುದಿಲ್ಲ. ಜೋಡಿ ದಾಳದಲ್ಲಿ ಜೋಡಿಯ ಎರಡು ಕಾಯಿಗಳು ಒಂದು"
        " ದಾಳದಷ್ಟು ಒಟ್ಟಿಗೆ ನಡೆಯಬಹುದು, ಮತ್ತು ಒಟ್ಟಿಗೆ ನಡೆಯುವ ಜೋಡಿ ಇನ್ನೊಂದು ಜೋಡಿಯನ್ನು ಕತ್ತರಿಸಬಹುದು."
    ),
    "learn.rule.pagade.belly.title": "ಮನೆಗೆ ಹೋಗುವ ಮೊದಲು ಕತ್ತರಿಸಿ",
    "learn.rule.pagade.belly.text": (
        "ಆಟಗಾರನು ಎದುರಾಳಿಯ ಒಂದು ಕಾಯಿಯನ್ನು ಕತ್ತರಿಸಿದ ಮೇಲೆ ಮಾತ್ರ ಅವನ ಕಾಯಿ ಮನೆಯ ಕಡೆ ತನ್ನ ಹೊಟ್ಟೆಗೆ"
        " ತಿರುಗಬಹುದು; ಅಲ್ಲಿಯವರೆಗೆ ಅದು ತನ್ನ 8 ನೇ ಚೌಕದಲ್ಲಿ ಕಾಯುತ್ತದೆ."
    ),
    "learn.rule.pagade.home.title": "ಸರಿಯಾದ ಎಣಿಕೆಯಿಂದ ಮನೆ",
    "learn.rule.pagade.home.text": (
        "ಮನೆಯನ್ನು ಸರಿಯಾದ ಎಣಿಕೆಯಿಂದ ಮಾತ್ರ ತಲುಪಬಹುದು: ಒಂದು ದಾಳ, ಮೊತ್ತ ಅಥವಾ ಜೋಡಿಯ ನಡೆಯಿಂದ."
    ),
    "learn.rule.pagade.win.title": "ಗೆಲ್ಲುವುದು",
    "learn.rule.pagade.win.text": (
        "ತನ್ನ ಎಲ್ಲ ಕಾಯಿಗಳನ್ನು ಮೊದಲು ಮನೆಗೆ ತಲುಪಿಸಿದವರು ಗೆಲ್ಲುತ್ತಾರೆ; ಜೊತೆಗಾರರು ಇಬ್ಬರೂ ಮುಗಿಸಿದಾಗ ಒಟ್ಟಿಗೆ"
        " ಗೆಲ್ಲುತ್ತಾರೆ. ಆಟವನ್ನು ಹಾಗೆ ಹೊಂದಿಸಿದ್ದರೆ ಉಳಿದವರು ಸ್ಥಾನಗಳಿಗಾಗಿ ಆಡುತ್ತಾರೆ."
    ),
    "learn.page_title": "ಆಡಲು ಕಲಿಯಿರಿ",
    "learn.title": "ಐದು ನಿಮಿಷದಲ್ಲಿ ಪಾರ್ಚೀಸಿ ಕಲಿಯಿರಿ",
    "learn.lead": (
        "ಆರು ಚಿಕ್ಕ ಪಾಠಗಳು: ಪ್ರತಿ ಪಾಠ ಒಂದು ಸ್ಥಿತಿ ಮತ್ತು ಒಂದು ಎಸೆತ ಕೊಟ್ಟು ನಿಮ್ಮಿಂದ ಒಂದು ನಡೆ ಕೇಳುತ್ತದೆ. ನೀವು ಕೆಂಪು ಆಡುತ್ತೀರಿ."
    ),
    "learn.how_to": "ನಿಮ್ಮ ಒಂದು ಕಾಯಿಯನ್ನು ತಟ್ಟಿ, ನಂತರ ಒಂದು ದಾಳವನ್ನು (ಅಥವಾ ಹೊಳೆಯುವ ಚೌಕವನ್ನು).",
    "learn.lesson_of": "ಪಾಠ {n} / {total}",
    "learn.dice": "ದಾಳಗಳು",
    "learn.die": "{n} ನಡೆಸಿ",
    "learn.bonus_die": "ಬೋನಸ್ {n}",
    "learn.bonus_take": "ಬೋನಸ್ ತೆಗೆದುಕೊಳ್ಳಿ: ಒಂದು ಕಾಯಿಯನ್ನು ತಟ್ಟಿ, ನಂತರ ಬೋನಸ್ ಅನ್ನು.",
    "learn.pick_pawn": "ಮೊದಲು ನಿಮ್ಮ ಒಂದು ಕೆಂಪು ಕಾಯಿಯನ್ನು ತಟ್ಟಿ.",
    "learn.not_yours": "ಅದು ನಿಮ್ಮ ಕಾಯಿ ಅಲ್ಲ: ನೀವು ಕೆಂಪು ಆಡುತ್ತೀರಿ.",
    "learn.refused": "ನಿಯಮಕ್ಕೆ ವಿರುದ್ಧ: {why}",
    "learn.rule_ref": "(ನಿಯಮ ಪುಸ್ತಕ § {n})",
    "learn.undo": "ಹಿಂಪಡೆ",
    "learn.restart": "ಪಾಠವನ್ನು ಮತ್ತೆ ಆರಂಭಿಸಿ",
    "learn.next": "ಮುಂದಿನ ಪಾಠ",
    "learn.finish_all": "ನಿಜವಾದ ಆಟ ಆಡಿ",
    "learn.all_done": "ನಿಮ್ಮ ಮೊದಲ ಆಟ ಆಡಿದಿರಿ. ಪಾರ್ಚೀಸಿ ಆಡಲು ಇಷ್ಟು ಸಾಕು!",
    "learn.played": "ನೀವು ಆಡಿದ್ದು: {play}",
    "learn.rules_link": "ಪಾರ್ಚೀಸಿಯ ಎಲ್ಲ ನಿಯಮಗಳು",
    "learn.banner": "ಹೊಸಬರೇ? ಐದು ನಿಮಿಷದಲ್ಲಿ ಪಾರ್ಚೀಸಿ ಕಲಿಯಿರಿ.",
    "learn.banner_go": "ಆಡಲು ಕಲಿಯಿರಿ",
    "learn.banner_dismiss": "ಈಗ ಬೇಡ",
    "learn.lesson.enter.title": "5 ರಿಂದ ಪ್ರವೇಶ",
    "learn.lesson.enter.task": (
        "ನಿಮ್ಮ ಎಲ್ಲ ಕಾಯಿಗಳು ಗೂಡಿನಲ್ಲಿವೆ, ಮತ್ತು ನೀವು 5 ಮತ್ತು 2 ಎಸೆದಿರಿ. 5 ರಿಂದ ಒಂದು ಕಾಯಿಯನ್ನು"
        " ಹೊರತನ್ನಿ, ನಂತರ 2 ರಿಂದ ಅದನ್ನು ಮುಂದೆ ನಡೆಸಿ."
    ),
    "learn.lesson.enter.done": "ಭೇಷ್: 5 ಬಂದರೆ ಕಾಯಿ ತನ್ನ ಪ್ರವೇಶದ ಚೌಕಕ್ಕೆ ಬರುತ್ತದೆ.",
    "learn.lesson.enter.again": "5 ರಿಂದ ಗೂಡಿನಿಂದ ಒಂದು ಕಾಯಿಯನ್ನು ಹೊರತನ್ನಿ.",
    "learn.lesson.capture.title": "ಹಿಡಿಯಿರಿ",
    "learn.lesson.capture.task": (
        "ನಿಮ್ಮ ಕಾಯಿಯಿಂದ 4 ಚೌಕ ಮುಂದೆ ಹಳದಿ ಕಾಯಿ ನಿಂತಿದೆ. 4 ರಿಂದ ಅದರ ಮೇಲೆ ನಿಂತು ಅದನ್ನು ಹಿಡಿಯಿರಿ, ನಂತರ"
        " 2 ಬಳಸಿ, ನಂತರ ನಿಮ್ಮ 20 ರ ಬೋನಸ್ ತೆಗೆದುಕೊಳ್ಳಿ."
    ),
    "learn.lesson.capture.done": "ಹಿಡಿಯಿತು! ಹಳದಿ ಕಾಯಿ ತನ್ನ ಗೂಡಿಗೆ ಹೋಯಿತು, ಅದಕ್ಕಾಗಿ ನೀವು 20 ಚೌಕ ನಡೆದಿರಿ.",
    "learn.lesson.capture.again": "4 ರಿಂದ ಹಳದಿ ಕಾಯಿಯ ಮೇಲೆ ನಿಲ್ಲಿ.",
    "learn.lesson.safety.title": "ಸುರಕ್ಷಿತ ಚೌಕ ತಲುಪಿ",
    "learn.lesson.safety.task": (
        "ನಿಮ್ಮ ಮುಂದಿನ ಕಾಯಿಯಿಂದ 5 ಚೌಕ ಹಿಂದೆ ಹಳದಿ ಕಾಯಿ ಹೊಂಚು ಹಾಕಿದೆ. ಆ ಕಾಯಿಯನ್ನು 4 ನಡೆಸಿ ನಕ್ಷತ್ರಕ್ಕೆ,"
        " ಅದನ್ನು ಹಿಡಿಯಲಾಗದ ಸುರಕ್ಷಿತ ಚೌಕಕ್ಕೆ ತನ್ನಿ, ಮತ್ತು 6 ಬೇರೆಡೆ ಬಳಸಿ."
    ),
    "learn.lesson.safety.done": "ಸುರಕ್ಷಿತ: ಸುರಕ್ಷಿತ ಚೌಕದಲ್ಲಿರುವ ನಿಮ್ಮ ಕಾಯಿಯ ಮೇಲೆ ಯಾರೂ ನಿಲ್ಲುವಂತಿಲ್ಲ.",
    "learn.lesson.safety.again": "ಎಸೆತದ ಕೊನೆಯಲ್ಲಿ ಅಪಾಯದಲ್ಲಿರುವ ಕಾಯಿ ನಕ್ಷತ್ರದ ಮೇಲಿರಬೇಕು.",
    "learn.lesson.blockade.title": "ತಡೆಗೋಡೆ ಕಟ್ಟಿ",
    "learn.lesson.blockade.task": (
        "ಒಂದು ಕಾಯಿಯನ್ನು 4 ನಡೆಸಿ ನಿಮ್ಮ ಇನ್ನೊಂದು ಕಾಯಿಯ ಜೊತೆ ನಿಲ್ಲಿಸಿ: ಒಂದು ಚೌಕದಲ್ಲಿ ಎರಡು ಕಾಯಿಗಳು ಯಾರೂ"
        " ದಾಟಲಾಗದ ತಡೆಗೋಡೆ. 3 ಅನ್ನು ಬೇರೆ ಕಾಯಿಯಿಂದ ಬಳಸಿ."
    ),
    "learn.lesson.blockade.done": "ತಡೆಗೋಡೆ: ಯಾವ ಕಾಯಿಯೂ ಇದನ್ನು ದಾಟಲಾರದು, ಇದರ ಮೇಲೆ ನಿಲ್ಲಲಾರದು.",
    "learn.lesson.blockade.again": "ಎಸೆತದ ಕೊನೆಯಲ್ಲಿ ನಿಮ್ಮ ಎರಡು ಕಾಯಿಗಳು ಒಂದೇ ಚೌಕದಲ್ಲಿರಲಿ.",
    "learn.lesson.doublet.title": "ಜೋಡಿ ದಾಳ ಬಳಸಿ",
    "learn.lesson.doublet.task": (
        "ಎರಡು 3! ನಿಮ್ಮ ಎಲ್ಲ ಕಾಯಿಗಳು ಗೂಡಿನಿಂದ ಹೊರಗಿವೆ, ಆದ್ದರಿಂದ ಕೆಳಗಿನ ಮುಖಗಳೂ ಲೆಕ್ಕ: 3, 3, 4 ಮತ್ತು 4."
        " ನಾಲ್ಕೂ ಸಂಖ್ಯೆಗಳನ್ನು ಬಳಸಿ."
    ),
    "learn.lesson.doublet.done": "ಹದಿನಾಲ್ಕು ಚೌಕಗಳು, ಮತ್ತು ಜೋಡಿ ದಾಳದ ನಂತರ ನೀವು ಮತ್ತೆ ಎಸೆಯುತ್ತೀರಿ.",
    "learn.lesson.doublet.again": "ಜೋಡಿ ದಾಳದ ನಾಲ್ಕೂ ಸಂಖ್ಯೆಗಳನ್ನು ಬಳಸಿ.",
    "learn.lesson.finish.title": "ಮುಗಿಸಿ",
    "learn.lesson.finish.task": (
        "ನಿಮ್ಮ ಮೂರು ಕಾಯಿಗಳು ಮನೆ ತಲುಪಿವೆ; ಕೊನೆಯದಕ್ಕೆ ಸರಿಯಾಗಿ 6 ಬೇಕು. ಗೆಲ್ಲಲು ಅದನ್ನು ಮನೆಗೆ ತನ್ನಿ."
    ),
    "learn.lesson.finish.done": "ನಾಲ್ಕೂ ಕಾಯಿಗಳು ಮನೆಯಲ್ಲಿ: ನೀವು ಗೆದ್ದಿರಿ!",
    "learn.lesson.finish.again": "6 ರಿಂದ ನಿಮ್ಮ ಕೊನೆಯ ಕಾಯಿಯನ್ನು ಮನೆಗೆ ತನ್ನಿ.",
    "learn.not_quite": "ಇನ್ನೂ ಇಲ್ಲ. {again}",
    "learn.why.at_home": "ಈ ಕಾಯಿ ಈಗಾಗಲೇ ಮನೆ ತಲುಪಿದೆ, ಇನ್ನು ನಡೆಯುವುದಿಲ್ಲ",
    "learn.why.bonus_nest": "ಗೂಡಿನಲ್ಲಿರುವ ಕಾಯಿ ಬೋನಸ್ ತೆಗೆದುಕೊಳ್ಳಲಾರದು",
    "learn.why.entry_blocked": "ಪ್ರವೇಶದ ಚೌಕದಲ್ಲಿ ಎರಡು ಕಾಯಿಗಳಿವೆ, ಆದ್ದರಿಂದ ಯಾವ ಕಾಯಿಯೂ ಪ್ರವೇಶಿಸಲಾರದು",
    "learn.why.enter_five": "ಕಾಯಿ ಗೂಡಿನಿಂದ 5 ರಿಂದ ಮಾತ್ರ ಹೊರಬರುತ್ತದೆ (ಅಥವಾ ಮೊತ್ತ 5 ಆಗುವ ಎರಡು ದಾಳ)",
    "learn.why.exact_home": "ಮನೆಯನ್ನು ಸರಿಯಾದ ಎಣಿಕೆಯಿಂದ ಮಾತ್ರ ತಲುಪಬಹುದು, ಇದು ತುಂಬಾ ಮುಂದೆ ಹೋಗುತ್ತದೆ",
    "learn.why.pass_blockade": "ಯಾವ ಕಾಯಿಯೂ ತಡೆಗೋಡೆಯನ್ನು ದಾಟುವಂತಿಲ್ಲ",
    "learn.why.land_blockade": "ಯಾವ ಕಾಯಿಯೂ ತಡೆಗೋಡೆಯ ಮೇಲೆ ನಿಲ್ಲುವಂತಿಲ್ಲ",
    "learn.why.safe_square": "ಸುರಕ್ಷಿತ ಚೌಕದಲ್ಲಿರುವ ಕಾಯಿಯನ್ನು ಹಿಡಿಯಲಾಗದು",
    "learn.why.must_enter": "ಸಾಧ್ಯವಾದಾಗ ಗೂಡಿನಿಂದ ಕಾಯಿಯನ್ನು ಹೊರತರಲೇಬೇಕು",
    "learn.why.larger_die": "ಒಂದೇ ದಾಳ ಬಳಸಬಹುದಾದಾಗ ಅದು ದೊಡ್ಡದೇ ಆಗಿರಬೇಕು",
    "learn.why.use_most": "ಎಸೆತವನ್ನು ನಿಯಮಗಳು ಬಿಡುವಷ್ಟು ಪೂರ್ತಿ ಬಳಸಬೇಕು, ಇದರಿಂದ ಕಡಿಮೆ ಬಳಕೆಯಾಗುತ್ತದೆ",
}


#: The words of learning to play per language (the same keys in each).
LEARN_WORDS: dict[str, dict[str, str]] = {"en": _EN, "hi": _HI, "kn": _KN}


# -- the first game of Ludo and of Mensch ärgere Dich nicht (pachisi.web.one_die_tutorial) --

_ONE_DIE_EN: dict[str, str] = {
    "learn.title.ludo": "Learn Ludo in five minutes",
    "learn.title.maedn": "Learn Mensch ärgere Dich nicht in five minutes",
    "learn.rules_link.ludo": "All the rules of Ludo",
    "learn.rules_link.maedn": "All the rules of Mensch ärgere Dich nicht",
    "learn.try_it.ludo": "Learn Ludo in five minutes: play a first game",
    "learn.try_it.maedn": "Learn Mensch ärgere Dich nicht in five minutes: play a first game",
    "learn.banner_ludo": "Learn Ludo",
    "learn.banner_maedn": "Learn Mensch ärgere Dich nicht",
    "learn.another_throw": "Another throw for you: a {n}.",
    "learn.how_to_one": "Tap one of your pawns, then the die (or a lit square).",
    "learn.lesson.ludo.enter.title": "Come out on a 6",
    "learn.lesson.ludo.enter.task": (
        "You threw a 6: bring a pawn out of the yard onto your start square. A 6 gives you"
        " another throw: then move the new pawn with it."
    ),
    "learn.lesson.ludo.enter.done": (
        "Out and moving. Only a 6 brings a pawn out, and every 6 gives another throw."
    ),
    "learn.lesson.ludo.enter.again": "Bring a pawn out with the 6, then move it.",
    "learn.lesson.ludo.six.title": "Use your extra throw",
    "learn.lesson.ludo.six.task": (
        "A 6, and after it you will throw a 5. Bring a second pawn out with the 6, then capture"
        " the yellow pawn 5 squares ahead of your other pawn."
    ),
    "learn.lesson.ludo.six.done": (
        "Captured: the yellow pawn goes back to its yard, and a capture gives another throw too."
    ),
    "learn.lesson.ludo.six.again": (
        "Keep the pawn on square 20 for the 5: bring a new pawn out with the 6."
    ),
    "learn.lesson.ludo.safe.title": "Stand on a safe square",
    "learn.lesson.ludo.safe.task": (
        "A yellow pawn 5 squares behind your pawn on square 17 could capture it. Move that pawn"
        " 4 onto the star: nobody is captured on a safe square, not even the yellow pawn"
        " already there."
    ),
    "learn.lesson.ludo.safe.done": "Safe: on a star or a start square no pawn can be captured.",
    "learn.lesson.ludo.safe.again": "Move the threatened pawn on square 17 onto the star.",
    "learn.lesson.ludo.block.title": "Make a block",
    "learn.lesson.ludo.block.task": (
        "Two yellow pawns on one square make a block: you may not end your move there. Move a"
        " pawn 3 to join your other pawn and make a block of your own."
    ),
    "learn.lesson.ludo.block.done": "A block: yellow may pass it but not end a move on it.",
    "learn.lesson.ludo.block.again": "End your move on the square where your other pawn stands.",
    "learn.lesson.ludo.finish.title": "Finish exactly",
    "learn.lesson.ludo.finish.task": (
        "Two pawns are Home. A pawn reaches Home only with the exact number: bring one Home"
        " with the 3, and the last one with the throw that gives you."
    ),
    "learn.lesson.ludo.finish.done": "All four pawns Home: you win!",
    "learn.lesson.ludo.finish.again": "Bring the pawn that is 3 from Home in first.",
    "learn.lesson.maedn.enter.title": "Come out on a 6",
    "learn.lesson.maedn.enter.task": (
        "You threw a 6: bring a pawn out onto your start field. The 6 gives you another"
        " throw; while pawns wait in the yard, your start field must be cleared first."
    ),
    "learn.lesson.maedn.enter.done": "Out, and the start field is free for the next pawn.",
    "learn.lesson.maedn.enter.again": (
        "Bring a pawn out with the 6, then move it off the start field."
    ),
    "learn.lesson.maedn.capture.title": "Capture",
    "learn.lesson.maedn.capture.task": (
        "A field holds one pawn. Capture the green pawn 3 fields ahead of one of your pawns:"
        " it goes back to its yard."
    ),
    "learn.lesson.maedn.capture.done": (
        "Captured! There are no safe fields in this game: every pawn on the track can be hit."
    ),
    "learn.lesson.maedn.capture.again": "Land on the green pawn with the 3.",
    "learn.lesson.maedn.six.title": "A 6 brings a pawn out",
    "learn.lesson.maedn.six.task": (
        "With pawns in the yard and your start field free, a 6 must bring one out. Then you"
        " throw again: a 5, and the start field must be cleared first."
    ),
    "learn.lesson.maedn.six.done": "That is the order: out with the 6, then off the start field.",
    "learn.lesson.maedn.six.again": (
        "Bring a pawn out with the 6, then move it off the start field."
    ),
    "learn.lesson.maedn.goal.title": "Into the goal",
    "learn.lesson.maedn.goal.task": (
        "A pawn enters its goal fields by the exact count. Move a pawn into your goal with the 5."
    ),
    "learn.lesson.maedn.goal.done": (
        "In the goal. A pawn may still move on inside it, never past its last field."
    ),
    "learn.lesson.maedn.goal.again": "Move the pawn 5 fields before the goal into it.",
    "learn.lesson.maedn.win.title": "Win",
    "learn.lesson.maedn.win.task": (
        "Three pawns are in the goal. Bring the last one in with the 3 to win."
    ),
    "learn.lesson.maedn.win.done": "All four pawns in the goal: you win!",
    "learn.lesson.maedn.win.again": "Move your last pawn into the goal.",
    "learn.why.one.six": "a pawn leaves the yard only with a 6",
    "learn.why.one.at_home": "this pawn is Home already and moves no more",
    "learn.why.one.exact_home": (
        "Home is reached only with the exact number, and this goes past it"
    ),
    "learn.why.one.exact_goal": (
        "this would go past the last goal field: the goal needs the exact count"
    ),
    "learn.why.one.block": "no pawn may end its move on an opponent's block",
    "learn.why.one.own_pawn": "a field holds only one pawn, and one of yours stands there",
    "learn.why.one.clear_start": (
        "while pawns wait in the yard, the pawn on your start field must move first"
    ),
    "learn.why.one.must_enter": "with a 6 and pawns in the yard, you must bring one out",
    "learn.why.one.other": "the rules allow only the moves that are lit",
}

_ONE_DIE_HI: dict[str, str] = {
    "learn.title.ludo": "पाँच मिनट में लूडो सीखें",
    "learn.title.maedn": "पाँच मिनट में मेंश ऍर्गेरे डिश निश्ट सीखें",
    "learn.rules_link.ludo": "लूडो के सारे नियम",
    "learn.rules_link.maedn": "मेंश ऍर्गेरे डिश निश्ट के सारे नियम",
    "learn.try_it.ludo": "पाँच मिनट में लूडो सीखें: पहला खेल खेलें",
    "learn.try_it.maedn": "पाँच मिनट में मेंश ऍर्गेरे डिश निश्ट सीखें: पहला खेल खेलें",
    "learn.banner_ludo": "लूडो सीखें",
    "learn.banner_maedn": "मेंश ऍर्गेरे डिश निश्ट सीखें",
    "learn.another_throw": "आपको एक और फेंक मिला: {n}।",
    "learn.how_to_one": "अपना एक प्यादा छुएँ, फिर पासा (या चमकता खाना)।",
    "learn.lesson.ludo.enter.title": "6 पर बाहर आएँ",
    "learn.lesson.ludo.enter.task": (
        "आपने 6 फेंका: एक प्यादा यार्ड से अपने शुरुआती खाने पर लाएँ। 6 पर एक और फेंक मिलता है:"
        " उससे नए प्यादे को चलाएँ।"
    ),
    "learn.lesson.ludo.enter.done": (
        "बाहर और चलता हुआ। केवल 6 प्यादे को बाहर लाता है, और हर 6 पर एक और फेंक मिलता है।"
    ),
    "learn.lesson.ludo.enter.again": "6 से एक प्यादा बाहर लाएँ, फिर उसे चलाएँ।",
    "learn.lesson.ludo.six.title": "अतिरिक्त फेंक का उपयोग करें",
    "learn.lesson.ludo.six.task": (
        "एक 6, और उसके बाद आप 5 फेंकेंगे। 6 से दूसरा प्यादा बाहर लाएँ, फिर अपने दूसरे प्यादे से"
        " 5 खाने आगे खड़े पीले प्यादे को पकड़ें।"
    ),
    "learn.lesson.ludo.six.done": (
        "पकड़ लिया: पीला प्यादा अपने यार्ड में लौटता है, और पकड़ने पर भी एक और फेंक मिलता है।"
    ),
    "learn.lesson.ludo.six.again": "खाना 20 वाले प्यादे को 5 के लिए रोक रखें: 6 से नया प्यादा बाहर लाएँ।",
    "learn.lesson.ludo.safe.title": "सुरक्षित खाने पर रुकें",
    "learn.lesson.ludo.safe.task": (
        "खाना 17 पर आपके प्यादे से 5 खाने पीछे एक पीला प्यादा उसे पकड़ सकता है। उस प्यादे को 4"
        " चलाकर सितारे पर ले जाएँ: सुरक्षित खाने पर कोई नहीं पकड़ा जाता, वहाँ पहले से खड़ा पीला"
        " प्यादा भी नहीं।"
    ),
    "learn.lesson.ludo.safe.done": "सुरक्षित: सितारे या शुरुआती खाने पर कोई प्यादा पकड़ा नहीं जा सकता।",
    "learn.lesson.ludo.safe.again": "खाना 17 के ख़तरे वाले प्यादे को सितारे पर ले जाएँ।",
    "learn.lesson.ludo.block.title": "नाकाबंदी बनाएँ",
    "learn.lesson.ludo.block.task": (
        "एक खाने पर दो पीले प्यादे नाकाबंदी हैं: आप वहाँ अपनी चाल ख़त्म नहीं कर सकते। एक प्यादे"
        " को 3 चलाकर अपने दूसरे प्यादे के पास ले जाएँ और अपनी नाकाबंदी बनाएँ।"
    ),
    "learn.lesson.ludo.block.done": "नाकाबंदी: पीला इसे पार कर सकता है, पर इस पर चाल ख़त्म नहीं कर सकता।",
    "learn.lesson.ludo.block.again": "अपनी चाल उस खाने पर ख़त्म करें जहाँ आपका दूसरा प्यादा खड़ा है।",
    "learn.lesson.ludo.finish.title": "ठीक अंक से पूरा करें",
    "learn.lesson.ludo.finish.task": (
        "दो प्यादे होम पहुँच चुके हैं। प्यादा केवल ठीक अंक से होम पहुँचता है: 3 से एक को होम"
        " लाएँ, और उससे मिले फेंक से आख़िरी को।"
    ),
    "learn.lesson.ludo.finish.done": "चारों प्यादे होम में: आप जीत गए!",
    "learn.lesson.ludo.finish.again": "पहले उस प्यादे को होम लाएँ जो होम से 3 दूर है।",
    "learn.lesson.maedn.enter.title": "6 पर बाहर आएँ",
    "learn.lesson.maedn.enter.task": (
        "आपने 6 फेंका: एक प्यादा अपने शुरुआती खाने पर लाएँ। 6 पर एक और फेंक मिलता है; जब तक"
        " प्यादे यार्ड में हैं, पहले शुरुआती खाना ख़ाली करना होता है।"
    ),
    "learn.lesson.maedn.enter.done": "बाहर, और शुरुआती खाना अगले प्यादे के लिए ख़ाली।",
    "learn.lesson.maedn.enter.again": "6 से एक प्यादा बाहर लाएँ, फिर उसे शुरुआती खाने से हटाएँ।",
    "learn.lesson.maedn.capture.title": "पकड़ें",
    "learn.lesson.maedn.capture.task": (
        "एक खाने पर एक ही प्यादा रहता है। अपने किसी प्यादे से 3 खाने आगे खड़े हरे प्यादे को"
        " पकड़ें: वह अपने यार्ड में लौटता है।"
    ),
    "learn.lesson.maedn.capture.done": (
        "पकड़ लिया! इस खेल में कोई सुरक्षित खाना नहीं: रास्ते का हर प्यादा पकड़ा जा सकता है।"
    ),
    "learn.lesson.maedn.capture.again": "3 से हरे प्यादे पर रुकें।",
    "learn.lesson.maedn.six.title": "6 प्यादा बाहर लाता है",
    "learn.lesson.maedn.six.task": (
        "यार्ड में प्यादे हों और शुरुआती खाना ख़ाली हो, तो 6 से एक प्यादा बाहर लाना ज़रूरी है।"
        " फिर एक और फेंक: 5, और पहले शुरुआती खाना ख़ाली करना होगा।"
    ),
    "learn.lesson.maedn.six.done": "यही क्रम है: 6 से बाहर, फिर शुरुआती खाने से आगे।",
    "learn.lesson.maedn.six.again": "6 से एक प्यादा बाहर लाएँ, फिर उसे शुरुआती खाने से हटाएँ।",
    "learn.lesson.maedn.goal.title": "लक्ष्य में",
    "learn.lesson.maedn.goal.task": (
        "प्यादा ठीक गिनती से अपने लक्ष्य खानों में जाता है। 5 से एक प्यादे को अपने लक्ष्य में ले जाएँ।"
    ),
    "learn.lesson.maedn.goal.done": (
        "लक्ष्य में। भीतर वह आगे भी चल सकता है, पर आख़िरी लक्ष्य खाने से आगे कभी नहीं।"
    ),
    "learn.lesson.maedn.goal.again": "लक्ष्य से 5 खाने पहले वाले प्यादे को उसमें ले जाएँ।",
    "learn.lesson.maedn.win.title": "जीतें",
    "learn.lesson.maedn.win.task": "तीन प्यादे लक्ष्य में हैं। जीतने के लिए 3 से आख़िरी को भी अंदर लाएँ।",
    "learn.lesson.maedn.win.done": "चारों प्यादे लक्ष्य में: आप जीत गए!",
    "learn.lesson.maedn.win.again": "अपने आख़िरी प्यादे को लक्ष्य में ले जाएँ।",
    "learn.why.one.six": "प्यादा केवल 6 पर यार्ड से निकलता है",
    "learn.why.one.at_home": "यह प्यादा पहले ही होम पहुँच चुका है और अब नहीं चलता",
    "learn.why.one.exact_home": "होम केवल ठीक अंक से पहुँचा जाता है, और यह उससे आगे जाता है",
    "learn.why.one.exact_goal": "यह आख़िरी लक्ष्य खाने से आगे चला जाएगा: लक्ष्य के लिए ठीक गिनती चाहिए",
    "learn.why.one.block": "कोई प्यादा विरोधी की नाकाबंदी पर अपनी चाल ख़त्म नहीं कर सकता",
    "learn.why.one.own_pawn": "एक खाने पर एक ही प्यादा रहता है, और वहाँ आपका प्यादा खड़ा है",
    "learn.why.one.clear_start": "जब तक प्यादे यार्ड में हैं, शुरुआती खाने वाले प्यादे को पहले चलना होगा",
    "learn.why.one.must_enter": "6 हो और प्यादे यार्ड में हों, तो एक को बाहर लाना ज़रूरी है",
    "learn.why.one.other": "नियम केवल चमकती चालों की अनुमति देते हैं",
}

_ONE_DIE_KN: dict[str, str] = {
    "learn.title.ludo": "ಐದು ನಿಮಿಷದಲ್ಲಿ ಲೂಡೋ ಕಲಿಯಿರಿ",
    "learn.title.maedn": "ಐದು ನಿಮಿಷದಲ್ಲಿ ಮೆನ್ಷ್ ಎರ್ಗೆರೆ ಡಿಶ್ ನಿಷ್ಟ್ ಕಲಿಯಿರಿ",
    "learn.rules_link.ludo": "ಲೂಡೋದ ಎಲ್ಲ ನಿಯಮಗಳು",
    "learn.rules_link.maedn": "ಮೆನ್ಷ್ ಎರ್ಗೆರೆ ಡಿಶ್ ನಿಷ್ಟ್ ಆಟದ ಎಲ್ಲ ನಿಯಮಗಳು",
    "learn.try_it.ludo": "ಐದು ನಿಮಿಷದಲ್ಲಿ ಲೂಡೋ ಕಲಿಯಿರಿ: ಮೊದಲ ಆಟ ಆಡಿ",
    "learn.try_it.maedn": "ಐದು ನಿಮಿಷದಲ್ಲಿ ಮೆನ್ಷ್ ಎರ್ಗೆರೆ ಡಿಶ್ ನಿಷ್ಟ್ ಕಲಿಯಿರಿ: ಮೊದಲ ಆಟ ಆಡಿ",
    "learn.banner_ludo": "ಲೂಡೋ ಕಲಿಯಿರಿ",
    "learn.banner_maedn": "ಮೆನ್ಷ್ ಎರ್ಗೆರೆ ಡಿಶ್ ನಿಷ್ಟ್ ಕಲಿಯಿರಿ",
    "learn.another_throw": "ನಿಮಗೆ ಇನ್ನೊಂದು ಎಸೆತ: {n}.",
    "learn.how_to_one": "ನಿಮ್ಮ ಒಂದು ಕಾಯಿಯನ್ನು ಒತ್ತಿ, ನಂತರ ದಾಳವನ್ನು (ಅಥವಾ ಬೆಳಗಿದ ಚೌಕವನ್ನು).",
    "learn.lesson.ludo.enter.title": "6ಕ್ಕೆ ಹೊರಬನ್ನಿ",
    "learn.lesson.ludo.enter.task": (
        "ನೀವು 6 ಎಸೆದಿರಿ: ಒಂದು ಕಾಯಿಯನ್ನು ಅಂಗಳದಿಂದ ನಿಮ್ಮ ಆರಂಭದ ಚೌಕಕ್ಕೆ ತನ್ನಿ. 6 ಇನ್ನೊಂದು ಎಸೆತ"
        " ಕೊಡುತ್ತದೆ: ಅದರಿಂದ ಹೊಸ ಕಾಯಿಯನ್ನು ನಡೆಸಿ."
    ),
    "learn.lesson.ludo.enter.done": (
        "ಹೊರಗೆ ಬಂದು ನಡೆಯುತ್ತಿದೆ. 6 ಮಾತ್ರ ಕಾಯಿಯನ್ನು ಹೊರತರುತ್ತದೆ, ಪ್ರತಿ 6 ಇನ್ನೊಂದು ಎಸೆತ ಕೊಡುತ್ತದೆ."
    ),
    "learn.lesson.ludo.enter.again": "6ರಿಂದ ಒಂದು ಕಾಯಿಯನ್ನು ಹೊರತನ್ನಿ, ನಂತರ ಅದನ್ನು ನಡೆಸಿ.",
    "learn.lesson.ludo.six.title": "ಹೆಚ್ಚಿನ ಎಸೆತವನ್ನು ಬಳಸಿ",
    "learn.lesson.ludo.six.task": (
        "ಒಂದು 6, ಅದರ ನಂತರ ನೀವು 5 ಎಸೆಯುತ್ತೀರಿ. 6ರಿಂದ ಎರಡನೇ ಕಾಯಿಯನ್ನು ಹೊರತನ್ನಿ, ನಂತರ ನಿಮ್ಮ"
        " ಇನ್ನೊಂದು ಕಾಯಿಯಿಂದ 5 ಚೌಕ ಮುಂದಿರುವ ಹಳದಿ ಕಾಯಿಯನ್ನು ಹಿಡಿಯಿರಿ."
    ),
    "learn.lesson.ludo.six.done": ("ಹಿಡಿದಿರಿ: ಹಳದಿ ಕಾಯಿ ತನ್ನ ಅಂಗಳಕ್ಕೆ ಮರಳುತ್ತದೆ, ಹಿಡಿದಾಗಲೂ ಇನ್ನೊಂದು ಎಸೆತ ಸಿಗುತ್ತದೆ."),
    "learn.lesson.ludo.six.again": "ಚೌಕ 20ರ ಕಾಯಿಯನ್ನು 5ಕ್ಕಾಗಿ ಉಳಿಸಿ: 6ರಿಂದ ಹೊಸ ಕಾಯಿಯನ್ನು ಹೊರತನ್ನಿ.",
    "learn.lesson.ludo.safe.title": "ಸುರಕ್ಷಿತ ಚೌಕದಲ್ಲಿ ನಿಲ್ಲಿ",
    "learn.lesson.ludo.safe.task": (
        "ಚೌಕ 17ರ ನಿಮ್ಮ ಕಾಯಿಯಿಂದ 5 ಚೌಕ ಹಿಂದಿರುವ ಹಳದಿ ಕಾಯಿ ಅದನ್ನು ಹಿಡಿಯಬಹುದು. ಆ ಕಾಯಿಯನ್ನು 4"
        " ನಡೆಸಿ ನಕ್ಷತ್ರಕ್ಕೆ ತನ್ನಿ: ಸುರಕ್ಷಿತ ಚೌಕದಲ್ಲಿ ಯಾರನ್ನೂ ಹಿಡಿಯಲಾಗದು, ಅಲ್ಲಿ ಈಗಾಗಲೇ ಇರುವ ಹಳದಿ"
        " ಕಾಯಿಯನ್ನೂ."
    ),
    "learn.lesson.ludo.safe.done": "ಸುರಕ್ಷಿತ: ನಕ್ಷತ್ರ ಅಥವಾ ಆರಂಭದ ಚೌಕದಲ್ಲಿ ಯಾವ ಕಾಯಿಯನ್ನೂ ಹಿಡಿಯಲಾಗದು.",
    "learn.lesson.ludo.safe.again": "ಚೌಕ 17ರ ಅಪಾಯದಲ್ಲಿರುವ ಕಾಯಿಯನ್ನು ನಕ್ಷತ್ರಕ್ಕೆ ತನ್ನಿ.",
    "learn.lesson.ludo.block.title": "ತಡೆಗೋಡೆ ಕಟ್ಟಿ",
    "learn.lesson.ludo.block.task": (
        "ಒಂದು ಚೌಕದಲ್ಲಿ ಎರಡು ಹಳದಿ ಕಾಯಿಗಳು ತಡೆಗೋಡೆ: ನೀವು ಅಲ್ಲಿ ನಿಮ್ಮ ನಡೆಯನ್ನು ಮುಗಿಸುವಂತಿಲ್ಲ. ಒಂದು"
        " ಕಾಯಿಯನ್ನು 3 ನಡೆಸಿ ನಿಮ್ಮ ಇನ್ನೊಂದು ಕಾಯಿಯ ಜೊತೆ ನಿಲ್ಲಿಸಿ, ನಿಮ್ಮದೇ ತಡೆಗೋಡೆ ಕಟ್ಟಿ."
    ),
    "learn.lesson.ludo.block.done": "ತಡೆಗೋಡೆ: ಹಳದಿ ಇದನ್ನು ದಾಟಬಹುದು, ಆದರೆ ಇದರ ಮೇಲೆ ನಡೆ ಮುಗಿಸಲಾರದು.",
    "learn.lesson.ludo.block.again": "ನಿಮ್ಮ ಇನ್ನೊಂದು ಕಾಯಿ ಇರುವ ಚೌಕದಲ್ಲಿ ನಡೆಯನ್ನು ಮುಗಿಸಿ.",
    "learn.lesson.ludo.finish.title": "ನಿಖರವಾಗಿ ಮುಗಿಸಿ",
    "learn.lesson.ludo.finish.task": (
        "ಎರಡು ಕಾಯಿಗಳು ಮನೆ ತಲುಪಿವೆ. ಕಾಯಿ ನಿಖರ ಅಂಕದಿಂದ ಮಾತ್ರ ಮನೆ ತಲುಪುತ್ತದೆ: 3ರಿಂದ ಒಂದನ್ನು ಮನೆಗೆ"
        " ತನ್ನಿ, ಅದು ಕೊಡುವ ಎಸೆತದಿಂದ ಕೊನೆಯದನ್ನು."
    ),
    "learn.lesson.ludo.finish.done": "ನಾಲ್ಕೂ ಕಾಯಿಗಳು ಮನೆಯಲ್ಲಿ: ನೀವು ಗೆದ್ದಿರಿ!",
    "learn.lesson.ludo.finish.again": "ಮನೆಯಿಂದ 3 ದೂರವಿರುವ ಕಾಯಿಯನ್ನು ಮೊದಲು ಮನೆಗೆ ತನ್ನಿ.",
    "learn.lesson.maedn.enter.title": "6ಕ್ಕೆ ಹೊರಬನ್ನಿ",
    "learn.lesson.maedn.enter.task": (
        "ನೀವು 6 ಎಸೆದಿರಿ: ಒಂದು ಕಾಯಿಯನ್ನು ನಿಮ್ಮ ಆರಂಭದ ಚೌಕಕ್ಕೆ ತನ್ನಿ. 6 ಇನ್ನೊಂದು ಎಸೆತ ಕೊಡುತ್ತದೆ;"
        " ಕಾಯಿಗಳು ಅಂಗಳದಲ್ಲಿರುವವರೆಗೆ ಮೊದಲು ಆರಂಭದ ಚೌಕವನ್ನು ಖಾಲಿ ಮಾಡಬೇಕು."
    ),
    "learn.lesson.maedn.enter.done": "ಹೊರಗೆ, ಮತ್ತು ಆರಂಭದ ಚೌಕ ಮುಂದಿನ ಕಾಯಿಗೆ ಖಾಲಿ.",
    "learn.lesson.maedn.enter.again": "6ರಿಂದ ಒಂದು ಕಾಯಿಯನ್ನು ಹೊರತನ್ನಿ, ನಂತರ ಅದನ್ನು ಆರಂಭದ ಚೌಕದಿಂದ ಸರಿಸಿ.",
    "learn.lesson.maedn.capture.title": "ಹಿಡಿಯಿರಿ",
    "learn.lesson.maedn.capture.task": (
        "ಒಂದು ಚೌಕದಲ್ಲಿ ಒಂದೇ ಕಾಯಿ. ನಿಮ್ಮ ಒಂದು ಕಾಯಿಯಿಂದ 3 ಚೌಕ ಮುಂದಿರುವ ಹಸಿರು ಕಾಯಿಯನ್ನು ಹಿಡಿಯಿರಿ:"
        " ಅದು ತನ್ನ ಅಂಗಳಕ್ಕೆ ಮರಳುತ್ತದೆ."
    ),
    "learn.lesson.maedn.capture.done": ("ಹಿಡಿದಿರಿ! ಈ ಆಟದಲ್ಲಿ ಸುರಕ್ಷಿತ ಚೌಕಗಳಿಲ್ಲ: ದಾರಿಯ ಪ್ರತಿ ಕಾಯಿಯನ್ನೂ ಹಿಡಿಯಬಹುದು."),
    "learn.lesson.maedn.capture.again": "3ರಿಂದ ಹಸಿರು ಕಾಯಿಯ ಮೇಲೆ ನಿಲ್ಲಿ.",
    "learn.lesson.maedn.six.title": "6 ಕಾಯಿಯನ್ನು ಹೊರತರುತ್ತದೆ",
    "learn.lesson.maedn.six.task": (
        "ಅಂಗಳದಲ್ಲಿ ಕಾಯಿಗಳಿದ್ದು ಆರಂಭದ ಚೌಕ ಖಾಲಿಯಿದ್ದರೆ, 6ರಿಂದ ಒಂದನ್ನು ಹೊರತರಲೇಬೇಕು. ನಂತರ ಇನ್ನೊಂದು"
        " ಎಸೆತ: 5, ಮತ್ತು ಮೊದಲು ಆರಂಭದ ಚೌಕ ಖಾಲಿಯಾಗಬೇಕು."
    ),
    "learn.lesson.maedn.six.done": "ಇದೇ ಕ್ರಮ: 6ಕ್ಕೆ ಹೊರಗೆ, ನಂತರ ಆರಂಭದ ಚೌಕದಿಂದ ಮುಂದೆ.",
    "learn.lesson.maedn.six.again": "6ರಿಂದ ಒಂದು ಕಾಯಿಯನ್ನು ಹೊರತನ್ನಿ, ನಂತರ ಅದನ್ನು ಆರಂಭದ ಚೌಕದಿಂದ ಸರಿಸಿ.",
    "learn.lesson.maedn.goal.title": "ಗುರಿಯೊಳಗೆ",
    "learn.lesson.maedn.goal.task": (
        "ಕಾಯಿ ನಿಖರ ಎಣಿಕೆಯಿಂದ ತನ್ನ ಗುರಿ ಚೌಕಗಳಿಗೆ ಹೋಗುತ್ತದೆ. 5ರಿಂದ ಒಂದು ಕಾಯಿಯನ್ನು ನಿಮ್ಮ ಗುರಿಗೆ ತನ್ನಿ."
    ),
    "learn.lesson.maedn.goal.done": ("ಗುರಿಯಲ್ಲಿ. ಒಳಗೆ ಅದು ಇನ್ನೂ ಮುಂದೆ ಸಾಗಬಹುದು, ಕೊನೆಯ ಗುರಿ ಚೌಕ ದಾಟಿ ಎಂದೂ ಅಲ್ಲ."),
    "learn.lesson.maedn.goal.again": "ಗುರಿಗೆ 5 ಚೌಕ ಮೊದಲಿರುವ ಕಾಯಿಯನ್ನು ಒಳಗೆ ತನ್ನಿ.",
    "learn.lesson.maedn.win.title": "ಗೆಲ್ಲಿರಿ",
    "learn.lesson.maedn.win.task": "ಮೂರು ಕಾಯಿಗಳು ಗುರಿಯಲ್ಲಿವೆ. ಗೆಲ್ಲಲು 3ರಿಂದ ಕೊನೆಯದನ್ನೂ ಒಳಗೆ ತನ್ನಿ.",
    "learn.lesson.maedn.win.done": "ನಾಲ್ಕೂ ಕಾಯಿಗಳು ಗುರಿಯಲ್ಲಿ: ನೀವು ಗೆದ್ದಿರಿ!",
    "learn.lesson.maedn.win.again": "ನಿಮ್ಮ ಕೊನೆಯ ಕಾಯಿಯನ್ನು ಗುರಿಗೆ ತನ್ನಿ.",
    "learn.why.one.six": "ಕಾಯಿ 6 ಬಂದಾಗ ಮಾತ್ರ ಅಂಗಳ ಬಿಡುತ್ತದೆ",
    "learn.why.one.at_home": "ಈ ಕಾಯಿ ಈಗಾಗಲೇ ಮನೆ ತಲುಪಿದೆ, ಇನ್ನು ನಡೆಯುವುದಿಲ್ಲ",
    "learn.why.one.exact_home": "ಮನೆಯನ್ನು ನಿಖರ ಅಂಕದಿಂದ ಮಾತ್ರ ತಲುಪಬಹುದು, ಇದು ಅದನ್ನು ದಾಟುತ್ತದೆ",
    "learn.why.one.exact_goal": "ಇದು ಕೊನೆಯ ಗುರಿ ಚೌಕವನ್ನು ದಾಟುತ್ತದೆ: ಗುರಿಗೆ ನಿಖರ ಎಣಿಕೆ ಬೇಕು",
    "learn.why.one.block": "ಯಾವ ಕಾಯಿಯೂ ಎದುರಾಳಿಯ ತಡೆಗೋಡೆಯ ಮೇಲೆ ನಡೆ ಮುಗಿಸುವಂತಿಲ್ಲ",
    "learn.why.one.own_pawn": "ಒಂದು ಚೌಕದಲ್ಲಿ ಒಂದೇ ಕಾಯಿ, ಅಲ್ಲಿ ನಿಮ್ಮ ಕಾಯಿ ಇದೆ",
    "learn.why.one.clear_start": "ಕಾಯಿಗಳು ಅಂಗಳದಲ್ಲಿರುವಾಗ, ಆರಂಭದ ಚೌಕದ ಕಾಯಿ ಮೊದಲು ನಡೆಯಬೇಕು",
    "learn.why.one.must_enter": "6 ಬಂದು ಕಾಯಿಗಳು ಅಂಗಳದಲ್ಲಿದ್ದರೆ, ಒಂದನ್ನು ಹೊರತರಲೇಬೇಕು",
    "learn.why.one.other": "ನಿಯಮಗಳು ಬೆಳಗಿದ ನಡೆಗಳನ್ನು ಮಾತ್ರ ಬಿಡುತ್ತವೆ",
}

for _lang, _words in (("en", _ONE_DIE_EN), ("hi", _ONE_DIE_HI), ("kn", _ONE_DIE_KN)):
    LEARN_WORDS[_lang].update(_words)
