"""The bundled collections are sound: proven, shortest length recorded, unique key,
graded, and every proof accepted by the independent checker (a sample in the fast tier,
all of them in the slow tier)."""

from __future__ import annotations

import pytest

from puzzles.bundled import bundled_paths
from puzzles.io import read_puzzles
from puzzles.model import Puzzle
from solver.search.api import Limits, solve
from solver.search.checker import check_proof


def _all() -> list[tuple[str, Puzzle]]:
    out = []
    for path in bundled_paths():
        result = read_puzzles(path)
        assert not result.errors, result.errors
        out.extend((f"{path.stem}:{p.id}", p) for p in result.puzzles)
    return out


PUZZLES = _all()


def test_collection_size_and_spread() -> None:
    assert len(PUZZLES) >= 100
    goals = {p.goal for _, p in PUZZLES}
    assert goals == {"vcf", "vct", "tsume"}
    assert {p.level for _, p in PUZZLES} >= {1, 2, 3, 4, 5}
    # (8 were tagged; 7 of them vct wins too once the block of a counter-four counts as a
    # vct move while a three stands: a collection with more of them is still to mine)
    assert sum("hidden-threat" in p.tags for _, p in PUZZLES) >= 1
    assert len({p.id for _, p in PUZZLES}) == len(PUZZLES)


def _params() -> list[object]:
    return [
        pytest.param(p, id=name, marks=[] if i % 10 == 0 else [pytest.mark.slow])
        for i, (name, p) in enumerate(PUZZLES)
    ]


@pytest.mark.parametrize("puzzle", _params())
def test_bundled_puzzle_is_sound(puzzle: Puzzle) -> None:
    board = puzzle.board()
    assert puzzle.max_moves is not None and puzzle.keys and puzzle.solution
    result = solve(board, puzzle.goal, Limits(max_moves=puzzle.max_moves, time=60), all_keys=True)
    assert result.result.value == "proven"
    assert result.keys is not None and [k.move for k in result.keys] == puzzle.keys  # no cook
    assert result.tree is not None
    check_proof(board, result.tree, puzzle.goal, puzzle.max_moves)
    if puzzle.max_moves > 1:  # the recorded length is the shortest
        shorter = solve(board, puzzle.goal, Limits(max_moves=puzzle.max_moves - 1, time=60))
        assert shorter.result.value == "disproven"
    if "hidden-threat" in puzzle.tags:
        plain = solve(board, "vct", Limits(max_moves=puzzle.max_moves, time=60))
        assert plain.result.value == "disproven"
