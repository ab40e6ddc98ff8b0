"""Measure the game layer: ``status`` along games, ``opening_of``, ``fifth_equivalent``
and the legal actions of a proposal step.

Not a test: ``nice -n 10 python tests/support/measure_game.py [GAMES]`` plays GAMES
generated games (default 200, ``solver.rules.games.sample_games`` seed 3) move by move,
judging each position, and prints one line a figure.
"""

from __future__ import annotations

import sys
import time

from solver.game import TARAGUCHI_10, OpeningState, fifth_equivalent, opening_of, parse_action
from solver.game.status import status
from solver.rules.board import Board
from solver.rules.games import sample_games


def main() -> None:
    count = int(sys.argv[1]) if len(sys.argv) > 1 else 200
    games = sample_games(count, seed=3)
    plies = 0
    start = time.perf_counter()
    for game in games:
        board = Board()
        for move in game:
            board.push(move)
            status(board)
            plies += 1
    per_ply = (time.perf_counter() - start) / plies
    print(
        f"status along {count} games: {plies:,} plies, {per_ply * 1e6:.0f} us a ply (push + status)"
    )

    n = 20_000
    start = time.perf_counter()
    for _ in range(n):
        opening_of([112, 128, 96])
    print(f"opening_of: {(time.perf_counter() - start) / n * 1e6:.1f} us")
    start = time.perf_counter()
    for _ in range(n // 10):
        fifth_equivalent([112, 127, 142, 157], 111, 113)
    print(f"fifth_equivalent, 4 stones: {(time.perf_counter() - start) / (n // 10) * 1e6:.1f} us")

    state = OpeningState(TARAGUCHI_10)
    for action in ("place h8", "place h9", "place h10", "place h11", "propose g8 a1 b1 c1 d1"):
        state = state.apply(parse_action(action))
    start = time.perf_counter()
    for _ in range(50):
        fresh = OpeningState(
            state.rule, state.moves, state.step, proposals=state.proposals, actions=state.actions
        )
        fresh.legal_actions()
    print(
        f"legal_actions, 5 of 10 proposals given: {(time.perf_counter() - start) / 50 * 1e3:.2f} ms"
    )


if __name__ == "__main__":
    main()
