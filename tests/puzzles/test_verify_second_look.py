"""``verify`` and ``generate``: stated solutions counted as the puzzle counts, and a second
look at every "no" a verdict rests on (no cook, no shorter win, no VCF).

Faults are injected into the first searches (a cook dropped, a win made to look longer,
a VCF made to look absent): the product must report a solver error naming the position,
never a verdict; a second look that runs out of budget leaves the claim unconfirmed.
"""

from __future__ import annotations

import dataclasses
import json
import re
from pathlib import Path
from typing import Any

import pytest
from support.books import RUN_BLACK, RUN_WHITE, run_puzzle
from support.faults import fault_respond

import puzzles.generate
import puzzles.verify
import solver.search.api
import solver.search.second_look
from puzzles.generate import Wanted, make_puzzle
from puzzles.io import write_native
from puzzles.verify import verify_puzzle
from puzzles.verify_run import _line
from solver.cli import main
from solver.errors import SecondLookDisagrees
from solver.rules.board import Board
from solver.rules.notation import parse_points
from solver.search.api import KeyMove, Limits, SolveResult, Verdict, solve
from solver.search.respond import Response, respond

# White's VCF f2 g2 i5 (2 moves), its only winning first move.
VCF2 = Board.from_stones("b2", "c2 d2 e2 g3 h4", to_move="white")


def _one_longer(result: SolveResult) -> SolveResult:
    """The fault of first searches that all miss the shortest win: one move longer."""
    if result.moves is not None:
        result.moves += 1
    if result.keys:
        result.keys = [KeyMove(k.move, k.moves + 1, k.line) for k in result.keys]
    return result


def _no_cook(problems: list[str]) -> list[str]:
    return [p for p in problems if not p.startswith("cook:")]


# -- stated solutions counted as the books count -----------------------------------------


@pytest.mark.parametrize(
    "solution",
    [
        "j4 i4 f2 g2 i5 j6 l2",  # the solver's own line: 7 moves, 4 plain attacker moves
        "k5 k6 f2 g2 i5 j6 j5",  # off the solver's tree: plainly "k5 loses the win"
        "k5 k6",  # stops where the final VCF starts (the books' way)
        "k5 k6 f2 g2",  # ... inside a run of fours: the VCF continues it, no move more
        "k5 a15 f2 g2 i5 j6 j5",  # a refuted reply: a new tree, searched as books count
    ],
)
def test_stated_lines_counted_as_the_books_count(solution: str) -> None:
    report = verify_puzzle(run_puzzle(solution, keys=parse_points("j4 k5")), 20)
    assert (report.result, report.shortest) == ("proven", 2)
    assert (report.stated, report.stated_ok) == (2, True)
    assert report.problems == [] and report.sound
    # counting every move, the same puzzle is no win in 2 at all
    plain = verify_puzzle(run_puzzle(solution, count="plain", keys=parse_points("j4 k5")), 20)
    assert plain.result == "disproven"


def test_a_stated_line_longer_as_the_books_count() -> None:
    """f2 g2 i5 j6 k5 k6 j5: the run f2 i5 one move, k5 one, the VCF j5 one: 3 as the
    books count (4 plainly), so within 3 it wins but is not the shortest; within 2 its
    first four already loses the win. Under final-vcf (no runs) it is 4 moves: its
    second four is the one that leaves too few."""
    line = "f2 g2 i5 j6 k5 k6 j5"
    three = verify_puzzle(run_puzzle(line, max_moves=3), 20)
    assert (three.stated, three.stated_ok) == (3, True)
    assert _no_cook(three.problems) == ["stated solution is 3 moves, shortest is 2"]
    two = verify_puzzle(run_puzzle(line, max_moves=2), 20)
    assert two.stated_ok is False
    assert _no_cook(two.problems) == ["stated move 1 (f2) loses the win (g2: blocks the four)"]
    final = verify_puzzle(run_puzzle(line, count="final-vcf", max_moves=3), 20)
    assert final.stated_ok is False
    assert _no_cook(final.problems) == ["stated move 2 (i5) loses the win (j6: blocks the four)"]


@pytest.mark.parametrize(
    "solution",
    [
        "k5 k6 f2 g2 i5 j6 j5",  # k5, then the VCF (none): 1
        "k5 k6",  # stops where the final VCF starts
        "k5 a15 f2 g2 i5 j6 j5",  # a refuted reply: a new tree, searched as app counts
    ],
)
def test_stated_lines_counted_as_the_app_counts(solution: str) -> None:
    """Under ``app`` the final VCF counts none: k5 and the VCF win in 1, which neither
    books nor final-vcf has (2 there)."""
    report = verify_puzzle(
        run_puzzle(solution, count="app", max_moves=1, keys=parse_points("j4 k5")), 20
    )
    assert (report.result, report.shortest) == ("proven", 1)
    assert (report.stated, report.stated_ok) == (1, True)
    assert report.problems == [] and report.sound
    books = verify_puzzle(run_puzzle(solution, max_moves=1, keys=parse_points("j4 k5")), 20)
    assert books.result == "disproven"


def test_a_stated_run_counted_once_a_three_ends_it_under_app() -> None:
    """f2 g2 i5 j6 k5 k6 j5 under ``app``: the run f2 i5 and k5 count two, the VCF none;
    within 2 it is right but not the shortest (1); within 1 already f2 loses: a run is
    free only if it goes on into the final VCF, and after f2 g2 there is none (the run
    and any three would be two moves)."""
    line = "f2 g2 i5 j6 k5 k6 j5"
    two = verify_puzzle(run_puzzle(line, count="app", max_moves=2), 20)
    assert (two.stated, two.stated_ok) == (2, True)
    assert _no_cook(two.problems) == ["stated solution is 2 moves, shortest is 1"]
    one = verify_puzzle(run_puzzle(line, count="app", max_moves=1), 20)
    assert one.stated_ok is False
    assert _no_cook(one.problems) == ["stated move 1 (f2) loses the win (g2: blocks the four)"]


def test_a_stated_line_that_stops_short_is_still_short_under_books() -> None:
    report = verify_puzzle(run_puzzle("j4 i4 f2"), 20)  # ends on a four, not a win
    assert report.stated_ok is False
    assert "stated solution ends after move 2, before the win" in report.problems


def test_verify_stated_line_answer_rejected_by_the_checker(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The answer to the stated k5 (off the solver's tree) is a proof with a defence left
    unanswered: a solver error, never "the stated line is right"."""
    fault_respond(monkeypatch)
    # (the keys' own checks, which also go through respond, left out: the stated line's)
    monkeypatch.setattr(solver.search.api, "_check_keys", lambda *a, **k: None)
    puzzle = run_puzzle("k5 k6 f2 g2 i5 j6 j5", keys=parse_points("j4 k5"))
    report = verify_puzzle(puzzle, 20)
    assert report.result == "error" and report.stated_ok is None
    (problem,) = report.problems
    assert problem.startswith("solver error: the checker rejected the proof that k5 still wins (")
    unchecked = verify_puzzle(puzzle, 20, check=False)
    assert (unchecked.result, unchecked.stated_ok) == ("proven", True)


# -- verify: the second look at the cook check and the shortest length -------------------


def _fault_first_searches(monkeypatch: pytest.MonkeyPatch, fault: Any) -> None:
    """``verify``'s own searches go through ``fault(result, kw)``; the second look's do not."""
    real = solve

    def faulty(board: Board, goal: Any, limits: Limits | None = None, **kw: Any) -> SolveResult:
        return fault(real(board, goal, limits, **kw), kw)  # type: ignore[no-any-return]

    monkeypatch.setattr(puzzles.verify, "solve", faulty)


def test_verify_second_look_finds_a_cook_the_first_search_missed(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    puzzle = run_puzzle("j4 i4 f2 g2 i5 j6 l2")
    sound = verify_puzzle(puzzle, 20)
    assert sound.problems == ["cook: also wins with k5"]

    def drop_the_cook(result: SolveResult, kw: dict[str, Any]) -> SolveResult:
        if kw.get("all_keys") and result.keys:
            result.keys = [k for k in result.keys if k.move != parse_points("k5")[0]]
        return result

    _fault_first_searches(monkeypatch, drop_the_cook)
    report = verify_puzzle(puzzle, 20)
    assert report.result == "error" and not report.sound
    (problem,) = report.problems
    assert problem.startswith(
        "solver error: the search found the winning first moves j4 (2), a search without its "
        "shortcuts found j4 (2), k5 (2) in the position black: e1 b2; white:"
    )
    assert _line(report).startswith("ERR ")


def test_verify_second_look_finds_a_shorter_win(monkeypatch: pytest.MonkeyPatch) -> None:
    """The first searches (the shortest win's, every first move's) all miss the win in 2
    and say 3: the second look's key lengths contradict "no win in 2"."""

    _fault_first_searches(monkeypatch, lambda result, kw: _one_longer(result))
    report = verify_puzzle(run_puzzle("j4 i4 f2 g2 i5 j6 l2", max_moves=3), 20)
    assert report.result == "error"
    (problem,) = report.problems
    assert re.search(r"the search found the winning first moves .*j4 \(3\), .*k5 \(3\)", problem)
    assert re.search(r"without its shortcuts found .*j4 \(2\), .*k5 \(2\)", problem)


def test_verify_two_first_searches_that_disagree_are_an_error(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    def shorter_keys(result: SolveResult, kw: dict[str, Any]) -> SolveResult:
        if result.moves is not None and kw.get("shortest"):
            result.moves += 1
        return result

    _fault_first_searches(monkeypatch, shorter_keys)
    report = verify_puzzle(run_puzzle("j4 i4 f2 g2 i5 j6 l2", max_moves=3), 20)
    assert report.result == "error"
    assert report.problems[0].startswith(
        "solver error: the shortest win's search found 3 moves, the search of every first "
        "move 2 in the position"
    )


def _second_look_runs_out(monkeypatch: pytest.MonkeyPatch) -> None:
    real = solve

    def unknown(board: Board, goal: Any, limits: Limits | None = None, **kw: Any) -> SolveResult:
        found = real(board, goal, (limits or Limits()).replace(nodes=1), **kw)
        found.result, found.keys, found.reason = Verdict.UNKNOWN, None, "node limit"
        return found

    monkeypatch.setattr(solver.search.second_look, "solve", unknown)


def test_verify_second_look_out_of_budget_leaves_the_claim_unconfirmed(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    _second_look_runs_out(monkeypatch)
    puzzle = run_puzzle("j4 i4 f2 g2 i5 j6 l2", keys=parse_points("j4 k5"))
    report = verify_puzzle(puzzle, 20)
    assert (report.result, report.sound) == ("proven", True)  # the first searches' answer
    assert report.unconfirmed == [
        "the key list and the shortest length: the second look without shortcuts did not "
        "finish (node limit)"
    ]
    assert report.to_json()["unconfirmed"] == report.unconfirmed
    assert _line(report).endswith("[not confirmed: " + report.unconfirmed[0] + "]")
    # the command line: sound (exit 0), the claim marked, the summary counts it
    write_native([dataclasses.replace(puzzle, id="books")], tmp_path / "one.renju")
    code = main(["verify", str(tmp_path / "one.renju"), "--json", str(tmp_path / "r.json")])
    out = capsys.readouterr().out
    assert code == 0 and "[not confirmed: the key list" in out
    assert re.search(r"not confirmed +1", out)
    data = json.loads((tmp_path / "r.json").read_text())
    assert data["summary"]["unconfirmed"] == 1 and data["puzzles"][0]["unconfirmed"]


# -- generate: the second looks of a kept puzzle ------------------------------------------


def _fault_generate(monkeypatch: pytest.MonkeyPatch, fault: Any) -> None:
    real = solve

    def faulty(board: Board, goal: Any, limits: Limits | None = None, **kw: Any) -> SolveResult:
        return fault(real(board, goal, limits, **kw), goal, kw)  # type: ignore[no-any-return]

    monkeypatch.setattr(puzzles.generate, "solve", faulty)


def test_generate_keeps_a_confirmed_puzzle() -> None:
    kept = make_puzzle(VCF2, Wanted("vcf", 1, 3), "test")
    assert kept is not None and kept.max_moves == 2 and kept.keys == parse_points("f2")
    # under vct a VCF wins: not a vct puzzle (the gate), and the gate is confirmed
    assert make_puzzle(VCF2, Wanted("vct", 1, 3), "test") is None


def test_generate_vcf_gate_second_look(monkeypatch: pytest.MonkeyPatch) -> None:
    def no_vcf(result: SolveResult, goal: Any, kw: dict[str, Any]) -> SolveResult:
        if goal == "vcf" and not kw.get("shortest") and not kw.get("all_keys"):
            return SolveResult(Verdict.DISPROVEN, result.attacker, result.goal)
        return result

    _fault_generate(monkeypatch, no_vcf)
    with pytest.raises(SecondLookDisagrees) as info:
        make_puzzle(VCF2, Wanted("vct", 1, 3), "test")
    assert str(info.value).startswith(
        "the search found no VCF, a search without its shortcuts found one (f2 g2 i5) in the "
        "position black: b2; white: c2 d2 e2 g3 h4; white to move"
    )


def test_generate_unique_key_second_look(monkeypatch: pytest.MonkeyPatch) -> None:
    """RUN has three winning first moves in 3 (vct); a first search that sees only the
    main line's makes it look like a puzzle with a unique key."""
    board = Board.from_stones(RUN_BLACK, RUN_WHITE, to_move="white")
    assert make_puzzle(board, Wanted("vct", 1, 3), "test") is None  # (not unique)

    def one_key(result: SolveResult, goal: Any, kw: dict[str, Any]) -> SolveResult:
        if kw.get("all_keys") and result.keys:
            main = solve(board, goal, Limits(max_moves=3), shortest=True).line[0]
            result.keys = [k for k in result.keys if k.move == main]
        return result

    _fault_generate(monkeypatch, one_key)
    with pytest.raises(SecondLookDisagrees, match=r"found the only winning first move k5 \(3\)"):
        make_puzzle(board, Wanted("vct", 1, 3), "test")


def test_generate_shortest_second_look(monkeypatch: pytest.MonkeyPatch) -> None:
    """VCF2's VCF is 2 moves; first searches that all say 3 (no win in 2) would make a
    "VCF in 3" of it."""

    _fault_generate(monkeypatch, lambda result, goal, kw: _one_longer(result))
    with pytest.raises(SecondLookDisagrees, match=r"move f2 \(3\), a search .* found f2 \(2\)"):
        make_puzzle(VCF2, Wanted("vcf", 1, 3), "test")


def test_generate_drops_a_puzzle_its_second_look_cannot_confirm(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    _second_look_runs_out(monkeypatch)
    assert make_puzzle(VCF2, Wanted("vcf", 1, 3), "test") is None


def test_verify_second_look_at_a_stated_move_that_loses(monkeypatch: pytest.MonkeyPatch) -> None:
    """A first answer that says the stated k5 (a key) no longer wins: the second look
    (``respond`` without shortcuts) finds it does; a solver error. A true "loses" stands."""
    real = respond

    def says_no(board: Board, goal: Any, limits: Limits | None = None, **kw: Any) -> Response:
        if kw.get("safe"):
            return real(board, goal, limits, **kw)
        return Response(Verdict.DISPROVEN, parse_points("k6")[0], "defends")

    monkeypatch.setattr(puzzles.verify, "respond", says_no)
    report = verify_puzzle(run_puzzle("k5 k6 f2 g2 i5 j6 j5", keys=parse_points("j4 k5")), 20)
    assert report.result == "error"
    (problem,) = report.problems
    assert problem.startswith(
        "solver error: the search found that the stated move 1 (k5) loses the win (k6: "
        "defends), a search without its shortcuts found it wins in the position black: e1 b2;"
    )
    monkeypatch.setattr(puzzles.verify, "respond", real)
    true = verify_puzzle(run_puzzle("f2 g2 i5 j6 k5 k6 j5", keys=parse_points("j4 k5")), 20)
    assert "stated move 1 (f2) loses the win (g2: blocks the four)" in true.problems
    assert true.result == "proven" and true.unconfirmed == []
