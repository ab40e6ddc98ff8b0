"""Helpers of the shared fixtures (``tests/conftest.py``)."""

from __future__ import annotations

import os

from solver.engine.backend import core_class

__all__ = ["LONG_SEARCH_CASE", "compiled_available", "examples", "main_interrupted"]


def examples(n: int) -> int:
    """``n`` Hypothesis examples, times ``RENJU_EXAMPLES`` (default 1) for the
    differential tests that set their own number: a longer hunt for a rare wrong verdict
    (``RENJU_EXAMPLES=20 python -m pytest tests/search/test_naive_search.py
    --hypothesis-seed=N``). A value that is not a positive number is an error.
    """
    text = os.environ.get("RENJU_EXAMPLES", "1")
    try:
        scale = float(text)
    except ValueError:
        scale = 0.0
    if not scale > 0:
        raise ValueError(f"RENJU_EXAMPLES must be a positive number, not {text!r}")
    return max(1, round(n * scale))


def compiled_available() -> bool:
    """Whether the compiled core is built."""
    try:
        core_class(True)
    except RuntimeError:
        return False
    return True


# a development case whose search takes seconds (a disproof of about ten): long enough for
# the Ctrl-C tests to stop it one second in
LONG_SEARCH_CASE = "vct_game_black_l17_1_short.txt"


def main_interrupted(argv: list[str], after: float = 1.0) -> int:
    """``renju ARGV`` run here (``solver.cli.main``), with a Ctrl-C (SIGINT to this
    process) ``after`` seconds in; its exit code."""
    import signal
    import threading

    from solver.cli import main

    timer = threading.Timer(after, os.kill, (os.getpid(), signal.SIGINT))
    timer.start()
    try:
        return main(argv)
    finally:
        timer.cancel()
