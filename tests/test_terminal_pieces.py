"""Pieces of the terminal front end, tested without a terminal.

The board's panel lines (:func:`pachisi.terminal.board.doublets_line`,
:func:`~pachisi.terminal.board.player_standing`), a person's throw in
``pachisi play`` (``_Session.human_throw`` and its parts), driven by scripted
answers instead of a keyboard, with the screen written to a string, and the
rows of ``pachisi analyse GAME``'s tables.
"""

from __future__ import annotations

import argparse
import io
from dataclasses import replace
from pathlib import Path

import pytest
from rich.console import Console
from rich.style import Style

from pachisi import Game, Position
from pachisi.analysis import Review, ReviewSettings, review
from pachisi.analysis.words import points_text
from pachisi.board import ROUTES, is_ring
from pachisi.bots import make_player
from pachisi.record import Record
from pachisi.terminal.analyse import luck_method, player_row, throw_row
from pachisi.terminal.board import (
    BASIC,
    BoardView,
    _cell_text,
    doublets_line,
    player_standing,
    render,
)
from pachisi.terminal.play import _Session

# ---------------------------------------------------------------------------
# The panel


def test_doublets_line() -> None:
    two = Position.from_text("parcheesi r,y - r:10.20.0.0,y:0.0.0.0 0 2 - - -")
    assert doublets_line(BoardView(two, throw=(3, 3))) == (
        "Third doublet: the pawn nearest HOME goes back"
    )
    # The last throw shown (a caption): the count, not a warning about a throw to come.
    assert doublets_line(BoardView(two, throw=(3, 3), caption="Last throw")) == (
        "Doublets this turn: 2"
    )
    assert doublets_line(BoardView(two, throw=(3, 4))) == "Doublets this turn: 2"
    start = Position.start("parcheesi", players=2)
    assert doublets_line(BoardView(start)) == ""  # no throw, no doublet yet
    assert doublets_line(BoardView(start, throw=(1, 2))) == "Doublets this turn: 0"
    assert doublets_line(BoardView(Position.start("pagade"), throw=(6, 6))) == ""


def test_player_standing() -> None:
    # Red has won (all HOME); yellow has two pawns HOME.
    over = Position.from_text("parcheesi r,y - r:72.72.72.72,y:72.72.5.0 1 0 - 0 0")
    view = BoardView(over)
    assert player_standing(view, 0) == "★ won"
    assert player_standing(view, 1) == "HOME 2"
    pagade = BoardView(Position.start("pagade", players=2))
    assert player_standing(pagade, 0) == "Home 0"


# ---------------------------------------------------------------------------
# A person's throw


def session(
    game: Game, answers: list[str], *, auto: bool = False, dice: str = "random"
) -> tuple[_Session, list[str]]:
    """A session whose person types ``answers`` in turn; the prompts asked are collected."""
    args = argparse.Namespace(auto=auto, confirm=True, lang="en", delay=0.0)
    n = len(game.position.setup.players)
    s = _Session(
        Console(file=io.StringIO(), width=120),
        game,
        ["human"] * n,
        [f"p{i}" for i in range(n)],
        dice=dice,
        path=Path("unused.pgame"),
        started="",
        extra={},
        args=args,
        log=[],
    )
    prompts: list[str] = []

    def ask(prompt: str) -> str:
        prompts.append(prompt)
        return answers.pop(0)

    s.ask = ask  # type: ignore[method-assign]
    return s, prompts


def parcheesi() -> Game:
    return Game(Position.start("parcheesi", players=2), seed=1)


def test_steps_by_number_then_confirm() -> None:
    s, prompts = session(parcheesi(), ["1", "1", ""])
    play = s.human_throw((5, 2))
    assert play is not None and play.notation == "R0-1 R1-3"
    assert prompts[-1] == "Play R0-1 R1-3? Enter to confirm, u to undo: "


def test_undo_and_a_bad_answer_ask_again() -> None:
    s, prompts = session(parcheesi(), ["1", "u", "9", "R0-1 R1-3", "u", "1", ""])
    play = s.human_throw((5, 2))
    assert play is not None and play.notation == "R0-1 R1-3"
    assert len(prompts) == 7
    assert prompts[-1].startswith("Play R0-1 R1-3?")


def test_forced_steps_are_made_and_said_with_auto() -> None:
    s, prompts = session(parcheesi(), [], auto=True)
    play = s.human_throw((5, 2))
    assert play is not None and play.notation == "R0-1 R1-3"
    assert prompts == []
    assert s.message == "Your throw 5-2 was forced: R0-1 R1-3"


def test_nothing_moves_waits_for_enter_and_takes_commands() -> None:
    s, prompts = session(parcheesi(), ["?", ""])
    play = s.human_throw((1, 2))
    assert play is not None and play.notation == "-"
    assert prompts == ["No legal play with 1-2: nothing moves. Press Enter to go on: "] * 2


def test_nothing_moves_with_auto_is_only_said() -> None:
    s, prompts = session(parcheesi(), [], auto=True)
    play = s.human_throw((1, 2))
    assert play is not None and play.notation == "-"
    assert prompts == [] and s.message == "Your throw 1-2: nothing moves."


def test_physical_dice_can_be_typed_again() -> None:
    game = parcheesi()
    game.set_throw((5, 2))
    s, _ = session(game, ["t"], dice="manual")
    assert s.human_throw((5, 2)) is None
    assert game.throw is None


@pytest.mark.parametrize("answer", ["q", "quit"])
def test_quit_leaves_the_throw(answer: str) -> None:
    from pachisi.terminal.play import _Quit

    s, _ = session(parcheesi(), [answer])
    with pytest.raises(_Quit):
        s.human_throw((5, 2))


# ---------------------------------------------------------------------------
# The review's tables (pachisi analyse GAME)


@pytest.fixture(scope="module")
def reviewed() -> Review:
    game = Game.new("parcheesi", players=2, seed=2)
    bot = make_player("random", 2)
    for _ in range(6):
        throw = game.roll()
        game.push(bot.choose(game.position, throw, game.legal_plays()))
    record = Record.from_game(game, names=["Asha", "Bo"])
    chosen = [
        i + 1 for i, ply in enumerate(game.history) if len(ply.before.legal_plays(ply.throw)) > 1
    ]
    return review(
        record, ReviewSettings(rollouts=4, luck_rollouts=2, by="rollouts"), moves=chosen[:1]
    )


def test_throw_rows(reviewed: Review) -> None:
    m = next(m for m in reviewed.moves if not m.forced)
    judged = replace(m, verdict="blunder", best="R1-6", played="R0-1", luck=0.05, luck_se=0.01)
    row = throw_row(judged)
    assert row[:4] == (str(m.number), m.colours, f"{m.throw[0]}-{m.throw[1]}", "R0-1")
    assert row[4] == "[bold red]blunder[/bold red]"
    # In points of win chance, rounded to the decade of the standard error.
    assert row[5] == points_text(m.loss, m.loss_se, signed=False)
    assert row[6] == "R1-6"
    assert row[8].startswith("+5 ± 1")
    # The best play is not repeated when it was played; forced and decided throws are not judged.
    assert throw_row(replace(judged, best="R0-1"))[6] == ""
    forced = throw_row(replace(judged, forced=True))
    assert forced[4:7] == ("forced", "", "")
    decided = throw_row(replace(judged, decided=True))
    assert decided[4:7] == ("decided", "", "") and decided[8] == ""
    assert throw_row(replace(judged, luck=None, luck_se=None))[8] == ""


def test_player_rows_and_the_luck_note(reviewed: Review) -> None:
    asha = player_row(reviewed.players[0])
    assert asha[0] == "Asha (red)" and asha[1] == str(reviewed.players[0].throws)
    none = player_row(replace(reviewed.players[0], decisions=0, luck=None))
    assert none[4:] == ("–", "–", "")
    s = reviewed.settings
    assert luck_method(replace(s, luck_rollouts=0)) == "no luck (--luck-rollouts 0)"
    assert "the throw that fell: 4" in luck_method(s)
    assert "best of the 3 plays" in luck_method(replace(s, luck_candidates=3))


def test_a_doublet_that_moves_nothing_says_whether_the_player_throws_again() -> None:
    # Whitman: the turn passes (the engine's answer, RULES.md §5.8); Parcheesi: throw again.
    whitman = Game(Position.start("whitman", players=2), seed=1)
    s, prompts = session(whitman, [""])
    play = s.human_throw((3, 3))
    assert play is not None and play.position.to_move == 1
    assert prompts == ["No legal play with 3-3: nothing moves. Press Enter to go on: "]
    s, prompts = session(parcheesi(), [""])
    play = s.human_throw((3, 3))
    assert play is not None and play.position.to_move == 0
    assert prompts == [
        "No legal play with 3-3: nothing moves (a doublet: throw again). Press Enter to go on: "
    ]


def test_a_hinted_play_is_chosen_by_its_number() -> None:
    two_pawns = "parcheesi r,y - r:10.20.0.0,y:30.0.0.0 0 0 - - -"

    def game() -> Game:
        return Game(Position.from_text(two_pawns), seed=1)

    s, prompts = session(game(), ["hint", "h1", ""])
    play = s.human_throw((6, 4))
    assert len(s.hinted) == 3 and play is not None
    assert play.notation == s.hinted[0].notation
    assert prompts[-1] == f"Play {play.notation}? Enter to confirm, u to undo: "
    assert len(prompts) == 3  # the hint, h1 (the whole play made), Enter (confirmed)
    # Before a hint, and a number the hint did not give: a message, not a step.
    s, prompts = session(game(), ["h1", "hint", "h9", "h2", ""])
    play = s.human_throw((6, 4))
    assert play is not None and play.notation == s.hinted[1].notation
    assert len(prompts) == 5


@pytest.mark.parametrize("ruleset", ["parcheesi", "pagade"])
def test_a_pawn_on_its_own_path_shows_in_16_colours(ruleset: str) -> None:
    """TERM=xterm: a colour's path is tinted in that colour, so the pawn's letter is drawn
    in a contrasting colour, not in its own (which was invisible)."""
    pos = Position.start(ruleset, players=2)
    red = 0
    progress = 66 if ruleset == "parcheesi" else 80
    square = ROUTES[ruleset][red][progress]
    assert not is_ring(square)
    cell = _cell_text(pos, square, [(red, progress)], False, BASIC)
    assert cell.plain.strip() == ("R" if ruleset == "parcheesi" else "r")
    style = cell.style
    assert isinstance(style, Style) and style.color is not None and style.bgcolor is not None
    assert style.bgcolor.name == "red" and style.color.name == "bright_white"
    # On the ring, the letter keeps its colour.
    ring = ROUTES[ruleset][red][10]
    assert is_ring(ring)
    on_ring = _cell_text(pos, ring, [(red, 10)], False, BASIC).style
    assert isinstance(on_ring, Style) and on_ring.color is not None
    assert on_ring.color.name == "bright_red"


def test_a_small_terminal_gets_the_compact_panel_beside_the_board() -> None:
    """80x24: the board's 19 rows and the panel side by side (the steps and the prompt fit
    below); a tall 80-column terminal keeps the full panel under the board."""
    view = BoardView(
        Position.start("parcheesi", players=4),
        throw=(5, 2),
        names=["Asha", "Bo", "Cy", "Di"],
        log=["Red throws first"],
    )

    def lines(height: int) -> list[str]:
        con = Console(file=io.StringIO(), width=80, height=height, color_system=None)
        con.print(render(view, 80))
        return con.file.getvalue().splitlines()

    small = lines(24)
    assert len(small) == 19
    assert "Parcheesi · 4 players" in small[0] and "Asha" in "\n".join(small)
    tall = lines(50)
    assert len(tall) > 19 and "Parcheesi · 4 players" not in tall[0]


def test_one_step_is_made_by_enter_or_yes_and_a_wrong_number_says_so() -> None:
    """With one legal step (R0-1 for the 5 of 5-2 from the start): a number past it says
    that there is only one step (not 'choose 1 to 1'); yes makes it, like Enter."""
    s, prompts = session(parcheesi(), ["7", "yes please", "step 1", ""])
    out = s.console.file
    play = s.human_throw((5, 2))
    assert play is not None and play.notation == "R0-1 R1-3"
    shown = out.getvalue()  # type: ignore[attr-defined]
    assert "There is only one step, R0-1: press Enter (or type 1) to make it." in shown
    assert "choose 1 to 1" not in shown
    assert prompts[0].startswith("Your step (Enter or 1,")


def test_hint_please_is_a_hint() -> None:
    s, _ = session(parcheesi(), ["hint please", "h1", ""])
    play = s.human_throw((5, 2))
    assert play is not None and s.hinted and play.notation == s.hinted[0].notation
