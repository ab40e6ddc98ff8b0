"""``renju move``: the engine's move in a position, and why (``solver.play``)."""

from __future__ import annotations

import argparse
import json

from solver.cli.position import add_position_arguments, position_from_args
from solver.cli.solve_command import add_check_argument
from solver.errors import CommandError
from solver.rules.notation import point_name

__all__ = ["add_play_arguments", "parse_level", "parse_seconds", "register"]


def register(sub: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    """Add ``renju move`` to the ``renju`` parser."""
    p = sub.add_parser(
        "move",
        help="the engine's move for the side to move, and why",
        description=(
            "Play a move for the side to move: its own forced win first (vcf, then vct and "
            "tsume), else a defence against the opponent's (defence), else the best move by "
            "the evaluation of shapes and a shallow search (eval). Black never plays a "
            "forbidden point. A level answers a position the same way each time."
        ),
    )
    add_position_arguments(p)
    add_play_arguments(p, "time for the move (default 1 s)", "1")
    p.add_argument("--json", action="store_true", help="machine-readable output")
    add_check_argument(p)
    p.set_defaults(run=_run)


def add_play_arguments(p: argparse.ArgumentParser, time_help: str, time_default: str) -> None:
    """``--level`` and ``--time``, shared by ``move`` and ``engine`` (read as text and
    checked by :func:`parse_level` and :func:`parse_seconds`: one-line errors)."""
    p.add_argument(
        "--level", default="5", metavar="1-5", help="strength, 1 (weakest) to 5 (default)"
    )
    p.add_argument("--time", default=time_default, metavar="SECONDS", help=time_help)


def parse_level(text: str) -> int:
    """A level 1-5 from the command line.

    Raises:
        CommandError: quoting ``text`` otherwise.
    """
    if text.strip() not in ("1", "2", "3", "4", "5"):
        raise CommandError(f"--level must be 1 to 5, not {text!r}")
    return int(text)


def parse_seconds(text: str) -> float:
    """A positive time in seconds from the command line.

    Raises:
        CommandError: quoting ``text`` otherwise.
    """
    try:
        seconds = float(text)
    except ValueError:
        seconds = float("nan")
    if not 0 < seconds < 1e6:
        raise CommandError(f"--time must be a positive number of seconds, not {text!r}")
    return seconds


def _run(args: argparse.Namespace) -> int:
    from solver.play.player import choose_move

    level = parse_level(args.level)
    seconds = parse_seconds(args.time)
    board, _ = position_from_args(args)
    choice = choose_move(board, level, seconds, check=not args.no_check)
    if args.json:
        print(json.dumps(choice.to_json()))
        return 0
    data = choice.to_json()
    said = {
        "vcf": "wins by fours (VCF)",
        "vct": "wins by fours and threes (VCT)",
        "tsume": "wins with threats (tsume)",
        "defence": "stops the opponent's win",
        "eval": "the best move by evaluation",
    }[choice.why]
    print(f"{data['move']}: {said} ({board.to_move.label()} to move)")
    if len(choice.line) > 1:
        print(f"Line: {' '.join(point_name(p) for p in choice.line)}")
    if choice.threat:
        print(f"Threat stopped: {' '.join(point_name(p) for p in choice.threat)}")
    return 0
