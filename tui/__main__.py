"""``python -m tui [FILE]``: the same as ``renju train [FILE]``."""

from __future__ import annotations

import sys

from solver.cli import main

if __name__ == "__main__":
    sys.exit(main(["train", *sys.argv[1:]]))
