"""The words of the web pages in English, Hindi and Kannada (``GET /api/messages/{lang}``).

A page asks for the catalogue of its language once and reads every word it
shows from it (``static/i18n.js``). The catalogue of a language is
:data:`MESSAGES` (the pages' own words) together with the core's words for
moves, places, results and rules (:data:`pachisi.describe.PHRASES`), so that
the terminal and the site say the same things. Pagade's terms in Hindi and
Kannada are the terminal's (:data:`pachisi.describe.TERMS`). Templates hold
``{name}`` fields; a few hold ``<kbd>`` or ``<code>`` marks, which the pages
let through and nothing else.
"""

from __future__ import annotations

from typing import Any

from ..bots import LADDER, level_about, level_label
from ..describe import LANGS, PHRASES, rules_facts
from ..rules import ALL_RULESETS
from .club_words import CLUB_WORDS
from .learn_words import LEARN_WORDS
from .ludo_words import LUDO_WORDS
from .play_words import PLAY_WORDS
from .requests import ApiError
from .seek_words import SEEK_WORDS

__all__ = ["MESSAGES", "catalogue", "rules_info"]

_EN: dict[str, str] = {
    "lang.label": "Language",
    "nav.rules": "Rules",
    "nav.lobby": "New game",
    "ruleset.parcheesi": "Parcheesi",
    "ruleset.whitman": "Whitman's Pachisi",
    "ruleset.pagade": "Pagade",
    "ruleset.eight-man": "Eight-Man Parcheesi",
    "conn.connecting": "connecting…",
    "conn.live": "live",
    "conn.offline": "offline: reconnecting…",
    "conn.missing": "no such game",
    "game.page_title": "Pachisi game",
    "game.skip": "Skip to your moves",
    "game.missing": "There is no game at this address.",
    "game.start_new": "Start a new game",
    "game.board": "Board",
    "game.turn": "Turn",
    "game.rematch": "Rematch",
    "game.go_rematch": "Go to the rematch",
    "game.review": "Review the game",
    "game.replay": "Replay",
    "game.download": "Download record",
    "game.dismiss": "Dismiss",
    "game.dismiss_label": "Dismiss the message",
    "game.your_move_title": "Your move",
    "game.legal_steps": "Legal steps",
    "game.undo": "Undo",
    "game.done": "Done",
    "game.hint": "Hint",
    "game.autoplay": "Auto-play forced moves and end a used throw",
    "game.notify": "Tell me by a notification when it is my turn",
    "game.notify_body": "The dice are thrown: it is your move.",
    "game.how_to_play": (
        "Click a pawn, then one of the marked squares, or choose a step above (keys <kbd>1</kbd>"
        "–<kbd>9</kbd>, then <kbd>0</kbd> and letters)."
    ),
    "game.players": "Players",
    "game.who_started": "Who started",
    "game.moves": "Moves",
    "game.show_notation": "Show the move notation",
    "game.share": "Share",
    "game.share_text": "Anyone with this link can watch:",
    "game.watch_link": "Link to watch this game",
    "game.copy": "Copy",
    "game.copied": "Copied",
    "game.replay_so_far": "Replay so far",
    "game.download_record": "Download the record",
    "game.which_step": "Which step?",
    "game.cancel": "Cancel",
    "game.threw_no_move": "{who} threw {dice}: no move",
    "game.played": "{who} played: {play}.",
    "game.threw": "{who} threw {dice}.",
    "game.your_turn_now": "Your turn.",
    "game.step_undone": "Step taken back.",
    "game.over_result": "Game over: {result}.",
    "game.rematch_started": "A rematch has been started.",
    "game.your_turn_title": "Your turn",
    "game.board_hint_target": "Now click a marked square (or the pawn again to let go).",
    "game.board_hint_pawn": "Click a pawn with a dashed ring to see where it can go.",
    "game.cannot_move": "That pawn cannot move with this throw.",
    "game.over": "Game over",
    "game.waiting_for": "waiting for {who}",
    "game.computer_thinking": "computer thinking…",
    "game.your_turn": "your turn",
    "game.dice_label": "Dice: {dice}",
    "game.bonus_to_take": "Bonus to take: {bonuses}",
    "game.this_browser_plays": "This browser plays {seats}.",
    "game.watching": "You are watching: no seat of this game is held here.",
    "game.your_move": "Your move: {who}",
    "game.waiting_others": "Waiting for the other players",
    "game.played_so_far": "Played so far: {play}",
    "game.throw_used": "The throw is used. Press Done to end your turn, or Undo.",
    "game.computer": "computer",
    "game.you": "you",
    "game.human": "human",
    "game.team": "team {n}",
    "game.major": "major {colour}",
    "game.has_cut": "has cut",
    "game.has_not_cut": "has not cut",
    "game.winner": "winner",
    "game.finished_place": "finished {ordinal}",
    "game.no_move": "no move",
    "game.no_moves": "No moves yet.",
    "game.round": "Round {n}",
    "game.started": "{who} started",
    "step.variant": "another pawn of the same square, {n}",
    "error.network": (
        "The server cannot be reached right now. Your step was not sent; please try again in a"
        " moment."
    ),
    "error.forbidden": (
        "The server does not accept this browser's key for that seat. Open your seat link again."
    ),
    "error.not_your_turn": "It is not your turn any more.",
    "error.stale": (
        "The game moved on before your action arrived. The board is up to date now: please try"
        " again."
    ),
    "error.game_over": "The game is over.",
    "error.illegal": "That step is not allowed.",
    "error.not_finished": "A rematch can be started once the game is over.",
    "error.unavailable": (
        "The server cannot store games right now; nothing was changed. Please try again shortly."
    ),
    "error.unknown": "Something went wrong.",
    "dice.top_face": "a top face",
    "dice.bottom_face": "a bottom face (7 − {top})",
    "dice.left": "left: {numbers}",
    "dice.all_used": "every number used",
    "dice.doublet_bottoms": (
        "Doublet: the bottom faces count too (7 − {top} = {bottom}), so there are four numbers,"
        " and another throw."
    ),
    "dice.doublet_tops": (
        "Doublet: only the two tops count while a pawn is still in its nest (the bottom faces,"
        " {bottom}, once every pawn is out), and another throw."
    ),
    "dice.doublet_in_row": "The {ordinal} doublet in a row: a third one sends a pawn back.",
    "event.capture": "Capture! {step}",
    "event.home": "A pawn is home: {step}",
    "event.bonus": "{step}",
    "event.penalty": "Third doublet in a row: {step}",
    "chances.title": "Win chances",
    "chances.how": (
        "From {n} games played out from this position by the greedy computer; ± is one standard"
        " error."
    ),
    "chances.how_network": (
        "By the computer's network trained for this kind of game, two throws ahead, in whole"
        " points of win chance."
    ),
    "chances.none": "No win chance: no computer network has learned this arrangement of players.",
    "hint.no_chance": (
        "No win chance here: no computer network has learned this arrangement of players. The"
        " plays the simple evaluation likes best:"
    ),
    "hint.how_network": (
        "Each play was played out {n} times by the network's own computer player, with the same"
        " dice for every play and the network's view of each throw taken out, so the"
        " differences are measured more precisely than the chances. Points of win chance; ± is"
        " one standard error; a difference is clear from {k} of them."
    ),
    "review.how_network": (
        "Every play judged by the computer's network trained for this kind of game, two throws"
        " ahead, and every throw's luck one throw ahead; points of win chance, whole points."
        " Loss thresholds:"
        " inaccuracy from {inaccuracy}, mistake from {mistake}, blunder from {blunder} points."
    ),
    "chances.exact": "The game is decided: these chances are exact.",
    "chances.unavailable": "The win chances cannot be computed right now.",
    "hint.pending": "Comparing the best plays…",
    "hint.none": "No hint: {error}",
    "hint.intro": "The best plays of this throw, from its start, best first:",
    "hint.intro_estimate": (
        "Best plays from the start of this throw, with your estimated win chance:"
    ),
    "hint.how_estimate": (
        "One throw ahead, as the expectimax computer looks: an estimate, without a margin."
    ),
    "hint.best": "best: your win chance {chance}% ± {se}",
    "hint.worse": "{diff} points worse (± {se}): clearly worse",
    "hint.too_close": "{diff} points worse (± {se}): too close to tell",
    "hint.how": (
        "Each play was played out {n} times by the greedy computer with the same dice for every"
        " play, so the differences are measured more precisely than the chances. ± is one"
        " standard error; a difference is clear from two."
    ),
    "board.title": "The board; where every pawn stands is listed below it",
    "board.list_label": "Where the pawns stand",
    "board.square": "square {n}",
    "board.square_words": "square {n} ({words})",
    "board.home_path": "home path",
    "board.safety": "safety space",
    "board.x_square": "X square",
    "board.entry": "{colour}'s entry",
    "board.home_of": "{home} of {colour}",
    "board.major": "major",
    "board.minor": "minor",
    "board.finished": "finished",
    "board.has_cut": "has cut ✓",
    "board.not_cut": "not cut",
    "board.player": "Player {n}",
    "board.pawn": "{colour} pawn",
    "board.pawns": "{n} {colour} pawns",
    "board.at": "at {places}",
    "board.cut_waiting": "cut, waiting to re-enter",
    "board.in_nest": "in the nest",
    "board.n_cut": "{n} cut",
    "board.n_nest": "{n} in the nest",
    "board.one_at": "one at {p}",
    "board.n_home": "{n} {home}",
    "board.move_here": "Move here ({place})",
    "rules.page_title": "Rules",
    "rules.title": "The rules of {ruleset}",
    "rules.intro": (
        "What every game of this ruleset plays by, and the rule switches a game may change when it"
        " is created."
    ),
    "rules.basics": "Board, dice and pawns",
    "rules.board": (
        "The board is a cross of four arms: 68 squares around it, and seven squares up the middle"
        " of each arm to the centre."
    ),
    "rules.players": "Players: {players}.",
    "rules.teams": "Four players may play as two teams of partners.",
    "rules.majors": "Each player has two colours, a major and a minor.",
    "rules.switches": "Rule switches",
    "rules.unknown": "There is no such ruleset.",
    "rules.choose": "Rules of each game:",
    "review.page_title": "Review",
    "review.title": "Review of the game",
    "review.waiting": (
        "Reviewing the game: every throw is played out by the computer. This takes a minute or two…"
    ),
    "review.not_finished": "A game is reviewed once it is over.",
    "review.failed": "The review could not be made: {error}",
    "review.back": "Back to the game",
    "review.players": "Players",
    "review.moves": "Every throw",
    "review.col.n": "#",
    "review.col.who": "Player",
    "review.col.throw": "Throw",
    "review.col.played": "Played",
    "review.col.best": "Best",
    "review.col.loss": "Loss",
    "review.col.verdict": "Verdict",
    "review.col.luck": "Luck",
    "review.col.decisions": "Decisions",
    "review.col.error_rate": "Loss per decision",
    "review.col.counts": "Inaccuracies, mistakes, blunders",
    "review.col.total_luck": "Luck",
    "review.same": "the same",
    "review.forced": "forced",
    "review.decided": "decided",
    "review.how": (
        "Each play was played out {rollouts} times by the {policy} computer (the {candidates} plays"
        " it likes best, and the play made), every other throw {luck} times for the luck."
        " A loss or a luck is marked only when it is at least {clear} standard errors. Loss"
        " thresholds: inaccuracy from {inaccuracy}, mistake from {mistake}, blunder from"
        " {blunder} points of win chance."
    ),
    "hint.play_this": "Play this",
    "review.unit": (
        "Every figure here is in points of win chance: a point is one"
        " percent of a chance to win. A play that loses 5 points"
        " turns a 45% chance into 40%; luck of +8 means the dice"
        " added 8 points."
    ),
    "review.graph": "Win chance over the game",
    "review.graph_desc": (
        "Each player's chance to win after every throw, from the"
        " start (left) to the end (right); the rings mark the turning"
        " points below."
    ),
    "review.graph_start": "start",
    "review.graph_end": "throw {n}",
    "review.turning": "Turning points",
    "review.mistakes": "Biggest mistakes",
    "review.lucky": "Luckiest throws",
    "review.no_mistakes": "No play lost win chance clearly beyond the noise.",
    "review.no_lucky": "No throw was clearly lucky.",
    "review.turn_mistake": (
        "Throw {n}, {who}: {played}; better was {best}: {loss} points lost ({verdict})."
    ),
    "review.turn_lucky": "Throw {n}, {who}: {throw} gave {luck} points ({mark}).",
    "review.words_lost": (
        "{who} lost {loss} points of win chance in {n} plays marked worse than fine"
    ),
    "review.words_lost_one": (
        "{who} lost {loss} points of win chance in 1 play marked worse than fine"
    ),
    "review.words_clean": "{who} made no play clearly worse than the best",
    "review.words_luck": "; the dice gave {luck} points (± {se}).",
    "review.words_no_luck": "; the luck was not measured.",
    "review.no_luck": (
        "The luck is not measured in this game: playing out every other throw would take too long."
    ),
    "verdict.fine": "fine",
    "verdict.inaccuracy": "inaccuracy",
    "verdict.mistake": "mistake",
    "verdict.blunder": "blunder",
    "luck.very lucky": "very lucky",
    "luck.lucky": "lucky",
    "luck.unlucky": "unlucky",
    "luck.very unlucky": "very unlucky",
    "level.human": "human",
    "level.search": "search",
    "level.search84": "search84",
    "levelname.human": "Human",
    "levelname.computer": "Computer, {level}",
    "levelname.search": "Computer, level 4 (search, slowest)",
    "levelname.search84": "Computer, level 4 (search84)",
    "blurb.parcheesi": (
        "The standard US rules: enter on a 5, blockades, 20 for a capture, 10 for HOME."
    ),
    "blurb.whitman": "The 1945 Whitman game: one pawn jumps by a sum, the lowest throw starts.",
    "blurb.pagade": "The Karnataka Pachisi: stick dice, pairs, cut before you enter the belly.",
    "blurb.eight-man": (
        "Two players with two colours each: four of the major and three of the minor win."
    ),
    "lobby.page_title": "Pachisi: play in the browser",
    "lobby.heading": "Pagade, Whitman's Pachisi, Parcheesi, Eight-Man Parcheesi",
    "lobby.from_position": "Start from a position",
    "lobby.optional": "(optional)",
    "lobby.in_use": "(in use)",
    "lobby.paste": (
        "Paste a position: its one-line text form (as <code>pachisi</code> prints it) or its "
        "<code>FORMAT.md</code> JSON"
    ),
    "lobby.example": (
        "For example <code>parcheesi r,y - r:0.0.21.30,y:0.0.0.44 0 0 - - -</code>. The game, the"
        " players and who is to move come from the position; you choose who plays each seat."
    ),
    "lobby.read_position": "Read position",
    "lobby.clear": "Clear",
    "lobby.clear_label": "Clear the position",
    "lobby.game": "Game",
    "lobby.loading_rulesets": "Loading the rulesets…",
    "lobby.number_of_players": "Number of players",
    "lobby.teams": "Partners sitting opposite play as teams",
    "lobby.start": "Start the game",
    "lobby.ready": "Your game is ready",
    "lobby.ready_text": (
        "Send each player their own link: it holds the secret key of their seat and is shown only"
        " now. Keep yours to come back to the game."
    ),
    "lobby.spectator_link": "Link for spectators",
    "lobby.play_here": "Play here",
    "lobby.watch": "Watch",
    "lobby.view": "View",
    "lobby.play": "Play",
    "lobby.another": "Set up another game",
    "lobby.recent": "Recent games",
    "lobby.refresh": "Refresh",
    "lobby.loading": "Loading…",
    "lobby.rules_of": "The rules",
    "lobby.n_players": "{n} players",
    "lobby.n_players_teams": "{n} players in teams",
    "lobby.major": "Major",
    "lobby.who_plays": "Who plays {label}",
    "lobby.name_for": "Name for {label}",
    "lobby.changed": "({n} changed)",
    "lobby.defaults": "(the ruleset's defaults)",
    "lobby.changed_one": "changed",
    "lobby.whole_number": "{name} must be a whole number, 0 or more.",
    "lobby.could_not_start": "The game could not be started: {error}",
    "lobby.position_over": "The position cannot be played on: the game is already over.",
    "lobby.position_unreadable": "The position could not be read: {error}",
    "lobby.to_move": "{who} to move",
    "lobby.open": "Open",
    "lobby.open_label": "Open {label}",
    "lobby.seat": "Seat {n}: {name}",
    "lobby.only_computers": "Only computers play: just watch.",
    "lobby.just_now": "just now",
    "lobby.min_ago": "{n} min ago",
    "lobby.h_ago": "{n} h ago",
    "lobby.recent_failed": "The recent games could not be loaded: {error}",
    "lobby.no_games": "No games yet. Start one!",
    "lobby.finished": "finished",
    "lobby.in_play": "in play",
    "lobby.select_copy": "Select and copy",
    "lobby.rulesets_failed": "The rulesets could not be loaded: {error}",
    "replay.page_title": "Pachisi replay",
    "replay.title": "{ruleset}: replay",
    "replay.lobby": "Go to the lobby",
    "replay.controls": "Replay controls",
    "replay.first": "First position",
    "replay.prev": "One move back",
    "replay.next": "One move forward",
    "replay.last": "Last position",
    "replay.moves_played": "Moves played",
    "replay.keys": (
        "Keys: <kbd>←</kbd> <kbd>→</kbd> one move, <kbd>Home</kbd> <kbd>End</kbd> the ends; click"
        " a move to jump to it."
    ),
    "replay.caption": "Move {at} of {last}: {who} threw {dice} and played: {play}.",
    "replay.caption_pass": "Move {at} of {last}: {who} threw {dice} and could not move.",
    "replay.caption_start": "The start ({n} moves in all).",
    "replay.after_move": "after move {at} of {last}",
    "replay.the_start": "the start",
    "replay.start": "Start",
    "replay.failed": "The replay could not be loaded: {error}",
    "lobby.table": "Table",
    "lobby.public": "List this game in everyone's lobby (otherwise only your links reach it)",
    "lobby.clock": "Turn timer",
    "lobby.clock_none": "none",
    "lobby.clock_15": "15 s a throw",
    "lobby.clock_30": "30 s a throw",
    "lobby.clock_60": "1 min a throw",
    "lobby.clock_180": "3 min a throw",
    "lobby.clock_600": "10 min a throw",
    "lobby.clock_then": "When the time runs out, or the player is away as long",
    "lobby.clock_computer": "a computer takes the seat",
    "lobby.clock_adjourn": "the game is adjourned",
    "lobby.clock_level": "Computer",
    "lobby.adjourned": "adjourned",
    "lobby.waiting_away": "waiting for {who} (away)",
    "lobby.a_player": "a player",
    "lobby.idle": "idle",
    "social.title": "Leaving the game",
    "social.resign": "Resign…",
    "social.resign_confirm": "Yes, resign",
    "social.resign_cancel": "Keep playing",
    "social.offer_end": "Offer to end the game",
    "social.accept_end": "Agree to end",
    "social.decline": "Decline",
    "social.withdraw": "Withdraw the offer",
    "social.resume": "Resume the game",
    "social.take_back": "Play my seat again",
    "social.explain": (
        "Resigning ends the game: your side is placed last. A game ended by agreement"
        " ends with the places left shared."
    ),
    "social.badge_away": "away",
    "social.badge_resigned": "resigned",
    "social.badge_handed_away": "computer for now (away)",
    "social.badge_handed_time": "computer for now (out of time)",
    "social.offer": "{who} offers to end the game (shared places).",
    "social.offer_waiting": "Waiting for {who}.",
    "social.adjourned_away": (
        "Adjourned: {who} was away too long. The game goes on when they come back or"
        " someone resumes it."
    ),
    "social.adjourned_time": (
        "Adjourned: {who} ran out of time. The game goes on when they come back or"
        " someone resumes it."
    ),
    "social.handed_away": "{who} was away too long: a {level} computer plays the seat.",
    "social.handed_time": "{who} ran out of time: a {level} computer plays the seat.",
    "social.away_line": "Away: {who}.",
    "social.adjourned": "Adjourned",
    "social.has_left": "{who} has left.",
    "social.claim": "End the game ({who} placed last)",
    "social.hand_over": "A computer plays for {who}",
    "social.clock_adjourn": "{n} s left for {who}; then the game is adjourned.",
    "social.clock_computer": "{n} s left for {who}; then a {level} computer plays.",
    "social.not_done": "Not done: {error}",
    "error.not_allowed": "That cannot be done in this game now.",
    "result.resigned": "{who} resigned",
    "result.left": "{who} left",
    "result.agreed": "ended by agreement",
    "result.agreed_draw": "drawn by agreement",
    "result.rest": "{who} share the places left",
    "result.end_sep": ": ",
}

_HI: dict[str, str] = {
    "lang.label": "भाषा",
    "nav.rules": "नियम",
    "nav.lobby": "नया खेल",
    "ruleset.parcheesi": "पार्चीसी",
    "ruleset.whitman": "व्हिटमैन की पचीसी",
    "ruleset.pagade": "पगडे",
    "ruleset.eight-man": "एट-मैन पार्चीसी",
    "conn.connecting": "जुड़ रहा है…",
    "conn.live": "जुड़ा हुआ",
    "conn.offline": "संपर्क टूटा: फिर जुड़ रहा है…",
    "conn.missing": "ऐसा कोई खेल नहीं",
    "game.page_title": "पचीसी का खेल",
    "game.skip": "अपनी चालों पर जाएँ",
    "game.missing": "इस पते पर कोई खेल नहीं है।",
    "game.start_new": "नया खेल शुरू करें",
    "game.board": "बोर्ड",
    "game.turn": "बारी",
    "game.rematch": "फिर से खेलें",
    "game.go_rematch": "नए खेल पर जाएँ",
    "game.review": "खेल की समीक्षा",
    "game.replay": "दोबारा देखें",
    "game.download": "रिकॉर्ड डाउनलोड करें",
    "game.dismiss": "हटाएँ",
    "game.dismiss_label": "संदेश हटाएँ",
    "game.your_move_title": "आपकी चाल",
    "game.legal_steps": "मान्य कदम",
    "game.undo": "वापस लें",
    "game.done": "पूरा",
    "game.hint": "सुझाव",
    "game.autoplay": "मजबूरी की चालें अपने-आप चलें और पूरी हुई फेंक खत्म करें",
    "game.notify": "मेरी बारी आने पर सूचना से बताएँ",
    "game.notify_body": "डाइस फेंके गए: आपकी चाल है।",
    "game.how_to_play": (
        "किसी प्यादे पर क्लिक करें, फिर किसी चिह्नित खाने पर, या ऊपर से कोई कदम चुनें (कुंजियाँ "
        "<kbd>1</kbd>–<kbd>9</kbd>, फिर <kbd>0</kbd> और अक्षर)।"
    ),
    "game.players": "खिलाड़ी",
    "game.who_started": "किसने शुरू किया",
    "game.moves": "चालें",
    "game.show_notation": "चालों का संकेत-लेखन दिखाएँ",
    "game.share": "साझा करें",
    "game.share_text": "इस लिंक से कोई भी खेल देख सकता है:",
    "game.watch_link": "यह खेल देखने का लिंक",
    "game.copy": "कॉपी करें",
    "game.copied": "कॉपी हो गया",
    "game.replay_so_far": "अब तक का खेल दोबारा देखें",
    "game.download_record": "रिकॉर्ड डाउनलोड करें",
    "game.which_step": "कौन सा कदम?",
    "game.cancel": "रद्द करें",
    "game.threw_no_move": "{who} ने {dice} फेंका: कोई चाल नहीं",
    "game.played": "{who} ने चला: {play}।",
    "game.threw": "{who} ने {dice} फेंका।",
    "game.your_turn_now": "आपकी बारी।",
    "game.step_undone": "कदम वापस लिया गया।",
    "game.over_result": "खेल खत्म: {result}।",
    "game.rematch_started": "नया खेल शुरू हो गया है।",
    "game.your_turn_title": "आपकी बारी",
    "game.board_hint_target": ("अब किसी चिह्नित खाने पर क्लिक करें (या छोड़ने के लिए फिर प्यादे पर)।"),
    "game.board_hint_pawn": "धारीदार घेरे वाले प्यादे पर क्लिक करें, वह कहाँ जा सकता है दिखेगा।",
    "game.cannot_move": "यह प्यादा इस फेंक से नहीं चल सकता।",
    "game.over": "खेल खत्म",
    "game.waiting_for": "{who} की प्रतीक्षा",
    "game.computer_thinking": "कंप्यूटर सोच रहा है…",
    "game.your_turn": "आपकी बारी",
    "game.dice_label": "डाइस: {dice}",
    "game.bonus_to_take": "लेने को बोनस: {bonuses}",
    "game.this_browser_plays": "यह ब्राउज़र {seats} खेलता है।",
    "game.watching": "आप देख रहे हैं: इस खेल की कोई सीट यहाँ नहीं है।",
    "game.your_move": "आपकी चाल: {who}",
    "game.waiting_others": "दूसरे खिलाड़ियों की प्रतीक्षा",
    "game.played_so_far": "अब तक चला: {play}",
    "game.throw_used": "फेंक पूरी चली गई। बारी खत्म करने के लिए पूरा दबाएँ, या वापस लें।",
    "game.computer": "कंप्यूटर",
    "game.you": "आप",
    "game.human": "इंसान",
    "game.team": "टीम {n}",
    "game.major": "मुख्य {colour}",
    "game.has_cut": "कट कर चुका",
    "game.has_not_cut": "अभी कट नहीं किया",
    "game.winner": "विजेता",
    "game.finished_place": "{ordinal} स्थान पर पूरा",
    "game.no_move": "कोई चाल नहीं",
    "game.no_moves": "अभी कोई चाल नहीं।",
    "game.round": "दौर {n}",
    "game.started": "{who} ने शुरू किया",
    "step.variant": "उसी खाने का दूसरा प्यादा, {n}",
    "error.network": (
        "सर्वर से अभी संपर्क नहीं हो पा रहा। आपका कदम नहीं भेजा गया; थोड़ी देर में फिर कोशिश करें।"
    ),
    "error.forbidden": ("सर्वर इस ब्राउज़र की उस सीट की कुंजी नहीं मानता। अपनी सीट का लिंक फिर से खोलें।"),
    "error.not_your_turn": "अब आपकी बारी नहीं है।",
    "error.stale": "आपका कदम पहुँचने से पहले खेल आगे बढ़ गया। बोर्ड अब ताज़ा है: फिर कोशिश करें।",
    "error.game_over": "खेल खत्म हो गया है।",
    "error.illegal": "यह कदम मान्य नहीं है।",
    "error.not_finished": "खेल खत्म होने पर ही फिर से खेल शुरू हो सकता है।",
    "error.unavailable": ("सर्वर अभी खेल सहेज नहीं पा रहा; कुछ नहीं बदला। थोड़ी देर में फिर कोशिश करें।"),
    "error.unknown": "कुछ गड़बड़ हो गई।",
    "dice.top_face": "ऊपर का मुख",
    "dice.bottom_face": "नीचे का मुख (7 − {top})",
    "dice.left": "बाकी: {numbers}",
    "dice.all_used": "सब अंक चल दिए",
    "dice.doublet_bottoms": (
        "डबलट: नीचे के मुख भी गिने जाते हैं (7 − {top} = {bottom}), यानी चार अंक, और एक और फेंक।"
    ),
    "dice.doublet_tops": (
        "डबलट: जब तक कोई प्यादा घोंसले में है, केवल दोनों ऊपर के मुख गिने जाते हैं (नीचे के मुख, "
        "{bottom}, सब प्यादे बाहर आने पर), और एक और फेंक।"
    ),
    "dice.doublet_in_row": "लगातार {ordinal} डबलट: तीसरा एक प्यादे को वापस भेजता है।",
    "event.capture": "पकड़ा! {step}",
    "event.home": "एक प्यादा पहुँच गया: {step}",
    "event.bonus": "{step}",
    "event.penalty": "लगातार तीसरा डबलट: {step}",
    "chances.title": "जीत की संभावना",
    "chances.how": ("इस स्थिति से लालची कंप्यूटर द्वारा अंत तक खेले गए {n} खेलों से; ± एक मानक त्रुटि है।"),
    "chances.how_network": (
        "इस तरह के खेल के लिए सिखाए गए कंप्यूटर नेटवर्क से, दो फेंक आगे तक, जीत-संभावना के पूरे अंकों में।"
    ),
    "chances.none": "जीत की संभावना नहीं: किसी कंप्यूटर नेटवर्क ने खिलाड़ियों की यह व्यवस्था नहीं सीखी है।",
    "hint.no_chance": (
        "यहाँ जीत की संभावना नहीं: किसी कंप्यूटर नेटवर्क ने खिलाड़ियों की यह व्यवस्था नहीं सीखी है। सरल"
        " मूल्यांकन को सबसे अच्छी लगने वाली चालें:"
    ),
    "hint.how_network": (
        "हर चाल को नेटवर्क के अपने कंप्यूटर खिलाड़ी ने {n} बार खेला, हर चाल के लिए वही डाइस, इसलिए"
        " अंतर संभावनाओं से ज़्यादा सटीक मापे गए हैं। जीत-संभावना के अंक; ± एक मानक त्रुटि है; {k} से"
        " अधिक हो तो अंतर साफ़ है।"
    ),
    "review.how_network": (
        "हर चाल को इस तरह के खेल के लिए सिखाए गए कंप्यूटर नेटवर्क ने दो फेंक आगे तक आँका, और हर फेंक"
        " की किस्मत को एक फेंक आगे तक; जीत-संभावना के पूरे अंक। नुकसान की सीमाएँ: चूक {inaccuracy} से,"
        " गलती {mistake} से, भारी भूल {blunder} अंकों से।"
    ),
    "chances.exact": "खेल तय हो चुका है: ये संभावनाएँ सटीक हैं।",
    "chances.unavailable": "जीत की संभावना अभी गिनी नहीं जा सकती।",
    "hint.pending": "सबसे अच्छी चालों की तुलना हो रही है…",
    "hint.none": "कोई सुझाव नहीं: {error}",
    "hint.intro": "इस फेंक की सबसे अच्छी चालें, शुरू से, सबसे अच्छी पहले:",
    "hint.intro_estimate": ("इस फेंक की शुरुआत से सबसे अच्छी चालें, आपकी अनुमानित जीत की संभावना के साथ:"),
    "hint.how_estimate": ("एक फेंक आगे तक, जैसे एक्सपेक्टिमैक्स कंप्यूटर देखता है: एक अनुमान, बिना त्रुटि-सीमा के।"),
    "hint.best": "सबसे अच्छी: आपकी जीत की संभावना {chance}% ± {se}",
    "hint.worse": "{diff} अंक बदतर (± {se}): साफ़ तौर पर बदतर",
    "hint.too_close": "{diff} अंक बदतर (± {se}): कहना मुश्किल, बहुत करीब",
    "hint.how": (
        "हर चाल को लालची कंप्यूटर ने {n} बार अंत तक खेला, हर चाल के लिए वही डाइस, इसलिए अंतर "
        "संभावनाओं से ज़्यादा सटीक मापे गए हैं। ± एक मानक त्रुटि है; दो से अधिक हो तो अंतर साफ़ "
        "है।"
    ),
    "board.title": "बोर्ड; हर प्यादा कहाँ है, यह नीचे लिखा है",
    "board.list_label": "प्यादे कहाँ हैं",
    "board.square": "खाना {n}",
    "board.square_words": "खाना {n} ({words})",
    "board.home_path": "घर का रास्ता",
    "board.safety": "सुरक्षित खाना",
    "board.x_square": "X खाना",
    "board.entry": "{colour} का प्रवेश",
    "board.home_of": "{colour} का {home}",
    "board.major": "मुख्य",
    "board.minor": "गौण",
    "board.finished": "पूरा",
    "board.has_cut": "कट कर चुका ✓",
    "board.not_cut": "कट नहीं",
    "board.player": "खिलाड़ी {n}",
    "board.pawn": "{colour} प्यादा",
    "board.pawns": "{n} {colour} प्यादे",
    "board.at": "{places} पर",
    "board.cut_waiting": "कट, फिर से आने की प्रतीक्षा में",
    "board.in_nest": "घोंसले में",
    "board.n_cut": "{n} कट",
    "board.n_nest": "{n} घोंसले में",
    "board.one_at": "एक: {p}",
    "board.n_home": "{n} {home}",
    "board.move_here": "यहाँ चलें ({place})",
    "rules.page_title": "नियम",
    "rules.title": "{ruleset} के नियम",
    "rules.intro": ("इस खेल के हर खेल के नियम, और वे नियम-स्विच जिन्हें खेल बनाते समय बदला जा सकता है।"),
    "rules.basics": "बोर्ड, डाइस और प्यादे",
    "rules.board": ("बोर्ड चार भुजाओं वाला क्रॉस है: चारों ओर 68 खाने, और हर भुजा के बीच में केंद्र तक सात खाने।"),
    "rules.players": "खिलाड़ी: {players}।",
    "rules.teams": "चार खिलाड़ी साथियों की दो टीमों में खेल सकते हैं।",
    "rules.majors": "हर खिलाड़ी के दो रंग होते हैं, एक मुख्य और एक गौण।",
    "rules.switches": "नियम-स्विच",
    "rules.unknown": "ऐसा कोई खेल नहीं है।",
    "rules.choose": "हर खेल के नियम:",
    "review.page_title": "समीक्षा",
    "review.title": "खेल की समीक्षा",
    "review.waiting": ("खेल की समीक्षा हो रही है: कंप्यूटर हर फेंक को अंत तक खेलता है। इसमें एक-दो मिनट लगते हैं…"),
    "review.not_finished": "खेल खत्म होने पर ही उसकी समीक्षा होती है।",
    "review.failed": "समीक्षा नहीं हो सकी: {error}",
    "review.back": "खेल पर वापस",
    "review.players": "खिलाड़ी",
    "review.moves": "हर फेंक",
    "review.col.n": "क्रम",
    "review.col.who": "खिलाड़ी",
    "review.col.throw": "फेंक",
    "review.col.played": "चली गई चाल",
    "review.col.best": "सबसे अच्छी",
    "review.col.loss": "नुकसान",
    "review.col.verdict": "निर्णय",
    "review.col.luck": "किस्मत",
    "review.col.decisions": "फ़ैसले",
    "review.col.error_rate": "प्रति फ़ैसला नुकसान",
    "review.col.counts": "चूकें, गलतियाँ, भारी भूलें",
    "review.col.total_luck": "किस्मत",
    "review.same": "वही",
    "review.forced": "मजबूरी",
    "review.decided": "तय",
    "review.how": (
        "हर चाल को {policy} कंप्यूटर ने {rollouts} बार अंत तक खेला (उसकी पसंद की {candidates} "
        "चालें, और चली गई चाल), किस्मत के लिए हर दूसरी फेंक {luck} बार। नुकसान या किस्मत तभी "
        "चिह्नित होती है जब वह कम से कम {clear} मानक त्रुटियाँ हो। नुकसान की सीमाएँ: चूक "
        "{inaccuracy} से, गलती {mistake} से, भारी भूल {blunder} जीत-संभावना अंकों से।"
    ),
    "hint.play_this": "यही चलें",
    "review.unit": (
        "यहाँ हर संख्या जीत की संभावना के अंकों में है: एक अंक जीतने"
        " की संभावना का एक प्रतिशत है। जो चाल 5 अंक खोती है, वह 45%"
        " संभावना को 40% कर देती है; +8 की किस्मत का अर्थ है कि पासों"
        " ने 8 अंक जोड़े।"
    ),
    "review.graph": "खेल भर जीत की संभावना",
    "review.graph_desc": (
        "हर फेंक के बाद हर खिलाड़ी की जीतने की संभावना, शुरुआत (बाएँ)"
        " से अंत (दाएँ) तक; घेरे नीचे दिए निर्णायक मोड़ दिखाते हैं।"
    ),
    "review.graph_start": "शुरुआत",
    "review.graph_end": "फेंक {n}",
    "review.turning": "निर्णायक मोड़",
    "review.mistakes": "सबसे बड़ी गलतियाँ",
    "review.lucky": "सबसे भाग्यशाली फेंकें",
    "review.no_mistakes": "किसी चाल ने त्रुटि-सीमा से साफ़ बाहर जीत की संभावना नहीं खोई।",
    "review.no_lucky": "कोई फेंक साफ़ तौर पर भाग्यशाली नहीं थी।",
    "review.turn_mistake": ("फेंक {n}, {who}: {played}; बेहतर था {best}: {loss} अंक खोए ({verdict})।"),
    "review.turn_lucky": "फेंक {n}, {who}: {throw} से {luck} अंक मिले ({mark})।",
    "review.words_lost": ("{who} ने ठीक से बदतर चिह्नित {n} चालों में जीत की संभावना के {loss} अंक खोए"),
    "review.words_lost_one": ("{who} ने ठीक से बदतर चिह्नित 1 चाल में जीत की संभावना के {loss} अंक खोए"),
    "review.words_clean": "{who} की कोई चाल सबसे अच्छी से साफ़ तौर पर बदतर नहीं थी",
    "review.words_luck": "; पासों ने {luck} अंक दिए (± {se})।",
    "review.words_no_luck": "; किस्मत नहीं मापी गई।",
    "review.no_luck": ("इस खेल में किस्मत नहीं मापी गई: हर दूसरी फेंक को अंत तक खेलने में बहुत समय लगता।"),
    "verdict.fine": "ठीक",
    "verdict.inaccuracy": "चूक",
    "verdict.mistake": "गलती",
    "verdict.blunder": "भारी भूल",
    "luck.very lucky": "बहुत भाग्यशाली",
    "luck.lucky": "भाग्यशाली",
    "luck.unlucky": "अभागा",
    "luck.very unlucky": "बहुत अभागा",
    "level.human": "इंसान",
    "level.search": "खोज",
    "level.search84": "खोज-84",
    "levelname.human": "इंसान",
    "levelname.computer": "कंप्यूटर, {level}",
    "levelname.search": "कंप्यूटर, स्तर 4 (खोज, सबसे धीमा)",
    "levelname.search84": "कंप्यूटर, स्तर 4 (खोज-84)",
    "blurb.parcheesi": "अमेरिका के मानक नियम: 5 पर प्रवेश, नाकाबंदी, पकड़ने पर 20, होम पर 10।",
    "blurb.whitman": (
        "1945 का व्हिटमैन खेल: एक प्यादा जोड़ की छलांग लगाता है, सबसे छोटी फेंक वाला शुरू करता है।"
    ),
    "blurb.pagade": "कर्नाटक की पचीसी: लंबे डाइस, जोड़ियाँ, बेली / पेट में जाने से पहले कट।",
    "blurb.eight-man": "दो खिलाड़ी, दो-दो रंग: मुख्य के चार और गौण के तीन प्यादे पहुँचें तो जीत।",
    "lobby.page_title": "पचीसी: ब्राउज़र में खेलें",
    "lobby.heading": "पगडे, व्हिटमैन की पचीसी, पार्चीसी, एट-मैन पार्चीसी",
    "lobby.from_position": "किसी स्थिति से शुरू करें",
    "lobby.optional": "(वैकल्पिक)",
    "lobby.in_use": "(उपयोग में)",
    "lobby.paste": (
        "एक स्थिति चिपकाएँ: उसका एक-पंक्ति रूप (जैसा <code>pachisi</code> छापता है) या उसका "
        "<code>FORMAT.md</code> JSON"
    ),
    "lobby.example": (
        "उदाहरण: <code>parcheesi r,y - r:0.0.21.30,y:0.0.0.44 0 0 - - -</code>। खेल, खिलाड़ी और "
        "किसकी चाल है, यह स्थिति से आता है; हर सीट कौन खेलेगा यह आप चुनते हैं।"
    ),
    "lobby.read_position": "स्थिति पढ़ें",
    "lobby.clear": "हटाएँ",
    "lobby.clear_label": "स्थिति हटाएँ",
    "lobby.game": "खेल",
    "lobby.loading_rulesets": "खेल लोड हो रहे हैं…",
    "lobby.number_of_players": "खिलाड़ियों की संख्या",
    "lobby.teams": "आमने-सामने बैठे साथी टीम में खेलें",
    "lobby.start": "खेल शुरू करें",
    "lobby.ready": "आपका खेल तैयार है",
    "lobby.ready_text": (
        "हर खिलाड़ी को उसका अपना लिंक भेजें: उसमें उसकी सीट की गुप्त कुंजी है और वह केवल अभी "
        "दिखाया जाता है। खेल पर लौटने के लिए अपना लिंक रखें।"
    ),
    "lobby.spectator_link": "दर्शकों के लिए लिंक",
    "lobby.play_here": "यहाँ खेलें",
    "lobby.watch": "देखें",
    "lobby.view": "देखें",
    "lobby.play": "खेलें",
    "lobby.another": "एक और खेल बनाएँ",
    "lobby.recent": "हाल के खेल",
    "lobby.refresh": "ताज़ा करें",
    "lobby.loading": "लोड हो रहा है…",
    "lobby.rules_of": "नियम",
    "lobby.n_players": "{n} खिलाड़ी",
    "lobby.n_players_teams": "{n} खिलाड़ी, टीमों में",
    "lobby.major": "मुख्य",
    "lobby.who_plays": "{label} कौन खेलेगा",
    "lobby.name_for": "{label} का नाम",
    "lobby.changed": "({n} बदले)",
    "lobby.defaults": "(सामान्य नियम)",
    "lobby.changed_one": "बदला गया",
    "lobby.whole_number": "{name} एक पूर्ण संख्या हो, 0 या अधिक।",
    "lobby.could_not_start": "खेल शुरू नहीं हो सका: {error}",
    "lobby.position_over": "इस स्थिति से आगे नहीं खेला जा सकता: खेल पहले ही खत्म है।",
    "lobby.position_unreadable": "स्थिति पढ़ी नहीं जा सकी: {error}",
    "lobby.to_move": "{who} की चाल",
    "lobby.open": "खोलें",
    "lobby.open_label": "{label} खोलें",
    "lobby.seat": "सीट {n}: {name}",
    "lobby.only_computers": "केवल कंप्यूटर खेलते हैं: बस देखिए।",
    "lobby.just_now": "अभी-अभी",
    "lobby.min_ago": "{n} मिनट पहले",
    "lobby.h_ago": "{n} घंटे पहले",
    "lobby.recent_failed": "हाल के खेल लोड नहीं हो सके: {error}",
    "lobby.no_games": "अभी कोई खेल नहीं। एक शुरू करें!",
    "lobby.finished": "खत्म",
    "lobby.in_play": "चल रहा है",
    "lobby.select_copy": "चुनें और कॉपी करें",
    "lobby.rulesets_failed": "खेल लोड नहीं हो सके: {error}",
    "replay.page_title": "पचीसी: दोबारा देखें",
    "replay.title": "{ruleset}: दोबारा देखें",
    "replay.lobby": "मुख्य पृष्ठ पर जाएँ",
    "replay.controls": "दोबारा देखने के बटन",
    "replay.first": "पहली स्थिति",
    "replay.prev": "एक चाल पीछे",
    "replay.next": "एक चाल आगे",
    "replay.last": "आखिरी स्थिति",
    "replay.moves_played": "चली गई चालें",
    "replay.keys": (
        "कुंजियाँ: <kbd>←</kbd> <kbd>→</kbd> एक चाल, <kbd>Home</kbd> <kbd>End</kbd> दोनों छोर; "
        "किसी चाल पर क्लिक करके वहाँ जाएँ।"
    ),
    "replay.caption": "चाल {at} / {last}: {who} ने {dice} फेंका और चला: {play}।",
    "replay.caption_pass": "चाल {at} / {last}: {who} ने {dice} फेंका और चल नहीं सका।",
    "replay.caption_start": "शुरुआत (कुल {n} चालें)।",
    "replay.after_move": "चाल {at} / {last} के बाद",
    "replay.the_start": "शुरुआत",
    "replay.start": "शुरुआत",
    "replay.failed": "दोबारा देखना लोड नहीं हो सका: {error}",
    "lobby.table": "मेज़",
    "lobby.public": "यह खेल सबकी लॉबी में दिखाएँ (वरना केवल आपके लिंक से ही पहुँचा जा सकता है)",
    "lobby.clock": "चाल का समय",
    "lobby.clock_none": "कोई नहीं",
    "lobby.clock_15": "हर फेंक के 15 सेकंड",
    "lobby.clock_30": "हर फेंक के 30 सेकंड",
    "lobby.clock_60": "हर फेंक का 1 मिनट",
    "lobby.clock_180": "हर फेंक के 3 मिनट",
    "lobby.clock_600": "हर फेंक के 10 मिनट",
    "lobby.clock_then": "जब समय खत्म हो जाए, या खिलाड़ी उतनी देर दूर रहे",
    "lobby.clock_computer": "कंप्यूटर सीट सँभाल लेता है",
    "lobby.clock_adjourn": "खेल स्थगित हो जाता है",
    "lobby.clock_level": "कंप्यूटर",
    "lobby.adjourned": "स्थगित",
    "lobby.waiting_away": "{who} की प्रतीक्षा (दूर हैं)",
    "lobby.a_player": "एक खिलाड़ी",
    "lobby.idle": "रुका हुआ",
    "social.title": "खेल छोड़ना",
    "social.resign": "हार मानें…",
    "social.resign_confirm": "हाँ, हार मानता हूँ",
    "social.resign_cancel": "खेलते रहें",
    "social.offer_end": "खेल खत्म करने का प्रस्ताव दें",
    "social.accept_end": "खत्म करने पर सहमत",
    "social.decline": "अस्वीकार करें",
    "social.withdraw": "प्रस्ताव वापस लें",
    "social.resume": "खेल फिर शुरू करें",
    "social.take_back": "अपनी सीट फिर से खेलें",
    "social.explain": (
        "हार मानने से खेल खत्म हो जाता है: आपका पक्ष आखिरी स्थान पर रहता है। सहमति से"
        " खत्म हुए खेल में बचे हुए स्थान साझा होते हैं।"
    ),
    "social.badge_away": "दूर",
    "social.badge_resigned": "हार मानी",
    "social.badge_handed_away": "अभी कंप्यूटर (दूर)",
    "social.badge_handed_time": "अभी कंप्यूटर (समय खत्म)",
    "social.offer": "{who} खेल खत्म करने का प्रस्ताव देते हैं (स्थान साझा)।",
    "social.offer_waiting": "{who} की प्रतीक्षा है।",
    "social.adjourned_away": (
        "स्थगित: {who} बहुत देर दूर रहे। उनके लौटने पर या किसी के फिर शुरू करने पर खेल आगे चलेगा।"
    ),
    "social.adjourned_time": (
        "स्थगित: {who} का समय खत्म हो गया। उनके लौटने पर या किसी के फिर शुरू करने पर खेल आगे चलेगा।"
    ),
    "social.handed_away": "{who} बहुत देर दूर रहे: कंप्यूटर ({level}) यह सीट खेलता है।",
    "social.handed_time": "{who} का समय खत्म हो गया: कंप्यूटर ({level}) यह सीट खेलता है।",
    "social.away_line": "दूर: {who}।",
    "social.adjourned": "स्थगित",
    "social.has_left": "{who} चले गए हैं।",
    "social.claim": "खेल खत्म करें ({who} आखिरी स्थान पर)",
    "social.hand_over": "{who} की जगह कंप्यूटर खेले",
    "social.clock_adjourn": "{who} के लिए {n} सेकंड बचे हैं; फिर खेल स्थगित हो जाएगा।",
    "social.clock_computer": "{who} के लिए {n} सेकंड बचे हैं; फिर कंप्यूटर ({level}) खेलेगा।",
    "social.not_done": "नहीं हुआ: {error}",
    "error.not_allowed": "इस खेल में अभी यह नहीं हो सकता।",
    "result.resigned": "{who} ने हार मानी",
    "result.left": "{who} चले गए",
    "result.agreed": "सहमति से खत्म",
    "result.agreed_draw": "सहमति से बराबरी",
    "result.rest": "बचे हुए स्थान साझा: {who}",
    "result.end_sep": "। ",
}

_KN: dict[str, str] = {
    "lang.label": "ಭಾಷೆ",
    "nav.rules": "ನಿಯಮಗಳು",
    "nav.lobby": "ಹೊಸ ಆಟ",
    "ruleset.parcheesi": "ಪಾರ್ಚೀಸಿ",
    "ruleset.whitman": "ವಿಟ್‌ಮನ್ ಪಚೀಸಿ",
    "ruleset.pagade": "ಪಗಡೆ",
    "ruleset.eight-man": "ಎಯ್ಟ್-ಮ್ಯಾನ್ ಪಾರ್ಚೀಸಿ",
    "conn.connecting": "ಸಂಪರ್ಕಿಸುತ್ತಿದೆ…",
    "conn.live": "ಸಂಪರ್ಕದಲ್ಲಿದೆ",
    "conn.offline": "ಸಂಪರ್ಕ ಕಡಿದಿದೆ: ಮತ್ತೆ ಸಂಪರ್ಕಿಸುತ್ತಿದೆ…",
    "conn.missing": "ಅಂಥ ಆಟ ಇಲ್ಲ",
    "game.page_title": "ಪಚೀಸಿ ಆಟ",
    "game.skip": "ನಿಮ್ಮ ನಡೆಗಳಿಗೆ ಹೋಗಿ",
    "game.missing": "ಈ ವಿಳಾಸದಲ್ಲಿ ಯಾವ ಆಟವೂ ಇಲ್ಲ.",
    "game.start_new": "ಹೊಸ ಆಟ ಆರಂಭಿಸಿ",
    "game.board": "ಆಟದ ಹಾಸು",
    "game.turn": "ಸರದಿ",
    "game.rematch": "ಮತ್ತೊಮ್ಮೆ ಆಡಿ",
    "game.go_rematch": "ಹೊಸ ಆಟಕ್ಕೆ ಹೋಗಿ",
    "game.review": "ಆಟದ ವಿಮರ್ಶೆ",
    "game.replay": "ಮರುನೋಟ",
    "game.download": "ದಾಖಲೆ ಇಳಿಸಿಕೊಳ್ಳಿ",
    "game.dismiss": "ಮುಚ್ಚಿ",
    "game.dismiss_label": "ಸಂದೇಶ ಮುಚ್ಚಿ",
    "game.your_move_title": "ನಿಮ್ಮ ನಡೆ",
    "game.legal_steps": "ಸಾಧ್ಯವಿರುವ ಹೆಜ್ಜೆಗಳು",
    "game.undo": "ಹಿಂಪಡೆ",
    "game.done": "ಮುಗಿಯಿತು",
    "game.hint": "ಸಲಹೆ",
    "game.autoplay": "ಅನಿವಾರ್ಯ ನಡೆಗಳನ್ನು ತಾನಾಗಿ ಆಡು, ಬಳಸಿದ ಎಸೆತವನ್ನು ಮುಗಿಸು",
    "game.notify": "ನನ್ನ ಸರದಿ ಬಂದಾಗ ಅಧಿಸೂಚನೆಯಿಂದ ತಿಳಿಸಿ",
    "game.notify_body": "ದಾಳ ಹಾಕಲಾಗಿದೆ: ನಿಮ್ಮ ನಡೆ.",
    "game.how_to_play": (
        "ಒಂದು ಕಾಯಿಯನ್ನು ಒತ್ತಿ, ನಂತರ ಗುರುತಿಸಿದ ಒಂದು ಚೌಕವನ್ನು, ಅಥವಾ ಮೇಲಿನ ಒಂದು ಹೆಜ್ಜೆಯನ್ನು ಆರಿಸಿ "
        "(ಕೀಲಿಗಳು <kbd>1</kbd>–<kbd>9</kbd>, ನಂತರ <kbd>0</kbd> ಮತ್ತು ಅಕ್ಷರಗಳು)."
    ),
    "game.players": "ಆಟಗಾರರು",
    "game.who_started": "ಯಾರು ಆರಂಭಿಸಿದರು",
    "game.moves": "ನಡೆಗಳು",
    "game.show_notation": "ನಡೆಗಳ ಸಂಕೇತ ಬರಹ ತೋರಿಸಿ",
    "game.share": "ಹಂಚಿಕೊಳ್ಳಿ",
    "game.share_text": "ಈ ಕೊಂಡಿಯಿಂದ ಯಾರು ಬೇಕಾದರೂ ನೋಡಬಹುದು:",
    "game.watch_link": "ಈ ಆಟ ನೋಡುವ ಕೊಂಡಿ",
    "game.copy": "ನಕಲಿಸಿ",
    "game.copied": "ನಕಲಾಯಿತು",
    "game.replay_so_far": "ಇಲ್ಲಿಯವರೆಗಿನ ಮರುನೋಟ",
    "game.download_record": "ದಾಖಲೆ ಇಳಿಸಿಕೊಳ್ಳಿ",
    "game.which_step": "ಯಾವ ಹೆಜ್ಜೆ?",
    "game.cancel": "ರದ್ದುಮಾಡಿ",
    "game.threw_no_move": "{who} {dice} ಹಾಕಿದರು: ನಡೆ ಇಲ್ಲ",
    "game.played": "{who} ಆಡಿದರು: {play}.",
    "game.threw": "{who} {dice} ಹಾಕಿದರು.",
    "game.your_turn_now": "ನಿಮ್ಮ ಸರದಿ.",
    "game.step_undone": "ಹೆಜ್ಜೆ ಹಿಂಪಡೆಯಲಾಯಿತು.",
    "game.over_result": "ಆಟ ಮುಗಿಯಿತು: {result}.",
    "game.rematch_started": "ಹೊಸ ಆಟ ಆರಂಭವಾಗಿದೆ.",
    "game.your_turn_title": "ನಿಮ್ಮ ಸರದಿ",
    "game.board_hint_target": "ಈಗ ಗುರುತಿಸಿದ ಒಂದು ಚೌಕವನ್ನು ಒತ್ತಿ (ಅಥವಾ ಬಿಡಲು ಕಾಯಿಯನ್ನು ಮತ್ತೆ).",
    "game.board_hint_pawn": "ಚುಕ್ಕೆ ಉಂಗುರದ ಕಾಯಿಯನ್ನು ಒತ್ತಿ, ಅದು ಎಲ್ಲಿ ಹೋಗಬಹುದು ಎಂದು ಕಾಣುತ್ತದೆ.",
    "game.cannot_move": "ಈ ಎಸೆತದಲ್ಲಿ ಈ ಕಾಯಿ ನಡೆಯಲಾರದು.",
    "game.over": "ಆಟ ಮುಗಿಯಿತು",
    "game.waiting_for": "{who} ಗಾಗಿ ಕಾಯುತ್ತಿದೆ",
    "game.computer_thinking": "ಗಣಕ ಯೋಚಿಸುತ್ತಿದೆ…",
    "game.your_turn": "ನಿಮ್ಮ ಸರದಿ",
    "game.dice_label": "ದಾಳ: {dice}",
    "game.bonus_to_take": "ತೆಗೆದುಕೊಳ್ಳಬೇಕಾದ ಬೋನಸ್: {bonuses}",
    "game.this_browser_plays": "ಈ ಬ್ರೌಸರ್ {seats} ಆಡುತ್ತದೆ.",
    "game.watching": "ನೀವು ನೋಡುತ್ತಿದ್ದೀರಿ: ಈ ಆಟದ ಯಾವ ಸ್ಥಾನವೂ ಇಲ್ಲಿಲ್ಲ.",
    "game.your_move": "ನಿಮ್ಮ ನಡೆ: {who}",
    "game.waiting_others": "ಇತರ ಆಟಗಾರರಿಗಾಗಿ ಕಾಯುತ್ತಿದೆ",
    "game.played_so_far": "ಇಲ್ಲಿಯವರೆಗೆ ಆಡಿದ್ದು: {play}",
    "game.throw_used": "ಎಸೆತ ಪೂರ್ತಿ ಬಳಕೆಯಾಯಿತು. ಸರದಿ ಮುಗಿಸಲು ಮುಗಿಯಿತು ಒತ್ತಿ, ಅಥವಾ ಹಿಂಪಡೆ.",
    "game.computer": "ಗಣಕ",
    "game.you": "ನೀವು",
    "game.human": "ಮನುಷ್ಯ",
    "game.team": "ತಂಡ {n}",
    "game.major": "ಮುಖ್ಯ {colour}",
    "game.has_cut": "ಕತ್ತರಿಸಿದ್ದಾರೆ",
    "game.has_not_cut": "ಇನ್ನೂ ಕತ್ತರಿಸಿಲ್ಲ",
    "game.winner": "ಗೆದ್ದವರು",
    "game.finished_place": "{ordinal} ಸ್ಥಾನದಲ್ಲಿ ಮುಗಿಸಿದರು",
    "game.no_move": "ನಡೆ ಇಲ್ಲ",
    "game.no_moves": "ಇನ್ನೂ ಯಾವ ನಡೆಯೂ ಇಲ್ಲ.",
    "game.round": "ಸುತ್ತು {n}",
    "game.started": "{who} ಆರಂಭಿಸಿದರು",
    "step.variant": "ಅದೇ ಚೌಕದ ಇನ್ನೊಂದು ಕಾಯಿ, {n}",
    "error.network": ("ಸರ್ವರ್ ಈಗ ಸಿಗುತ್ತಿಲ್ಲ. ನಿಮ್ಮ ಹೆಜ್ಜೆ ಕಳಿಸಲಾಗಿಲ್ಲ; ಸ್ವಲ್ಪ ಹೊತ್ತಿನಲ್ಲಿ ಮತ್ತೆ ಪ್ರಯತ್ನಿಸಿ."),
    "error.forbidden": ("ಸರ್ವರ್ ಈ ಬ್ರೌಸರ್‌ನ ಆ ಸ್ಥಾನದ ಕೀಲಿಯನ್ನು ಒಪ್ಪುವುದಿಲ್ಲ. ನಿಮ್ಮ ಸ್ಥಾನದ ಕೊಂಡಿಯನ್ನು ಮತ್ತೆ ತೆರೆಯಿರಿ."),
    "error.not_your_turn": "ಈಗ ನಿಮ್ಮ ಸರದಿ ಅಲ್ಲ.",
    "error.stale": ("ನಿಮ್ಮ ನಡೆ ತಲುಪುವ ಮೊದಲೇ ಆಟ ಮುಂದೆ ಸಾಗಿತು. ಹಾಸು ಈಗ ನವೀಕೃತವಾಗಿದೆ: ಮತ್ತೆ ಪ್ರಯತ್ನಿಸಿ."),
    "error.game_over": "ಆಟ ಮುಗಿದಿದೆ.",
    "error.illegal": "ಈ ಹೆಜ್ಜೆಗೆ ಅವಕಾಶವಿಲ್ಲ.",
    "error.not_finished": "ಆಟ ಮುಗಿದ ಮೇಲೆ ಮಾತ್ರ ಮತ್ತೊಮ್ಮೆ ಆಡಬಹುದು.",
    "error.unavailable": ("ಸರ್ವರ್ ಈಗ ಆಟಗಳನ್ನು ಉಳಿಸಲಾರದು; ಏನೂ ಬದಲಾಗಿಲ್ಲ. ಸ್ವಲ್ಪ ಹೊತ್ತಿನಲ್ಲಿ ಮತ್ತೆ ಪ್ರಯತ್ನಿಸಿ."),
    "error.unknown": "ಏನೋ ತಪ್ಪಾಯಿತು.",
    "dice.top_face": "ಮೇಲಿನ ಮುಖ",
    "dice.bottom_face": "ಕೆಳಗಿನ ಮುಖ (7 − {top})",
    "dice.left": "ಉಳಿದವು: {numbers}",
    "dice.all_used": "ಎಲ್ಲ ಸಂಖ್ಯೆಗಳೂ ಬಳಕೆಯಾದವು",
    "dice.doublet_bottoms": (
        "ಜೋಡಿ ದಾಳ: ಕೆಳಗಿನ ಮುಖಗಳೂ ಲೆಕ್ಕಕ್ಕೆ ಬರುತ್ತವೆ (7 − {top} = {bottom}), ಅಂದರೆ ನಾಲ್ಕು "
        "ಸಂಖ್ಯೆಗಳು, ಮತ್ತು ಇನ್ನೊಂದು ಎಸೆತ."
    ),
    "dice.doublet_tops": (
        "ಜೋಡಿ ದಾಳ: ಯಾವುದಾದರೂ ಕಾಯಿ ಗೂಡಿನಲ್ಲಿರುವವರೆಗೆ ಎರಡು ಮೇಲಿನ ಮುಖಗಳು ಮಾತ್ರ (ಕೆಳಗಿನ ಮುಖಗಳು, "
        "{bottom}, ಎಲ್ಲ ಕಾಯಿಗಳು ಹೊರಬಂದ ಮೇಲೆ), ಮತ್ತು ಇನ್ನೊಂದು ಎಸೆತ."
    ),
    "dice.doublet_in_row": "ಸತತ {ordinal} ಜೋಡಿ ದಾಳ: ಮೂರನೆಯದು ಒಂದು ಕಾಯಿಯನ್ನು ಹಿಂದೆ ಕಳಿಸುತ್ತದೆ.",
    "event.capture": "ಹಿಡಿಯಿತು! {step}",
    "event.home": "ಒಂದು ಕಾಯಿ ತಲುಪಿತು: {step}",
    "event.bonus": "{step}",
    "event.penalty": "ಸತತ ಮೂರನೇ ಜೋಡಿ ದಾಳ: {step}",
    "chances.title": "ಗೆಲ್ಲುವ ಸಾಧ್ಯತೆ",
    "chances.how": "ಈ ಸ್ಥಿತಿಯಿಂದ ದುರಾಸೆಯ ಗಣಕ ಕೊನೆಯವರೆಗೆ ಆಡಿದ {n} ಆಟಗಳಿಂದ; ± ಒಂದು ಮಾನಕ ದೋಷ.",
    "chances.how_network": (
        "ಈ ಬಗೆಯ ಆಟಕ್ಕೆ ಕಲಿಸಿದ ಗಣಕ ಜಾಲದಿಂದ, ಎರಡು ಎಸೆತ ಮುಂದಕ್ಕೆ, ಗೆಲುವಿನ ಸಾಧ್ಯತೆಯ ಪೂರ್ಣ ಅಂಕಗಳಲ್ಲಿ."
    ),
    "chances.none": "ಗೆಲ್ಲುವ ಸಾಧ್ಯತೆ ಇಲ್ಲ: ಆಟಗಾರರ ಈ ಜೋಡಣೆಯನ್ನು ಯಾವ ಗಣಕ ಜಾಲವೂ ಕಲಿತಿಲ್ಲ.",
    "hint.no_chance": (
        "ಇಲ್ಲಿ ಗೆಲ್ಲುವ ಸಾಧ್ಯತೆ ಇಲ್ಲ: ಆಟಗಾರರ ಈ ಜೋಡಣೆಯನ್ನು ಯಾವ ಗಣಕ ಜಾಲವೂ ಕಲಿತಿಲ್ಲ. ಸರಳ ಮೌಲ್ಯಮಾಪನಕ್ಕೆ ಇಷ್ಟವಾದ ನಡೆಗಳು:"
    ),
    "hint.how_network": (
        "ಪ್ರತಿ ನಡೆಯನ್ನು ಜಾಲದ ಸ್ವಂತ ಗಣಕ ಆಟಗಾರ {n} ಬಾರಿ ಆಡಿತು, ಎಲ್ಲ ನಡೆಗಳಿಗೂ ಅದೇ ದಾಳ, ಆದ್ದರಿಂದ"
        " ವ್ಯತ್ಯಾಸಗಳು ಸಾಧ್ಯತೆಗಳಿಗಿಂತ ನಿಖರವಾಗಿ ಅಳೆಯಲ್ಪಟ್ಟಿವೆ. ಗೆಲುವಿನ ಸಾಧ್ಯತೆಯ ಅಂಕಗಳು; ± ಒಂದು ಮಾನಕ ದೋಷ;"
        " {k} ರಿಂದ ವ್ಯತ್ಯಾಸ ಸ್ಪಷ್ಟ."
    ),
    "review.how_network": (
        "ಪ್ರತಿ ನಡೆಯನ್ನು ಈ ಬಗೆಯ ಆಟಕ್ಕೆ ಕಲಿಸಿದ ಗಣಕ ಜಾಲ ಎರಡು ಎಸೆತ ಮುಂದಕ್ಕೆ ನೋಡಿ, ಪ್ರತಿ ಎಸೆತದ"
        " ಅದೃಷ್ಟವನ್ನು ಒಂದು ಎಸೆತ ಮುಂದಕ್ಕೆ ನೋಡಿ ಅಳೆಯಿತು; ಗೆಲುವಿನ ಸಾಧ್ಯತೆಯ ಪೂರ್ಣ ಅಂಕಗಳು. ನಷ್ಟದ ಮಿತಿಗಳು:"
        " ಎಡವಟ್ಟು {inaccuracy} ರಿಂದ, ತಪ್ಪು {mistake} ರಿಂದ, ದೊಡ್ಡ ತಪ್ಪು {blunder} ಅಂಕಗಳಿಂದ."
    ),
    "chances.exact": "ಆಟ ತೀರ್ಮಾನವಾಗಿದೆ: ಈ ಸಾಧ್ಯತೆಗಳು ನಿಖರ.",
    "chances.unavailable": "ಗೆಲ್ಲುವ ಸಾಧ್ಯತೆಯನ್ನು ಈಗ ಲೆಕ್ಕಿಸಲಾಗುತ್ತಿಲ್ಲ.",
    "hint.pending": "ಅತ್ಯುತ್ತಮ ನಡೆಗಳನ್ನು ಹೋಲಿಸುತ್ತಿದೆ…",
    "hint.none": "ಸಲಹೆ ಇಲ್ಲ: {error}",
    "hint.intro": "ಈ ಎಸೆತದ ಅತ್ಯುತ್ತಮ ನಡೆಗಳು, ಆರಂಭದಿಂದ, ಉತ್ತಮದಿಂದ:",
    "hint.intro_estimate": ("ಈ ಎಸೆತದ ಆರಂಭದಿಂದ ಅತ್ಯುತ್ತಮ ನಡೆಗಳು, ನಿಮ್ಮ ಅಂದಾಜು ಗೆಲ್ಲುವ ಸಾಧ್ಯತೆಯೊಂದಿಗೆ:"),
    "hint.how_estimate": ("ಒಂದು ಎಸೆತ ಮುಂದಕ್ಕೆ, ಎಕ್ಸ್‌ಪೆಕ್ಟಿಮ್ಯಾಕ್ಸ್ ಗಣಕ ನೋಡುವಂತೆ: ಅಂದಾಜು ಮಾತ್ರ, ದೋಷದ ಅಂಚು ಇಲ್ಲ."),
    "hint.best": "ಅತ್ಯುತ್ತಮ: ನಿಮ್ಮ ಗೆಲ್ಲುವ ಸಾಧ್ಯತೆ {chance}% ± {se}",
    "hint.worse": "{diff} ಅಂಕ ಕಡಿಮೆ (± {se}): ಸ್ಪಷ್ಟವಾಗಿ ಕಳಪೆ",
    "hint.too_close": "{diff} ಅಂಕ ಕಡಿಮೆ (± {se}): ಹೇಳಲಾಗದಷ್ಟು ಹತ್ತಿರ",
    "hint.how": (
        "ಪ್ರತಿ ನಡೆಯನ್ನು ದುರಾಸೆಯ ಗಣಕ {n} ಬಾರಿ ಕೊನೆಯವರೆಗೆ ಆಡಿತು, ಎಲ್ಲ ನಡೆಗಳಿಗೂ ಅದೇ ದಾಳ, ಆದ್ದರಿಂದ "
        "ವ್ಯತ್ಯಾಸಗಳು ಸಾಧ್ಯತೆಗಳಿಗಿಂತ ನಿಖರವಾಗಿ ಅಳೆಯಲ್ಪಟ್ಟಿವೆ. ± ಒಂದು ಮಾನಕ ದೋಷ; ಎರಡರಿಂದ ವ್ಯತ್ಯಾಸ "
        "ಸ್ಪಷ್ಟ."
    ),
    "board.title": "ಆಟದ ಹಾಸು; ಪ್ರತಿ ಕಾಯಿ ಎಲ್ಲಿದೆ ಎಂದು ಕೆಳಗೆ ಬರೆದಿದೆ",
    "board.list_label": "ಕಾಯಿಗಳು ಎಲ್ಲಿವೆ",
    "board.square": "ಚೌಕ {n}",
    "board.square_words": "ಚೌಕ {n} ({words})",
    "board.home_path": "ಮನೆಯ ದಾರಿ",
    "board.safety": "ಸುರಕ್ಷಿತ ಚೌಕ",
    "board.x_square": "X ಚೌಕ",
    "board.entry": "{colour} ಪ್ರವೇಶ",
    "board.home_of": "{colour} {home}",
    "board.major": "ಮುಖ್ಯ",
    "board.minor": "ಉಪ",
    "board.finished": "ಮುಗಿಸಿದೆ",
    "board.has_cut": "ಕತ್ತರಿಸಿದೆ ✓",
    "board.not_cut": "ಕತ್ತರಿಸಿಲ್ಲ",
    "board.player": "ಆಟಗಾರ {n}",
    "board.pawn": "{colour} ಕಾಯಿ",
    "board.pawns": "{n} {colour} ಕಾಯಿಗಳು",
    "board.at": "{places} ರಲ್ಲಿ",
    "board.cut_waiting": "ಕತ್ತರಿಸಲಾಗಿದೆ, ಮತ್ತೆ ಪ್ರವೇಶಕ್ಕೆ ಕಾಯುತ್ತಿದೆ",
    "board.in_nest": "ಗೂಡಿನಲ್ಲಿ",
    "board.n_cut": "{n} ಕತ್ತರಿಸಲಾಗಿದೆ",
    "board.n_nest": "{n} ಗೂಡಿನಲ್ಲಿ",
    "board.one_at": "ಒಂದು: {p}",
    "board.n_home": "{n} {home}",
    "board.move_here": "ಇಲ್ಲಿಗೆ ನಡೆಸಿ ({place})",
    "rules.page_title": "ನಿಯಮಗಳು",
    "rules.title": "{ruleset} ನಿಯಮಗಳು",
    "rules.intro": ("ಈ ಆಟದ ಪ್ರತಿ ಆಟಕ್ಕೂ ಅನ್ವಯಿಸುವ ನಿಯಮಗಳು, ಮತ್ತು ಆಟ ರಚಿಸುವಾಗ ಬದಲಿಸಬಹುದಾದ ನಿಯಮ ಆಯ್ಕೆಗಳು."),
    "rules.basics": "ಹಾಸು, ದಾಳ ಮತ್ತು ಕಾಯಿಗಳು",
    "rules.board": ("ಹಾಸು ನಾಲ್ಕು ತೋಳುಗಳ ಶಿಲುಬೆ: ಸುತ್ತಲೂ 68 ಚೌಕಗಳು, ಮತ್ತು ಪ್ರತಿ ತೋಳಿನ ನಡುವೆ ಕೇಂದ್ರದವರೆಗೆ ಏಳು ಚೌಕಗಳು."),
    "rules.players": "ಆಟಗಾರರು: {players}.",
    "rules.teams": "ನಾಲ್ವರು ಆಟಗಾರರು ಜೊತೆಗಾರರ ಎರಡು ತಂಡಗಳಾಗಿ ಆಡಬಹುದು.",
    "rules.majors": "ಪ್ರತಿ ಆಟಗಾರನಿಗೆ ಎರಡು ಬಣ್ಣಗಳು, ಒಂದು ಮುಖ್ಯ ಮತ್ತು ಒಂದು ಉಪ.",
    "rules.switches": "ನಿಯಮ ಆಯ್ಕೆಗಳು",
    "rules.unknown": "ಅಂಥ ಆಟ ಇಲ್ಲ.",
    "rules.choose": "ಪ್ರತಿ ಆಟದ ನಿಯಮಗಳು:",
    "review.page_title": "ವಿಮರ್ಶೆ",
    "review.title": "ಆಟದ ವಿಮರ್ಶೆ",
    "review.waiting": ("ಆಟದ ವಿಮರ್ಶೆ ನಡೆಯುತ್ತಿದೆ: ಗಣಕ ಪ್ರತಿ ಎಸೆತವನ್ನು ಕೊನೆಯವರೆಗೆ ಆಡುತ್ತದೆ. ಒಂದೆರಡು ನಿಮಿಷ ಬೇಕು…"),
    "review.not_finished": "ಆಟ ಮುಗಿದ ಮೇಲೆ ಮಾತ್ರ ವಿಮರ್ಶೆ.",
    "review.failed": "ವಿಮರ್ಶೆ ಆಗಲಿಲ್ಲ: {error}",
    "review.back": "ಆಟಕ್ಕೆ ಹಿಂತಿರುಗಿ",
    "review.players": "ಆಟಗಾರರು",
    "review.moves": "ಪ್ರತಿ ಎಸೆತ",
    "review.col.n": "ಕ್ರಮ",
    "review.col.who": "ಆಟಗಾರ",
    "review.col.throw": "ಎಸೆತ",
    "review.col.played": "ಆಡಿದ್ದು",
    "review.col.best": "ಅತ್ಯುತ್ತಮ",
    "review.col.loss": "ನಷ್ಟ",
    "review.col.verdict": "ತೀರ್ಪು",
    "review.col.luck": "ಅದೃಷ್ಟ",
    "review.col.decisions": "ನಿರ್ಧಾರಗಳು",
    "review.col.error_rate": "ಪ್ರತಿ ನಿರ್ಧಾರಕ್ಕೆ ನಷ್ಟ",
    "review.col.counts": "ಎಡವಟ್ಟು, ತಪ್ಪು, ದೊಡ್ಡ ತಪ್ಪು",
    "review.col.total_luck": "ಅದೃಷ್ಟ",
    "review.same": "ಅದೇ",
    "review.forced": "ಅನಿವಾರ್ಯ",
    "review.decided": "ತೀರ್ಮಾನವಾಗಿದೆ",
    "review.how": (
        "ಪ್ರತಿ ನಡೆಯನ್ನು {policy} ಗಣಕ {rollouts} ಬಾರಿ ಕೊನೆಯವರೆಗೆ ಆಡಿತು (ಅದಕ್ಕೆ ಇಷ್ಟವಾದ "
        "{candidates} ನಡೆಗಳು, ಮತ್ತು ಆಡಿದ ನಡೆ), ಅದೃಷ್ಟಕ್ಕಾಗಿ ಪ್ರತಿ ಇತರ ಎಸೆತ {luck} ಬಾರಿ. ನಷ್ಟ ಅಥವಾ"
        " ಅದೃಷ್ಟವನ್ನು ಕನಿಷ್ಠ {clear} ಮಾನಕ ದೋಷಗಳಾದಾಗ ಮಾತ್ರ ಗುರುತಿಸಲಾಗುತ್ತದೆ. ನಷ್ಟದ ಮಿತಿಗಳು: "
        "ಎಡವಟ್ಟು {inaccuracy} ರಿಂದ, ತಪ್ಪು {mistake} ರಿಂದ, ದೊಡ್ಡ ತಪ್ಪು {blunder} ಗೆಲುವಿನ ಸಾಧ್ಯತೆಯ "
        "ಅಂಕಗಳಿಂದ."
    ),
    "hint.play_this": "ಇದನ್ನೇ ಆಡಿ",
    "review.unit": (
        "ಇಲ್ಲಿನ ಪ್ರತಿ ಸಂಖ್ಯೆಯೂ ಗೆಲುವಿನ ಸಾಧ್ಯತೆಯ ಅಂಕಗಳಲ್ಲಿದೆ: ಒಂದು ಅಂಕ"
        " ಗೆಲ್ಲುವ ಸಾಧ್ಯತೆಯ ಒಂದು ಶೇಕಡಾ. 5 ಅಂಕ ಕಳೆದುಕೊಳ್ಳುವ ನಡೆ 45%"
        " ಸಾಧ್ಯತೆಯನ್ನು 40% ಮಾಡುತ್ತದೆ; +8 ಅದೃಷ್ಟ ಎಂದರೆ ದಾಳಗಳು 8 ಅಂಕ"
        " ಸೇರಿಸಿದವು."
    ),
    "review.graph": "ಆಟದುದ್ದಕ್ಕೂ ಗೆಲುವಿನ ಸಾಧ್ಯತೆ",
    "review.graph_desc": (
        "ಪ್ರತಿ ಎಸೆತದ ನಂತರ ಪ್ರತಿ ಆಟಗಾರನ ಗೆಲ್ಲುವ ಸಾಧ್ಯತೆ, ಆರಂಭದಿಂದ (ಎಡ)"
        " ಕೊನೆಯವರೆಗೆ (ಬಲ); ವೃತ್ತಗಳು ಕೆಳಗಿನ ತಿರುವುಗಳನ್ನು"
        " ಗುರುತಿಸುತ್ತವೆ."
    ),
    "review.graph_start": "ಆರಂಭ",
    "review.graph_end": "ಎಸೆತ {n}",
    "review.turning": "ತಿರುವುಗಳು",
    "review.mistakes": "ಅತಿ ದೊಡ್ಡ ತಪ್ಪುಗಳು",
    "review.lucky": "ಅತಿ ಅದೃಷ್ಟದ ಎಸೆತಗಳು",
    "review.no_mistakes": "ಯಾವ ನಡೆಯೂ ದೋಷದ ಮಿತಿಯಾಚೆ ಸ್ಪಷ್ಟವಾಗಿ ಗೆಲುವಿನ ಸಾಧ್ಯತೆ ಕಳೆದುಕೊಳ್ಳಲಿಲ್ಲ.",
    "review.no_lucky": "ಯಾವ ಎಸೆತವೂ ಸ್ಪಷ್ಟವಾಗಿ ಅದೃಷ್ಟದ್ದಾಗಿರಲಿಲ್ಲ.",
    "review.turn_mistake": (
        "ಎಸೆತ {n}, {who}: {played}; ಉತ್ತಮವಾಗಿತ್ತು {best}: {loss} ಅಂಕ ನಷ್ಟ ({verdict})."
    ),
    "review.turn_lucky": "ಎಸೆತ {n}, {who}: {throw} ನಿಂದ {luck} ಅಂಕ ({mark}).",
    "review.words_lost": (
        "{who} ಸರಿಗಿಂತ ಕೆಟ್ಟದೆಂದು ಗುರುತಿಸಿದ {n} ನಡೆಗಳಲ್ಲಿ ಗೆಲುವಿನ ಸಾಧ್ಯತೆಯ {loss} ಅಂಕ ಕಳೆದುಕೊಂಡರು"
    ),
    "review.words_lost_one": (
        "{who} ಸರಿಗಿಂತ ಕೆಟ್ಟದೆಂದು ಗುರುತಿಸಿದ 1 ನಡೆಯಲ್ಲಿ ಗೆಲುವಿನ ಸಾಧ್ಯತೆಯ {loss} ಅಂಕ ಕಳೆದುಕೊಂಡರು"
    ),
    "review.words_clean": "{who} ಅವರ ಯಾವ ನಡೆಯೂ ಅತ್ಯುತ್ತಮಕ್ಕಿಂತ ಸ್ಪಷ್ಟವಾಗಿ ಕೆಟ್ಟದಾಗಿರಲಿಲ್ಲ",
    "review.words_luck": "; ದಾಳಗಳು {luck} ಅಂಕ ಕೊಟ್ಟವು (± {se}).",
    "review.words_no_luck": "; ಅದೃಷ್ಟವನ್ನು ಅಳೆಯಲಾಗಿಲ್ಲ.",
    "review.no_luck": ("ಈ ಆಟದಲ್ಲಿ ಅದೃಷ್ಟವನ್ನು ಅಳೆಯಲಾಗಿಲ್ಲ: ಪ್ರತಿ ಇತರ ಎಸೆತವನ್ನು ಕೊನೆಯವರೆಗೆ ಆಡಲು ತುಂಬಾ ಸಮಯ ಬೇಕು."),
    "verdict.fine": "ಸರಿ",
    "verdict.inaccuracy": "ಎಡವಟ್ಟು",
    "verdict.mistake": "ತಪ್ಪು",
    "verdict.blunder": "ದೊಡ್ಡ ತಪ್ಪು",
    "luck.very lucky": "ಬಹಳ ಅದೃಷ್ಟ",
    "luck.lucky": "ಅದೃಷ್ಟ",
    "luck.unlucky": "ದುರದೃಷ್ಟ",
    "luck.very unlucky": "ಬಹಳ ದುರದೃಷ್ಟ",
    "level.human": "ಮನುಷ್ಯ",
    "level.search": "ಹುಡುಕಾಟ",
    "level.search84": "ಹುಡುಕಾಟ-84",
    "levelname.human": "ಮನುಷ್ಯ",
    "levelname.computer": "ಗಣಕ, {level}",
    "levelname.search": "ಗಣಕ, ಹಂತ 4 (ಹುಡುಕಾಟ, ಅತಿ ನಿಧಾನ)",
    "levelname.search84": "ಗಣಕ, ಹಂತ 4 (ಹುಡುಕಾಟ-84)",
    "blurb.parcheesi": ("ಅಮೆರಿಕದ ಪ್ರಮಾಣಿತ ನಿಯಮಗಳು: 5 ರಲ್ಲಿ ಪ್ರವೇಶ, ತಡೆಗೋಡೆಗಳು, ಹಿಡಿತಕ್ಕೆ 20, ಮನೆಗೆ 10."),
    "blurb.whitman": ("1945 ರ ವಿಟ್‌ಮನ್ ಆಟ: ಒಂದು ಕಾಯಿ ಮೊತ್ತದಷ್ಟು ನೆಗೆಯುತ್ತದೆ, ಅತಿ ಸಣ್ಣ ಎಸೆತದವರು ಆರಂಭಿಸುತ್ತಾರೆ."),
    "blurb.pagade": "ಕರ್ನಾಟಕದ ಪಚೀಸಿ: ಉದ್ದ ದಾಳ, ಜೋಡಿಗಳು, ಹೊಟ್ಟೆಗೆ ಹೋಗುವ ಮೊದಲು ಕತ್ತರಿಸು.",
    "blurb.eight-man": ("ಇಬ್ಬರು ಆಟಗಾರರು, ತಲಾ ಎರಡು ಬಣ್ಣ: ಮುಖ್ಯದ ನಾಲ್ಕು ಮತ್ತು ಉಪದ ಮೂರು ತಲುಪಿದರೆ ಗೆಲುವು."),
    "lobby.page_title": "ಪಚೀಸಿ: ಬ್ರೌಸರ್‌ನಲ್ಲಿ ಆಡಿ",
    "lobby.heading": "ಪಗಡೆ, ವಿಟ್‌ಮನ್ ಪಚೀಸಿ, ಪಾರ್ಚೀಸಿ, ಎಯ್ಟ್-ಮ್ಯಾನ್ ಪಾರ್ಚೀಸಿ",
    "lobby.from_position": "ಒಂದು ಸ್ಥಿತಿಯಿಂದ ಆರಂಭಿಸಿ",
    "lobby.optional": "(ಐಚ್ಛಿಕ)",
    "lobby.in_use": "(ಬಳಕೆಯಲ್ಲಿದೆ)",
    "lobby.paste": (
        "ಒಂದು ಸ್ಥಿತಿಯನ್ನು ಅಂಟಿಸಿ: ಅದರ ಒಂದು ಸಾಲಿನ ರೂಪ (<code>pachisi</code> ಮುದ್ರಿಸುವಂತೆ) ಅಥವಾ ಅದರ"
        " <code>FORMAT.md</code> JSON"
    ),
    "lobby.example": (
        "ಉದಾಹರಣೆಗೆ <code>parcheesi r,y - r:0.0.21.30,y:0.0.0.44 0 0 - - -</code>. ಆಟ, ಆಟಗಾರರು "
        "ಮತ್ತು ಯಾರ ನಡೆ ಎಂಬುದು ಸ್ಥಿತಿಯಿಂದ ಬರುತ್ತದೆ; ಪ್ರತಿ ಸ್ಥಾನವನ್ನು ಯಾರು ಆಡುತ್ತಾರೆ ಎಂದು ನೀವು "
        "ಆರಿಸುತ್ತೀರಿ."
    ),
    "lobby.read_position": "ಸ್ಥಿತಿ ಓದಿ",
    "lobby.clear": "ಅಳಿಸಿ",
    "lobby.clear_label": "ಸ್ಥಿತಿ ಅಳಿಸಿ",
    "lobby.game": "ಆಟ",
    "lobby.loading_rulesets": "ಆಟಗಳನ್ನು ತರುತ್ತಿದೆ…",
    "lobby.number_of_players": "ಆಟಗಾರರ ಸಂಖ್ಯೆ",
    "lobby.teams": "ಎದುರುಬದುರು ಕುಳಿತ ಜೊತೆಗಾರರು ತಂಡವಾಗಿ ಆಡುತ್ತಾರೆ",
    "lobby.start": "ಆಟ ಆರಂಭಿಸಿ",
    "lobby.ready": "ನಿಮ್ಮ ಆಟ ಸಿದ್ಧ",
    "lobby.ready_text": (
        "ಪ್ರತಿ ಆಟಗಾರನಿಗೆ ಅವನದೇ ಕೊಂಡಿ ಕಳಿಸಿ: ಅದರಲ್ಲಿ ಅವನ ಸ್ಥಾನದ ರಹಸ್ಯ ಕೀಲಿ ಇದೆ ಮತ್ತು ಅದು ಈಗ ಮಾತ್ರ "
        "ಕಾಣುತ್ತದೆ. ಆಟಕ್ಕೆ ಮರಳಲು ನಿಮ್ಮದನ್ನು ಇಟ್ಟುಕೊಳ್ಳಿ."
    ),
    "lobby.spectator_link": "ವೀಕ್ಷಕರ ಕೊಂಡಿ",
    "lobby.play_here": "ಇಲ್ಲಿ ಆಡಿ",
    "lobby.watch": "ನೋಡಿ",
    "lobby.view": "ನೋಡಿ",
    "lobby.play": "ಆಡಿ",
    "lobby.another": "ಇನ್ನೊಂದು ಆಟ ರಚಿಸಿ",
    "lobby.recent": "ಇತ್ತೀಚಿನ ಆಟಗಳು",
    "lobby.refresh": "ನವೀಕರಿಸಿ",
    "lobby.loading": "ತರುತ್ತಿದೆ…",
    "lobby.rules_of": "ನಿಯಮಗಳು",
    "lobby.n_players": "{n} ಆಟಗಾರರು",
    "lobby.n_players_teams": "{n} ಆಟಗಾರರು, ತಂಡಗಳಲ್ಲಿ",
    "lobby.major": "ಮುಖ್ಯ",
    "lobby.who_plays": "{label} ಯಾರು ಆಡುತ್ತಾರೆ",
    "lobby.name_for": "{label} ಹೆಸರು",
    "lobby.changed": "({n} ಬದಲಾಗಿದೆ)",
    "lobby.defaults": "(ಸಾಮಾನ್ಯ ನಿಯಮಗಳು)",
    "lobby.changed_one": "ಬದಲಿಸಲಾಗಿದೆ",
    "lobby.whole_number": "{name} ಒಂದು ಪೂರ್ಣ ಸಂಖ್ಯೆ ಆಗಿರಬೇಕು, 0 ಅಥವಾ ಹೆಚ್ಚು.",
    "lobby.could_not_start": "ಆಟ ಆರಂಭವಾಗಲಿಲ್ಲ: {error}",
    "lobby.position_over": "ಈ ಸ್ಥಿತಿಯಿಂದ ಆಡಲಾಗದು: ಆಟ ಈಗಾಗಲೇ ಮುಗಿದಿದೆ.",
    "lobby.position_unreadable": "ಸ್ಥಿತಿಯನ್ನು ಓದಲಾಗಲಿಲ್ಲ: {error}",
    "lobby.to_move": "{who} ನಡೆ",
    "lobby.open": "ತೆರೆಯಿರಿ",
    "lobby.open_label": "{label} ತೆರೆಯಿರಿ",
    "lobby.seat": "ಸ್ಥಾನ {n}: {name}",
    "lobby.only_computers": "ಗಣಕಗಳು ಮಾತ್ರ ಆಡುತ್ತವೆ: ನೋಡಿ ಅಷ್ಟೇ.",
    "lobby.just_now": "ಈಗಷ್ಟೇ",
    "lobby.min_ago": "{n} ನಿಮಿಷದ ಹಿಂದೆ",
    "lobby.h_ago": "{n} ಗಂಟೆಯ ಹಿಂದೆ",
    "lobby.recent_failed": "ಇತ್ತೀಚಿನ ಆಟಗಳನ್ನು ತರಲಾಗಲಿಲ್ಲ: {error}",
    "lobby.no_games": "ಇನ್ನೂ ಆಟಗಳಿಲ್ಲ. ಒಂದನ್ನು ಆರಂಭಿಸಿ!",
    "lobby.finished": "ಮುಗಿದಿದೆ",
    "lobby.in_play": "ನಡೆಯುತ್ತಿದೆ",
    "lobby.select_copy": "ಆರಿಸಿ ನಕಲಿಸಿ",
    "lobby.rulesets_failed": "ಆಟಗಳನ್ನು ತರಲಾಗಲಿಲ್ಲ: {error}",
    "replay.page_title": "ಪಚೀಸಿ ಮರುನೋಟ",
    "replay.title": "{ruleset}: ಮರುನೋಟ",
    "replay.lobby": "ಮುಖಪುಟಕ್ಕೆ ಹೋಗಿ",
    "replay.controls": "ಮರುನೋಟದ ಗುಂಡಿಗಳು",
    "replay.first": "ಮೊದಲ ಸ್ಥಿತಿ",
    "replay.prev": "ಒಂದು ನಡೆ ಹಿಂದೆ",
    "replay.next": "ಒಂದು ನಡೆ ಮುಂದೆ",
    "replay.last": "ಕೊನೆಯ ಸ್ಥಿತಿ",
    "replay.moves_played": "ಆಡಿದ ನಡೆಗಳು",
    "replay.keys": (
        "ಕೀಲಿಗಳು: <kbd>←</kbd> <kbd>→</kbd> ಒಂದು ನಡೆ, <kbd>Home</kbd> <kbd>End</kbd> ಎರಡು "
        "ತುದಿಗಳು; ಒಂದು ನಡೆಗೆ ಹೋಗಲು ಅದನ್ನು ಒತ್ತಿ."
    ),
    "replay.caption": "ನಡೆ {at} / {last}: {who} {dice} ಹಾಕಿ ಆಡಿದರು: {play}.",
    "replay.caption_pass": "ನಡೆ {at} / {last}: {who} {dice} ಹಾಕಿದರು, ನಡೆಯಲಾಗಲಿಲ್ಲ.",
    "replay.caption_start": "ಆರಂಭ (ಒಟ್ಟು {n} ನಡೆಗಳು).",
    "replay.after_move": "ನಡೆ {at} / {last} ರ ನಂತರ",
    "replay.the_start": "ಆರಂಭ",
    "replay.start": "ಆರಂಭ",
    "replay.failed": "ಮರುನೋಟ ತರಲಾಗಲಿಲ್ಲ: {error}",
    "lobby.table": "ಮೇಜು",
    "lobby.public": ("ಈ ಆಟವನ್ನು ಎಲ್ಲರ ಲಾಬಿಯಲ್ಲಿ ತೋರಿಸಿ (ಇಲ್ಲದಿದ್ದರೆ ನಿಮ್ಮ ಕೊಂಡಿಗಳಿಂದ ಮಾತ್ರ ತಲುಪಬಹುದು)"),
    "lobby.clock": "ಸರದಿಯ ಸಮಯ",
    "lobby.clock_none": "ಯಾವುದೂ ಇಲ್ಲ",
    "lobby.clock_15": "ಪ್ರತಿ ಎಸೆತಕ್ಕೆ 15 ಸೆಕೆಂಡು",
    "lobby.clock_30": "ಪ್ರತಿ ಎಸೆತಕ್ಕೆ 30 ಸೆಕೆಂಡು",
    "lobby.clock_60": "ಪ್ರತಿ ಎಸೆತಕ್ಕೆ 1 ನಿಮಿಷ",
    "lobby.clock_180": "ಪ್ರತಿ ಎಸೆತಕ್ಕೆ 3 ನಿಮಿಷ",
    "lobby.clock_600": "ಪ್ರತಿ ಎಸೆತಕ್ಕೆ 10 ನಿಮಿಷ",
    "lobby.clock_then": "ಸಮಯ ಮುಗಿದಾಗ, ಅಥವಾ ಆಟಗಾರ ಅಷ್ಟು ಹೊತ್ತು ದೂರವಿದ್ದಾಗ",
    "lobby.clock_computer": "ಗಣಕ ಸ್ಥಾನವನ್ನು ವಹಿಸಿಕೊಳ್ಳುತ್ತದೆ",
    "lobby.clock_adjourn": "ಆಟ ಮುಂದೂಡಲ್ಪಡುತ್ತದೆ",
    "lobby.clock_level": "ಗಣಕ",
    "lobby.adjourned": "ಮುಂದೂಡಲಾಗಿದೆ",
    "lobby.waiting_away": "{who} ಅವರಿಗಾಗಿ ಕಾಯುತ್ತಿದೆ (ದೂರವಿದ್ದಾರೆ)",
    "lobby.a_player": "ಒಬ್ಬ ಆಟಗಾರ",
    "lobby.idle": "ನಿಂತಿದೆ",
    "social.title": "ಆಟ ಬಿಡುವುದು",
    "social.resign": "ಸೋಲೊಪ್ಪಿ…",
    "social.resign_confirm": "ಹೌದು, ಸೋಲೊಪ್ಪುತ್ತೇನೆ",
    "social.resign_cancel": "ಆಟ ಮುಂದುವರಿಸಿ",
    "social.offer_end": "ಆಟ ಮುಗಿಸುವ ಪ್ರಸ್ತಾಪ ಮಾಡಿ",
    "social.accept_end": "ಮುಗಿಸಲು ಒಪ್ಪಿ",
    "social.decline": "ನಿರಾಕರಿಸಿ",
    "social.withdraw": "ಪ್ರಸ್ತಾಪ ಹಿಂಪಡೆಯಿರಿ",
    "social.resume": "ಆಟ ಮುಂದುವರಿಸಿ",
    "social.take_back": "ನನ್ನ ಸ್ಥಾನವನ್ನು ಮತ್ತೆ ಆಡುತ್ತೇನೆ",
    "social.explain": (
        "ಸೋಲೊಪ್ಪಿದರೆ ಆಟ ಮುಗಿಯುತ್ತದೆ: ನಿಮ್ಮ ಪಕ್ಷ ಕೊನೆಯ ಸ್ಥಾನ ಪಡೆಯುತ್ತದೆ. ಒಪ್ಪಿಗೆಯಿಂದ ಮುಗಿದ ಆಟದಲ್ಲಿ ಉಳಿದ ಸ್ಥಾನಗಳು ಹಂಚಿಕೆಯಾಗುತ್ತವೆ."
    ),
    "social.badge_away": "ದೂರ",
    "social.badge_resigned": "ಸೋಲೊಪ್ಪಿದರು",
    "social.badge_handed_away": "ಸದ್ಯಕ್ಕೆ ಗಣಕ (ದೂರ)",
    "social.badge_handed_time": "ಸದ್ಯಕ್ಕೆ ಗಣಕ (ಸಮಯ ಮುಗಿಯಿತು)",
    "social.offer": "{who} ಆಟ ಮುಗಿಸುವ ಪ್ರಸ್ತಾಪ ಮಾಡಿದ್ದಾರೆ (ಸ್ಥಾನಗಳು ಹಂಚಿಕೆ).",
    "social.offer_waiting": "{who} ಅವರಿಗಾಗಿ ಕಾಯಲಾಗುತ್ತಿದೆ.",
    "social.adjourned_away": (
        "ಮುಂದೂಡಲಾಗಿದೆ: {who} ಬಹಳ ಹೊತ್ತು ದೂರವಿದ್ದರು. ಅವರು ಮರಳಿದಾಗ ಅಥವಾ ಯಾರಾದರೂ ಮುಂದುವರಿಸಿದಾಗ ಆಟ ಸಾಗುತ್ತದೆ."
    ),
    "social.adjourned_time": (
        "ಮುಂದೂಡಲಾಗಿದೆ: {who} ಅವರ ಸಮಯ ಮುಗಿಯಿತು. ಅವರು ಮರಳಿದಾಗ ಅಥವಾ ಯಾರಾದರೂ ಮುಂದುವರಿಸಿದಾಗ ಆಟ ಸಾಗುತ್ತದೆ."
    ),
    "social.handed_away": "{who} ಬಹಳ ಹೊತ್ತು ದೂರವಿದ್ದರು: ಗಣಕ ({level}) ಈ ಸ್ಥಾನವನ್ನು ಆಡುತ್ತದೆ.",
    "social.handed_time": "{who} ಅವರ ಸಮಯ ಮುಗಿಯಿತು: ಗಣಕ ({level}) ಈ ಸ್ಥಾನವನ್ನು ಆಡುತ್ತದೆ.",
    "social.away_line": "ದೂರ: {who}.",
    "social.adjourned": "ಮುಂದೂಡಲಾಗಿದೆ",
    "social.has_left": "{who} ಹೊರಟುಹೋಗಿದ್ದಾರೆ.",
    "social.claim": "ಆಟ ಮುಗಿಸಿ ({who} ಕೊನೆಯ ಸ್ಥಾನ)",
    "social.hand_over": "{who} ಅವರ ಬದಲು ಗಣಕ ಆಡಲಿ",
    "social.clock_adjourn": "{who} ಅವರಿಗೆ {n} ಸೆಕೆಂಡು ಉಳಿದಿದೆ; ನಂತರ ಆಟ ಮುಂದೂಡಲ್ಪಡುತ್ತದೆ.",
    "social.clock_computer": "{who} ಅವರಿಗೆ {n} ಸೆಕೆಂಡು ಉಳಿದಿದೆ; ನಂತರ ಗಣಕ ({level}) ಆಡುತ್ತದೆ.",
    "social.not_done": "ಆಗಲಿಲ್ಲ: {error}",
    "error.not_allowed": "ಈ ಆಟದಲ್ಲಿ ಈಗ ಇದು ಸಾಧ್ಯವಿಲ್ಲ.",
    "result.resigned": "{who} ಸೋಲೊಪ್ಪಿದರು",
    "result.left": "{who} ಹೊರಟುಹೋದರು",
    "result.agreed": "ಒಪ್ಪಿಗೆಯಿಂದ ಮುಗಿಯಿತು",
    "result.agreed_draw": "ಒಪ್ಪಿಗೆಯಿಂದ ಸಮಬಲ",
    "result.rest": "{who} ಉಳಿದ ಸ್ಥಾನಗಳನ್ನು ಹಂಚಿಕೊಂಡರು",
    "result.end_sep": ": ",
}

#: The pages' words per language (the same keys in each).
MESSAGES: dict[str, dict[str, str]] = {"en": _EN, "hi": _HI, "kn": _KN}
for _lang, _words in PLAY_WORDS.items():  # the playing side's words (pachisi.web.play_words)
    MESSAGES[_lang].update(_words)
for _lang, _words in CLUB_WORDS.items():  # accounts, ratings (pachisi.web.club_words)
    MESSAGES[_lang].update(_words)
for _lang, _words in SEEK_WORDS.items():  # seeks and chat (pachisi.web.seek_words)
    MESSAGES[_lang].update(_words)
for _lang, _words in LUDO_WORDS.items():  # Ludo and MADN (pachisi.web.ludo_words)
    MESSAGES[_lang].update(_words)


def _ladder_words() -> None:
    """The words of the ladder's levels by algorithm, as the pages look a seat's ``kind``
    up: ``level.<algorithm>`` its strength name ("Casual"), ``levelname.<algorithm>`` the
    lobby's choice ("Computer, Casual"), ``levelabout.<algorithm>`` the hover text naming
    the algorithm. Made from :data:`pachisi.bots.LADDER` and the core's words, which
    are the one place they are written."""
    for lang, table in MESSAGES.items():
        for rung in LADDER:
            name = level_label(rung.algorithm, lang=lang)
            table[f"level.{rung.algorithm}"] = name
            table[f"levelname.{rung.algorithm}"] = table["levelname.computer"].replace(
                "{level}", name
            )
            table[f"levelabout.{rung.algorithm}"] = level_about(rung.algorithm, lang)


_ladder_words()


def catalogue(lang: str) -> dict[str, str]:
    """Every word of the site in ``lang``: the pages' and the core's; ``not_found`` otherwise."""
    if lang not in LANGS:
        raise ApiError(404, "not_found", f"no language {lang!r} (there are {', '.join(LANGS)})")
    learn = LEARN_WORDS  # learning to play (pachisi.web.learn_words)
    return {**PHRASES["en"], **_EN, **learn["en"], **PHRASES[lang], **MESSAGES[lang], **learn[lang]}


def rules_info(ruleset: str) -> dict[str, Any]:
    """A ruleset's rules for its page (:func:`pachisi.describe.rules_facts`); ``not_found``."""
    if ruleset not in ALL_RULESETS:
        raise ApiError(404, "not_found", f"no ruleset {ruleset!r}")
    return rules_facts(ruleset)
