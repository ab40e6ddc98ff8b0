"""``renju generate``: mine tsume puzzles from game records and keep the sound ones.

A candidate is every position along each game once it holds at least 10 stones,
with the side to move as the attacker, searched at its first occurrence only (up to the
8 symmetries). It is kept when the solver proves a win in the
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
the same candidates instead (:func:`puzzles.mine_tasks.make_task`); every kept puzzle, of
any kind, states its themes and initial rating (:mod:`puzzles.themes`).

Every proof is re-checked by the independent checker unless ``--no-check`` is given; a
rejected one is a solver error: reported on stderr with the position, the position is
not kept, the mining goes on, and the command exits with 3 at the end. So is a second
look (the search again without its shortcuts) that finds a win the first searches ruled
out: another key, a shorter win, or a VCF under ``vct``/``tsume``; a second look that
does not finish in time drops the position.

The search runs in this process, in ``--jobs N`` processes or on a Dask cluster
(``--scheduler``), with the same answers; OUTPUT is written as puzzles are found and
``--resume`` goes on after an interruption (:mod:`puzzles.generate_run`). This module
holds the per-position work of a win puzzle (:func:`make_puzzle`) and the command.
"""

from __future__ import annotations

import argparse
import itertools
import os
import sys
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from puzzles import generate_run as gr
from puzzles.dispatch import ExecutorLost
from puzzles.game_stream import GameLine, file_lines, generated_lines
from puzzles.io import read_puzzles
from puzzles.model import KINDS, Puzzle
from puzzles.themes import initial_rating, win_themes
from solver.errors import EXIT_SOLVER_ERROR, CommandError, RenjuError, SecondLookDisagrees
from solver.progress import Bar, progress_bar
from solver.rules.board import Board, Color
from solver.search.api import KeyMove, Limits, SolveResult, Verdict, position_text, solve
from solver.search.second_look import confirm_keys, confirm_no_win

__all__ = [
    "Wanted",
    "level_of",
    "make_puzzle",
    "mine",
    "mine_positions",
    "register_generate",
]


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


def _unique_key(board: Board, want: Wanted, moves: int) -> KeyMove | None:
    result = solve(
        board,
        want.goal,
        Limits(max_moves=moves, time=want.time * 2),
        all_keys=True,
        check=want.check,
    )
    if result.result is not Verdict.PROVEN or result.keys is None or len(result.keys) != 1:
        return None
    return result.keys[0]


def mine(
    games: list[list[int | None]],
    want: Wanted,
    count: int,
    source: str,
    verbose: bool = False,
    errors: list[str] | None = None,
    bar: Bar | None = None,
) -> list[Puzzle]:
    """Up to ``count`` sound puzzles from ``games``, in this process: at most one per
    game, each position searched at its first occurrence only (up to symmetry). A solver
    error on a position (a proof the checker rejected) skips that position; its
    message (naming the game and the position) is added to ``errors`` and printed on
    stderr. :mod:`puzzles.generate_run` does the same on files, in parallel."""
    lines = (GameLine(f"game {i + 1}", tuple(g)) for i, g in enumerate(games))
    return _mine_here(lines, want, count, source, verbose, errors, bar, after=True)


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
    lines = (
        _position_line(i, item)
        for i, item in enumerate(items)
        if not item.validate()  # (an impossible position, or one with a five already)
    )
    return _mine_here(lines, want, count, source, verbose, errors, bar, after=False)


def _position_line(i: int, item: Puzzle, done: float = 0.0) -> GameLine:
    """The ``i``-th position of a ``--from`` file as a line of no moves."""
    name = item.id or f"position {i + 1}"
    black, white = tuple(item.black), tuple(item.white)
    return GameLine(name, (), black, white, item.to_move, item.comment, done=done)


def _mine_here(
    lines: Iterator[Any],
    want: Wanted,
    count: int,
    source: str,
    verbose: bool,
    errors: list[str] | None,
    bar: Bar | None,
    *,
    after: bool,
) -> list[Puzzle]:
    from puzzles.dedupe import Seen

    bar = bar or Bar()
    out: list[Puzzle] = []
    with Seen() as seen:
        for unit in gr.plan(lines, seen, want.min_stones, after=after):
            if len(out) >= count:
                break
            (mined,) = gr.mine_units([unit], make_puzzle, want, source)
            for message in mined.errors:
                bar.emit(f"renju: {message}", sys.stderr)
                if errors is not None:
                    errors.append(message)
            if mined.puzzle is not None:
                out.append(gr.numbered(mined.puzzle, len(out) + 1))
                bar.update(advance=1)
                if verbose:
                    bar.emit(f"  found {out[-1].id} ({len(out)}/{count})", sys.stderr)
    return out


def make_puzzle(board: Board, want: Wanted, source: str, comment: str = "") -> Puzzle | None:
    """The per-position work: the puzzle ``board`` makes (its id not numbered yet, see
    :func:`puzzles.generate_run.numbered`), or None.

    Raises:
        SolverError: a proof the checker rejected.
    """
    kept = _candidate(board, want)
    if kept is None:
        return None
    result, key = kept
    moves = result.moves
    assert moves is not None  # (a proven win's length)
    themes, facts = win_themes(board, result.tree, result.nodes)
    return Puzzle(
        black=board.stones(Color.BLACK),
        white=board.stones(Color.WHITE),
        to_move=board.to_move,
        goal=want.goal,  # type: ignore[arg-type]
        max_moves=moves,
        solution=list(result.line),
        keys=[key],
        id=f"{want.goal}-{moves}",
        title=f"{want.goal.upper()} in {moves}",
        source=source,
        comment=comment,
        level=level_of(want.goal, moves),
        tags=[want.goal, f"{moves}-moves"],
        themes=themes,
        rating=initial_rating(facts),
    )


def _candidate(board: Board, want: Wanted) -> tuple[SolveResult, int] | None:
    """The shortest win and the unique key of a position that makes a puzzle, or None.

    Every "no" a kept puzzle rests on gets a second look without the search's shortcuts
    (:mod:`solver.search.second_look`) once the first searches have kept it: no other
    first move wins and no win is shorter (the key list and its lengths searched again),
    and for ``vct``/``tsume`` no VCF wins within the length. A second look that does not
    finish in ``want.time`` drops the position (unconfirmed is not sound).

    Raises:
        SolverError: a proof the checker rejected, or a second look that finds a win
            the first search ruled out.
    """
    limits = Limits(max_moves=want.max_moves, time=want.time)
    result = solve(board, want.goal, limits, shortest=True, check=want.check)
    if result.result is not Verdict.PROVEN or result.moves is None:
        return None
    if result.shortest_shown is False:
        return None  # (its length may not be the shortest)
    if result.moves < want.min_moves:
        return None
    moves = result.moves
    if want.goal != "vcf":
        plain = solve(board, "vcf", Limits(max_moves=moves, time=want.time), check=want.check)
        if plain.result is not Verdict.DISPROVEN:
            return None  # a VCF does it: not a puzzle of this class
    key = _unique_key(board, want, moves)
    if key is None or key.move != result.line[0]:
        return None
    if key.moves != moves:
        raise SecondLookDisagrees(
            f"the shortest win's search found {moves} moves, the search of every first move "
            f"{key.moves} in the position {position_text(board)}"
        )
    if not _confirmed(board, want, moves, key):
        return None
    return result, key.move


def _confirmed(board: Board, want: Wanted, moves: int, key: KeyMove) -> bool:
    """The second looks of a kept candidate (see :func:`_candidate`): whether each
    confirmed the first searches' "no".

    Raises:
        SecondLookDisagrees: one found a win they ruled out.
    """
    keys = confirm_keys(
        board,
        want.goal,
        Limits(max_moves=moves, time=want.time * 2),
        {key.move: key.moves},
        what="the only winning first move",
    )
    if not keys.confirmed:
        return False
    if want.goal == "vcf":
        return True
    gate = confirm_no_win(
        board,
        "vcf",
        Limits(max_moves=moves, time=want.time),
        what="no VCF",
    )
    return gate.confirmed


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
        "--count",
        type=_count,
        default=10,
        metavar="N",
        help="puzzles to find (default 10; 'all': mine the whole input)",
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
    g.add_argument(
        "--jobs", "-j", type=int, metavar="N", help="worker processes on this machine (default 1)"
    )
    g.add_argument(
        "--scheduler",
        metavar="ADDRESS",
        help="run on a Dask cluster: the scheduler's address (tcp://host:8786); needs "
        'pip install "renju-tsume[cluster]"',
    )
    g.add_argument(
        "--resume",
        action="store_true",
        help="go on with an interrupted run of OUTPUT (from OUTPUT.progress), the same command",
    )
    g.set_defaults(run=_run_generate)


def _count(text: str) -> int | None:
    if text == "all":
        return None
    try:
        n = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a number or 'all': {text!r}") from None
    if n < 1:
        raise argparse.ArgumentTypeError(f"must be at least 1 (or 'all'), not {n}")
    return n


def _answer_bounds(args: argparse.Namespace) -> tuple[int, int] | None:
    """``(--min-answer, --max-answer)`` with the kind's defaults (None for ``win``).

    Raises:
        CommandError: the bounds admit no answer.
    """
    if args.kind == "win":
        return None
    from puzzles.mine_tasks import DEFAULT_ANSWER

    low, high = DEFAULT_ANSWER["defend" if args.kind == "defend" else "points"]
    low = low if args.min_answer is None else args.min_answer
    high = high if args.max_answer is None else args.max_answer
    if low < 0 or high < max(low, 1):
        raise CommandError("need 0 <= --min-answer <= --max-answer, --max-answer >= 1")
    return low, high


def _want(args: argparse.Namespace) -> tuple[gr.Work, gr.Wants]:
    """The per-position work and what it keeps: a win puzzle (:func:`make_puzzle`,
    :class:`Wanted`) or a task (:func:`puzzles.mine_tasks.make_task`, ``TaskWanted``)."""
    check = not args.no_check
    bounds = _answer_bounds(args)
    if bounds is None:
        return make_puzzle, Wanted(
            args.goal, args.min_moves, args.max_moves, args.time, check=check
        )
    from puzzles.mine_tasks import TaskWanted, make_task

    low, high = bounds
    want = TaskWanted(
        args.kind, args.goal, args.min_moves, args.max_moves, low, high, args.time, check=check
    )
    return make_task, want


def _settings(args: argparse.Namespace) -> dict[str, Any]:
    """What must not change between a run and its ``--resume`` (all that changes the
    answer)."""
    source = args.games or args.from_file
    size = os.path.getsize(source) if source and os.path.isfile(source) else None
    bounds = _answer_bounds(args)
    return {
        "kind": args.kind,
        "min_answer": None if bounds is None else bounds[0],
        "max_answer": None if bounds is None else bounds[1],
        "id_prefix": args.id_prefix,
        "goal": args.goal,
        "count": args.count,
        "min_moves": args.min_moves,
        "max_moves": args.max_moves,
        "time": args.time,
        "check": not args.no_check,
        "games": args.games,
        "from": args.from_file,
        "input_bytes": size,
        "seed": None if source else args.seed,
    }


def _lines(args: argparse.Namespace) -> tuple[Iterator[Any], str, bool]:
    """The lines to mine, the name of their source, and whether they are game lines
    (False: ``--from`` positions).

    Raises:
        PuzzleFormatError, CommandError: the input cannot be read or holds nothing.
    """
    if args.from_file:
        if not Path(args.from_file).is_file():
            raise CommandError(f"no such file: {args.from_file!r}")
        read = read_puzzles(Path(args.from_file))
        items = read.puzzles + read.positions
        if not items:
            raise CommandError(f"{args.from_file!r}: no position to prove")
        lines: Iterator[Any] = (
            _position_line(i, item, (i + 1) / len(items)) for i, item in enumerate(items)
        )
        return lines, Path(args.from_file).name, False
    if args.games:
        if not Path(args.games).is_file():
            raise CommandError(f"no such file: {args.games!r}")
        lines = file_lines(args.games)
        first = next(lines, None)  # (a file that cannot be read at all fails here)
        if first is None:
            raise CommandError(f"{args.games!r}: no game lines to mine")
        return itertools.chain([first], lines), Path(args.games).name, True
    return generated_lines(4000, args.seed), f"generated games (seed {args.seed})", True


def _run_generate(args: argparse.Namespace) -> int:
    count = args.count
    if args.min_moves < 1 or args.max_moves < args.min_moves or args.time <= 0:
        raise CommandError("need 1 <= --min-moves <= --max-moves, --time > 0")
    if args.jobs is not None and args.jobs < 1:
        raise CommandError(f"--jobs must be at least 1, not {args.jobs}")
    if args.jobs is not None and args.scheduler:
        raise CommandError("--jobs is for this machine, --scheduler for a Dask cluster: not both")
    out = Path(args.output)
    folder = out.resolve().parent
    if not folder.is_dir():
        raise CommandError(f"cannot write {args.output!r}: no folder {str(folder)!r}")
    work, want = _want(args)
    settings = _settings(args)
    state = gr.State(settings)
    if args.resume and gr.progress_path(out).exists():
        state = gr.load_progress(out, settings)
    elif args.resume and out.exists():
        raise CommandError(
            f"nothing to resume: {args.output!r} is complete (no "
            f"{gr.progress_path(out).name!r}; use --force to mine it again)"
        )
    elif out.exists() and not args.force:
        raise CommandError(f"{args.output!r} exists (use --force to overwrite, --resume to go on)")
    lines, source, after = _lines(args)
    opts = gr.Run(
        out,
        lines,
        source,
        work,
        want,
        count,
        after=after,
        jobs=args.jobs or 1,
        scheduler=args.scheduler,
        state=state,
        id_prefix=args.id_prefix,
    )
    start = time.monotonic()
    resumed = state.lines
    try:
        with progress_bar(1.0, "generate", counts=False) as bar:
            writer = gr.run(opts, bar, verbose=sys.stderr.isatty())
    except KeyboardInterrupt:
        print(
            f"renju: interrupted after {state.lines} lines, {len(state.puzzles)} puzzles "
            f"saved to {out}; go on with the same command and --resume",
            file=sys.stderr,
        )
        return 130
    except ExecutorLost as exc:
        raise RenjuError(
            f"{exc}: stopped after {state.lines} lines, {len(state.puzzles)} puzzles saved "
            f"to {out}; go on with the same command and --resume"
        ) from None
    gr.remove_progress(out)
    found = state.puzzles
    seconds = time.monotonic() - start
    searched = writer.searched_here
    done = f", {resumed} done before the resume" if resumed else ""
    print(
        f"wrote {len(found)} puzzles to {out} in {seconds:.0f} s ({state.lines - resumed} lines"
        f"{done}, {searched:,} positions searched, {searched / max(seconds, 1e-9):.1f}/s, "
        f"{writer.tasks} tasks)"
    )
    if state.bad:
        print(f"renju: {len(state.bad)} bad record(s) skipped", file=sys.stderr)
    if state.errors:
        print(f"renju: {len(state.errors)} solver error(s), positions skipped", file=sys.stderr)
        return EXIT_SOLVER_ERROR
    return 0 if found else 1
