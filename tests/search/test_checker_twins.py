"""The compiled proof checker (``solver/search/checker_fast.pyx``) against the reference
(``solver/search/checker.py``): the same verdict and the same length on the development
cases' proofs, on the same proofs with a fault put in (a move changed, a defence left
unanswered, a certificate cut or changed), checked under every goal, on those proofs and
their certificates in the position with a few stones added next to the stones (which
make counter-fours, forbidden points and overlines the proof did not meet), and on random
runs of fours (a wrong block now and then) in positions made for forbidden interplay.

``check_proof`` runs the compiled twin on a position of the compiled core and the
reference to name the fault it finds; on the pure core it runs the reference alone.
"""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from support.fixtures import compiled_available, examples
from support.naive_cases import HEALTH, positions
from support.naive_positions import around_a_point, scattered
from support.oracle import Stones
from support.quintet import load, names

import solver.search.checker as checker
from solver import Board
from solver.rules.board import Color
from solver.rules.notation import parse_point, parse_points
from solver.search.api import Limits, solve
from solver.search.checker import ProofError, check_line, check_proof
from solver.search.proof import ProofNode

try:
    import solver.search.checker_fast as checker_fast
except ImportError:  # pragma: no cover - a build without the extensions
    if compiled_available():
        raise
    pytest.skip("compiled checker not built", allow_module_level=True)

# cases whose proofs are found in a few milliseconds, with forbidden points and counter
# fours among them, both colours attacking
QUICK = [
    "vcf_black",
    "vcf_counter",
    "vcf_long",
    "vcf_white",
    "vct_black",
    "vct_counter",
    "vct_dual_forbiddens",
    "vct_forbidden_breaker",
    "vct_fukumi",
    "vct_game_black_l06_1",
    "vct_game_black_l08_1",
    "vct_game_white_l06_1",
    "vct_game_white_l08_1",
    "vct_game_white_l10_1",
    "vct_white",
]
GOALS = ("vcf", "vct", "tsume")


def _proof(name: str) -> tuple[Board, ProofNode, str]:
    case = load(name)
    result = solve(case.board, case.goal, Limits(max_moves=case.limit), check=False)
    assert result.tree is not None, name
    return case.board, result.tree, case.goal


def _reference_line(board: Board, line: list[int] | tuple[int, ...]) -> int | None:
    """The reference's length of a VCF line (None: it raised)."""
    try:
        return checker._check_vcf(checker._Rules(board), int(board.to_move), tuple(line), ())
    except ProofError:
        return None


def _twins(board: Board, tree: ProofNode, goal: str) -> tuple[int | None, int | None]:
    """The compiled twin's length (None: a fault) and the reference's (None: it raised)."""
    fast = checker_fast.proof_length(
        board.core.copy(), board.rule.value == "renju", int(board.to_move), tree, goal
    )
    try:
        ref: int | None = checker._check_node(
            checker._Rules(board), int(board.to_move), tree, goal, ()
        )
    except ProofError:
        ref = None
    return fast, ref


@pytest.mark.parametrize("name", QUICK)
def test_the_twins_agree_on_the_cases_proofs(name: str) -> None:
    board, tree, goal = _proof(name)
    fast, ref = _twins(board, tree, goal)
    assert fast == ref == check_proof(board, tree, goal)
    assert fast is not None and fast >= 1
    for other in GOALS:
        assert len(set(_twins(board, tree, other))) == 1, other


@pytest.mark.slow
@pytest.mark.parametrize("name", [n for n in names() if n not in QUICK])
def test_the_twins_agree_on_every_cases_proof(name: str) -> None:
    case = load(name)
    result = solve(case.board, case.goal, Limits(max_moves=case.limit, time=60), check=False)
    if result.tree is None:
        pytest.skip(f"{name}: no proof")
    fast, ref = _twins(case.board, result.tree, case.goal)
    assert fast == ref and fast is not None


def _nodes(tree: ProofNode) -> list[ProofNode]:
    return [node for _, node in tree.walk()]


def _fault(data: st.DataObject, tree: ProofNode) -> str:
    """Put one fault (of the kinds a wrong search could make) into ``tree``, in place; its
    description."""
    node = data.draw(st.sampled_from(_nodes(tree)))
    kinds = ["move"]
    if node.replies:
        kinds += ["reply dropped", "reply moved", "reply shared"]
    if node.refuted:
        kinds += ["refutation dropped", "line cut", "line point", "line moved", "line shared"]
    kind = data.draw(st.sampled_from(kinds))
    point = data.draw(st.integers(0, 224))
    replies: dict[int, ProofNode] = dict(node.replies)
    refuted: dict[int, tuple[int, ...]] = dict(node.refuted)
    # (a shared answer is the same object under another defence, as a proof's
    # transpositions and a node's refutations share them: the checker's memos must tell
    # the positions apart)
    other = data.draw(st.sampled_from(sorted({*replies, *refuted}) or [point]), label="other")
    if kind == "move":
        node.move = point
    elif kind == "reply dropped":
        del replies[data.draw(st.sampled_from(sorted(replies)))]
    elif kind == "reply moved":
        key = data.draw(st.sampled_from(sorted(replies)))
        replies[point] = replies.pop(key)
        refuted.pop(point, None)
    elif kind == "reply shared":
        replies[other] = replies[data.draw(st.sampled_from(sorted(replies)))]
        refuted.pop(other, None)
    elif kind == "line shared":
        # (under a defence on the line itself, most often: the line cannot stand there)
        line = refuted[data.draw(st.sampled_from(sorted(refuted)))]
        other = data.draw(st.sampled_from([other, *line]), label="under")
        refuted[other] = line
        replies.pop(other, None)
    else:
        key = data.draw(st.sampled_from(sorted(refuted)))
        line = refuted.pop(key)
        if kind == "line cut":
            refuted[key] = line[: data.draw(st.integers(0, max(0, len(line) - 1)))]
        elif kind == "line point" and line:
            at = data.draw(st.integers(0, len(line) - 1))
            refuted[key] = (*line[:at], point, *line[at + 1 :])
        elif kind == "line moved":
            refuted[point] = line
            replies.pop(point, None)
    node.replies, node.refuted = replies, refuted
    return f"{kind} at {node.move} ({point})"


@settings(max_examples=examples(150), deadline=None)
@given(name=st.sampled_from(QUICK), goal=st.sampled_from(GOALS), data=st.data())
def test_the_twins_agree_on_faulty_proofs(name: str, goal: str, data: st.DataObject) -> None:
    board, tree, _ = _proof(name)
    fault = _fault(data, tree)
    fast, ref = _twins(board, tree, goal)
    assert fast == ref, fault
    if ref is None:
        with pytest.raises(ProofError):
            check_proof(board, tree, goal)


def test_an_open_four_does_not_win_against_a_five_point() -> None:
    # White's k8 makes the open four h8-k8, but Black has five points at b1 and b6
    board = Board.from_stones("b2 b3 b4 b5 n1 n3", "h8 i8 j8 a9", to_move="white")
    tree = ProofNode(move=parse_point("k8"), length=1)
    assert _twins(board, tree, "vcf") == (None, None)
    quiet = Board.from_stones("b2 b3 b4 n1 n3 n5", "h8 i8 j8 a9", to_move="white")
    assert _twins(quiet, tree, "vcf") == (1, 1)


def test_black_cannot_play_his_double_four_in_a_certificate() -> None:
    # h8 makes two fours (e8-h8 blocked at d8, h5-h8 blocked at h4): a double four,
    # forbidden for Black; White may play it
    black, white = "e8 f8 g8 h5 h6 h7", "d8 h4 a1 a3 a5 a7"
    line = parse_points("h8")
    for mover, expected in (("black", None), ("white", 1)):
        stones = (black, white) if mover == "black" else (white, black)
        board = Board.from_stones(*stones, to_move=mover)
        fast = checker_fast.line_length(board.core.copy(), True, int(board.to_move), line)
        assert fast == _reference_line(board, line) == expected, mover
        if expected is None:
            with pytest.raises(ProofError, match="not playable"):
                check_line(board, line)
        else:
            assert check_line(board, line) == expected


def test_a_defence_that_makes_five_is_not_refuted() -> None:
    # White's open four k8 refutes a far defence (o15), but not Black's b6, which
    # completes b2-b6
    line = parse_points("k8")
    quiet = Board.from_stones("b2 b3 b4 n1 n3 n5", "h8 i8 j8 a9", to_move="black", compiled=True)
    assert checker.RefutationChecker(quiet, "vct")._twin_length(parse_point("o15"), line) == 1
    board = Board.from_stones("b2 b3 b4 b5 n1 n3", "h8 i8 j8 a9", to_move="black", compiled=True)
    trial = checker.RefutationChecker(board, "vct")
    assert trial._twin_length(parse_point("b6"), line) is None
    with pytest.raises(ProofError, match="makes five"):
        trial.check(parse_point("b6"), line)


def test_check_proof_names_the_fault_the_twin_finds() -> None:
    board, tree, goal = _proof("vct_game_white_l06_1")
    node = next(n for n in _nodes(tree) if n.refuted)
    kept = dict(node.refuted)
    del kept[min(kept)]
    node.refuted = kept
    assert _twins(board, tree, goal) == (None, None)
    with pytest.raises(ProofError, match="is not answered"):
        check_proof(board, tree, goal)


def _on_core(board: Board, compiled: bool) -> Board:
    black, white = board.stones(Color.BLACK), board.stones(Color.WHITE)
    return Board.from_stones(black, white, board.to_move, compiled=compiled)


def test_a_fault_only_the_twin_finds_is_an_error(monkeypatch: pytest.MonkeyPatch) -> None:
    board, tree, goal = _proof("vct_game_white_l06_1")
    board = _on_core(board, True)
    monkeypatch.setattr(checker, "_twin", SimpleNamespace(proof_length=lambda *args: None))
    with pytest.raises(ProofError, match="compiled checker rejects the proof"):
        check_proof(board, tree, goal)


def test_the_pure_core_is_checked_by_the_reference(monkeypatch: pytest.MonkeyPatch) -> None:
    board, tree, goal = _proof("vct_game_white_l06_1")
    calls: list[Any] = []

    def spy(*args: Any) -> int | None:
        calls.append(args)
        return checker_fast.proof_length(*args)

    monkeypatch.setattr(checker, "_twin", SimpleNamespace(proof_length=spy))
    length = check_proof(_on_core(board, True), tree, goal)
    assert len(calls) == 1
    assert check_proof(_on_core(board, False), tree, goal) == length
    assert len(calls) == 1


def _four_walk(board: Board, data: st.DataObject) -> list[int]:
    """A run of the attacker's fours, each with its block (now and then another point),
    and a last move: a five point or any point."""
    core = board.core.copy()
    a = int(board.to_move)
    line: list[int] = []
    for _ in range(data.draw(st.integers(0, 6), label="fours")):
        mine = set(core.five_points(a))
        fours = []
        for p in range(225):
            if not core.get(p):
                core.put(p, a)
                new = set(core.five_points(a)) - mine
                core.remove(p)
                if new:
                    fours.append((p, min(new)))
        if not fours:
            break
        p, q = data.draw(st.sampled_from(fours))
        if data.draw(st.integers(0, 9)) == 0:
            q = data.draw(st.integers(0, 224), label="another block")
        line += [p, q]
        if q == p or core.get(q):
            return line
        core.put(p, a)
        core.put(q, 3 - a)
    ends = [*sorted(core.five_points(a)), data.draw(st.integers(0, 224), label="any point")]
    line.append(data.draw(st.sampled_from(ends), label="last"))
    return line


def _check_runs(position: tuple[Stones, Stones, int], data: st.DataObject) -> None:
    black, white, attacker = position
    board = Board.from_stones(
        [p[1] * 15 + p[0] for p in black],
        [p[1] * 15 + p[0] for p in white],
        to_move="black" if attacker == 1 else "white",
        compiled=True,
    )
    line = _four_walk(board, data)
    fast = checker_fast.line_length(board.core.copy(), True, attacker, line)
    assert fast == _reference_line(board, line), line


@settings(max_examples=examples(300), deadline=None, suppress_health_check=HEALTH)
@given(st.one_of(positions(around_a_point), positions(scattered)), st.data())
def test_the_twins_agree_on_runs_of_fours(
    position: tuple[Stones, Stones, int], data: st.DataObject
) -> None:
    _check_runs(position, data)


def _certificates(tree: ProofNode) -> list[tuple[list[int], tuple[int, ...]]]:
    """Each refuted defence's certificate, with the moves from the root to the position it
    is replayed in (attacker to move)."""
    return [
        ([*path, node.move, m], tuple(line))
        for path, node in tree.walk()
        for m, line in sorted(node.refuted.items())
    ]


def _after(board: Board, moves: list[int]) -> Board:
    """``board`` after ``moves``, the side to move first."""
    me, you = board.to_move, board.to_move.opponent
    stones = {me: board.stones(me) + moves[::2], you: board.stones(you) + moves[1::2]}
    to_move = you if len(moves) % 2 else me
    return Board.from_stones(stones[Color.BLACK], stones[Color.WHITE], to_move, compiled=True)


def _added(board: Board, data: st.DataObject) -> Board:
    """``board`` with one to three stones of either colour added next to its stones."""
    black, white = board.stones(Color.BLACK), board.stones(Color.WHITE)
    for _ in range(data.draw(st.integers(1, 3), label="stones added")):
        taken = set(black) | set(white)
        near = sorted(
            q
            for p in taken
            for q in range(225)
            if q not in taken and max(abs(q % 15 - p % 15), abs(q // 15 - p // 15)) <= 2
        )
        q = data.draw(st.sampled_from(near), label="added at")
        (black if data.draw(st.booleans(), label="black") else white).append(q)
    return Board.from_stones(black, white, board.to_move, compiled=True)


@settings(max_examples=examples(60), deadline=None)
@given(name=st.sampled_from(QUICK), data=st.data())
def test_the_twins_agree_in_a_position_with_stones_added(name: str, data: st.DataObject) -> None:
    board, tree, goal = _proof(name)
    changed = _added(board, data)
    if changed.five_on_board() is None:
        assert len(set(_twins(changed, tree, goal))) == 1
    moves, line = data.draw(st.sampled_from(_certificates(tree) or [([], ())]))
    there = _added(_after(board, moves), data)
    if there.five_on_board() is not None:
        return
    fast = checker_fast.line_length(there.core.copy(), True, int(there.to_move), line)
    assert fast == _reference_line(there, line), line


@settings(max_examples=examples(60), deadline=None)
@given(name=st.sampled_from(QUICK), data=st.data())
def test_the_refutation_twins_agree(name: str, data: st.DataObject) -> None:
    # a node's defences, each with its own answer or another defence's, and points that
    # are no legal defence (taken, forbidden, a five of the defender's), sometimes with
    # stones added next to the stones
    board, tree, goal = _proof(name)
    certificates = _certificates(tree)
    if not certificates:
        return
    moves, _ = data.draw(st.sampled_from(certificates))
    here = _after(board, moves[:-1])  # (the defender to move)
    if data.draw(st.booleans(), label="stones added"):
        here = _added(here, data)
        if here.five_on_board() is not None:
            return
    trial = checker.RefutationChecker(here, goal, data.draw(st.sampled_from([None, 1, 3, 9])))
    node = next(n for p, n in tree.walk() if [*p, n.move] == moves[:-1])
    answers: dict[int, Any] = {**node.refuted, **node.replies}
    core, d = here.core, int(here.to_move)
    kinds = [
        sorted(answers),
        [p for p in range(225) if core.get(p)],
        [p for p in range(225) if d == 1 and not core.get(p) and core.forbidden(p)],
        core.five_points(d),
    ]
    for _ in range(5):
        m = data.draw(st.sampled_from([k for k in kinds if k]).flatmap(st.sampled_from))
        ref = answers[data.draw(st.sampled_from(sorted(answers)), label="answer of")]
        try:
            expected: int | None = trial._reference(m, ref)
        except ProofError:
            expected = None
        assert trial._twin_length(m, ref) == expected, (m, ref)
        assert trial.holds(m, ref) is (expected is not None)
