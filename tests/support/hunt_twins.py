"""Hunt for wrong verdicts by twins (not a test): the compiled and the pure search on
real puzzles must give the same verdict, node count, length and line.

``PYTHONPATH=tests python -m support.hunt_twins LOOP NODES OUT.jsonl [SET ...]`` (from the
repository's root) solves each puzzle of the sets (as :mod:`support.hunt_symmetry` names
them) once, ``shortest``, with ``Limits(nodes=NODES)``, by the search ``LOOP``:
``compiled`` (the compiled loop on the compiled core, the default in use), ``pure-loop``
(the pure loop on the compiled core), ``pure`` (run it under ``RENJU_PURE=1``: the pure
loop on the pure core) or ``small-table[=MB]`` (the compiled search with ``memory_mb`` MB,
4 by default: the table collected again and again; ``LOOP@MB``: any of them with an MB
table, ``pure-loop@1`` against ``compiled@1`` for the two loops' collections), and writes
one JSON line per puzzle.
``--compare A.jsonl B.jsonl ...`` lists the puzzles whose answers differ (verdict, nodes,
length, line, split); ``--verdicts A.jsonl B.jsonl ...`` those whose verdicts differ
(``unknown`` aside), or whose lengths where the shortest search finished, or splits.
The two cores count different nodes in ``threats`` (``docs/engine.md``): compare
``pure`` with ``--verdicts``.
"""

from __future__ import annotations

import json
import os
import sys
import time
from pathlib import Path
from typing import Any

import solver.search.api as api
import solver.search.dfpn as dfpn
from solver.engine.backend import COMPILED
from solver.rules.notation import point_name
from solver.search.api import Limits, solve
from solver.search.defend import defend
from support.hunt_symmetry import Case, cases

FIELDS = ("result", "moves", "nodes", "line", "shortest", "defences", "refuted", "error")
# what must agree whatever the search's path: the verdict, the length where the
# shortest search finished, a defence split
VERDICT = ("result",)


def run_one(case: Case, nodes: int, memory_mb: int | None = None) -> dict[str, Any]:
    limits = Limits(nodes=nodes, **case.limits)
    if memory_mb is not None:
        limits = limits.replace(memory_mb=memory_mb)
    out: dict[str, Any] = {"id": case.ident}
    start = time.monotonic()
    try:
        if case.kind == "defend":
            d = defend(case.board, case.goal, limits)
            out.update(
                result=d.threat.value,
                nodes=d.nodes,
                defences=[point_name(p) for p in d.defences],
                refuted=sorted(point_name(p) for p in d.refuted),
            )
        else:
            r = solve(case.board, case.goal, limits, shortest=True)
            out.update(
                result=r.result.value,
                moves=r.moves,
                nodes=r.nodes,
                line=[point_name(p) for p in r.line],
                shortest=r.shortest_shown,
            )
    except Exception as exc:  # (every error is a finding)
        out.update(result="error", error=f"{type(exc).__name__}: {exc}")
    out["seconds"] = round(time.monotonic() - start, 3)
    return out


def compare(paths: list[Path], fields: tuple[str, ...] = FIELDS) -> int:
    runs = []
    for path in paths:
        rows = [json.loads(t) for t in path.read_text(encoding="utf-8").splitlines()]
        runs.append({r["id"]: r for r in rows})
    common = set.intersection(*(set(r) for r in runs))
    bad = 0
    for ident in sorted(common):
        rows = [run[ident] for run in runs]
        if fields == FIELDS:
            differ = len({tuple(json.dumps(r.get(f)) for f in fields) for r in rows}) > 1
        else:  # (verdicts only: unknown may meet anything; lengths where shortest finished)
            verdicts = {r["result"] for r in rows} - {"unknown"}
            lengths = {r["moves"] for r in rows if r.get("shortest")}
            splits = {(str(r.get("defences")), str(r.get("refuted"))) for r in rows}
            differ = len(verdicts) > 1 or len(lengths) > 1 or len(splits) > 1
        if differ:
            bad += 1
            print(ident)
            for path, run in zip(paths, runs, strict=True):
                print(f"  {path.name}: {run[ident]}")
    print(f"{len(common)} puzzles in every run, {bad} with a difference")
    return bad


def main() -> None:
    if sys.argv[1] in ("--compare", "--verdicts"):
        fields = FIELDS if sys.argv[1] == "--compare" else VERDICT
        sys.exit(1 if compare([Path(a) for a in sys.argv[2:]], fields) else 0)
    loop, nodes, out = sys.argv[1], int(sys.argv[2]), Path(sys.argv[3])
    pure_env = os.environ.get("RENJU_PURE", "") not in ("", "0")
    memory_mb = None
    if loop.startswith("small-table"):  # the compiled search with a small table
        loop, memory_mb = "compiled", int(loop.partition("=")[2] or 4)
    elif "@" in loop:  # LOOP@MB: that loop with a table of MB
        loop, _, mb = loop.partition("@")
        memory_mb = int(mb)
    if (loop == "pure") != pure_env or (loop != "pure" and not COMPILED):
        sys.exit("pure: run under RENJU_PURE=1; compiled, pure-loop: with the extension built")
    if loop == "pure-loop":
        api.DfPn = dfpn.PureDfPn  # type: ignore[misc]
    sets = sys.argv[4:] or ["bundled", "three", "vct"]
    done = set()
    if out.exists():  # (resume)
        done = {json.loads(t)["id"] for t in out.read_text(encoding="utf-8").splitlines()}
    with out.open("a", encoding="utf-8") as f:
        for case in cases(sets):
            if case.ident not in done:
                f.write(json.dumps(run_one(case, nodes, memory_mb), ensure_ascii=False) + "\n")
                f.flush()


if __name__ == "__main__":
    main()
