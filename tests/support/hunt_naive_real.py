"""Hunt for wrong verdicts with the naive reference search on real positions (not a test).

``PYTHONPATH=tests python -m support.hunt_naive_real MOVES [vct|tsume] [SET ...]`` (from
the repository's root) takes the start position of every puzzle of the sets (as
:mod:`support.hunt_symmetry` names them), and for the bundled win puzzles every position
along the stated solution too, with each side to move, and compares the shortest VCF of
at most MOVES attacker moves of :func:`support.naive_search.naive_vcf` (every four,
every forbidden status from the oracle) with the solver's (``solve(..., "vcf",
shortest=True)``, compiled); with ``vct`` or ``tsume``, the verdict of
:func:`support.naive_search.naive_tsume` within MOVES with the solver's. Prints each
disagreement and the counts.
"""

from __future__ import annotations

import sys
import time
from collections.abc import Iterator

from solver import Board
from solver.rules.board import Color
from solver.rules.notation import point_name
from solver.search.api import Limits, Verdict, solve
from support.hunt_symmetry import cases
from support.naive_search import naive_tsume, naive_vcf


def positions(sets: list[str]) -> Iterator[tuple[str, Board]]:
    seen: set[tuple[frozenset[int], frozenset[int]]] = set()
    for case in cases([s for s in sets if s != "bundled"]):
        yield case.ident, case.board
    if "bundled" in sets:
        from puzzles.bundled import bundled_puzzles
        from puzzles.model import Puzzle

        for p in bundled_puzzles():
            assert isinstance(p, Puzzle)
            if p.kind != "win":
                continue
            board = p.board()
            for i in range(len(p.solution) + 1):
                key = (frozenset(board.stones(Color.BLACK)), frozenset(board.stones(Color.WHITE)))
                if key not in seen and board.five_on_board() is None:
                    seen.add(key)
                    yield f"{p.id}+{i}", board.copy()
                if i < len(p.solution):
                    board.push(p.solution[i])


def stones(board: Board, colour: Color) -> frozenset[tuple[int, int]]:
    return frozenset((p % 15, p // 15) for p in board.stones(colour))


def main() -> None:
    moves = int(sys.argv[1])
    goal = "vcf"
    if sys.argv[2:3] and sys.argv[2] in ("vct", "tsume"):
        goal = sys.argv.pop(2)
    sets = sys.argv[2:] or ["bundled", "three", "vct"]
    n = bad = unknown = 0
    start = time.monotonic()
    for ident, board in positions(sets):
        black, white = stones(board, Color.BLACK), stones(board, Color.WHITE)
        for colour in (Color.BLACK, Color.WHITE):
            b = Board.from_stones(board.stones(Color.BLACK), board.stones(Color.WHITE), colour)
            if b.five_on_board() is not None:
                continue
            n += 1
            if goal != "vcf":
                win = naive_tsume(black, white, int(colour), moves, goal)
                r = solve(b, goal, Limits(max_moves=moves, nodes=500_000))
                if r.result is not Verdict.UNKNOWN and (r.result is Verdict.PROVEN) != win:
                    bad += 1
                    print(
                        f"DISAGREE {ident} {colour.label()} {goal}: engine {r.result.value}, "
                        f"naive {win}",
                        flush=True,
                    )
                unknown += r.result is Verdict.UNKNOWN
                continue
            truth = naive_vcf(black, white, int(colour), moves)
            r = solve(b, "vcf", Limits(max_moves=moves, nodes=500_000), shortest=True)
            if r.result is Verdict.UNKNOWN:
                unknown += 1
                continue
            same = (r.result is Verdict.PROVEN) == truth.win
            if same and truth.win and r.shortest_shown:
                same = r.moves == truth.moves
            if not same:
                bad += 1
                line = [point_name(p[1] * 15 + p[0]) for p in truth.line]
                print(
                    f"DISAGREE {ident} {colour.label()}: engine {r.result.value} {r.moves} "
                    f"{[point_name(p) for p in r.line]}, naive {truth.moves} {line}",
                    flush=True,
                )
        if n % 200 < 2:
            print(f"... {n} positions, {time.monotonic() - start:.0f}s", flush=True)
    print(f"{n} positions (side to move), {bad} disagreements, {unknown} unknown")


if __name__ == "__main__":
    main()
