"""The environments' pictures (pachisi.rl.image, pachisi.rl.render) and render modes.

The RGB array and the SVG document are one picture: the SVG's shapes, read
back with xml.etree and painted, give the array. A pawn's colour is at its
square's centre, the pawns Home at their centre cell, the nests' pawns in
their corners, the throw's pips on the dice; each environment renders in
each of its modes.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET

import pytest

np = pytest.importorskip("numpy")
pytest.importorskip("pettingzoo")
gymnasium = pytest.importorskip("gymnasium")

from pachisi import Game, Position, Turn  # noqa: E402
from pachisi.board import ROUTES, square_cell  # noqa: E402
from pachisi.diagram import SIZE, diagram  # noqa: E402
from pachisi.rl import pachisi_v0  # noqa: E402
from pachisi.rl.image import COLOURS, Disc, Rect, paint, rgb_array, shapes, size, svg  # noqa: E402
from pachisi.rl.render import RENDER_MODES, render_frame  # noqa: E402

SVG = "{http://www.w3.org/2000/svg}"

POSITIONS = [
    "parcheesi r,g,y,b - r:10.20.0.72,b:17.24.26.47,y:19.23.46.59,g:16.18.66.48 0 0 - - -",
    "pagade ry,bg - r:80.80.3.3,b:6.7.12.12,y:6.7.12.12,g:6.7.12.12 0 0 10 - -",
    "eight-man Ry,Bg - r:10.0.0.72,b:66.0.0.0,y:44.0.0.0,g:0.0.0.0 0 0 - - -",
    "whitman r,y - r:72.72.72.3,y:0.0.5.9 0 0 - - -",
]


def centre(x: int, y: int, unit: int) -> tuple[int, int]:
    """The pixel (row, column) at the middle of cell (x, y)."""
    return (SIZE // 2 - y) * unit + unit // 2, (x + SIZE // 2) * unit + unit // 2


@pytest.mark.parametrize("text", POSITIONS)
@pytest.mark.parametrize("unit", [8, 16])
def test_shape_dtype_and_pawn_colours(text: str, unit: int) -> None:
    pos = Position.from_text(text)
    image = rgb_array(pos, (5, 2), unit=unit)
    width, height = size(unit)
    assert image.shape == (height, width, 3) and image.dtype == np.uint8
    routes = ROUTES[pos.ruleset]
    names = pos.setup.colour_names
    checked = 0
    for (x, y), cell in diagram(pos).cells.items():
        if cell.square is not None and len(cell.pawns) == 1:
            colour = cell.pawns[0][0]
            assert square_cell(routes[colour][cell.pawns[0][1]]) == (x, y)
            if pos.ruleset == "pagade" and cell.pawns[0][1] >= 77:
                continue  # a white centre: on its way Home
            assert tuple(image[centre(x, y, unit)]) == COLOURS[names[colour]]
            checked += 1
        elif cell.square is None and cell.home == 1:
            assert tuple(image[centre(x, y, unit)]) == COLOURS[cell.tint or ""]
            checked += 1
    assert checked >= 2


def test_nests_pips_and_steps() -> None:
    unit = 16
    pos = Position.start("parcheesi", players=2)
    step = Turn(pos, (5, 1)).legal_steps()[0]
    assert step.frm == 0  # enters with the 5
    image = rgb_array(pos, (5, 1), [step], unit=unit)
    # Red's corner (south-east): three pawns left in the nest after one entered.
    left, top = (SIZE // 2 + 2) * unit, (SIZE // 2 + 2) * unit
    spots = [(3, 3), (5, 3), (3, 5), (5, 5)]
    nest = [tuple(image[top + sy * unit, left + sx * unit]) for sx, sy in spots]
    assert nest.count(COLOURS["red"]) == 3
    # The entered pawn stands in a marked square.
    x, y = square_cell(ROUTES["parcheesi"][0][step.to])
    assert tuple(image[centre(x, y, unit)]) == COLOURS["red"]
    corner = (SIZE // 2 - y) * unit + 2, (x + SIZE // 2) * unit + 2
    assert tuple(image[corner]) == (190, 150, 225)
    # The dice under the board: five pips, then one.
    die, top = 2 * unit, SIZE * unit + unit // 2
    for k, pips in enumerate((5, 1)):
        dx = 4 * unit + k * (die + unit)
        dark = sum(
            tuple(image[top + die * (r + 1) // 4, dx + die * (c + 1) // 4]) == (30, 30, 30)
            for r in range(3)
            for c in range(3)
        )
        assert dark == pips


@pytest.mark.parametrize("text", POSITIONS)
def test_svg_parses_and_is_the_same_picture(text: str) -> None:
    pos = Position.from_text(text)
    document = svg(pos, (3, 4))
    root = ET.fromstring(document)
    width, height = size()
    assert root.tag == f"{SVG}svg"
    assert (int(root.get("width", "")), int(root.get("height", ""))) == (width, height)
    assert (root.findtext(f"{SVG}title") or "").startswith(pos.setup.ruleset.capitalize()[:4])
    read: list[Rect | Disc] = []
    for element in root:
        fill = element.get("fill", "#000000")
        rgb = (int(fill[1:3], 16), int(fill[3:5], 16), int(fill[5:7], 16))
        if element.tag == f"{SVG}rect":
            x, y, w, h = (int(element.get(k, "")) for k in ("x", "y", "width", "height"))
            read.append(Rect(x, y, w, h, rgb))
        elif element.tag == f"{SVG}circle":
            cx, cy, r = (float(element.get(k, "")) for k in ("cx", "cy", "r"))
            read.append(Disc(cx, cy, r, rgb))
    assert read == shapes(pos, (3, 4))
    assert np.array_equal(paint(read, width, height), rgb_array(pos, (3, 4)))


def test_a_unit_too_small_is_refused() -> None:
    with pytest.raises(ValueError, match="unit must be at least 4 pixels"):
        rgb_array(Position.start("pagade"), None, unit=2)
    with pytest.raises(ValueError, match="render_mode must be one of"):
        render_frame("human", Position.start("pagade"), None)


@pytest.mark.parametrize("mode", RENDER_MODES)
def test_the_aec_environment_renders_in_each_mode(mode: str) -> None:
    assert mode in pachisi_v0.raw_env.metadata["render_modes"]
    env = pachisi_v0.env(ruleset="whitman", players=2, render_mode=mode)
    env.reset(seed=4)
    for _ in range(6):  # a few steps in, the pawns after the steps made
        obs, _, term, trunc, _ = env.last()
        if term or trunc:
            break
        env.step(int(obs["action_mask"].argmax()))
    out = env.render()
    position = env.unwrapped.match.position
    throw = env.unwrapped.match.throw
    steps = env.unwrapped.match.turn.steps if env.unwrapped.match.turn is not None else ()
    if mode == "rgb_array":
        assert isinstance(out, np.ndarray) and out.dtype == np.uint8 and out.shape[2] == 3
        assert np.array_equal(out, rgb_array(position, throw, steps))
    elif mode == "svg":
        assert isinstance(out, str) and ET.fromstring(out).tag == f"{SVG}svg"
    else:
        assert isinstance(out, str) and diagram(position, throw, steps).text() in out


@pytest.mark.parametrize("mode", RENDER_MODES)
def test_the_gymnasium_environment_renders_in_each_mode(mode: str) -> None:
    import pachisi.rl  # noqa: F401 - registers the ids

    env = gymnasium.make("pachisi/Parcheesi-v0", render_mode=mode)
    assert mode in env.metadata["render_modes"]
    env.reset(seed=2)
    out = env.render()
    if mode == "rgb_array":
        assert isinstance(out, np.ndarray) and out.shape == (*size()[::-1], 3)
    else:
        assert isinstance(out, str) and len(out) > 100
    from pachisi.rl.gym import PachisiEnv

    with pytest.raises(ValueError, match="'rgb_array'"):
        PachisiEnv(render_mode="human")


def test_a_finished_game_is_drawn() -> None:
    game = Game(Position.from_text(POSITIONS[3]), seed=1)
    while not game.is_over:
        game.roll()
        game.push(game.legal_plays()[0])
    image = rgb_array(game.position, None)
    assert image.shape == (*size()[::-1], 3)
    # Red's four pawns Home: four discs in the centre cell on Red's side.
    red = tuple(image[centre(0, -1, 16)])
    assert red != COLOURS["red"]  # the middle of four discs is between them
    assert (
        image[(SIZE // 2 + 1) * 16 : (SIZE // 2 + 2) * 16, (SIZE // 2) * 16 : (SIZE // 2 + 1) * 16]
        == COLOURS["red"]
    ).all(axis=2).sum() > 20


def test_pettingzoo_render_test() -> None:
    """PettingZoo's own render test over a short game in every mode ("human" is not one:
    its first call only reads the modes)."""
    from pettingzoo.test import render_test

    def env_fn(render_mode: str | None = None) -> object:
        mode = None if render_mode == "human" else render_mode
        return pachisi_v0.env(ruleset="parcheesi", players=2, max_throws=12, render_mode=mode)

    render_test(env_fn, custom_tests={"svg": lambda out: ET.fromstring(out).tag == f"{SVG}svg"})
