"""``renju engine``: a Gomocup/Piskvork brain on stdin and stdout (``solver.play.gomocup``)."""

from __future__ import annotations

import argparse
import sys

from solver.cli.move_command import add_play_arguments, parse_level, parse_seconds

__all__ = ["register"]


def register(sub: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    """Add ``renju engine`` to the ``renju`` parser."""
    p = sub.add_parser(
        "engine",
        help="a Gomocup/Piskvork brain on stdin/stdout (for Piskvork, Yixin-Board, managers)",
        description=(
            "Speak the Gomocup (Piskvork) protocol on stdin and stdout: START 15, RESTART, "
            "BEGIN, TURN x,y, BOARD ... DONE, INFO (rule 4 = renju, timeout_turn, "
            "timeout_match, time_left), TAKEBACK, ABOUT, END. Coordinates x,y from 0: x the "
            "column from the left, y the row from the top. Each move takes at most --time "
            "and stays within the manager's timeout_turn and time_left."
        ),
    )
    add_play_arguments(
        p, "the most a move may take, whatever the manager allows (default 5 s)", "5"
    )
    p.add_argument("--no-debug", action="store_true", help="no DEBUG line before each move")
    p.set_defaults(run=_run)


def _run(args: argparse.Namespace) -> int:
    from solver.play.gomocup import run

    level = parse_level(args.level)
    seconds = parse_seconds(args.time)
    run(sys.stdin, sys.stdout, level=level, seconds=seconds, debug=not args.no_debug)
    return 0
