"""``renju generate``: mine tsume puzzles from game records and keep the sound ones.

A candidate is every position along each game once it holds at least 10 stones,
with the side to move as the attacker. It is kept when the solver proves a win in the
goal class whose shortest length lies in ``[--min-moves, --max-moves]`` and whose key
move is unique (every other first move fails within the same bound: no cook, 余詰).
Games come from a file (any format the readers know: a RenLib tree, SGF, RIF, ...) or
are generated (deterministic for a ``--seed``); with ``--from FILE`` the candidates are
instead the positions of a file as they stand (its puzzles and the positions it does
not mark as puzzles, such as a RenLib library's leaves), each with its side to move as
the attacker and its comment kept. Each puzzle records its shortest line,
its key, a level (1 easy .. 5 hard, from length and class) and where it came from.

For ``tsume`` the generator keeps only puzzles that need a hidden threat or a three,
i.e. where plain VCF does not win within the bound, so the goal class is honest.

``--kind defend`` and ``--kind points:KIND`` mine defence and point-finding tasks from
the same candidates instead (:mod:`puzzles.mine_tasks`); every kept puzzle, of any kind,
states its themes and initial rating (:mod:`puzzles.themes`).

Every proof is re-checked by the independent checker unless ``--no-check`` is given; a
rejected one is a solver error: reported on stderr with the position, the position is
not kept, the mining goes on, and the command exits with 3 at the end.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

from puzzles.io import read_puzzles, write_native
from puzzles.model import KINDS, Puzzle
from puzzles.themes import initial_rating, win_themes
from solver.errors import EXIT_SOLVER_ERROR, CommandError, SolverError
from solver.progress import Bar, progress_bar
from solver.rules.board import Board, Color
from solver.rules.games import sample_games
from solver.search.api import Limits, SolveResult, Verdict, solve

__all__ = ["Wanted", "level_of", "mine", "mine_positions", "register_generate"]


@dataclass(frozen=True)
class Wanted:
    """What kind of puzzle to keep."""

    goal: str = "vcf"
    min_moves: int = 3
    max_moves: int = 7
    time: float = 2.0
    min_stones: int = 10
    check: bool = True  # re-check every proof with the independent checker


def level_of(goal: str, moves: int) -> int:
    """1 (easy) .. 5 (hard): longer lines and wider threat classes are harder."""
    base = {"vcf": 0, "vct": 1, "tsume": 2}[goal]
    return max(1, min(5, base + (moves + 1) // 2))


def _positions(games: list[list[int | None]], min_stones: int) -> Iterator[tuple[int, int, Board]]:
    for gi, game in enumerate(games):
        board = Board()
        for k, move in enumerate(game):
            if board.stone_count >= min_stones and board.five_on_board() is None:
                yield gi, k, board.copy()
            if move is not None and board.core.get(move):
                break
            board.push(move)


def _unique_key(board: Board, want: Wanted, moves: int) -> int | None:
    result = solve(
        board,
        want.goal,
        Limits(max_moves=moves, time=want.time * 2),
        all_keys=True,
        check=want.check,
    )
    if result.result is not Verdict.PROVEN or result.keys is None or len(result.keys) != 1:
        return None
    return result.keys[0].move


def mine(
    games: list[list[int | None]],
    want: Wanted,
    count: int,
    source: str,
    verbose: bool = False,
    errors: list[str] | None = None,
    bar: Bar | None = None,
) -> list[Puzzle]:
    """Up to ``count`` sound puzzles from ``games``: at most one per game. A solver
    error on a position (a proof the checker rejected) skips that position; its
    message (naming the game and the position) is added to ``errors`` and printed on
    stderr."""
    found = (
        (gi, f"game {gi + 1}, after move {k}", board)
        for gi, k, board in _positions(games, want.min_stones)
    )
    return _mine(found, want, count, source, verbose, errors, bar=bar)


def mine_positions(
    items: list[Puzzle],
    want: Wanted,
    count: int,
    source: str,
    verbose: bool = False,
    errors: list[str] | None = None,
    bar: Bar | None = None,
) -> list[Puzzle]:
    """Up to ``count`` sound puzzles from the positions of ``items`` (the puzzles and
    positions of a file: each one as it stands, its side to move the attacker), kept
    as :func:`mine` keeps them; each keeps its comment."""
    comments = {i: item.comment for i, item in enumerate(items)}

    def boards() -> Iterator[tuple[int, str, Board]]:
        for i, item in enumerate(items):
            if item.validate():
                continue  # an impossible position, or one with a five already
            yield i, item.id or f"position {i + 1}", item.board()

    return _mine(boards(), want, count, source, verbose, errors, comments, bar)


def _mine(
    found: Iterator[tuple[int, str, Board]],
    want: Wanted,
    count: int,
    source: str,
    verbose: bool,
    errors: list[str] | None,
    comments: dict[int, str] | None = None,
    bar: Bar | None = None,
) -> list[Puzzle]:
    bar = bar or Bar()
    out: list[Puzzle] = []
    used: set[int] = set()
    tried = 0
    for gi, where, board in found:
        if len(out) >= count:
            break
        if gi in used:
            continue
        tried += 1
        bar.update(status=f"{tried} positions tried")
        try:
            kept = _candidate(board, want)
        except SolverError as exc:
            message = f"solver error ({where}): {exc}"
            bar.emit(f"renju: {message}", sys.stderr)
            if errors is not None:
                errors.append(message)
            continue
        if kept is None:
            continue
        result, key = kept
        moves = result.moves
        assert moves is not None  # (a proven win's length)
        themes, facts = win_themes(board, result.tree, result.nodes)
        used.add(gi)
        n = len(out) + 1
        out.append(
            Puzzle(
                black=board.stones(Color.BLACK),
                white=board.stones(Color.WHITE),
                to_move=board.to_move,
                goal=want.goal,  # type: ignore[arg-type]
                max_moves=moves,
                solution=list(result.line),
                keys=[key],
                id=f"{want.goal}-{moves}-{n:03d}",
                title=f"{want.goal.upper()} in {moves}",
                source=f"{source}, {where}",
                comment=(comments or {}).get(gi, ""),
                level=level_of(want.goal, moves),
                tags=[want.goal, f"{moves}-moves"],
                themes=themes,
                rating=initial_rating(facts),
            )
        )
        bar.update(advance=1)
        if verbose:
            bar.emit(f"  found {out[-1].id} ({len(out)}/{count})", sys.stderr)
    return out


def _candidate(board: Board, want: Wanted) -> tuple[SolveResult, int] | None:
    """The shortest win and the unique key of a position that makes a puzzle, or None.

    Raises:
        SolverError: a proof the checker rejected.
    """
    limits = Limits(max_moves=want.max_moves, time=want.time)
    result = solve(board, want.goal, limits, shortest=True, check=want.check)
    if result.result is not Verdict.PROVEN or result.moves is None:
        return None
    if result.shortest_shown is False:
        return None  # (its length may not be the shortest)
    if result.moves < want.min_moves:
        return None
    if want.goal != "vcf":
        plain = solve(
            board, "vcf", Limits(max_moves=result.moves, time=want.time), check=want.check
        )
        if plain.result is not Verdict.DISPROVEN:
            return None  # a VCF does it: not a puzzle of this class
    key = _unique_key(board, want, result.moves)
    if key is None or key != result.line[0]:
        return None
    return result, key


def register_generate(sub: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    """Add ``renju generate``."""
    g = sub.add_parser(
        "generate",
        help="mine sound tsume puzzles (unique key, proven, shortest) from game records",
        description=__doc__.split("\n\n")[1].replace("``", "") if __doc__ else None,
    )
    g.add_argument("output", metavar="OUTPUT", help="the .renju file to write")
    g.add_argument(
        "--goal",
        default="vcf",
        choices=["vcf", "vct", "tsume"],
        help="the class of win a puzzle must have (default vcf)",
    )
    g.add_argument(
        "--kind",
        default="win",
        choices=KINDS,
        metavar="KIND",
        help="what the puzzles ask: win (default), defend (find every move that holds "
        "against the opponent's --goal threat) or points:KIND (find every point of KIND, "
        "as renju points: points:forbidden, points:four-three, ...)",
    )
    g.add_argument(
        "--min-answer",
        type=int,
        metavar="N",
        help="defend/points: keep a position only if at least N moves hold / N points "
        "exist (default 1)",
    )
    g.add_argument(
        "--max-answer",
        type=int,
        metavar="N",
        help="defend/points: ... and at most N (default 3 for defend, 6 for points)",
    )
    g.add_argument(
        "--count", type=int, default=10, metavar="N", help="puzzles to find (default 10)"
    )
    g.add_argument(
        "--min-moves",
        type=int,
        default=3,
        metavar="N",
        help="the shortest win must take at least N attacker moves (default 3)",
    )
    g.add_argument(
        "--max-moves",
        type=int,
        default=7,
        metavar="N",
        help="the shortest win must take at most N attacker moves (default 7)",
    )
    g.add_argument(
        "--time",
        type=float,
        default=2.0,
        metavar="SECONDS",
        help="seconds per position (default 2)",
    )
    source = g.add_mutually_exclusive_group()
    source.add_argument("--games", metavar="FILE", help="game records to mine (default: generated)")
    source.add_argument(
        "--from",
        dest="from_file",
        metavar="FILE",
        help="positions to prove (the puzzles and positions of any supported file, e.g. "
        "a RenLib library's leaves): keep those with a proven win",
    )
    g.add_argument(
        "--seed", type=int, default=1, metavar="N", help="seed for generated games (default 1)"
    )
    g.add_argument(
        "--id-prefix",
        default="",
        metavar="TEXT",
        help="put TEXT before each puzzle's id (ids unique across several files)",
    )
    g.add_argument("--force", action="store_true", help="overwrite OUTPUT if it exists")
    g.add_argument(
        "--no-check",
        action="store_true",
        help="do not re-check proofs with the independent checker (faster; by default a "
        "rejected proof is a solver error, exit 3)",
    )
    g.set_defaults(run=_run_generate)


def _generate_tasks(
    args: argparse.Namespace,
    items: list[Puzzle],
    games: list[list[int | None]],
    source: str,
    verbose: bool,
    errors: list[str],
    bar: Bar,
) -> list[Puzzle]:
    """``--kind defend|points:KIND``: the same candidates, kept by :mod:`puzzles.mine_tasks`."""
    from puzzles.mine_tasks import DEFAULT_ANSWER, TaskWanted, mine_tasks

    low, high = DEFAULT_ANSWER["defend" if args.kind == "defend" else "points"]
    low = low if args.min_answer is None else args.min_answer
    high = high if args.max_answer is None else args.max_answer
    if low < 0 or high < max(low, 1):
        raise CommandError("need 0 <= --min-answer <= --max-answer, --max-answer >= 1")
    want = TaskWanted(
        args.kind,
        args.goal,
        args.min_moves,
        args.max_moves,
        low,
        high,
        args.time,
        check=not args.no_check,
    )
    if args.from_file:
        found = (
            (i, item.id or f"position {i + 1}", item.board())
            for i, item in enumerate(items)
            if not item.validate()
        )
        comments = {i: item.comment for i, item in enumerate(items)}
        return mine_tasks(found, want, args.count, source, verbose, errors, bar, comments)
    candidates = (
        (gi, f"game {gi + 1}, after move {k}", board)
        for gi, k, board in _positions(games, Wanted().min_stones)
    )
    return mine_tasks(candidates, want, args.count, source, verbose, errors, bar)


def _run_generate(args: argparse.Namespace) -> int:
    if args.count < 1 or args.min_moves < 1 or args.max_moves < args.min_moves or args.time <= 0:
        raise CommandError("need --count >= 1, 1 <= --min-moves <= --max-moves, --time > 0")
    out = Path(args.output)
    if out.exists() and not args.force:
        raise CommandError(f"{args.output!r} exists (use --force to overwrite)")
    items: list[Puzzle] = []
    games: list[list[int | None]] = []
    if args.from_file:
        if not Path(args.from_file).is_file():
            raise CommandError(f"no such file: {args.from_file!r}")
        read = read_puzzles(Path(args.from_file))
        items = read.puzzles + read.positions
        source = Path(args.from_file).name
        if not items:
            raise CommandError(f"{args.from_file!r}: no position to prove")
    elif args.games:
        result = read_puzzles(Path(args.games))
        games = [list(p.solution) for p in result.puzzles if p.solution]
        source = Path(args.games).name
        if not games:
            raise CommandError(f"{args.games!r}: no game lines to mine")
    else:
        games = [list(g) for g in sample_games(4000, seed=args.seed, length=(16, 70))]
        source = f"generated games (seed {args.seed})"
    want = Wanted(args.goal, args.min_moves, args.max_moves, args.time, check=not args.no_check)
    start = time.monotonic()
    errors: list[str] = []
    verbose = sys.stderr.isatty()
    with progress_bar(args.count, "generate") as bar:
        if args.kind != "win":
            found = _generate_tasks(args, items, games, source, verbose, errors, bar)
        elif args.from_file:
            found = mine_positions(items, want, args.count, source, verbose, errors, bar)
        else:
            found = mine(games, want, args.count, source, verbose, errors, bar)
    for puzzle in found:
        puzzle.id = args.id_prefix + puzzle.id
    write_native(found, out)
    print(f"wrote {len(found)} puzzles to {out} in {time.monotonic() - start:.0f} s")
    if errors:
        print(f"renju: {len(errors)} solver error(s), positions skipped", file=sys.stderr)
        return EXIT_SOLVER_ERROR
    return 0 if found else 1
