"""The second look (``solver.search.second_look``), and every win the core reports checked.

A "no win" confirmed or contradicted by the search without its shortcuts; ``respond``
counting as the puzzle counts (books, a run of fours) and checking the proof it returns;
the key moves of ``solve(all_keys=True)`` and the win ``renju move`` claims re-checked, a
fault injected into each turned into a solver error naming the position (exit 3).
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from typing import Any

import pytest
from support.faults import drop_a_defence, fault_respond

import solver.search.respond as respond_module
from solver.cli import main
from solver.errors import EXIT_SOLVER_ERROR, ProofRejected, SecondLookDisagrees
from solver.rules.board import Board
from solver.rules.notation import parse_point, parse_points, point_name
from solver.search.api import Limits, Verdict, solve
from solver.search.counting import MoveCount
from solver.search.dfpn import DfPn
from solver.search.respond import respond
from solver.search.second_look import confirm_keys, confirm_no_win

# White: f2 and i5 are fours (Black blocks g2 and j6), k5 then makes two threes (k3 k4 k5,
# i5 _ k5 l5), and j5 is the VCF that ends it: the line f2 g2 i5 j6 k5 k6 j5 counts 4
# attacker moves plainly, 3 as the books count (the run f2 i5 is one move).
RUN = Board.from_stones("b2 e1", "c2 d2 e2 g3 h4 l5 k3 k4", to_move="white")


def _after(board: Board, moves: str) -> Board:
    out = board.copy()
    for p in parse_points(moves):
        out.push(p)
    return out


@pytest.fixture
def faulty_respond(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[int]]:
    """``respond`` leaves a defence unanswered in every proof it returns (the moves
    whose proofs were faulted are collected in the list yielded)."""
    yield fault_respond(monkeypatch)


# -- the second look -----------------------------------------------------------------


def test_confirm_no_win_confirms_a_true_disproof_and_contradicts_a_false_one() -> None:
    # plainly there is no vct win within 2 (the shortest is 3); under books there is
    assert confirm_no_win(RUN, "vct", Limits(max_moves=2), what="no win in 2").confirmed
    with pytest.raises(SecondLookDisagrees) as info:
        confirm_no_win(RUN, "vct", Limits(max_moves=2, count="books"), what="no win in 2")
    message = str(info.value)
    assert message.startswith("the search found no win in 2, a search without its shortcuts")
    assert "in the position black: e1 b2; white:" in message and "white to move" in message


def test_confirm_no_win_out_of_budget_stays_unconfirmed() -> None:
    again = confirm_no_win(RUN, "tsume", Limits(max_moves=2, nodes=5), what="no win in 2")
    assert not again.confirmed and again.reason in ("node limit", "a sub-search ran out of nodes")


def test_confirm_keys_checks_the_keys_and_their_lengths() -> None:
    first = solve(RUN, "vct", Limits(max_moves=3), all_keys=True)
    assert first.keys is not None
    keys = {k.move: k.moves for k in first.keys}
    assert {point_name(p): m for p, m in keys.items()} == {"j4": 3, "i5": 3, "k5": 3}
    assert confirm_keys(RUN, "vct", Limits(max_moves=3), keys).confirmed
    # a cook the first search missed
    missing = dict(keys)
    del missing[parse_point("k5")]
    with pytest.raises(SecondLookDisagrees, match=r"found the winning first moves j4 \(3\), "):
        confirm_keys(RUN, "vct", Limits(max_moves=3), missing)
    # a shorter win than the first search said (its "no win in 2" for j4 is wrong)
    longer = {**keys, parse_point("j4"): 4}
    with pytest.raises(SecondLookDisagrees, match=r"moves j4 \(4\), .* found j4 \(3\), i5"):
        confirm_keys(RUN, "vct", Limits(max_moves=3), longer)


# -- respond: counting as the puzzle counts, and its proof checked -------------------


def test_respond_counts_as_the_books_count() -> None:
    """After the double three k5 (one move of two), the VCF f2 g2 i5 j6 j5 is one more
    move as the books count; counting plainly it is three, and k5 "loses"."""
    after = _after(RUN, "k5")
    plain = respond(after, "vct", Limits(max_moves=1))
    assert plain.result is Verdict.DISPROVEN
    books = respond(after, "vct", Limits(max_moves=1, count="books"))
    assert books.result is Verdict.PROVEN and books.checked
    assert books.node is not None and books.node.move == parse_point("k5")
    # final-vcf counts the VCF as one move too
    final = respond(after, "vct", Limits(max_moves=1, count="final-vcf"))
    assert final.result is Verdict.PROVEN


def test_respond_continues_a_run_of_fours() -> None:
    """f2 (a four) then i5 (a four): under books i5 continues the run (free), so with one
    move left after it counted as one, k5 and the VCF j5 still fit; not without the run."""
    after = _after(RUN, "f2 g2 i5")
    held = respond(after, "vct", Limits(max_moves=1, count="books"))
    assert held.result is Verdict.DISPROVEN and held.defence == parse_point("j6")
    run = respond(after, "vct", Limits(max_moves=1, count="books"), run=True)
    assert run.result is Verdict.PROVEN and run.checked
    # solve takes the run as well
    at = _after(RUN, "f2 g2")
    assert solve(at, "vct", Limits(max_moves=2, count="books"), run=True).moves == 2
    assert solve(at, "vct", Limits(max_moves=1, count="books"), run=True).result.value == (
        "disproven"
    )


def test_move_count_of_a_line() -> None:
    line = parse_points("f2 g2 i5 j6 k5 k6 j5")
    assert MoveCount("books", 3).played(RUN, line).length(RUN) == 3
    assert MoveCount("final-vcf", 3).played(RUN, line).length(RUN) == 4
    assert MoveCount("plain", 3).played(RUN, line).length(RUN) == 4
    count = MoveCount("books", 3).played(RUN, line[:4])
    assert (count.left, count.run, count.after()) == (2, True, 1)


def test_respond_rejects_a_faulty_proof(faulty_respond: list[int]) -> None:
    after = _after(RUN, "k5")
    with pytest.raises(ProofRejected) as info:
        respond(after, "vct", Limits(max_moves=2))
    message = str(info.value)
    assert message.startswith("the checker rejected the proof that k5 still wins (")
    assert "is not answered" in message and "in the position black: e1 b2;" in message
    unchecked = respond(after, "vct", Limits(max_moves=2), check=False)
    assert unchecked.result is Verdict.PROVEN and not unchecked.checked
    assert faulty_respond == [parse_point("k5"), parse_point("k5")]


# -- solve --all-keys: every key's win checked ----------------------------------------


def test_all_keys_are_checked_with_their_lines() -> None:
    found = solve(RUN, "vct", Limits(max_moves=3), all_keys=True)
    assert found.keys is not None and found.checked
    for key in found.keys:
        assert key.line[:1] == (key.move,) and len(key.line) % 2 == 1
        # the line shown is a win of the key's length
        assert MoveCount().played(RUN, list(key.line)).length(RUN) <= key.moves
    unchecked = solve(RUN, "vct", Limits(max_moves=3), all_keys=True, check=False)
    assert unchecked.keys == found.keys and all(not k.line for k in unchecked.keys or [])


def test_all_keys_with_a_faulty_key_proof_is_a_solver_error(
    faulty_respond: list[int], capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(ProofRejected, match="the checker rejected the proof that"):
        solve(RUN, "vct", Limits(max_moves=3), all_keys=True)
    assert faulty_respond
    args = ["solve", "--black", "b2 e1", "--white", "c2 d2 e2 g3 h4 l5 k3 k4"]
    args += ["--to-move", "white", "--goal", "vct", "--max-moves", "3", "--all-keys"]
    assert main([*args, "--json"]) == EXIT_SOLVER_ERROR
    out, err = capsys.readouterr()
    assert out == "" and err.count("\n") == 1
    assert err.startswith("renju: solver error: the checker rejected the proof that")
    assert "position black: e1 b2; white: c2 d2 e2 g3 k3 h4 k4 l5; white to move" in err
    assert main([*args, "--json", "--no-check"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert sorted(data["keys"]) == ["i5", "j4", "k5"]


def test_points_keys_with_a_faulty_key_proof_is_exit_3(
    faulty_respond: list[int], capsys: pytest.CaptureFixture[str]
) -> None:
    args = ["points", "keys", "--black", "b2 e1", "--white", "c2 d2 e2 g3 h4 l5 k3 k4"]
    args += ["--to-move", "white", "--goal", "vct", "--max-moves", "3"]
    assert main(args) == EXIT_SOLVER_ERROR
    err = capsys.readouterr().err
    assert err.startswith("renju: solver error: the checker rejected") and err.count("\n") == 1


def test_a_key_that_does_not_win_once_played_is_a_solver_error(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The search of every first move says j4, i5 and k5 win in 3; if the answer to one
    of them played says it does not, the two searches disagree: an error, never a key."""
    real = respond_module._respond

    def loses(*args: Any) -> respond_module.Response:
        real(*args)
        return respond_module.Response(Verdict.DISPROVEN, parse_point("a1"), "defends")

    monkeypatch.setattr(respond_module, "_respond", loses)
    with pytest.raises(SecondLookDisagrees) as info:
        solve(RUN, "vct", Limits(max_moves=3), all_keys=True)
    assert re.match(
        r"the key (j4|i5|k5) wins in 3 by the search of every first move, but not once it is "
        r"played \(a1: defends\) in the position black: e1 b2;",
        str(info.value),
    )


# -- renju move: the win it claims is checked -----------------------------------------


@pytest.fixture
def unanswered(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every proof the search builds leaves a refuted defence unanswered."""
    real = DfPn.proof

    def proof(self: Any, key: int, memo: Any = None) -> Any:
        tree = real(self, key, memo)
        if memo is None:
            drop_a_defence(tree)
        return tree

    monkeypatch.setattr(DfPn, "proof", proof)


def test_move_checks_the_win_it_claims(
    unanswered: None, capsys: pytest.CaptureFixture[str]
) -> None:
    # White's vct win in 3 (k5 ...), found in about a thousand nodes
    args = ["move", "--black", "b2 e1", "--white", "c2 d2 e2 g3 h4 l5 k3 k4"]
    args += ["--to-move", "white"]
    assert main(args) == EXIT_SOLVER_ERROR
    out, err = capsys.readouterr()
    assert out == "" and err.count("\n") == 1
    assert err.startswith("renju: solver error: the checker rejected the engine's vct win")
    assert "position black: e1 b2; white: c2 d2 e2 g3 k3 h4 k4 l5; white to move" in err
    assert main([*args, "--no-check", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["why"] == "vct"


def test_engine_protocol_plays_a_rejected_win_unclaimed(unanswered: None) -> None:
    from io import StringIO

    from solver.play.gomocup import run

    # the brain ("1") is White in RUN, to move: a forced win it would name in DEBUG
    stones = [(p, "2") for p in parse_points("b2 e1")]
    stones += [(p, "1") for p in parse_points("c2 d2 e2 g3 h4 l5 k3 k4")]
    board = "".join(f"{p % 15},{14 - p // 15},{who}\n" for p, who in stones)
    commands = f"START 15\nINFO rule 4\nBOARD\n{board}DONE\nEND\n"
    out = StringIO()
    run(StringIO(commands), out, seconds=2.0)
    lines = out.getvalue().splitlines()
    assert lines[0] == "OK"
    # the game goes on: the move is played, not claimed, and the rejection is reported
    assert lines[1].startswith("DEBUG k5 played unclaimed: the checker rejected the engine's")
    assert lines[2].startswith("DEBUG k5 eval k5 (") and lines[-1] == "10,10"
    assert not any(line.startswith("ERROR") for line in lines)
    # without the DEBUG line no win is named, and the move is played
    out = StringIO()
    run(StringIO(commands), out, seconds=2.0, debug=False)
    assert out.getvalue().splitlines()[-1] == "10,10"  # k5
