"""``renju info`` and ``renju convert``, and puzzle files as position files, end to end."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from puzzles.commands import read_position
from puzzles.io import read_puzzles
from solver.cli import main
from solver.rules.forbidden import forbidden_points
from solver.rules.notation import point_name

FORMATS = Path(__file__).parent.parent / "data" / "formats"
I7 = FORMATS / "emilgardis-board" / "I7.lib"
PUZZLE_DATA = Path(__file__).parent.parent.parent / "puzzles" / "data"


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


# -- info ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("path", "expected"),
    [
        (
            "emilgardis-board/I7.lib",
            # an opening library: two leaves state a winner, the rest are positions
            {
                "format": "renlib",
                "puzzles": 2,
                "positions": 260,
                "nodes": 2076,
                "comments": 93,
                "errors": 0,
            },
        ),
        # 3 trees: a setup puzzle (4 move nodes, 4 comments, "黑先 VCF"), a 7-move game
        # (a position: no task stated), a 19x19 game (1 move node; skipped as a bad entry).
        (
            "handmade/puzzle.sgf",
            {
                "format": "sgf",
                "puzzles": 1,
                "positions": 1,
                "games": 3,
                "nodes": 12,
                "comments": 4,
                "errors": 1,
            },
        ),
        # 4 games, one with <info>, one playing h8 twice (a bad entry); no task: positions.
        (
            "handmade/games.rif",
            {"format": "rif", "puzzles": 0, "positions": 3, "games": 4, "comments": 1, "errors": 1},
        ),
        ("handmade/puzzles_lfz.json", {"format": "lfz", "puzzles": 6, "errors": 4}),
        ("handmade/sample.renju", {"format": "native", "puzzles": 4, "errors": 0}),
        ("quintet/vcf_black.txt", {"format": "quintet", "puzzles": 1, "errors": 0}),
        ("handmade/sample.renju", {"format": "native", "puzzles": 4, "positions": 0}),
        # a game file states no task: one position, no puzzle
        ("emilgardis-board/example.pos", {"format": "pos", "puzzles": 0, "positions": 1}),
        ("handmade/game.psq", {"format": "psq", "puzzles": 0, "positions": 1, "games": 1}),
    ],
)
def test_info_json(
    capsys: pytest.CaptureFixture[str], path: str, expected: dict[str, object]
) -> None:
    code, out, err = run(capsys, "info", str(FORMATS / path), "--json")
    assert code == 0 and err == ""
    data = json.loads(out)
    assert {k: data[k] for k in expected} == expected
    assert not {"games", "nodes"} & (set(data) - set(expected))  # only counts that apply


def test_info_goals_and_human_text(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "info", str(FORMATS / "handmade" / "sample.renju"), "--json")
    assert code == 0 and json.loads(out)["goals"] == {"vct": 2, "vcf": 1, "tsume": 1}
    code, out, _ = run(capsys, "info", str(I7))
    lines = out.splitlines()
    assert code == 0 and lines[0] == f"{I7}: RenLib library (version 3.0)"
    assert lines[1:] == [
        "  2,076 nodes, 93 comments",
        "  2 puzzles (2 tsume)",
        "  260 positions not marked as puzzles"
        " (renju generate --from FILE keeps those with a proven win)",
        "  opening: I7 Hogetsu (浦月)",
    ]
    code, out, _ = run(capsys, "info", str(FORMATS / "handmade" / "puzzle.sgf"))
    assert "1 bad entries skipped" in out and "board size 19 is not supported" in out


@pytest.mark.parametrize(
    ("name", "data", "message"),
    [
        ("empty.lib", b"", "empty file"),
        ("broken.rif", b"<?xml version='1.0'?><database><games><game", "bad XML"),
        ("bad.sgf", b"(;GM[4]SZ[15];B[hh]", "is not closed"),
        ("noise.bin", bytes(range(200, 256)) * 3, "unrecognised file format"),
        ("bad.json", b'{"puzzles": [', "JSON"),
    ],
)
def test_info_bad_file_is_one_line_exit_2(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, name: str, data: bytes, message: str
) -> None:
    path = tmp_path / name
    path.write_bytes(data)
    code, out, err = run(capsys, "info", str(path))
    assert code == 2 and out == ""
    assert err.count("\n") == 1 and err.startswith(f"renju: error: {path}") and message in err


def test_info_missing_file(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    code, _, err = run(capsys, "info", str(tmp_path / "nope.renju"))
    assert code == 2 and err == f"renju: error: no such file: '{tmp_path / 'nope.renju'}'\n"


# -- convert ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("path", "count"),
    [
        ("emilgardis-board/I7.lib", 2),
        ("quintet/vcf_black.txt", 1),
        ("quintet/vct_white.txt", 1),
        ("handmade/puzzles_lfz.json", 6),
    ],
)
def test_convert_round_trip(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, path: str, count: int
) -> None:
    source = FORMATS / path
    out_path = tmp_path / "out.renju"
    code, out, err = run(capsys, "convert", str(source), str(out_path))
    original = read_puzzles(source)
    back = read_puzzles(out_path)
    assert back.format == "native" and back.errors == []
    assert len(back.puzzles) == count
    assert back.puzzles == original.puzzles  # stones, side, goal, limit, solution, texts
    assert out == "" and f"wrote {count} puzzle" in err
    assert code == (1 if original.errors else 0)


def test_convert_keeps_quintet_answer(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    out_path = tmp_path / "q.renju"
    assert run(capsys, "convert", str(FORMATS / "quintet" / "vcf_black.txt"), str(out_path))[0] == 0
    (p,) = read_puzzles(out_path).puzzles
    assert (p.goal, p.max_moves, p.to_move.label(), len(p.solution)) == ("vcf", 12, "black", 23)
    assert point_name(p.solution[0]) == "j12"


def test_convert_reports_skipped_entries(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    out_path = tmp_path / "games.sgf"
    code, _, err = run(capsys, "convert", str(FORMATS / "handmade" / "games.rif"), str(out_path))
    assert code == 1
    lines = err.splitlines()
    assert (
        lines[0] == f"wrote 0 puzzles and 3 positions to {out_path} (rif; 1 entry skipped) as sgf"
    )
    assert "(entry 3)" in lines[1] and "game 171550" in lines[1] and "h8" in lines[1]
    back = read_puzzles(out_path)
    assert back.puzzles == [] and [p.id for p in back.positions] == ["171548", "171549", "171551"]


def test_convert_refuses_to_overwrite(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    out_path = tmp_path / "exists.renju"
    out_path.write_text("keep me\n")
    source = str(FORMATS / "quintet" / "vct_white.txt")
    code, out, err = run(capsys, "convert", source, str(out_path))
    assert code == 2 and out == "" and err.count("\n") == 1 and "--force" in err
    assert out_path.read_text() == "keep me\n"
    code, _, _ = run(capsys, "convert", source, str(out_path), "--force")
    assert code == 0 and [p.id for p in read_puzzles(out_path)] == ["vct_white"]
    assert [f.name for f in tmp_path.iterdir()] == ["exists.renju"]  # no temporary file left


def test_convert_bad_input(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    bad = tmp_path / "bad.lib"
    bad.write_bytes(b"\xffRenLib\xff\x03\x00" + b"\xff" * 10 + b"\x78\x08abc")
    code, _, err = run(capsys, "convert", str(bad), str(tmp_path / "x.renju"))
    assert code == 2 and err.startswith("renju: error: ") and err.count("\n") == 1
    assert not (tmp_path / "x.renju").exists()


# -- puzzle files as position files ---------------------------------------------------------


def test_forbidden_reads_the_first_puzzle_of_any_format(
    capsys: pytest.CaptureFixture[str],
) -> None:
    for path in (
        FORMATS / "quintet" / "vcf_black.txt",
        FORMATS / "handmade" / "sample.renju",
        PUZZLE_DATA / "defend-vcf.renju",
        PUZZLE_DATA / "points-four-three.renju",
        FORMATS / "handmade" / "games.rif",
        FORMATS / "emilgardis-board" / "example.pos",
        I7,
    ):
        found = read_position(path)
        assert found is not None
        board, hints = found
        read = read_puzzles(path)
        first = (read.puzzles or read.positions)[0]
        assert board == first.board()
        if read.puzzles:
            stated = {"goal": first.goal, "max_moves": first.max_moves, "count": first.count}
            assert {k: hints[k] for k in stated} == stated
            assert (hints["kind"], hints["answer"]) == (first.kind, first.answer)
        else:  # a game file states no task: a position, no goal or answer
            assert hints["position"] and not {"goal", "kind", "solution"} & set(hints)
        assert (hints["id"], hints["number"]) == (first.id, 1)
        code, out, _ = run(capsys, "forbidden", str(path), "--json")
        expected = {point_name(p): k.value for p, k in forbidden_points(board).items()}
        assert code == 0 and json.loads(out)["forbidden"] == expected


def test_text_diagram_still_read_by_the_core(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    diagram = tmp_path / "pos.txt"
    rows = ["." * 15] * 15
    rows[7] = "......XX.XX...."  # g8 h8 j8 k8: i8 makes five, nothing forbidden
    diagram.write_text("\n".join(" ".join(r) for r in rows) + "\nto move: black\n")
    assert read_position(diagram) is None
    code, out, _ = run(capsys, "forbidden", str(diagram), "--json")
    assert code == 0 and json.loads(out) == {"forbidden": {}}
