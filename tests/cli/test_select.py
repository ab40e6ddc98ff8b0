"""Picking one puzzle of a file: ``FILE#N`` and ``--puzzle ID`` on ``solve`` and
``forbidden``, the puzzle named in the output, the answer compared with the stated one."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from solver.cli import main

DATA = Path(__file__).resolve().parents[2] / "puzzles" / "data"
TSUME = DATA / "tsume.renju"


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_file_hash_n_picks_the_nth_puzzle(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "solve", f"{TSUME}#3", "--json")
    data = json.loads(out)
    assert code == 0 and data["line"][0] == "k5" and data["moves"] == 5
    assert data["puzzle"] == {
        "id": "tsume-5-003",
        "title": "TSUME in 5",
        "number": 3,
        "stated_moves": 5,
        "stated_keys": ["k5"],
    }
    # the first puzzle, as without a selector, is another one
    _, first, _ = run(capsys, "solve", f"{TSUME}#1", "--json")
    _, plain, _ = run(capsys, "solve", str(TSUME), "--json")
    assert json.loads(first)["puzzle"]["id"] == json.loads(plain)["puzzle"]["id"] == "tsume-3-001"


def test_puzzle_id_picks_by_id(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "solve", str(TSUME), "--puzzle", "tsume-5-003")
    assert code == 0
    lines = out.splitlines()
    assert lines[0] == f'Puzzle tsume-5-003, "TSUME in 5" (#3 of 25 in {TSUME})'
    assert lines[1] == "Black wins (tsume) in 5 attacker moves."
    assert "Stated: 5 moves, shortest found: 5." in lines


def test_the_answer_is_compared_with_the_stated_key(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    # a bundled puzzle with a wrong stated key: the answer's first move is another
    text = (DATA / "vct.renju").read_text(encoding="utf-8").split("\n---\n")[0]
    key = next(line for line in text.splitlines() if line.startswith("keys:"))
    f = tmp_path / "one.renju"
    f.write_text(text.replace(key, "keys: a1") + "\n")
    code, out, _ = run(capsys, "solve", str(f))
    assert code == 0
    assert "The stated key a1 is not the only winning move: " in out
    code, out, _ = run(capsys, "solve", str(f), "--all-keys")
    assert "The stated key a1 does not win." in out
    f.write_text(text + "\n")
    code, out, _ = run(capsys, "solve", str(f), "--all-keys")
    assert f"The stated key {key.split()[1]} is the only winning first move." in out


def test_forbidden_names_the_puzzle(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "forbidden", f"{DATA / 'vct.renju'}#3", "--json")
    assert code == 0
    assert json.loads(out)["puzzle"] == {"id": "vct-3-003", "title": "VCT in 3", "number": 3}
    code, out, _ = run(capsys, "forbidden", str(DATA / "vct.renju"), "--puzzle", "vct-3-003")
    assert out.splitlines()[0].startswith('Puzzle vct-3-003, "VCT in 3" (#3 of 25 in ')


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        ([f"{TSUME}#0"], f"'{TSUME}#0': puzzles are numbered from 1"),
        ([f"{TSUME}#99"], f"{TSUME}#99: the file holds 25 puzzles"),
        ([f"{TSUME}#x"], f"'{TSUME}#x': after '#' comes a puzzle number"),
        ([str(TSUME), "--puzzle", "nope"], f"{TSUME} --puzzle 'nope': no puzzle with that id"),
        ([f"{TSUME}#2", "--puzzle", "tsume-3-001"], "give FILE#2 or --puzzle 'tsume-3-001'"),
        (["--black", "h8", "--puzzle", "x"], "--puzzle 'x' needs a puzzle file"),
        (["missing.renju#2"], "no such file: 'missing.renju'"),
    ],
)
@pytest.mark.parametrize("command", ["solve", "forbidden"])
def test_a_selector_naming_no_puzzle_is_one_line_exit_2(
    capsys: pytest.CaptureFixture[str], command: str, argv: list[str], message: str
) -> None:
    code, out, err = run(capsys, command, *argv)
    assert code == 2 and out == ""
    assert err.count("\n") == 1 and err.startswith("renju: error: ")
    assert message in err


def test_a_diagram_holds_one_position(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    f = tmp_path / "pos.txt"
    f.write_text("\n".join(["." * 15] * 7 + ["......XX......."] + ["." * 15] * 7) + "\n")
    assert run(capsys, "forbidden", f"{f}#1", "--json")[0] == 0
    code, _, err = run(capsys, "forbidden", f"{f}#2")
    assert code == 2 and f"{f}#2: a text diagram holds one position" in err


def test_a_hash_in_an_existing_file_name_is_part_of_it(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    f = tmp_path / "set#2.renju"
    f.write_bytes(TSUME.read_bytes())
    code, out, _ = run(capsys, "solve", str(f), "--json")
    assert code == 0 and json.loads(out)["puzzle"]["number"] == 1


def test_a_game_of_a_renjunet_database(capsys: pytest.CaptureFixture[str]) -> None:
    from puzzles.io import read_puzzles

    rif = Path(__file__).resolve().parents[1] / "data" / "formats" / "handmade" / "games.rif"
    # the third game of four cannot be read (a move on an occupied point): #3 is the fourth,
    # as for every other format, where the puzzles read are counted
    third = read_puzzles(rif).positions[2]  # a game database states no task: positions
    code, out, _ = run(capsys, "forbidden", f"{rif}#3", "--json")
    assert code == 0 and json.loads(out)["position"]["id"] == third.id == "171551"
    assert json.loads(out)["puzzle"] == json.loads(out)["position"]  # the older key stays
    code, by_id, _ = run(capsys, "forbidden", str(rif), "--puzzle", "171551", "--json")
    assert by_id == out
    code, _, err = run(capsys, "forbidden", f"{rif}#4")
    assert code == 2 and f"{rif}#4: the file holds 3 readable games" in err
    code, _, err = run(capsys, "forbidden", str(rif), "--puzzle", "171550")
    assert code == 2 and "game 171550: move 2 (h8) is on an occupied point" in err
