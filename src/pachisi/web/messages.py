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

from ..describe import LANGS, PHRASES, rules_facts
from ..rules import RULESETS
from .requests import ApiError

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
    "game.autoplay": "Auto-play forced moves",
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
    "event.bonus": "Bonus of {n}: {step}",
    "event.penalty": "Third doublet in a row: {step}",
    "chances.title": "Win chances",
    "chances.how": (
        "From {n} games played out from this position by the greedy computer; ± is one standard"
        " error."
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
    "verdict.fine": "fine",
    "verdict.inaccuracy": "inaccuracy",
    "verdict.mistake": "mistake",
    "verdict.blunder": "blunder",
    "luck.very lucky": "very lucky",
    "luck.lucky": "lucky",
    "luck.unlucky": "unlucky",
    "luck.very unlucky": "very unlucky",
}

#: The pages' words per language (the same keys in each).
MESSAGES: dict[str, dict[str, str]] = {"en": _EN, "hi": {}, "kn": {}}


def catalogue(lang: str) -> dict[str, str]:
    """Every word of the site in ``lang``: the pages' and the core's; ``not_found`` otherwise."""
    if lang not in LANGS:
        raise ApiError(404, "not_found", f"no language {lang!r} (there are {', '.join(LANGS)})")
    return {**PHRASES["en"], **_EN, **PHRASES[lang], **MESSAGES[lang]}


def rules_info(ruleset: str) -> dict[str, Any]:
    """A ruleset's rules for its page (:func:`pachisi.describe.rules_facts`); ``not_found``."""
    if ruleset not in RULESETS:
        raise ApiError(404, "not_found", f"no ruleset {ruleset!r}")
    return rules_facts(ruleset)
