"""Hunt for wrong verdicts by symmetry (not a test): every puzzle solved under the 8
symmetries of the board must get the same answer, mapped back.

``python tests/support/hunt_symmetry.py NODES OUT.jsonl [SET ...]`` solves each puzzle of
the sets named (``bundled``: the win and defend collections under ``puzzles/data``;
``three``, ``three-app``, ``three-plain`` and ``vct``: the tasks of
``../shared/data/published-dev/puzzles.jsonl``; ``bundled three vct`` without a name)
under each symmetry with ``Limits(nodes=NODES)`` and the checker on, and writes one JSON
line per (puzzle, symmetry): the verdict, the length, whether the shortest search
finished, the key moves (win puzzles with a move limit) or the defences (defend
puzzles), mapped back to the puzzle's own frame, or the error raised (it resumes an
unfinished OUT). ``--compare OUT.jsonl`` then lists every disagreement between the
symmetries of one puzzle:

* ``proven`` against ``disproven`` (``unknown`` may meet either);
* two proven lengths that differ where both shortest searches finished;
* two key sets that differ (where ``all_keys`` finished), two defence splits that
  differ (where both are complete);
* any error (a proof the checker rejected, a disproof the second look did not repeat).

Win puzzles are solved with ``shortest`` (and ``all_keys`` where the puzzle states a move
limit); published ``vct`` puzzles as ``tsume`` with no limit, ``three`` as ``tsume`` in 3
under ``books`` counting (``three-COUNT``: as COUNT, e.g. ``three-app``).
"""

from __future__ import annotations

import json
import sys
import time
from collections import defaultdict
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from solver import Board
from solver.rules.geometry import SYMMETRIES, transform_point
from solver.rules.notation import point_name
from solver.search.api import Limits, Verdict, solve
from solver.search.defend import defend

DATA = Path(__file__).resolve().parents[3] / "shared/data/published-dev/puzzles.jsonl"


def inverse(sym: int) -> int:
    """The symmetry that undoes ``sym``."""
    for back in range(len(SYMMETRIES)):
        if all(transform_point(transform_point(p, sym), back) == p for p in range(225)):
            return back
    raise AssertionError(sym)


class Case:
    """One position to solve: its id, the board and how to ask."""

    def __init__(
        self, ident: str, board: Board, kind: str, goal: str, limits: dict[str, Any]
    ) -> None:
        self.ident, self.board, self.kind, self.goal, self.limits = (
            ident,
            board,
            kind,
            goal,
            limits,
        )


def cases(sets: list[str]) -> Iterator[Case]:
    if "bundled" in sets:
        from puzzles.bundled import bundled_puzzles
        from puzzles.model import Puzzle

        for p in bundled_puzzles():
            assert isinstance(p, Puzzle)
            if p.kind in ("win", "defend"):
                limits = {"max_moves": p.max_moves, "count": p.count}
                yield Case(str(p.id), p.board(), p.kind, str(p.goal), limits)
    published = [json.loads(t) for t in DATA.read_text(encoding="utf-8").splitlines()]
    for name in sets:
        task, _, count = name.partition("-")  # (three-COUNT: counted as COUNT)
        if task not in ("three", "vct"):
            continue
        for q in published:
            if q["task"] != task:
                continue
            board = Board.from_stones(
                " ".join(q["black"]), " ".join(q["white"]), to_move=q["to_move"]
            )
            limits = {"max_moves": 3, "count": count or "books"} if task == "three" else {}
            yield Case(f"{q['id']}{'@' + count if count else ''}", board, "win", "tsume", limits)


def names(points: Any, back: int) -> list[str]:
    return sorted(point_name(transform_point(p, back)) for p in points)


def run_one(case: Case, sym: int, nodes: int) -> dict[str, Any]:
    board = case.board.transform(sym)
    back = inverse(sym)
    limits = Limits(nodes=nodes, **case.limits)
    out: dict[str, Any] = {"id": case.ident, "sym": sym, "kind": case.kind}
    start = time.monotonic()
    try:
        if case.kind == "defend":
            d = defend(board, case.goal, limits)
            out.update(
                result=d.threat.value,
                complete=d.complete,
                defences=names(d.defences, back),
                refuted=names(d.refuted, back),
                unknown=names(d.unknown, back),
                nodes=d.nodes,
            )
        else:
            keys = case.limits.get("max_moves") is not None
            r = solve(board, case.goal, limits, shortest=True, all_keys=keys)
            out.update(
                result=r.result.value,
                moves=r.moves,
                shortest=r.shortest_shown,
                line=names(r.line[:1], back),
                nodes=r.nodes,
                reason=r.reason,
            )
            if r.keys is not None and r.result is not Verdict.UNKNOWN and not r.reason:
                out["keys"] = {point_name(transform_point(k.move, back)): k.moves for k in r.keys}
    except Exception as exc:  # (every error is a finding)
        out.update(result="error", error=f"{type(exc).__name__}: {exc}")
    out["seconds"] = round(time.monotonic() - start, 3)
    return out


def compare(path: Path) -> int:
    """Print every disagreement between the symmetries of one puzzle; return how many."""
    by_id: dict[str, list[dict[str, Any]]] = defaultdict(list)
    for text in path.read_text(encoding="utf-8").splitlines():
        row = json.loads(text)
        by_id[row["id"]].append(row)
    bad = 0
    for ident, rows in by_id.items():
        problems = []
        verdicts = {r["result"] for r in rows}
        if "error" in verdicts:
            problems += [f"sym {r['sym']}: {r['error']}" for r in rows if r["result"] == "error"]
        if {"proven", "disproven"} <= verdicts:
            problems.append("proven and disproven: " + str({r["sym"]: r["result"] for r in rows}))
        done = [r for r in rows if r["result"] == "proven" and r.get("shortest")]
        if len({r["moves"] for r in done}) > 1:
            problems.append("lengths " + str({r["sym"]: r["moves"] for r in done}))
        keyed = [r for r in rows if "keys" in r]
        if len({json.dumps(r["keys"], sort_keys=True) for r in keyed}) > 1:
            problems.append("keys " + str({r["sym"]: r["keys"] for r in keyed}))
        split = [r for r in rows if r.get("complete")]
        if len({(tuple(r["defences"]), tuple(r["refuted"])) for r in split}) > 1:
            problems.append("defences " + str({r["sym"]: r["defences"] for r in split}))
        if problems:
            bad += 1
            print(ident, *problems, sep="\n  ")
    print(f"{len(by_id)} puzzles, {sum(map(len, by_id.values()))} runs, {bad} with a disagreement")
    return bad


def main() -> None:
    if sys.argv[1] == "--compare":
        sys.exit(1 if compare(Path(sys.argv[2])) else 0)
    nodes, out = int(sys.argv[1]), Path(sys.argv[2])
    sets = sys.argv[3:] or ["bundled", "three", "vct"]
    done = set()
    if out.exists():  # (resume)
        for text in out.read_text(encoding="utf-8").splitlines():
            row = json.loads(text)
            done.add((row["id"], row["sym"]))
    with out.open("a", encoding="utf-8") as f:
        for case in cases(sets):
            for sym in range(len(SYMMETRIES)):
                if (case.ident, sym) in done:
                    continue
                row = run_one(case, sym, nodes)
                f.write(json.dumps(row, ensure_ascii=False) + "\n")
                f.flush()


if __name__ == "__main__":
    main()
