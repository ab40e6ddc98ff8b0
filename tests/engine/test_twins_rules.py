"""Properties of the engine: compiled == pure == naive oracle, symmetry, make/unmake."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st
from support.oracle import oracle_forbidden_points
from support.strategies import games

from solver import Board, Color
from solver.engine.backend import core_class, pure_core_class
from solver.rules.geometry import SYMMETRIES, transform_point
from solver.rules.notation import NPOINTS
from solver.rules.patterns import analyze

KINDS = {3: "double-three", 4: "double-four", 6: "overline"}


@st.composite
def positions(draw: st.DrawFn) -> tuple[list[int], list[int]]:
    """Random stones in a random region (whole board, centre, an edge or a corner),
    sparse to dense, mostly black so that forbidden shapes are common."""
    lo_c, hi_c, lo_r, hi_r = draw(
        st.sampled_from(
            [
                (0, 14, 0, 14),
                (4, 10, 4, 10),
                (0, 6, 0, 6),
                (8, 14, 8, 14),
                (0, 14, 0, 4),
                (10, 14, 0, 14),
            ]
        )
    )
    region = [r * 15 + c for r in range(lo_r, hi_r + 1) for c in range(lo_c, hi_c + 1)]
    n = draw(st.integers(min_value=4, max_value=min(60, len(region) - 3)))
    stones = draw(st.lists(st.sampled_from(region), min_size=n, max_size=n, unique=True))
    black_share = draw(st.sampled_from([0.55, 0.7, 0.85]))
    k = max(1, int(len(stones) * black_share))
    return stones[:k], stones[k:]


def _forbidden(black: list[int], white: list[int], compiled: bool) -> dict[int, int]:
    core = core_class(compiled)(0)
    for p in black:
        core.put(p, 1)
    for p in white:
        core.put(p, 2)
    found = dict(core.forbidden_points())
    # point by point (the compiled core first rules out points without the black
    # stones a forbidden shape needs, reading the lines only), the same answers
    assert {p: k for p in range(NPOINTS) if (k := core.forbidden(p))} == found
    return found


def _windows(core: object) -> list[int]:
    return [core.window(d, p) for d in range(4) for p in range(NPOINTS)]  # type: ignore[attr-defined]


@given(positions())
def test_compiled_and_pure_windows_agree(pos: tuple[list[int], list[int]]) -> None:
    """The compiled core's line tables (built in C at import) give every point's window
    in every direction as the pure core's do, on the empty board and after stones."""
    compiled, pure = core_class(True)(0), core_class(False)(0)
    assert _windows(compiled) == _windows(pure)
    for colour, stones in ((1, pos[0]), (2, pos[1])):
        for p in stones:
            compiled.put(p, colour)
            pure.put(p, colour)
    assert _windows(compiled) == _windows(pure)


@given(positions())
def test_compiled_pure_and_oracle_agree(pos: tuple[list[int], list[int]]) -> None:
    black, white = pos
    pure = _forbidden(black, white, False)
    assert _forbidden(black, white, True) == pure
    oracle = oracle_forbidden_points(
        frozenset((p % 15, p // 15) for p in black), frozenset((p % 15, p // 15) for p in white)
    )
    assert {r * 15 + c: k for (c, r), k in oracle.items()} == {p: KINDS[k] for p, k in pure.items()}


@given(games())
def test_incremental_enumeration_along_games(moves: list[int]) -> None:
    """forbidden_along (incremental) == a fresh full enumeration after every ply."""
    for compiled in (True, False):
        plies = core_class(compiled)(0).forbidden_along(moves)  # type: ignore[attr-defined]
        assert len(plies) == len(moves)
        for k in (len(moves) // 3, len(moves) - 1):
            fresh = _forbidden(moves[: k + 1 : 2], moves[1 : k + 1 : 2], False)
            assert dict(plies[k]) == fresh


@given(positions(), st.integers(min_value=1, max_value=7))
def test_forbidden_points_invariant_under_symmetry(
    pos: tuple[list[int], list[int]], sym: int
) -> None:
    black, white = pos
    board = Board.from_stones(black, white)
    mapped = board.transform(sym)
    expected = {transform_point(p, sym): k for p, k in board.core.forbidden_points()}
    assert dict(mapped.core.forbidden_points()) == expected


@given(positions(), st.lists(st.integers(min_value=0, max_value=NPOINTS - 1), max_size=30))
def test_push_pop_restores_board_and_hash(
    pos: tuple[list[int], list[int]], extra: list[int]
) -> None:
    for compiled in (True, False):
        board = Board.from_stones(*pos, compiled=compiled)
        before = (board.core.cell_bytes(), board.hash, board.to_move, board.core.forbidden_points())
        pushed = 0
        for p in extra:
            if not board.core.get(p):
                board.push(p)
                pushed += 1
        for _ in range(pushed):
            board.pop()
        after = (board.core.cell_bytes(), board.hash, board.to_move, board.core.forbidden_points())
        assert after == before


@given(positions())
def test_hash_depends_only_on_the_position(pos: tuple[list[int], list[int]]) -> None:
    black, white = pos
    a = Board.from_stones(black, white)
    b = Board.from_stones(list(reversed(black)), list(reversed(white)))
    assert a.hash == b.hash
    b.to_move = Color.WHITE
    assert a.hash != b.hash
    assert Board.from_stones(black, white, compiled=False).hash == a.hash


@given(st.integers(min_value=0, max_value=(1 << 20) - 1), st.booleans())
def test_compiled_pattern_table_matches_pure(key: int, exact: bool) -> None:
    from solver.engine.core_fast import analyze_key  # type: ignore[attr-defined,unused-ignore]

    assert analyze_key(key, exact) == analyze(key, exact)


@pytest.mark.slow
def test_compiled_pattern_table_matches_pure_on_every_key() -> None:
    from solver.engine.core_fast import analyze_key  # type: ignore[attr-defined,unused-ignore]

    for key in range(1 << 20):
        for exact in (True, False):
            assert analyze_key(key, exact) == analyze(key, exact), (key, exact)


def test_symmetries_are_a_group_of_eight() -> None:
    images = {tuple(transform_point(p, s) for p in range(NPOINTS)) for s in range(len(SYMMETRIES))}
    assert len(images) == 8
    for s in range(8):
        assert sorted(transform_point(p, s) for p in range(NPOINTS)) == list(range(NPOINTS))


def test_pure_core_is_pure() -> None:
    assert pure_core_class().__module__ == "solver.engine.search_ref"
