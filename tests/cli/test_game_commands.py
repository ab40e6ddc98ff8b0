"""``renju opening``, ``renju fifth`` and ``renju status``: output, JSON, files with and
without their move order, and bad input (one line on stderr, exit 2)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from solver.cli import main
from solver.rules.board import Board

DATA = Path(__file__).resolve().parents[1] / "data" / "formats"
GAME = DATA / "handmade" / "game.psq"  # h8 i9 g7 i7 a1 o15: I11 Shagetsu
RIF = DATA / "handmade" / "games.rif"


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_opening(capsys: pytest.CaptureFixture[str]) -> None:
    assert run(capsys, "opening", "h8 h9 j10") == (0, "D3 Sosei (疎星) (direct)\n", "")
    code, out, _ = run(capsys, "opening", "h8 g7 i7", "--json")  # I7 turned a quarter
    assert json.loads(out) == {"code": "I7", "name": "Hogetsu", "japanese": "浦月"}
    code, out, _ = run(capsys, "opening", "--json", "h8 a1 i7")
    assert (code, json.loads(out)) == (0, {"code": None, "name": None, "japanese": None})
    assert run(capsys, "opening", "h8 a1 i7")[1] == "h8 a1 i7: not one of the 26 openings\n"
    assert run(capsys, "opening", "--moves", "h8 h9 i9 a1")[1].startswith("D4 Kagetsu")


def test_opening_of_files(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    assert run(capsys, "opening", str(GAME))[1] == "I11 Shagetsu (斜月) (indirect)\n"
    assert run(capsys, "opening", f"{RIF}#1")[1].startswith("D6 Ugetsu")  # h8 h9 i8
    assert run(capsys, "opening", str(RIF), "--puzzle", "171551")[1].startswith("I1 Chosei")
    sgf = DATA / "handmade" / "puzzle.sgf"
    # the game record beside the puzzle: a position, named by its id (hh hg ig)
    assert run(capsys, "opening", str(sgf), "--puzzle", "puzzle#2")[1].startswith("D4 Kagetsu")
    # a diagram of the three stones: the order is known
    diagram = tmp_path / "three.txt"
    diagram.write_text(Board.from_stones("h8 i6", "h9").diagram())
    assert run(capsys, "opening", str(diagram))[1].startswith("D12 Sangetsu")
    code, out, _ = run(capsys, "opening", "--black", "a1 h9", "--white", "h8", "--json")
    assert (code, json.loads(out)["code"]) == (0, None)  # three stones, h8 not Black's


def test_fifth(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "fifth", "h8 h9 h10 h11", "g8", "i8", "--json")
    assert (code, json.loads(out)) == (0, {"equivalent": True, "symmetry": "mirror-vertical"})
    code, out, _ = run(capsys, "fifth", "h8 h9 h10 h11", "h6", "h12", "--json")
    assert json.loads(out) == {"equivalent": False, "symmetry": None}
    said = "g8 and j8 are equivalent by mirror-vertical: not both may be proposed.\n"
    assert run(capsys, "fifth", "h8 h9 i8 i9", "g8", "j8")[1] == said
    assert "not equivalent" in run(capsys, "fifth", "h8 h9 i8 i9", "g8", "k8")[1]
    assert run(capsys, "fifth", "--moves", "h8 h9 h10 h11", "g8", "i8")[1].startswith(
        "g8 and i8 are"
    )
    # the four stones on one diagonal: the reflection in it
    code, out, _ = run(capsys, "fifth", "--json", "h8 i9 g7 j10", "g10", "j7")
    assert json.loads(out) == {"equivalent": True, "symmetry": "mirror-diagonal"}


def test_fifth_of_a_game_file(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    """A game file gives its first four moves: h8 h9 h10 h11 (symmetric about column h),
    not the later a1 and o1 (which break the symmetry)."""
    game = tmp_path / "game.psq"
    rows = ["8,8,0", "8,7,0", "8,6,0", "8,5,0", "1,15,0", "15,15,0"]  # h8 h9 h10 h11 a1 o1
    game.write_text("Piskvorky 15x15, 11:11, 0\n" + "\n".join(rows) + "\n")
    code, out, _ = run(capsys, "fifth", str(game), "g8", "i8", "--json")
    assert json.loads(out)["equivalent"] is True
    code, out, _ = run(capsys, "fifth", "h8 h9 h10 h11 a1 o1", "g8", "i8", "--json")
    assert code == 0 and json.loads(out)["equivalent"] is False


def test_status(capsys: pytest.CaptureFixture[str]) -> None:
    assert run(capsys, "status", "h8 h9") == (0, "ongoing\n", "")
    code, out, _ = run(capsys, "status", "h8 a1 i8 a2 j8 a3 k8 a4 l8")
    assert out == "black-won: five in a row (h8 i8 j8 k8 l8)\n"
    code, out, _ = run(capsys, "status", "--json", "h8 a1 g8 a3 i9 a5 i10 a7 i8")
    assert json.loads(out) == {"status": "white-won", "reason": "forbidden", "points": ["i8"]}
    assert run(capsys, "status", "h8 pass pass")[1] == "draw: both sides passed in succession\n"
    # a game file is replayed: its last move known
    code, out, _ = run(capsys, "status", "--json", str(GAME))
    assert json.loads(out)["status"] == "ongoing"
    code, out, _ = run(capsys, "status", "--black", "a1 b2 c3 d4 e5", "--white", "o15")
    assert code == 0 and out.startswith("black-won: five")


@pytest.mark.parametrize(
    ("argv", "said"),
    [
        (["opening", "h8 h9"], "an opening is three moves; 'h8 h9' has 2"),
        (["opening", "h8 z9 j10"], "'z9'"),
        (["opening", "nothing.psq"], "no such file: 'nothing.psq'"),
        (["opening", "h8 h8 h9"], "move 2 (h8) is on an occupied point"),
        (["opening", "--black", "h8 i8 j8 k8", "--white", "a1"], "without its move order"),
        (["opening", "h8 h9 j10", "--moves", "h8 h9 i9"], "give one of"),
        (["fifth", "h8 h9 h10 h11", "h8", "g8"], "proposal P (h8) is on an occupied point"),
        (["fifth", "h8 h9 h10 h11", "g8", "z1"], "'z1'"),
        (["status", "h8 h9 x7"], "'x7'"),
        (["status", "--black", "h8 i8 j8 k8 l8", "--white", "h9 i9 j9 k9 l9"], "came first"),
        (["status", f"{GAME}#2"], "#2"),
    ],
)
def test_bad_input_is_one_line_and_exit_2(
    capsys: pytest.CaptureFixture[str], argv: list[str], said: str
) -> None:
    code, out, err = run(capsys, *argv)
    assert code == 2 and out == ""
    assert err.count("\n") == 1 and err.startswith("renju: error: ") and said in err, err
