"""Measure the engine that plays (``solver.play``): its strength and its speed.

Not a test: ``nice -n 10 python tests/support/measure_play.py [GAMES] [SECONDS] [OUT]
[LEVEL]``
plays, with ``SECONDS`` a move (default 0.2):

1. the engine at level 5 against a baseline player (plays a five, blocks a five, else a
   random legal move next to the stones), ``GAMES`` games (default 40), colours
   alternating, each game from one of the 26 openings (the first three moves, under a
   symmetry; move 4 on is played out, as under RIF after the opening);
2. level 5 against a lower ``LEVEL`` (default 2), the same way;
3. times every engine move: the longest against ``SECONDS``;
4. runs ``renju move --time 1`` as a process on 12 game positions: the longest move (its
   ``"seconds"``) and the longest whole run, start-up included.

A game ends at a five (White's overline too), at Black's forbidden move (a loss), or as a
draw when the board is full or after 225 moves. One JSON line a game (to OUT as well, if
given), then the totals.
"""

from __future__ import annotations

import json
import random
import subprocess
import sys
import time
from collections import Counter
from collections.abc import Callable
from pathlib import Path

from solver.play.player import choose_move
from solver.rules.board import BLACK, WHITE, Board
from solver.rules.games import sample_games
from solver.rules.geometry import transform_point
from solver.rules.notation import (
    NPOINTS,
    SIZE,
    Move,
    Point,
    format_moves,
    parse_point,
    point_name,
)

# The 26 openings (docs: OPENINGS.md): Black h8, White h9 (direct) or i9 (indirect), and
# Black's third move.
DIRECT = ["h10", "i10", "j10", "i9", "j9", "i8", "j8", "h7", "i7", "j7", "h6", "i6", "j6"]
INDIRECT = ["j10", "j9", "j8", "j7", "j6", "i8", "i7", "i6", "h7", "h6", "g7", "g6", "f6"]
OPENINGS = [("D", i + 1, ["h8", "h9", m]) for i, m in enumerate(DIRECT)] + [
    ("I", i + 1, ["h8", "i9", m]) for i, m in enumerate(INDIRECT)
]

Player = Callable[[Board], Point | None]


def baseline(rng: random.Random) -> Player:
    """A five if it has one, else a block of the opponent's five, else a random legal move
    next to (touching) a stone."""

    def play(board: Board) -> Point | None:
        core = board.core
        me = int(board.to_move)
        for p in core.five_points(me):
            if board.is_legal(p):
                return p
        for p in core.five_points(3 - me):
            if board.is_legal(p):
                return p
        cells = core.cell_bytes()
        near = [
            p
            for p in range(NPOINTS)
            if not cells[p]
            and board.is_legal(p)
            and any(
                0 <= p % SIZE + dc < SIZE
                and 0 <= p // SIZE + dr < SIZE
                and cells[p + dc + SIZE * dr]
                for dc in (-1, 0, 1)
                for dr in (-1, 0, 1)
            )
        ]
        legal = near or [p for p in range(NPOINTS) if board.is_legal(p)]
        return rng.choice(legal) if legal else None

    return play


def engine(level: int, seconds: float, times: list[tuple[float, float]]) -> Player:
    """The engine at ``level``, timing each move into ``times`` (wall and CPU seconds:
    a niced process on a loaded machine can wait for the CPU past its deadline)."""

    def play(board: Board) -> Point | None:
        start, cpu = time.monotonic(), time.process_time()
        move = choose_move(board, level, seconds).move
        times.append((time.monotonic() - start, time.process_time() - cpu))
        return move

    return play


def play_game(black: Player, white: Player, opening: list[str]) -> tuple[str, list[Move]]:
    """Play a game from ``opening``: ``black``, ``white`` or ``draw``, and the moves."""
    board = Board.from_moves(" ".join(opening))
    passes = 0
    while board.stone_count < NPOINTS:
        side = board.to_move
        move = (black if side is BLACK else white)(board)
        if move is None:
            passes += 1
            board.push(None)
            if passes == 2:
                break
            continue
        passes = 0
        if board.core.get(move):
            return side.opponent.label(), board.moves  # an illegal move loses
        if board.is_five(move, side):
            board.push(move)
            return side.label(), board.moves
        if side is BLACK and board.core.forbidden(move):
            board.push(move)
            return "white", board.moves
        board.push(move)
    return "draw", board.moves


def _symmetric(opening: list[str], sym: int) -> list[str]:
    return [point_name(transform_point(parse_point(m), sym)) for m in opening]


def match(
    name: str, mine: Player, theirs: Player, games: int, out: list[str], seed: int
) -> Counter[str]:
    """``games`` games of ``mine`` against ``theirs``, colours alternating."""
    rng = random.Random(seed)
    tally: Counter[str] = Counter()
    for g in range(games):
        code, number, moves = OPENINGS[rng.randrange(len(OPENINGS))]
        opening = _symmetric(moves, rng.randrange(8))
        colour = BLACK if g % 2 == 0 else WHITE
        black, white = (mine, theirs) if colour is BLACK else (theirs, mine)
        start = time.monotonic()
        winner, record = play_game(black, white, opening)
        result = "draw" if winner == "draw" else ("win" if winner == colour.label() else "loss")
        tally[result] += 1
        row = {
            "match": name,
            "game": g + 1,
            "opening": f"{code}{number}",
            "engine": colour.label(),
            "result": result,
            "moves": len(record),
            "seconds": round(time.monotonic() - start, 1),
            "record": format_moves(record),
        }
        out.append(json.dumps(row))
        print(out[-1], flush=True)
    return tally


def command_times(count: int = 12) -> tuple[float, float]:
    """The longest ``"seconds"`` of ``renju move --time 1`` over ``count`` game
    positions, and the longest wall time of the process."""
    longest_move = longest_run = 0.0
    for moves in sample_games(count, seed=3, length=(12, 40)):
        text = format_moves(moves[:-1])
        start = time.monotonic()
        proc = subprocess.run(
            [sys.executable, "-m", "solver.cli", "move", "--moves", text, "--json"],
            capture_output=True,
            text=True,
            check=True,
        )
        longest_run = max(longest_run, time.monotonic() - start)
        longest_move = max(longest_move, json.loads(proc.stdout)["seconds"])
    return longest_move, longest_run


def main() -> None:
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 40
    seconds = float(sys.argv[2]) if len(sys.argv) > 2 else 0.2
    out_path = Path(sys.argv[3]) if len(sys.argv) > 3 and sys.argv[3] != "-" else None
    lower = int(sys.argv[4]) if len(sys.argv) > 4 else 2
    lines: list[str] = []
    times: list[tuple[float, float]] = []
    base = match(
        "level 5 vs baseline",
        engine(5, seconds, times),
        baseline(random.Random(7)),
        games,
        lines,
        31,
    )
    strong = match(
        f"level 5 vs level {lower}",
        engine(5, seconds, times),
        engine(lower, seconds, times),
        games,
        lines,
        32,
    )
    times.sort()
    move_time, run_time = command_times()
    summary = {
        "seconds_a_move": seconds,
        "vs_baseline": dict(base),
        f"vs_level_{lower}": dict(strong),
        "engine_moves": len(times),
        "median_move_seconds": round(times[len(times) // 2][0], 3) if times else None,
        "longest_move_seconds": round(times[-1][0], 3) if times else None,
        "over_time": sum(t > seconds for t, _ in times),
        "longest_move_cpu_seconds": round(max((c for _, c in times), default=0.0), 3),
        "over_time_cpu": sum(c > seconds for _, c in times),
        "renju_move_time_1_longest_move": move_time,
        "renju_move_time_1_longest_process": round(run_time, 3),
    }
    lines.append(json.dumps(summary))
    print(lines[-1])
    if out_path is not None:
        out_path.write_text("\n".join(lines) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
