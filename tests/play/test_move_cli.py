"""``renju move``: the engine's move on the command line, and bad input refused in one
line (exit 2)."""

from __future__ import annotations

import json

import pytest

from solver.cli import main


def test_move_json(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["move", "--moves", "h8 a1 i8 a2 j8 a3", "--json", "--time", "0.5"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["move"] in ("g8", "k8") and data["why"] == "vcf"
    assert data["line"] == [data["move"]] and data["level"] == 5


def test_move_defends(capsys: pytest.CaptureFixture[str]) -> None:
    # Black's open three h8 i8 j8 and White to move: a block next to it
    assert main(["move", "--moves", "h8 a1 i8 a2 j8", "--json", "--time", "0.5"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["why"] == "defence" and data["move"] in ("g8", "k8", "f8", "l8")
    assert data["threat"][0] in ("g8", "k8", "f8", "l8")


def test_move_text(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["move", "-b", "h8 i8 j8 k8", "-w", "a1 a2 a3 a4", "--level", "2"]) == 0
    out = capsys.readouterr().out
    assert out.splitlines()[0] in (
        "g8: wins by fours (VCF) (black to move)",
        "l8: wins by fours (VCF) (black to move)",
    )


@pytest.mark.parametrize(
    ("argv", "quoted"),
    [
        (["--moves", "h8", "--level", "0"], "'0'"),
        (["--moves", "h8", "--level", "six"], "'six'"),
        (["--moves", "h8", "--time", "-1"], "'-1'"),
        (["--moves", "h8", "--time", "soon"], "'soon'"),
        (["--moves", "h8 z99"], "'z99'"),
        (["--moves", "h8 h8"], "h8"),
        (["-b", "h8 i8 j8 k8 l8"], "five"),
    ],
)
def test_bad_input_is_one_line_and_exit_2(
    capsys: pytest.CaptureFixture[str], argv: list[str], quoted: str
) -> None:
    assert main(["move", *argv]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err.count("\n") == 1 and captured.err.startswith("renju: error: ")
    assert quoted in captured.err
