"""``solver.records``: the value classes a solve builds behave as the dataclasses they
replaced (the oracle: the same fields declared with ``@dataclass``)."""

from __future__ import annotations

import copy
import dataclasses
import pickle

import pytest
from hypothesis import given
from hypothesis import strategies as st

from solver.rules.board import Color
from solver.search.api import Goal, KeyMove, Limits, SolveResult, Verdict
from solver.search.proof import ProofNode


@dataclasses.dataclass(frozen=True)
class LimitsOracle:
    max_moves: int | None = None
    time: float | None = None
    nodes: int | None = None
    memory_mb: int = 4096
    count: str = "plain"


limits_args = st.tuples(
    st.none() | st.integers(0, 40),
    st.none() | st.floats(0, 100),
    st.none() | st.integers(0, 10**9),
    st.integers(1, 4096),
    st.sampled_from(["plain", "books", "final-vcf"]),
)


@given(limits_args, limits_args)
def test_frozen_record_equality_hash_and_repr_as_a_frozen_dataclass(
    a: tuple[object, ...], b: tuple[object, ...]
) -> None:
    ours_a, ours_b = Limits(*a), Limits(*b)  # type: ignore[arg-type]
    theirs_a, theirs_b = LimitsOracle(*a), LimitsOracle(*b)  # type: ignore[arg-type]
    assert (ours_a == ours_b) == (theirs_a == theirs_b)
    assert (hash(ours_a) == hash(Limits(*a))) and ours_a == Limits(*a)  # type: ignore[arg-type]
    assert repr(ours_a) == repr(theirs_a).replace("LimitsOracle", "Limits")
    assert pickle.loads(pickle.dumps(ours_a)) == ours_a
    assert ours_a != theirs_a  # (another class: never equal, as between dataclasses)


def test_frozen_record_refuses_assignment_as_a_frozen_dataclass() -> None:
    limits = Limits(max_moves=3)
    with pytest.raises(AttributeError, match="cannot assign to field 'max_moves'"):
        limits.max_moves = 4  # type: ignore[misc]
    with pytest.raises(AttributeError):
        del limits.count
    assert limits == Limits(3) and Limits() == Limits(None, None, None, 4096, "plain")
    assert KeyMove(1, 2) != KeyMove(2, 1) and len({KeyMove(1, 2), KeyMove(1, 2)}) == 1


def test_mutable_records_compare_by_fields_and_do_not_hash() -> None:
    a = SolveResult(Verdict.PROVEN, Color.BLACK, Goal.VCF, line=[1, 2, 3], moves=2)
    b = copy.deepcopy(a)
    assert a == b and a.line is not b.line
    b.nodes = 7
    assert a != b
    assert SolveResult(Verdict.PROVEN, Color.BLACK, Goal.VCF).line == []
    assert repr(a).startswith("SolveResult(result=<Verdict.PROVEN: ")
    with pytest.raises(TypeError):
        hash(a)
    leaf = ProofNode(112, 1, final="five")
    assert ProofNode(97, 2, {98: leaf}) == ProofNode(97, 2, {98: ProofNode(112, 1, final="five")})
    assert ProofNode(97, 2, {98: leaf}) != ProofNode(97, 2, {98: ProofNode(112, 1)})
    assert pickle.loads(pickle.dumps(leaf)) == leaf
