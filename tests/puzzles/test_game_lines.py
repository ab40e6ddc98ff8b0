"""Game files keep their move order: the lines read back, the ``moves`` hint of the
position reader, and the openings ``renju info`` shows."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from puzzles.commands import read_position
from puzzles.game_lines import game_lines, game_moves, opening_counts
from puzzles.info import file_info
from solver.cli import main
from solver.rules.notation import format_moves

DATA = Path(__file__).resolve().parents[1] / "data" / "formats"


def test_lines_of_each_game_format() -> None:
    assert [format_moves(m) for m in game_lines(DATA / "handmade" / "game.psq")] == [
        "h8 i9 g7 i7 a1 o15"
    ]
    rif = [format_moves(m) for m in game_lines(DATA / "handmade" / "games.rif")]
    assert rif == ["h8 h9 i8 g8 g9 f7 e6", "", "h8 h8", "h8 i9 j10 a1 o15"]
    # the SGF game record's main line; the set-up puzzle and the 19x19 game have none
    sgf = [format_moves(m) for m in game_lines(DATA / "handmade" / "puzzle.sgf")]
    assert sgf == ["h8 h9 i9 g7 j10 pass k10"]
    assert [format_moves(m) for m in game_lines(DATA / "emilgardis-board" / "I7.lib")] == [
        "h8 i9 i7"
    ]
    assert list(game_lines(DATA / "handmade" / "sample.renju")) == []  # puzzles: no order


def test_moves_hint_of_the_reader() -> None:
    board, hints = read_position(DATA / "handmade" / "game.psq")
    assert format_moves(hints["moves"]) == "h8 i9 g7 i7 a1 o15"
    assert board.stone_count == 6
    _, hints = read_position(DATA / "handmade" / "games.rif", 3)
    assert format_moves(hints["moves"]) == "h8 i9 j10 a1 o15"  # the 3rd readable (h8 h8 is not)
    # the game record beside the set-up puzzle is a position: named by its id
    _, hints = read_position(DATA / "handmade" / "puzzle.sgf", "puzzle#2")
    assert format_moves(hints["moves"]) == "h8 h9 i9 g7 j10 pass k10" and hints["position"]
    _, hints = read_position(DATA / "handmade" / "puzzle.sgf", 1)
    assert "moves" not in hints  # a set-up puzzle
    assert game_moves(DATA / "handmade" / "game.psq", 2) is None
    # a RenLib puzzle: the line from the root to its position
    board, hints = read_position(DATA / "emilgardis-board" / "I7.lib")
    assert len(hints["moves"]) == board.stone_count and format_moves(hints["moves"][:3]) == (
        "h8 i9 i7"
    )


def test_info_shows_the_openings(capsys: pytest.CaptureFixture[str]) -> None:
    info = file_info(DATA / "handmade" / "games.rif")
    assert info.openings == {"D6": 1, "I1": 1, "other": 2}
    assert "openings: D6 Ugetsu (雨月): 1, I1 Chosei (長星): 1, none of the 26: 2" in info.text()
    assert main(["info", "--json", str(DATA / "handmade" / "game.psq")]) == 0
    assert json.loads(capsys.readouterr().out)["openings"] == {"I11": 1}
    assert main(["info", str(DATA / "emilgardis-board" / "I7.lib")]) == 0
    assert "  opening: I7 Hogetsu (浦月)\n" in capsys.readouterr().out
    assert opening_counts(game_lines(DATA / "handmade" / "sample.renju")) == {}
    assert "opening" not in file_info(DATA / "handmade" / "sample.renju").text()


def test_one_reader_of_game_move_orders(tmp_path: Path) -> None:
    from puzzles.game_lines import game_records
    from puzzles.game_stream import BadRecord, GameLine, file_lines

    bad_point = tmp_path / "bad.rif"
    bad_point.write_text(
        '<database><games><game id="1"><move>h8 z99</move></game>'
        '<game id="2"><move>h8 h9</move></game></games></database>'
    )
    rif = DATA / "handmade" / "games.rif"
    records = list(game_records(rif, "rif"))
    assert [r.name for r in records] == [
        "game 1 (id 171548)",
        "game 2 (id 171549)",
        "game 3 (id 171550)",
        "game 4 (id 171551)",
    ]
    assert records[2].moves == [112, 112]  # points read; the replay is the caller's check
    assert 0 < records[0].done <= records[-1].done <= 1
    # opening/status and the mining stream read the same moves, and the same bad game
    for path, fmt in ((rif, "rif"), (bad_point, "rif"), (DATA / "handmade" / "game.psq", "psq")):
        good = [r.moves for r in game_records(path, fmt) if isinstance(r.moves, list)]
        assert list(game_lines(path)) == good
        stream = list(file_lines(str(path)))
        assert [list(s.moves) for s in stream if isinstance(s, GameLine)] == good
        bad = [s.name for s in stream if isinstance(s, BadRecord)]
        assert bad == [r.name for r in game_records(path, fmt) if not isinstance(r.moves, list)]
