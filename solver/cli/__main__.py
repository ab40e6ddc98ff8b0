"""``python -m solver.cli``: the ``renju`` command line."""

from __future__ import annotations

import sys

from solver.cli.main import main

sys.exit(main())
