"""The workload a profile-guided build of the compiled core trains on (``setup.py``).

``python -m solver.cli.training CASES`` solves the quintet cases in the folder ``CASES``
(``tests/data/quintet-cases``): the VCF and quick cases in full, every other case cut
at ``NODES`` nodes, so the long disproofs' splits and hidden threats are trained too;
then it enumerates the forbidden points of sample games. Nothing is checked and
nothing printed: the instrumented build only counts which way the code goes. About 10 s
on the development machine.
"""

from __future__ import annotations

import sys
from pathlib import Path

from solver.cli.bench import bench_forbidden, load_case, sample_games
from solver.engine.backend import COMPILED
from solver.search.api import Limits, solve

__all__ = ["NODES", "train"]

NODES = 1_000_000


def train(cases: Path) -> int:
    """Run the workload over the case files in ``cases``; how many were solved."""
    done = 0
    for path in sorted(cases.glob("*.txt")):
        case = load_case(path)
        full = case.goal == "vcf" or "quick" in case.tags
        solve(
            case.board,
            case.goal,
            Limits(max_moves=case.limit, nodes=None if full else NODES, time=60),
        )
        done += 1
    bench_forbidden(sample_games(40), compiled=COMPILED, min_seconds=0.2)
    return done


if __name__ == "__main__":
    if len(sys.argv) != 2 or not Path(sys.argv[1]).is_dir():
        sys.exit("usage: python -m solver.cli.training CASES_FOLDER")
    if not any(Path(sys.argv[1]).glob("*.txt")):
        sys.exit(f"no case files in {sys.argv[1]!r}")
    if not COMPILED:
        sys.exit("the compiled core did not load: nothing to train")
    train(Path(sys.argv[1]))
