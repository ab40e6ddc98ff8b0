"""Positions are not puzzles: a file's entry is a puzzle only where its source marks it.

A ``.pos``, ``.psq`` or RenjuNet game and an SGF tree that states no task are positions
(``ReadResult.positions``); every consumer counts, solves, converts, skips or refuses
them as such.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from puzzles.formats.base import decided
from puzzles.formats.pos import format_pos
from puzzles.formats.sgf import parse_sgf, sgf_puzzles
from puzzles.io import read_puzzles, write_puzzles
from puzzles.model import Puzzle
from solver.cli import main
from solver.rules.board import Color
from solver.rules.notation import format_points, parse_moves

FORMATS = Path(__file__).parent.parent / "data" / "formats"
I7 = FORMATS / "emilgardis-board" / "I7.lib"
WIN_IN_2 = FORMATS / "niren-xl-pos" / "pos" / "bugs" / "43-5.pos"  # Black wins in 2
NO_WIN = FORMATS / "emilgardis-board" / "example.pos"
SAMPLE = FORMATS / "handmade" / "sample.renju"


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


# -- readers: each format with and without a task mark ------------------------------------


@pytest.mark.parametrize(
    ("path", "to_move", "stones"),
    [
        (NO_WIN, Color.BLACK, 30),
        (FORMATS / "handmade" / "game.psq", Color.BLACK, 6),
    ],
)
def test_a_game_file_is_one_position(path: Path, to_move: Color, stones: int) -> None:
    result = read_puzzles(path)
    assert result.puzzles == [] and len(result.positions) == 1
    (p,) = result.positions
    assert p.to_move is to_move and len(p.black) + len(p.white) == stones
    assert p.goal == "tsume" and p.solution == [] and p.id == path.stem


def test_renjunet_games_are_positions() -> None:
    result = read_puzzles(FORMATS / "handmade" / "games.rif")
    assert result.puzzles == []
    assert [(p.id, p.to_move) for p in result.positions] == [
        ("171548", Color.WHITE),  # seven moves: White to move
        ("171549", Color.BLACK),  # no move
        ("171551", Color.WHITE),
    ]


@pytest.mark.parametrize(
    ("sgf", "marked"),
    [
        ("(;GM[4]SZ[15];B[hh];W[hg];B[ih])", False),  # a game record
        ("(;GM[4]SZ[15]RE[B+];B[hh];W[hg];B[ih])", False),  # a result is not a task
        ("(;GM[4]SZ[15]AB[hh][ih]AW[hg]PL[W])", False),  # a diagram with no task
        ("(;GM[4]SZ[15]AB[hh][ih]AW[hg]PL[W]C[Good shape])", False),
        ("(;GM[4]SZ[15]AB[hh][ih]AW[hg]RJ[goal: vcf])", True),  # this project's puzzle
        ("(;GM[4]SZ[15]AB[hh][ih]AW[hg]C[white wins])", True),
        ("(;GM[4]SZ[15]GN[VCF 12]AB[hh][ih]AW[hg])", True),
        ("(;GM[4]SZ[15]AB[hh][ih]AW[hg]C[\u9ed1\u5148])", True),  # 黑先: Black to play
        ("(;GM[4]SZ[15]AB[hh][ih]AW[hg]C[\u767d\u52dd\u3061])", True),  # 白勝ち
        ("(;GM[4]SZ[15]AB[hh]AW[hg]RJ[task: none]C[Black wins])", False),  # said: none
    ],
)
def test_an_sgf_tree_is_a_puzzle_only_where_it_states_a_task(sgf: str, marked: bool) -> None:
    result = sgf_puzzles(parse_sgf(sgf))
    assert (len(result.puzzles), len(result.positions)) == ((1, 0) if marked else (0, 1))


def test_an_sgf_task_stated_on_the_main_line_makes_the_puzzle_there() -> None:
    text = "(;GM[4]SZ[15];B[hh];W[hg];B[ih]C[\u767d\u5148VCF];W[gi];B[ii];W[jj])"  # 白先VCF
    (p,) = sgf_puzzles(parse_sgf(text)).puzzles
    assert format_points(p.black) == "h8 i8" and format_points(p.white) == "h9"
    assert (p.to_move, p.goal) == (Color.WHITE, "vcf")
    assert format_points(p.solution) == "g7 i7 j6"  # the rest of the main line
    assert p.comment == "\u767d\u5148VCF"


def test_a_stated_winner_attacks_unless_pl_says_who_moves() -> None:
    (p,) = sgf_puzzles(parse_sgf("(;GM[4]SZ[15]AB[hh]AW[hg]C[Black wins])")).puzzles
    assert p.to_move is Color.BLACK
    (q,) = sgf_puzzles(parse_sgf("(;GM[4]SZ[15]AB[hh]AW[hg]PL[W]C[black wins])")).puzzles
    assert q.to_move is Color.WHITE


def test_an_lfz_free_play_entry_is_a_position() -> None:
    from puzzles.formats.lfz import lfz_puzzles

    entries = [
        {"stones": "H8I9I7", "side": 2, "mode": 96, "comment": "play on"},  # free play
        {"stones": "H8I9I7", "side": 2, "mode": 32},  # VCF
    ]
    result = lfz_puzzles({"puzzles": entries}, "set.json")
    assert [(p.id, p.goal) for p in result.puzzles] == [("set#2", "vcf")]
    assert [(p.id, p.to_move, p.comment) for p in result.positions] == [
        ("set#1", Color.WHITE, "play on")
    ]
    assert result.errors == []


def test_puzzle_formats_stay_puzzles() -> None:
    for path in (SAMPLE, FORMATS / "handmade" / "puzzles_lfz.json", FORMATS / "quintet"):
        files = sorted(path.glob("*.txt")) if path.is_dir() else [path]
        for f in files:
            result = read_puzzles(f)
            assert result.puzzles and result.positions == [], f


# -- writers: positions read back as positions ----------------------------------------------

_COMMENTS = st.sampled_from(["", "Black wins", "\u9ed1\u80dc", "White to play: VCF", "quiet"])


@settings(
    max_examples=30, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(
    st.lists(st.integers(0, 224), min_size=1, max_size=20, unique=True),
    st.sampled_from([Color.BLACK, Color.WHITE]),
    _COMMENTS,
    st.sampled_from(["sgf", "lib"]),
)
def test_positions_round_trip_as_positions(
    tmp_path: Path, points: list[int], to_move: Color, comment: str, ext: str
) -> None:
    half = len(points) // 2
    assume(not decided(points[half:], points[:half]))  # (a five: no puzzle, the game is over)
    position = Puzzle(points[half:], points[:half], to_move, comment=comment, id="p1")
    puzzle = Puzzle(points[half:], points[:half], to_move, goal="vcf", comment=comment, id="q1")
    path = tmp_path / f"out.{ext}"
    write_puzzles([puzzle], path, positions=[position])
    back = read_puzzles(path)
    # whatever the comment says, the position stays a position and the puzzle a puzzle
    assert len(back.puzzles) == 1 and len(back.positions) == 1
    (p,) = back.positions
    assert (p.black, p.white, p.to_move) == (position.black, position.white, to_move)
    assert comment in p.comment
    assert back.puzzles[0].goal == "vcf"


def test_the_native_format_refuses_positions(tmp_path: Path) -> None:
    from puzzles.formats.base import RecordError

    with pytest.raises(RecordError, match="holds puzzles only"):
        write_puzzles([], tmp_path / "x.renju", positions=[Puzzle(black=[112])])
    assert not (tmp_path / "x.renju").exists()


# -- info and convert count puzzles and positions separately --------------------------------


def test_info_counts_positions(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "info", str(WIN_IN_2), "--json")
    assert code == 0 and json.loads(out) | {"openings": None} == {
        "format": "pos",
        "puzzles": 0,
        "positions": 1,
        "errors": 0,
        "openings": None,
    }
    code, out, _ = run(capsys, "info", str(WIN_IN_2))
    assert "  0 puzzles\n  1 position not marked as a puzzle (renju generate --from" in out
    code, out, _ = run(capsys, "info", str(SAMPLE), "--json")
    assert (json.loads(out)["puzzles"], json.loads(out)["positions"]) == (4, 0)


def test_convert_writes_positions_where_the_format_holds_them(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    original = read_puzzles(I7)
    for ext in ("sgf", "lib"):
        out = tmp_path / f"i7.{ext}"
        code, _, err = run(capsys, "convert", str(I7), str(out))
        fmt = "renlib" if ext == "lib" else ext
        assert (code, err) == (
            0,
            f"wrote 2 puzzles and 260 positions to {out} (renlib; 0 entries skipped) as {fmt}\n",
        )
        back = read_puzzles(out)
        assert len(back.puzzles) == 2 and len(back.positions) == 260

        def key(p: Puzzle) -> tuple[list[int], list[int], Color]:
            return (p.black, p.white, p.to_move)

        assert sorted(map(key, back.positions)) == sorted(map(key, original.positions))
    out = tmp_path / "i7.renju"
    code, _, err = run(capsys, "convert", str(I7), str(out))
    assert code == 0 and "260 positions not marked as puzzles, not written" in err
    assert len(read_puzzles(out).puzzles) == 2
    # a file of positions only: nothing for the native format, one line, exit 2
    code, _, err = run(
        capsys, "convert", f"{FORMATS / 'handmade' / 'games.rif'}#1", str(tmp_path / "g.renju")
    )
    assert code == 2 and err.count("\n") == 1 and "renju generate --from" in err
    code, _, err = run(
        capsys, "convert", f"{FORMATS / 'handmade' / 'games.rif'}#3", str(tmp_path / "g.svg")
    )
    assert code == 1 and err.startswith(f"wrote 0 puzzles and 1 position to {tmp_path / 'g.svg'}")
    assert (
        "Black to play" in (tmp_path / "g.svg").read_text()
        or "White to play" in (tmp_path / "g.svg").read_text()
    )
    assert "and win" not in (tmp_path / "g.svg").read_text()


# -- the commands that answer a position -------------------------------------------------------


def test_solve_answers_a_pos_file_for_the_side_to_move(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "solve", str(WIN_IN_2))
    lines = out.splitlines()
    assert code == 0
    assert (
        lines[0]
        == f"Position 43-5 (#1 of 1 in {WIN_IN_2}): no stated task, answered for the side to move"
    )
    assert lines[1] == "Black wins (tsume) in 2 attacker moves."
    assert "Stated" not in out  # no stated answer to compare with
    code, out, _ = run(capsys, "solve", str(WIN_IN_2), "--json")
    data = json.loads(out)
    assert (data["result"], data["moves"], data["attacker"]) == ("proven", 2, "black")
    assert data["position"] == {"id": "43-5", "title": None, "number": 1}
    assert data["puzzle"] == data["position"]  # the older key stays: scripts read it
    code, _, err = run(capsys, "solve", f"{WIN_IN_2}#2")
    assert code == 2 and err == f"renju: error: {WIN_IN_2}#2: the file holds 1 position\n"


def test_forbidden_and_defend_name_a_position(capsys: pytest.CaptureFixture[str]) -> None:
    rif = FORMATS / "handmade" / "games.rif"
    code, out, _ = run(capsys, "forbidden", f"{rif}#1")
    assert code == 0 and out.startswith('Position 171548, "Ivan Petrov - Taro Yamada" (#1 in ')
    code, out, _ = run(capsys, "forbidden", f"{rif}#1", "--json")
    assert json.loads(out)["position"]["id"] == "171548"
    code, out, _ = run(capsys, "defend", str(WIN_IN_2))
    assert code == 0 and out.startswith("Position 43-5 ") and "Defences (1): e9" in out


def test_a_position_beside_puzzles_is_named_by_its_id(capsys: pytest.CaptureFixture[str]) -> None:
    sgf = FORMATS / "handmade" / "puzzle.sgf"  # a puzzle, then a game record (a position)
    code, out, _ = run(capsys, "forbidden", str(sgf), "--puzzle", "puzzle#2", "--json")
    assert code == 0 and json.loads(out)["position"]["id"] == "puzzle#2"
    code, out, _ = run(capsys, "forbidden", f"{sgf}#1", "--json")
    assert json.loads(out)["puzzle"]["id"] == "puzzle#1"


# -- verify, train, generate -------------------------------------------------------------------


def test_verify_skips_a_file_of_positions_in_one_line(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    code, out, err = run(capsys, "verify", str(WIN_IN_2))
    assert (code, out) == (0, "")
    assert err == (
        f"renju: note: {WIN_IN_2}: 1 position not marked as a puzzle (no stated task):"
        " not verified (renju generate --from proves it)\n"
    )
    # beside a puzzle file in a folder: the puzzles are verified, the positions noted
    (tmp_path / "game.pos").write_bytes(format_pos(parse_moves("h8 h9 i8")))
    (tmp_path / "one.renju").write_text(SAMPLE.read_text().split("---")[0])
    code, out, err = run(capsys, "verify", str(tmp_path), "--time", "5")
    assert "Verified 1 puzzle from 2 files" in out
    assert "game.pos: 1 position not marked as a puzzle" in err


def test_train_on_positions_only_points_to_generate(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "train", str(NO_WIN))
    assert code == 2 and out == "" and err.count("\n") == 1
    assert "no puzzles found: 1 position with no stated task" in err
    assert f"renju generate OUT.renju --from {NO_WIN}" in err


def test_generate_from_a_pos_file_proves_its_position(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    out = tmp_path / "proven.renju"
    code, _, _ = run(
        capsys,
        "generate",
        str(out),
        "--from",
        str(WIN_IN_2),
        "--min-moves",
        "1",
        "--max-moves",
        "3",
    )
    assert code == 0
    (p,) = read_puzzles(out).puzzles
    board = read_puzzles(WIN_IN_2).positions[0]
    assert (p.black, p.white, p.to_move) == (board.black, board.white, Color.BLACK)


def test_annotate_leaves_positions_out_and_says_so(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    code, _, err = run(capsys, "annotate", str(NO_WIN), str(tmp_path / "a.renju"))
    assert code == 2 and "no puzzle marked as one (1 position with no stated task" in err
    sgf = FORMATS / "handmade" / "puzzle.sgf"  # a puzzle and a game record
    code, out, _ = run(capsys, "annotate", str(sgf), str(tmp_path / "b.renju"), "--time", "2")
    assert "wrote 1 puzzles to" in out and "1 position with no stated task left out" in out
    assert len(read_puzzles(tmp_path / "b.renju").puzzles) == 1


# -- a winner named where the game is over states no task ---------------------------------

_FIVE = "B[hh];W[aa];B[ih];W[ab];B[jh];W[ac];B[kh];W[ad];B[lh]"  # Black's five h8-l8


def test_a_winner_named_after_a_five_is_not_a_task() -> None:
    over = sgf_puzzles(parse_sgf(f"(;GM[4]SZ[15];{_FIVE}C[Black wins])"))
    assert (len(over.puzzles), len(over.positions)) == (0, 1)
    narrated = sgf_puzzles(parse_sgf(f"(;GM[4]SZ[15]GC[Black wins];{_FIVE})"))
    assert (len(narrated.puzzles), len(narrated.positions)) == (0, 1)
    # a task stated earlier on the same line is the puzzle
    earlier = _FIVE.replace("B[ih]", "B[ih]C[\u9ed1\u5148]")  # 黑先 after h8 a15 i8
    (p,) = sgf_puzzles(parse_sgf(f"(;GM[4]SZ[15];{earlier}C[Black wins])")).puzzles
    assert (format_points(p.black), format_points(p.white), p.to_move) == (
        "h8 i8",
        "a15",
        Color.BLACK,
    )


def test_a_renlib_line_ending_in_a_five_is_a_position() -> None:
    from puzzles.formats.renlib import RenLibNode, RenLibTree, renlib_puzzles

    def line(comment_at: int) -> RenLibTree:
        root = node = RenLibNode()
        for i, m in enumerate(parse_moves("h8 a15 i8 a14 j8 a13 k8 a12 l8")):
            child = RenLibNode(move=m, comment="Black wins" if i == comment_at else "")
            node.children.append(child)
            node = child
        return RenLibTree(root, (3, 4))

    ended = renlib_puzzles(line(8))  # on the fifth stone: how the line ended
    assert (len(ended.puzzles), len(ended.positions)) == (0, 1)
    (p,) = renlib_puzzles(line(6)).puzzles  # on k8, four in a row: Black to win
    assert (len(p.black), p.to_move, format_points(p.solution)) == (4, Color.BLACK, "")
