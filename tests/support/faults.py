"""Faults injected into the solver, for tests that a rejected proof is an error."""

from __future__ import annotations

from typing import Any

import pytest

import solver.search.respond as respond_module
from solver.search.proof import ProofNode

__all__ = ["drop_a_defence", "fault_respond"]


def drop_a_defence(node: ProofNode) -> bool:
    """Remove one refuted defence (the lowest point) from the first node of ``node``
    that has any, leaving it unanswered; whether one was removed."""
    for _, sub in node.walk():
        if sub.refuted:
            kept = dict(sub.refuted)
            del kept[min(kept)]
            sub.refuted = kept
            return True
    return False


def fault_respond(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """Make ``respond`` leave a defence unanswered in every proof it returns; the moves
    whose proofs were faulted are collected in the list returned."""
    real = respond_module._respond
    faulted: list[int] = []

    def faulty(*args: Any) -> respond_module.Response:
        out = real(*args)
        if out.node is not None and drop_a_defence(out.node):
            faulted.append(out.node.move)
        return out

    monkeypatch.setattr(respond_module, "_respond", faulty)
    return faulted
