"""No proof is shown unchecked, and a disproof gets a second look.

A fault is injected into the proof tree builder (a refuted defence dropped from a proof,
so that defence is left unanswered): ``solve`` must raise ``ProofRejected`` naming the
position, ``renju solve`` must print one line and exit 3, ``--no-check`` lets the faulty
tree through, ``verify`` reports the puzzle as a solver error and goes on, and the
trainer shows an error instead of the solution. A first search made to answer
"disproven" on a puzzle with a win is caught by the second look (``safe``).
"""

from __future__ import annotations

import json
import time
from collections.abc import Iterator, MutableMapping
from pathlib import Path
from typing import Any

import pytest
from support.books import run_puzzle

import puzzles.verify
import solver.search.second_look
from puzzles.generate import Wanted, mine
from puzzles.io import read_puzzles
from puzzles.model import Puzzle
from puzzles.verify import verify_puzzle
from solver.cli import main
from solver.cli.bench import load_case, sample_games
from solver.errors import EXIT_SOLVER_ERROR, ProofRejected, SolverError
from solver.rules.board import Board, Color
from solver.rules.notation import point_name
from solver.search.api import Goal, Limits, SolveResult, Verdict, solve
from solver.search.checker import ProofError, check_proof
from solver.search.dfpn import CompiledDfPn, DfPn, PureDfPn
from solver.search.proof import ProofNode

DATA = Path(__file__).resolve().parents[1] / "data"
SOUND = DATA / "verify" / "sound.renju"
CASES = DATA / "quintet-cases"
# README's example: White wins in 6 (tsume), with refuted defences at its AND nodes
BLACK, WHITE = "j6 i7 j7 g8 h8 l9", "k8 f9 g9 g10 g12"
POSITION = ["--black", BLACK, "--white", WHITE, "--to-move", "white"]


def example() -> Board:
    return Board.from_stones(BLACK, WHITE, to_move="white")


def _drop_a_defence(tree: ProofNode) -> int | None:
    """Remove one refuted defence (the lowest point) from the first node that has any;
    the point removed, or None if the tree has no refuted defence."""
    for _, node in tree.walk():
        if node.refuted:
            kept = dict(node.refuted)
            dropped = min(kept)
            del kept[dropped]
            node.refuted = kept
            return dropped
    return None


@pytest.fixture
def unanswered(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[int]]:
    """The proof builder leaves a defence unanswered in every proof it builds (the
    points dropped are collected in the list yielded)."""
    real = DfPn.proof
    dropped: list[int] = []

    def proof(self: Any, key: int, memo: MutableMapping[Any, ProofNode] | None = None) -> Any:
        tree = real(self, key, memo)
        if memo is None:  # (the top call: its recursive calls pass their memo)
            point = _drop_a_defence(tree)
            if point is not None:
                dropped.append(point)
        return tree

    monkeypatch.setattr(DfPn, "proof", proof)
    yield dropped


def test_checker_docstring_example() -> None:
    # (solver/checker.py's doctest: the module is compiled, so pytest skips its file)
    board = Board.from_stones("f8 g8 h8", "f9 g9 h9")
    result = solve(board, "vct", shortest=True)
    assert result.tree is not None
    assert check_proof(board, result.tree, "vct", max_moves=1) == 1


def test_checked_proof_by_default() -> None:
    result = solve(example(), "tsume")
    assert result.result is Verdict.PROVEN and result.moves == 6
    assert result.checked and result.check_seconds > 0
    data = result.to_json()
    assert data["checked"] is True and data["check_seconds"] >= 0


def test_solve_raises_on_a_proof_the_checker_rejects(unanswered: list[int]) -> None:
    with pytest.raises(ProofRejected) as info:
        solve(example(), "tsume")
    (dropped,) = unanswered
    message = str(info.value)
    assert isinstance(info.value, SolverError) and isinstance(info.value, ValueError)
    assert f"the defence {point_name(dropped)} is not answered" in message
    assert "position black: j6 i7 j7 g8 h8 l9; white: k8 f9 g9 g10 g12; white to move" in message
    assert "\n" not in message


def test_white_must_answer_at_points_forbidden_for_black() -> None:
    """White defends anywhere, Black's forbidden points too: a Black win whose proof
    leaves White's defence at one of them unanswered is rejected (the checker must not
    leave out Black's forbidden points for the wrong side)."""
    case = load_case(CASES / "vct_game_black_l05_1.txt")
    result = solve(case.board, case.goal, Limits(max_moves=case.limit))
    assert result.result is Verdict.PROVEN and result.tree is not None
    tree = result.tree
    after_key = case.board.copy()
    after_key.push(tree.move)
    forbidden = [m for m in tree.refuted if after_key.core.forbidden(m)]
    assert [point_name(m) for m in forbidden] == ["d8"]  # (forbidden for Black, free for White)
    refuted = dict(tree.refuted)
    del refuted[forbidden[0]]
    tree.refuted = refuted
    with pytest.raises(ProofError, match="the defence d8 is not answered"):
        check_proof(case.board, tree, case.goal, max_moves=case.limit)


def test_no_check_lets_the_faulty_proof_through(unanswered: list[int]) -> None:
    result = solve(example(), "tsume", check=False)
    (dropped,) = unanswered
    assert result.result is Verdict.PROVEN and not result.checked
    assert result.tree is not None  # the faulty tree itself, as the checker tells
    with pytest.raises(ProofError, match=f"the defence {point_name(dropped)} is not answered"):
        check_proof(example(), result.tree, "tsume", 6)


def test_cli_rejected_proof_is_one_line_exit_3(
    unanswered: list[int], capsys: pytest.CaptureFixture[str]
) -> None:
    code = main(["solve", *POSITION, "--json"])
    out, err = capsys.readouterr()
    assert code == EXIT_SOLVER_ERROR == 3
    assert out == "" and err.count("\n") == 1
    assert err.startswith("renju: solver error: the checker rejected the proof")
    assert "is not answered" in err and "Traceback" not in err
    code = main(["solve", *POSITION, "--json", "--no-check"])
    out, err = capsys.readouterr()
    assert code == 0 and err == ""
    data = json.loads(out)
    assert data["result"] == "proven" and data["checked"] is False


def test_verify_reports_a_rejected_proof_as_solver_error_and_goes_on(
    unanswered: list[int], capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    # sound-vcf's proof is a VCF line (no refuted defence: not faulted), sound-vct's is not
    report = tmp_path / "r.json"
    code = main(["verify", str(SOUND), "--json", str(report)])
    out, _ = capsys.readouterr()
    assert code == EXIT_SOLVER_ERROR
    lines = out.splitlines()
    assert lines[0].startswith("ok") and "sound-vcf: proven in 5" in lines[0]
    assert lines[1].startswith("ERR ") and "sound-vct: solver error" in lines[1]
    data = json.loads(report.read_text())
    by_id = {p["id"]: p for p in data["puzzles"]}
    assert by_id["sound-vcf"]["result"] == "proven" and by_id["sound-vcf"]["problems"] == []
    vct = by_id["sound-vct"]
    assert vct["result"] == "error" and len(vct["problems"]) == 1
    assert vct["problems"][0].startswith("solver error: the checker rejected the proof")
    assert data["summary"]["results"]["error"] == 1
    assert data["summary"]["problems"] == {"solver error": 1}
    # unchecked, the faulty proof passes for a sound puzzle
    assert main(["verify", str(SOUND), "--no-check"]) == 0
    capsys.readouterr()


def _first_search_says_no_win(monkeypatch: pytest.MonkeyPatch, target: Board) -> list[str]:
    """``verify``'s first search (shortest, with the shortcuts) answers "disproven" on
    ``target``; every other search runs as it is. Returns the calls made on ``target``."""
    real = solve
    calls: list[str] = []

    def faulty(board: Board, goal: Any, limits: Limits | None = None, **kw: Any) -> SolveResult:
        if board.hash == target.hash and board.to_move == target.to_move:
            calls.append("safe" if kw.get("safe") else "shortest" if kw.get("shortest") else "")
            if kw.get("shortest") and not kw.get("safe"):
                return SolveResult(Verdict.DISPROVEN, board.to_move, Goal.parse(goal))
        return real(board, goal, limits, **kw)

    monkeypatch.setattr(puzzles.verify, "solve", faulty)
    monkeypatch.setattr(solver.search.second_look, "solve", faulty)  # (recorded, not faulted)
    return calls


def test_second_look_contradicts_a_wrong_disproof(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    first, second = read_puzzles(SOUND).puzzles  # sound-vcf (faulted), then sound-vct
    calls = _first_search_says_no_win(monkeypatch, first.board())
    report = verify_puzzle(first, 10)
    assert calls == ["shortest", "safe"]
    assert report.result == "error" and not report.sound and len(report.problems) == 1
    assert report.problems[0].startswith(
        "solver error: the search found no win, a search without its shortcuts found one ("
    )
    # the command line: that puzzle is a solver error, the next one is still verified
    path = tmp_path / "r.json"
    code = main(["verify", str(SOUND), "--json", str(path)])
    out, _ = capsys.readouterr()
    assert code == EXIT_SOLVER_ERROR
    lines = out.splitlines()
    assert lines[0].startswith("ERR ") and "sound-vcf: solver error" in lines[0]
    assert lines[1].startswith("ok") and "sound-vct: proven in" in lines[1]
    data = json.loads(path.read_text())
    assert [p["result"] for p in data["puzzles"]] == ["error", "proven"]
    assert second.id == "sound-vct"


def test_second_look_counts_as_the_puzzle_counts(monkeypatch: pytest.MonkeyPatch) -> None:
    """A "win in 2" as the books count (the run of fours f2, i5 one move, then k5, a
    double three): the second look must count the same way. Counting every move, no
    win within 2 exists, and a wrong "disproven" from the first search would stand."""
    puzzle = run_puzzle()
    calls = _first_search_says_no_win(monkeypatch, puzzle.board())
    report = verify_puzzle(puzzle, 10)
    assert calls == ["shortest", "safe"]
    assert report.result == "error"
    assert report.problems[0].startswith("solver error: the search found no win, a search")


def test_second_look_agrees_with_a_true_disproof() -> None:
    (disproven,) = [
        p for p in read_puzzles(DATA / "verify" / "collection.renju").puzzles if p.id == "disproven"
    ]
    report = verify_puzzle(disproven, 10)
    assert report.result == "disproven"
    assert report.problems == ["no win found within 11 moves (disproven)"]


@pytest.mark.parametrize(
    "name",
    ["vct_fukumi", "vct_game_white_l05_1", "vct_game_white_l05_1_short", "vct_counter"],
)
def test_safe_search_same_verdicts_and_both_loops_honour_it(name: str) -> None:
    case = load_case(CASES / f"{name}.txt")
    fast = solve(case.board, case.goal, Limits(max_moves=case.limit))
    safe = solve(case.board, case.goal, Limits(max_moves=case.limit), safe=True)
    assert (safe.result, safe.moves) == (fast.result, fast.moves)
    assert safe.result.value == case.expect
    if CompiledDfPn is None:
        pytest.skip("the compiled loop is not built")
    nodes = []
    for cls in (PureDfPn, CompiledDfPn):
        core = case.board.core.copy()
        search = cls(core, int(case.board.to_move), Goal.parse(case.goal).mode, safe=True)
        entry = search.solve_or(case.limit or 112)
        nodes.append((entry.pn == 0, search.nodes))
    assert nodes[0] == nodes[1]
    assert nodes[0][0] is (case.expect == "proven")


def test_safe_search_turns_the_shortcuts_off() -> None:
    # vct_fukumi needs a hidden threat: without staging and zones the search differs
    case = load_case(CASES / "vct_fukumi.txt")
    core = case.board.core.copy()
    search = DfPn(core, int(case.board.to_move), 2, safe=True)
    assert (search.safe and getattr(core, "zones", False) is False) or not hasattr(core, "zones")
    fast = solve(case.board, case.goal, Limits(max_moves=case.limit))
    safe = solve(case.board, case.goal, Limits(max_moves=case.limit), safe=True)
    assert safe.nodes != fast.nodes


def _positions(games: list[list[int | None]], min_stones: int) -> Iterator[tuple[int, int, Board]]:
    """Every position along the games the generator searches (an oracle for its count): ``(game, moves played, board)``
    (at least ``min_stones`` stones, no five; the position after the last move too)."""
    for gi, game in enumerate(games):
        board = Board()
        for k in range(len(game) + 1):
            if board.stone_count >= min_stones and board.five_on_board() is None:
                yield gi, k, board.copy()
            if k == len(game):
                break
            move = game[k]
            if move is not None and board.core.get(move):
                break
            board.push(move)


def test_generate_skips_positions_with_solver_errors(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    def rejected(board: Board, *args: Any, **kw: Any) -> SolveResult:
        raise ProofRejected("the checker rejected the proof (test)")

    monkeypatch.setattr("puzzles.generate.solve", rejected)
    errors: list[str] = []
    games: list[list[int | None]] = [list(g) for g in sample_games(2, length=(14, 20))]
    positions = list(_positions(games, 10))
    assert len(positions) > 2
    found = mine(games, Wanted("vct", min_stones=10), 1, "test", errors=errors)
    # every position tried was a solver error, reported, and the mining went on
    assert found == [] and len(errors) == len(positions)
    gi, k, _ = positions[-1]
    assert errors[-1] == (
        f"solver error (game {gi + 1}, after move {k}): the checker rejected the proof (test)"
    )
    assert capsys.readouterr().err.count("renju: solver error") == len(positions)


def test_trainer_shows_an_error_instead_of_the_solution(
    unanswered: list[int], tmp_path: Path
) -> None:
    pytest.importorskip("textual")
    import asyncio

    from puzzles.io import write_native
    from tui.app import make_app
    from tui.screens.puzzle import PuzzleScreen

    board = example()
    path = tmp_path / "one.renju"
    pz = Puzzle(
        black=board.stones(Color.BLACK),
        white=board.stones(Color.WHITE),
        to_move=Color.WHITE,
        goal="tsume",
        max_moves=6,
        id="faulty",
    )
    write_native([pz], path)

    async def run() -> None:
        app = make_app([path], data_dir=tmp_path)
        async with app.run_test(size=(100, 32)) as pilot:
            deadline = time.monotonic() + 60
            while time.monotonic() < deadline:  # (the tree's worker, then its message)
                await pilot.app.workers.wait_for_complete()
                await pilot.pause()
                screen = pilot.app.screen
                if isinstance(screen, PuzzleScreen) and screen.tree_state != "solving":
                    break
            screen = pilot.app.screen
            assert isinstance(screen, PuzzleScreen)  # a one-puzzle file opens on it
            assert unanswered  # the proof was built, with a defence left unanswered
            assert screen.tree_state == "error" and "is not answered" in screen.solver_error
            assert screen.attempt.root is None
            await pilot.press("s")
            await pilot.pause()
            assert screen.review is None  # no line shown: the error instead
            assert screen.attempt.message.startswith("solver error: the checker rejected")

    asyncio.run(run())


@pytest.mark.parametrize("kind", ["line", "tree"])
def test_a_checked_refutation_does_not_vouch_for_another_at_its_address(
    compiled: bool, kind: str
) -> None:
    # The checker's memos name an answer by its identity; a freed answer's address is
    # soon another's (CPython reuses it at once), which must be checked on its own.
    from solver.rules.notation import parse_point, parse_points
    from solver.search.checker import RefutationChecker

    board = Board.from_stones(
        "b2 b3 b4 n1 n3 n5", "h8 i8 j8 a9", to_move="black", compiled=compiled
    )
    trial = RefutationChecker(board, "vct")
    far = parse_point("o15")

    def answer(point: str) -> tuple[int, ...] | ProofNode:
        if kind == "line":
            return tuple(parse_points(point))
        return ProofNode(move=parse_point(point), length=1)

    good = answer("k8")  # White's open four
    assert trial.holds(far, good)
    del good
    for _ in range(10):
        bad = answer("a2")  # no threat at all
        assert not trial.holds(far, bad)
        with pytest.raises(ProofError, match="a2"):
            trial.check(far, bad)
        del bad
