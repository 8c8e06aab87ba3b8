"""Independent reference implementation of the Pachisi-family rules.

Written from /work/shared/RULES.md and /work/shared/FORMAT.md only, for
differential testing of the project's engine.  Standard library only.

    outcomes(position, throw) -> list of position dicts

returns the distinct positions at the next throw boundary after the player
`to_move` throws `throw` (two top faces), with every bonus taken, as the
`pachisi moves` command of FORMAT.md defines its outcomes.

The code is a deliberately plain brute force: every sequence of elementary
actions is enumerated on states that keep pawn identities explicit (a state
is a tuple, one tuple of progress numbers per colour, in the colour order of
the input `pawns`; a pawn is identified by (colour index, slot index)).  The
selection rules are then applied to the set of all plays, exactly in the
order RULES.md gives them.  Section numbers in comments refer to RULES.md.
"""

from __future__ import annotations

import copy
import itertools
import json

__all__ = ["DEFAULTS", "outcomes"]

# --------------------------------------------------------------------------
# Static tables (§1, §2)
# --------------------------------------------------------------------------

ARMS = {
    "pagade": ["red", "black", "yellow", "green"],
    "whitman": ["red", "blue", "yellow", "green"],
    "parcheesi": ["red", "blue", "yellow", "green"],
    "eight-man": ["red", "blue", "yellow", "green"],
}

_PARCHEESI_DEFAULTS = {
    "first_player": "highest",
    "sum_move": "hops",
    "larger_die": True,
    "capture_bonus": 20,
    "home_bonus": 10,
    "blockade_may_advance": False,
    "partial_doubles": "nothing",
    "no_split_doubles_home": True,
}

DEFAULTS = {
    "pagade": {
        "first_player": "highest",
        "sum_move": "jump",
        "pair_move": "die",
        "cut_to_enter_home": True,
        "safe_x_squares": False,
        "play_for_places": False,
    },
    "whitman": {
        "first_player": "lowest",
        "sum_move": "jump",
        "larger_die": False,
        "capture_bonus": 20,
        "home_bonus": 0,
        "blockade_may_advance": True,
        "partial_doubles": "forfeit_extra_throw",
        "no_split_doubles_home": False,
    },
    "parcheesi": dict(_PARCHEESI_DEFAULTS),
    "eight-man": dict(_PARCHEESI_DEFAULTS),
}

PAGADE_HOME = 84
PARCHEESI_HOME = 72

PAGADE_FACES = (1, 3, 4, 6)
D6_FACES = (1, 2, 3, 4, 5, 6)

X_MARKED = (0, 4, 13)  # q mod 17, §2.3
SAFETY = (0, 5, 12)  # q mod 17, §2.3


# --------------------------------------------------------------------------
# The game context: everything that does not change during a throw
# --------------------------------------------------------------------------


class Game:
    def __init__(self, position: dict):
        self.position = position
        self.rs = position["ruleset"]
        if self.rs not in DEFAULTS:
            raise ValueError(f"unknown ruleset {self.rs!r}")
        self.opt = dict(DEFAULTS[self.rs])
        self.opt.update(position.get("options") or {})
        self.pagade = self.rs == "pagade"
        self.home = PAGADE_HOME if self.pagade else PARCHEESI_HOME
        self.players = position["players"]
        self.nplayers = len(self.players)
        self.teams = position.get("teams")
        # colour order = order of the input `pawns` object
        self.colours = list(position["pawns"].keys())
        self.arm = [ARMS[self.rs].index(c) for c in self.colours]
        self.owner = []
        for c in self.colours:
            owners = [i for i, pl in enumerate(self.players) if c in pl["colours"]]
            self.owner.append(owners[0])
        self.static_json = json.dumps(
            {k: position[k] for k in ("ruleset", "options", "players", "teams")}
        )
        self.mover = position["to_move"]
        self.mover_cis = [ci for ci in range(len(self.colours)) if self.owner[ci] == self.mover]

    # -- friendliness (§3.1) ----------------------------------------------
    def team_of(self, player: int):
        if self.teams:
            for t in self.teams:
                if player in t:
                    return tuple(sorted(t))
        return (player,)

    def friendly(self, ci: int, cj: int) -> bool:
        """Colours ci and cj are friendly: same player, or partners."""
        pi, pj = self.owner[ci], self.owner[cj]
        return pi == pj or pj in self.team_of(pi)

    # -- squares (§2.5) ----------------------------------------------------
    def square(self, ci: int, p: int):
        """The square of a pawn of colour ci at progress p, or None when the
        pawn is not on a square (nest, cut, Home/HOME)."""
        a = self.arm[ci]
        if self.pagade:
            if 1 <= p <= 7:
                return ("belly", ci, p)
            if 77 <= p <= 83:
                return ("belly", ci, 84 - p)
            if 8 <= p <= 76:
                return ("ring", (p - 8 + 17 * a) % 68)
            return None
        if 1 <= p <= 64:
            return ("ring", (17 * a + 4 + p) % 68)
        if 65 <= p <= 71:
            return ("path", ci, p - 64)
        return None

    def entry_square(self, ci: int):
        return ("ring", (17 * self.arm[ci] + 5) % 68)

    def occupancy(self, state):
        """square -> list of pawn ids (ci, i) standing on it."""
        occ: dict = {}
        for ci, pawns in enumerate(state):
            for i, p in enumerate(pawns):
                sq = self.square(ci, p)
                if sq is not None:
                    occ.setdefault(sq, []).append((ci, i))
        return occ

    def mover_pawns(self, state):
        for ci in self.mover_cis:
            for i, p in enumerate(state[ci]):
                yield ci, i, p

    # -- finishing (§3.5, §7) --------------------------------------------
    def player_done(self, state, player: int) -> bool:
        cis = [ci for ci in range(len(self.colours)) if self.owner[ci] == player]
        if self.rs == "eight-man":
            major = self.players[player]["major"]
            for ci in cis:
                at_home = sum(1 for p in state[ci] if p == self.home)
                need = 4 if self.colours[ci] == major else 3
                if at_home < need:
                    return False
            return True
        return all(p == self.home for ci in cis for p in state[ci])

    def units(self):
        if self.teams:
            return [list(t) for t in self.teams]
        return [[i] for i in range(self.nplayers)]

    def game_over(self, finished, winner) -> bool:
        if winner is None:
            return False
        if not (self.pagade and self.opt["play_for_places"]):
            return True
        unfinished_units = [u for u in self.units() if any(i not in finished for i in u)]
        return len(unfinished_units) <= 1


def set_pawn(state, ci, i, p):
    row = list(state[ci])
    row[i] = p
    return state[:ci] + (tuple(row),) + state[ci + 1 :]


def remove_one(seq: tuple, value) -> tuple:
    lst = list(seq)
    lst.remove(value)
    return tuple(lst)


# --------------------------------------------------------------------------
# Building the resulting position (§3.3, §3.5)
# --------------------------------------------------------------------------


def make_position(g: Game, state, cut, extra_throw: bool) -> dict:
    pos = g.position
    static = json.loads(g.static_json)  # fresh copies of the unchanged fields
    new = {
        "ruleset": static["ruleset"],
        "options": static["options"],
        "players": static["players"],
        "teams": static["teams"],
        "pawns": {c: sorted(state[ci]) for ci, c in enumerate(g.colours)},
        "to_move": None,
        "doubles": 0,
        "cut": list(cut) if cut is not None else None,
        "finished": list(pos["finished"]),
        "winner": copy.deepcopy(pos["winner"]),
    }
    finished = new["finished"]
    # finishing is checked once, after the whole throw (§3.5, OP-X3);
    # only the mover's pawns went forward, but check everyone for safety.
    order = [g.mover] + [i for i in range(g.nplayers) if i != g.mover]
    for i in order:
        if i not in finished and g.player_done(state, i):
            finished.append(i)
    if new["winner"] is None:
        if g.teams:
            for t in g.teams:
                if all(i in finished for i in t):
                    new["winner"] = sorted(t)
                    break
        elif finished:
            new["winner"] = [finished[0]]
    over = g.game_over(finished, new["winner"])
    if extra_throw and g.mover not in finished and not over:
        new["to_move"] = g.mover
        new["doubles"] = g.position["doubles"] + 1
    else:
        nxt = g.mover
        for k in range(1, g.nplayers + 1):
            cand = (g.mover + k) % g.nplayers
            if cand not in finished:
                nxt = cand
                break
        new["to_move"] = nxt
        new["doubles"] = 0
    return new


# --------------------------------------------------------------------------
# Pagade (§4)
# --------------------------------------------------------------------------


def pagade_land(g: Game, state, cut, ci, ids, from_p, t):
    """Move the pawns `ids` (one pawn, or a pair moving together) of colour
    ci from progress from_p to t under §4.4/§4.5.  Returns (state, cut) or
    None when illegal."""
    if t > PAGADE_HOME:
        return None
    if g.opt["cut_to_enter_home"] and from_p <= 76 and t >= 77 and not cut[g.mover]:
        return None
    sq = g.square(ci, t)
    new_cut = cut
    if sq is not None and sq[0] == "ring":
        occ = g.occupancy(state).get(sq, [])
        occ = [o for o in occ if o not in ids]
        for cj, j in occ:
            if cj != ci and g.friendly(cj, ci):
                return None  # another friendly colour there (OP-G10)
        own = sum(1 for (cj, j) in occ if cj == ci)
        if own + len(ids) > 2:
            return None
        opp = [(cj, j) for (cj, j) in occ if not g.friendly(cj, ci)]
        if opp:
            if g.opt["safe_x_squares"] and sq[1] % 17 in X_MARKED:
                return None
            if len(opp) >= 2 and len(ids) != 2:
                return None  # a single pawn never cuts a pair
            for cj, j in opp:
                state = set_pawn(state, cj, j, 0)
            nc = list(cut)
            nc[g.mover] = True
            new_cut = tuple(nc)
    for cj, j in ids:
        state = set_pawn(state, cj, j, t)
    return state, new_cut


def pagade_actions(g: Game, state, cut, dice_left, moved, throw):
    """Yield (state, cut, dice_left, moved) after each legal next action."""
    a, b = throw
    jump = g.opt["sum_move"] == "jump"
    both = len(dice_left) == 2
    cut_pawns = [(ci, i) for ci, i, p in g.mover_pawns(state) if p == 0]
    if cut_pawns:
        # §4.6: every action must re-enter a cut pawn
        for v in sorted(set(dice_left)):
            for ci, i in cut_pawns:
                ns = set_pawn(state, ci, i, v)  # belly square v, always legal
                yield ns, cut, remove_one(dice_left, v), moved | {(ci, i)}
        if len(cut_pawns) == 1 and jump and both:
            (ci, i) = cut_pawns[0]
            res = pagade_land(g, state, cut, ci, [(ci, i)], 0, a + b)
            if res is not None:
                yield res[0], res[1], (), moved | {(ci, i)}
        return
    for ci, i, p in list(g.mover_pawns(state)):
        if not (1 <= p <= 83):
            continue
        if jump and (ci, i) in moved:
            continue
        for v in sorted(set(dice_left)):
            res = pagade_land(g, state, cut, ci, [(ci, i)], p, p + v)
            if res is not None:
                yield res[0], res[1], remove_one(dice_left, v), moved | {(ci, i)}
        if jump and both:
            res = pagade_land(g, state, cut, ci, [(ci, i)], p, p + a + b)
            if res is not None:
                yield res[0], res[1], (), moved | {(ci, i)}
    if a == b and both:
        d = a
        dist = d if g.opt["pair_move"] == "die" else 2 * d
        for ci in g.mover_cis:
            row = state[ci]
            for i, j in itertools.combinations(range(len(row)), 2):
                p = row[i]
                if p != row[j] or not (1 <= p <= 83):
                    continue
                if jump and ((ci, i) in moved or (ci, j) in moved):
                    continue
                res = pagade_land(g, state, cut, ci, [(ci, i), (ci, j)], p, p + dist)
                if res is not None:
                    yield res[0], res[1], (), moved | {(ci, i), (ci, j)}


def pagade_outcomes(g: Game, throw):
    state0 = tuple(tuple(g.position["pawns"][c]) for c in g.colours)
    cut0 = tuple(g.position["cut"])
    plays = set()  # (state, cut, dice used)
    seen = set()

    def dfs(state, cut, dice_left, moved):
        key = (state, cut, dice_left, moved)
        if key in seen:
            return
        seen.add(key)
        plays.add((state, cut, 2 - len(dice_left)))
        for ns, nc, nd, nm in pagade_actions(g, state, cut, dice_left, moved, throw):
            dfs(ns, nc, nd, nm)

    dfs(state0, cut0, tuple(sorted(throw)), frozenset())
    most = max(u for (_, _, u) in plays)  # §4.7
    if most == 0:
        return [make_position(g, state0, cut0, False)]
    finals = {(tuple(tuple(sorted(row)) for row in s), c) for (s, c, u) in plays if u == most}
    return [make_position(g, s, c, False) for (s, c) in finals]


# --------------------------------------------------------------------------
# Parcheesi family (§5, §6, §7)
# --------------------------------------------------------------------------


class Token:
    """One number of a throw's number set."""

    __slots__ = ("allowed", "top", "value")

    def __init__(self, value, top, allowed=None):
        self.value = value
        self.top = top
        self.allowed = allowed  # None = any of the mover's colours, else frozenset of ci

    def kind(self):
        return (self.value, self.top, self.allowed)

    def usable_by(self, ci):
        return self.allowed is None or ci in self.allowed


def number_sets(g: Game, state, throw):
    """The number set(s) of the throw (§5.2, §7).  More than one only for the
    Eight-Man options A/B/C."""
    a, b = throw
    if a != b:
        return [[Token(a, True), Token(b, True)]]
    d = a
    tops = [Token(d, True), Token(d, True)]
    all4 = tops + [Token(7 - d, False), Token(7 - d, False)]
    in_nest = [ci for ci in g.mover_cis if 0 in state[ci]]
    if g.rs != "eight-man":
        return [tops] if in_nest else [all4]
    if len(in_nest) == len(g.mover_cis):
        return [tops]
    if not in_nest:
        return [all4]
    n_ci = in_nest[0]
    f_ci = [ci for ci in g.mover_cis if ci != n_ci][0]
    F = frozenset([f_ci])
    N = frozenset([n_ci])
    opt_a = [Token(d, True, F), Token(d, True, F), Token(7 - d, False, F), Token(7 - d, False, F)]
    opt_b = [Token(d, True, N), Token(d, True, N)]
    opt_c = [Token(d, True, F), Token(7 - d, False, F), Token(d, True, N)]
    return [opt_a, opt_b, opt_c]


def parch_move(g: Game, state, ci, i, t, is_bonus=False):
    """A pawn of colour ci, slot i, moves forward to progress t as one move
    (§5.4).  Returns (state, captured, reached_home) or None if illegal."""
    p = state[ci][i]
    if not (1 <= p <= 71) or t > PARCHEESI_HOME or t <= p:
        return None
    occ = g.occupancy(state)
    # no pawn may pass a blockade
    for x in range(p + 1, t):
        sq = g.square(ci, x)
        if sq is not None and len(occ.get(sq, [])) >= 2:
            return None
    if t == PARCHEESI_HOME:
        return set_pawn(state, ci, i, t), False, True
    sq = g.square(ci, t)
    here = [o for o in occ.get(sq, []) if o != (ci, i)]
    captured = False
    if len(here) >= 2:
        return None  # may not land on a blockade
    if len(here) == 1:
        (cj, j) = here[0]
        if not g.friendly(cj, ci):
            if sq[0] == "ring" and sq[1] % 17 in SAFETY:
                return None  # OP-P7
            state = set_pawn(state, cj, j, 0)
            captured = True
    return set_pawn(state, ci, i, t), captured, False


def parch_enter(g: Game, state, ci, i):
    """Pawn (ci, i) leaves its nest for its entry space (§5.3).
    Returns (state, captured) or None."""
    sq = g.entry_square(ci)
    here = g.occupancy(state).get(sq, [])
    if len(here) >= 2:
        return None
    captured = False
    if len(here) == 1:
        (cj, j) = here[0]
        if not g.friendly(cj, ci):
            state = set_pawn(state, cj, j, 0)  # captured although safe
            captured = True
    return set_pawn(state, ci, i, 1), captured


def start_blockades(g: Game, state):
    """Pairs of the mover's own pawns forming a blockade at the start of the
    throw, with their space (§5.5)."""
    occ = g.occupancy(state)
    res = []
    for sq, ids in occ.items():
        mine = [o for o in ids if g.owner[o[0]] == g.mover]
        if len(ids) == 2 and len(mine) == 2:
            res.append((tuple(mine), sq))
    return res


def blockade_ok(g: Game, state, blockades) -> bool:
    """§5.5 'blockades do not advance'."""
    if g.opt["blockade_may_advance"]:
        return True
    for ((c1, i1), (c2, i2)), sq0 in blockades:
        s1 = g.square(c1, state[c1][i1])
        s2 = g.square(c2, state[c2][i2])
        if s1 is not None and s1 == s2 and s1 != sq0:
            return False
    return True


def add_bonus(g: Game, pending: tuple, captured: bool, home: bool) -> tuple:
    lst = list(pending)
    if captured and g.opt["capture_bonus"] > 0:
        lst.append(g.opt["capture_bonus"])
    if home and g.opt["home_bonus"] > 0:
        lst.append(g.opt["home_bonus"])
    return tuple(sorted(lst))


def dice_plays(g: Game, state0, tokens, throw):
    """All plays (action sequences, including those that stop early) of the
    number set `tokens`, as the set of their summaries
    (state, entered, used token indices, pending bonuses)."""
    a, b = throw
    doublet = a == b
    jump = g.opt["sum_move"] == "jump"
    no_split = g.opt["no_split_doubles_home"] and doublet
    ntok = len(tokens)
    summaries = set()
    seen = set()

    def home_allowed(usage, pid, n_now):
        # §5.5: on a doublet a pawn reaches HOME by the dice only by using
        # every number of the set itself
        return not no_split or usage.get(pid, 0) + n_now == ntok

    def first_of_each_kind(remaining):
        out, kinds = [], set()
        for k in remaining:
            kd = tokens[k].kind()
            if kd not in kinds:
                kinds.add(kd)
                out.append(k)
        return out

    def groups(remaining, ci):
        """Non-empty sub-multisets of remaining tokens usable by colour ci."""
        out, kinds = [], set()
        usable = [k for k in remaining if tokens[k].usable_by(ci)]
        for r in range(1, len(usable) + 1):
            for combo in itertools.combinations(usable, r):
                kd = tuple(sorted(tokens[k].kind() for k in combo))
                if kd not in kinds:
                    kinds.add(kd)
                    out.append(combo)
        return out

    def dfs(state, remaining, jumped, usage_items, pending, entered):
        key = (state, remaining, jumped, usage_items, pending, entered)
        if key in seen:
            return
        seen.add(key)
        used = tuple(k for k in range(ntok) if k not in remaining)
        summaries.add((state, entered, used, pending))
        usage = dict(usage_items)

        def go(ns, spent, pid, newly_jumped, cap, home, ent):
            rem = list(remaining)
            for k in spent:
                rem.remove(k)
            u = dict(usage)
            u[pid] = u.get(pid, 0) + len(spent)
            dfs(
                ns,
                tuple(rem),
                jumped | ({pid} if newly_jumped else frozenset()),
                tuple(sorted(u.items())),
                add_bonus(g, pending, cap, home),
                entered + ent,
            )

        # entering (§5.3): one top 5, or two tops of a non-doublet adding to 5
        for ci in g.mover_cis:
            nest = [i for i, p in enumerate(state[ci]) if p == 0]
            if not nest:
                continue
            i = nest[0]  # nest pawns of one colour are interchangeable
            spends = []
            for k in first_of_each_kind(remaining):
                t = tokens[k]
                if t.top and t.value == 5 and t.usable_by(ci):
                    spends.append((k,))
            if not doublet:
                for k1, k2 in itertools.combinations(remaining, 2):
                    t1, t2 = tokens[k1], tokens[k2]
                    if (
                        t1.top
                        and t2.top
                        and t1.value + t2.value == 5
                        and t1.usable_by(ci)
                        and t2.usable_by(ci)
                    ):
                        spends.append((k1, k2))
            for spent in spends:
                res = parch_enter(g, state, ci, i)
                if res is None:
                    continue
                ns, cap = res
                go(ns, spent, (ci, i), False, cap, False, 1)

        # dice moves (§5.4)
        for ci, i, p in list(g.mover_pawns(state)):
            if not (1 <= p <= 71):
                continue
            pid = (ci, i)
            if jump:
                if pid in jumped:
                    continue
                choices = groups(remaining, ci)
            else:
                choices = [(k,) for k in first_of_each_kind(remaining) if tokens[k].usable_by(ci)]
            for spent in choices:
                v = sum(tokens[k].value for k in spent)
                t = p + v
                if t == PARCHEESI_HOME and not home_allowed(usage, pid, len(spent)):
                    continue
                res = parch_move(g, state, ci, i, t)
                if res is None:
                    continue
                ns, cap, home = res
                go(ns, spent, pid, jump, cap, home, 0)

    dfs(state0, tuple(range(ntok)), frozenset(), (), (), 0)
    return summaries


def select(g: Game, summaries, tokens, throw, blockades):
    """§5.5 filter and §5.6 selection.  Returns the list of chosen
    summaries, or None when nothing moves."""
    a, b = throw
    ntok = len(tokens)
    cands = [s for s in summaries if blockade_ok(g, s[0], blockades)]
    has_bottom = any(not t.top for t in tokens)
    if g.opt["partial_doubles"] == "nothing" and has_bottom:
        cands = [s for s in cands if len(s[2]) == ntok]
        if not cands:
            return None
        most_e = max(s[1] for s in cands)
        return [s for s in cands if s[1] == most_e]
    most_e = max(s[1] for s in cands)
    cands = [s for s in cands if s[1] == most_e]
    most_u = max(len(s[2]) for s in cands)
    cands = [s for s in cands if len(s[2]) == most_u]
    if g.opt["larger_die"] and a != b and most_u == 1:
        larger = [s for s in cands if tokens[s[2][0]].value == max(a, b)]
        if larger:
            cands = larger
    if most_u == 0:
        return None
    return cands


def take_bonuses(g: Game, state, pending, blockades):
    """§5.7: all final states reachable by taking the pending bonuses."""
    finals = set()
    seen = set()

    def dfs(state, pending):
        key = (state, pending)
        if key in seen:
            return
        seen.add(key)
        any_move = False
        for value in sorted(set(pending)):
            for ci, i, p in list(g.mover_pawns(state)):
                if not (1 <= p <= 71):
                    continue
                res = parch_move(g, state, ci, i, p + value, is_bonus=True)
                if res is None:
                    continue
                ns, cap, home = res
                if not blockade_ok(g, ns, blockades):
                    continue
                any_move = True
                dfs(ns, add_bonus(g, remove_one(pending, value), cap, home))
        if not any_move:
            finals.add(state)  # remaining bonuses (if any) are lost

    dfs(state, pending)
    return finals


def parcheesi_outcomes(g: Game, throw):
    a, b = throw
    doublet = a == b
    state0 = tuple(tuple(g.position["pawns"][c]) for c in g.colours)

    # §5.8 third doublet: not played
    if doublet and g.position["doubles"] == 2:
        on_board = [(ci, i, p) for ci, i, p in g.mover_pawns(state0) if 1 <= p <= 71]
        if not on_board:
            return [make_position(g, state0, None, False)]
        top = max(p for _, _, p in on_board)
        res = []
        for ci, i, p in on_board:
            if p == top:
                res.append(make_position(g, set_pawn(state0, ci, i, 0), None, False))
        return res

    blockades = start_blockades(g, state0)
    finals = set()  # (state with sorted colours, extra throw)
    for tokens in number_sets(g, state0, throw):
        summaries = dice_plays(g, state0, tokens, throw)
        chosen = select(g, summaries, tokens, throw, blockades)
        if chosen is None:
            continue  # nothing moves under this set
        for state, entered, used, pending in chosen:
            all_used = len(used) == len(tokens)
            extra = doublet and (g.opt["partial_doubles"] == "nothing" or all_used)
            for final in take_bonuses(g, state, pending, blockades):
                finals.add((tuple(tuple(sorted(row)) for row in final), extra))
    results = [make_position(g, s, None, extra) for (s, extra) in finals]
    if not results:
        # §3.4: nothing moves; §5.8: with "nothing" the extra throw still comes
        extra = doublet and g.opt["partial_doubles"] == "nothing"
        results.append(make_position(g, state0, None, extra))
    return results


# --------------------------------------------------------------------------
# Entry point
# --------------------------------------------------------------------------


def _canon(pos: dict) -> str:
    return json.dumps(pos, sort_keys=True)


def outcomes(position: dict, throw) -> list:
    """Distinct positions at the next throw boundary after the player
    `to_move` throws `throw` (two top faces)."""
    g = Game(position)
    throw = tuple(throw)
    if len(throw) != 2:
        raise ValueError("a throw is two dice")
    faces = PAGADE_FACES if g.pagade else D6_FACES
    for f in throw:
        if isinstance(f, bool) or not isinstance(f, int) or f not in faces:
            raise ValueError(f"bad face {f!r} for ruleset {g.rs}")
    if g.game_over(position["finished"], position["winner"]):
        raise ValueError("the game is over")
    if g.pagade:
        res = pagade_outcomes(g, throw)
    else:
        res = parcheesi_outcomes(g, throw)
    unique = {}
    for r in res:
        unique.setdefault(_canon(r), r)
    return [unique[k] for k in sorted(unique)]


def _main(argv) -> int:
    """python3 refimpl.py --batch: one {"position": ..., "throw": [a, b]} per
    input line; one {"outcomes": [{"position": ...}, ...]} or {"error": ...}
    per output line (the shape of `pachisi moves --batch`, without plays)."""
    import sys

    if argv[1:] != ["--batch"]:
        sys.stderr.write("usage: refimpl.py --batch < lines.jsonl\n")
        return 2
    for line in sys.stdin:
        if not line.strip():
            continue
        try:
            req = json.loads(line)
            res = outcomes(req["position"], tuple(req["throw"]))
            out = {"outcomes": [{"position": r} for r in res]}
        except Exception as exc:  # one bad line never stops the others
            out = {"error": f"{type(exc).__name__}: {exc}"}
        sys.stdout.write(json.dumps(out) + "\n")
        sys.stdout.flush()
    return 0


if __name__ == "__main__":
    import sys

    sys.exit(_main(sys.argv))
