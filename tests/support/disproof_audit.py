"""The disproof audit as a script: ``python tests/support/disproof_audit.py BLACK WHITE
[black|white] [GOAL] [LIMIT]`` searches the position with the default search and audits
its disproof (``solver.search.disproof``): the OR and AND nodes checked, the problems.
"""

from __future__ import annotations

import sys
import time

from solver.rules.board import Board
from solver.search.dfpn import DfPn, paused_gc
from solver.search.disproof import audit_disproof


def main(argv: list[str]) -> None:
    black, white = argv[0], argv[1]
    to_move = argv[2] if len(argv) > 2 else "black"
    goal = argv[3] if len(argv) > 3 else "tsume"
    limit = int(argv[4]) if len(argv) > 4 else 112
    board = Board.from_stones(black, white, to_move=to_move, compiled=True)
    search = DfPn(board.core.copy(), int(board.to_move), ("vcf", "vct", "tsume").index(goal))
    start = time.monotonic()
    with paused_gc():
        entry = search.solve_or(limit)
    print(f"search: pn {entry.pn} dn {entry.dn}, {search.nodes:,} nodes", flush=True)
    if entry.dn != 0:
        return
    audit = audit_disproof(search, search.or_key(limit), board.core)
    print(f"audit: {audit.or_nodes:,} OR and {audit.and_nodes:,} AND nodes checked", end="")
    print(f" in {time.monotonic() - start:.1f} s; {len(audit.problems)} problems", end="")
    print("" if audit.complete else " (incomplete)")
    for text in audit.problems[:50]:
        print(" ", text)


if __name__ == "__main__":
    main(sys.argv[1:])
