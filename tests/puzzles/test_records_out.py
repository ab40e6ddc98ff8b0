"""Records out: the SGF, RenLib and SVG writers against their readers, ``write_game``
and ``renju convert`` to every format."""

from __future__ import annotations

import os
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from puzzles.formats.base import RecordError, decided
from puzzles.formats.pos import parse_pos
from puzzles.formats.renlib import (
    HEADER_30,
    HEADER_34,
    RenLibNode,
    RenLibTree,
    format_renlib,
    game_renlib,
    parse_renlib,
    renlib_puzzles,
    renlib_tree,
)
from puzzles.formats.sgf import format_sgf, game_sgf, parse_sgf, puzzle_sgf, sgf_point, sgf_puzzles
from puzzles.formats.svg import NS, game_svg, puzzle_svg
from puzzles.io import read_puzzles, write_game, write_puzzles
from puzzles.model import Puzzle
from solver.cli import main
from solver.rules.board import Color, Rule
from solver.rules.forbidden import forbidden_points
from solver.rules.notation import Move, parse_moves, parse_points, point_name

FORMATS = Path(__file__).parent.parent / "data" / "formats"
LIBS = FORMATS / "emilgardis-board"

# -- strategies ---------------------------------------------------------------------------

_CHARS = st.characters(blacklist_categories=("Cs", "Cc"))
one_line = st.text(_CHARS, max_size=12).map(str.strip)
comment = st.lists(one_line, max_size=3).map(lambda lines: "\n".join(lines).strip())


@st.composite
def puzzles(draw: st.DrawFn, pool: list[list[int]] | None = None, min_stones: int = 0) -> Puzzle:
    """A random puzzle: stones (any counts, the attacker either side), a solution on
    empty points, keys, every text field (``]``, ``\\``, CJK and line breaks included);
    with a ``pool``, its first stones one of the pool's positions."""
    points = draw(st.lists(st.integers(0, 224), min_size=40, max_size=40, unique=True))
    if pool is not None:
        chosen = draw(st.sampled_from(pool))
        points = chosen + [p for p in points if p not in chosen]
    nb, nw = draw(st.integers(0, 12)), draw(st.integers(0, 12))
    nb = max(nb, min_stones - nw)
    black, white = points[:nb], points[nb : nb + nw]
    rest = points[nb + nw :]
    solution = rest[: draw(st.integers(0, 7))]
    keys = draw(st.lists(st.sampled_from(rest[:10]), max_size=3, unique=True))
    return Puzzle(
        black=black,
        white=white,
        to_move=draw(st.sampled_from([Color.BLACK, Color.WHITE])),
        goal=draw(st.sampled_from(["vcf", "vct", "tsume"])),
        max_moves=draw(st.none() | st.integers(1, 20)),
        count=draw(st.sampled_from(["plain", "books", "final-vcf", "app"])),
        solution=solution,
        keys=keys,
        title=draw(one_line),
        source=draw(one_line),
        author=draw(one_line),
        comment=draw(comment),
        level=draw(st.none() | st.integers(1, 5)),
        tags=draw(st.lists(one_line.filter(lambda t: t and "," not in t), max_size=3)),
        id=draw(one_line.filter(bool)),
        rule=draw(st.sampled_from(list(Rule))),
    )


@st.composite
def games(draw: st.DrawFn) -> list[Move]:
    """A random game line: distinct points, Black first, passes among them."""
    points = draw(st.lists(st.integers(0, 224), min_size=1, max_size=60, unique=True))
    moves: list[Move] = list(points)
    for at in draw(st.lists(st.integers(0, len(moves)), max_size=3)):
        moves.insert(at, None)
    return moves


# -- SGF ----------------------------------------------------------------------------------


@settings(max_examples=50, deadline=None)
@given(st.lists(puzzles(), min_size=1, max_size=4))
def test_sgf_round_trip_gives_the_same_puzzles(ps: list[Puzzle]) -> None:
    text = format_sgf(puzzle_sgf(p) for p in ps)
    result = sgf_puzzles(parse_sgf(text.encode("utf-8")))
    assert result.errors == []
    assert result.puzzles == ps


@settings(max_examples=50, deadline=None)
@given(games(), st.sampled_from(["black-won", "white-won", "draw", "ongoing"]))
def test_sgf_game_round_trip(moves: list[Move], result: str) -> None:
    meta = {"black": "Ann [1]", "white": "Bo\\b", "date": "2026-11-27", "opening": "I7"}
    (root,) = parse_sgf(format_sgf([game_sgf(moves, result, meta)]))
    line = [n for n in root.main_line()[1:]]
    colours = ["B" if i % 2 == 0 else "W" for i in range(len(moves))]
    assert [next(iter(n.props)) for n in line] == colours
    assert [sgf_point(n.get(c)) for n, c in zip(line, colours, strict=True)] == moves
    expected = {"black-won": "B+", "white-won": "W+", "draw": "Draw", "ongoing": ""}[result]
    assert root.get("RE") == expected
    assert (root.get("PB"), root.get("PW"), root.get("ON")) == ("Ann [1]", "Bo\\b", "I7")
    assert (root.get("GM"), root.get("SZ"), root.get("FF")) == ("4", "15", "4")


def test_sgf_puzzle_text_is_what_other_programs_read() -> None:
    p = Puzzle(
        black=parse_points("h8 i8"),
        white=parse_points("h9"),
        goal="vcf",
        solution=parse_points("j8 k8 g8"),
        keys=parse_points("j8 g8"),
        title="No. 1",
        comment="Black: a ] and a \\",
        id="n1",
    )
    text = format_sgf([puzzle_sgf(p)])
    assert text.startswith("(;FF[4]GM[4]SZ[15]CA[UTF-8]AP[renju-tsume:")
    assert "\nAB[hh][ih]\nAW[hg]\n" in text and "\nPL[B]\n" in text
    assert "C[Black: a \\] and a \\\\]" in text
    assert "RJ[id: n1][goal: vcf][keys: j8 g8]" in text
    # the solution is the main line, the other key a variation beside it
    assert text.endswith("(;B[jh];W[kh];B[gh])(;B[gh]))\n")


def test_sgf_reader_refuses_a_bad_rj_field() -> None:
    trees = parse_sgf("(;GM[4]SZ[15]AB[hh]RJ[goal: win])(;GM[4]SZ[15]AB[hh]RJ[colour: red])")
    result = sgf_puzzles(trees)
    assert result.puzzles == []
    assert [str(e) for _, e in result.errors] == [
        "<bytes> (entry 1): unknown goal 'win' (expected vcf, vct or tsume)",
        "<bytes> (entry 2): not a field of RJ: 'colour: red' "
        "(known: id, goal, max-moves, count, level, tags, keys, task)",
    ]


# -- RenLib -------------------------------------------------------------------------------


def _key(p: Puzzle) -> tuple[object, ...]:
    return (p.black, p.white, p.to_move, p.goal, p.solution)


def _expected_comment(p: Puzzle) -> str:
    goal = "tsume" if p.goal == "tsume" else p.goal.upper()
    length = f" in {p.max_moves}" if p.max_moves is not None else ""
    name = f"{p.title} ({p.id})" if p.title and p.id else p.title or p.id
    head = f"{p.to_move.label().capitalize()} wins ({goal}{length})"
    return "\n".join(t for t in (head, name, p.comment) if t)


# a few shared positions, so that puzzles land on the same stones and on each other's lines
_POOL = [parse_points("h8"), parse_points("h8 h9"), parse_points("h8 h9 i8 i9")]


@settings(max_examples=50, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(puzzles(min_stones=1) | puzzles(_POOL, 1), min_size=1, max_size=6))
def test_renlib_round_trip_gives_the_same_puzzles(ps: list[Puzzle]) -> None:
    # a five on the board: the game is over, the line reads back as a position
    assume(not any(decided(p.black, p.white) for p in ps))
    data = format_renlib(renlib_tree(ps))
    result = renlib_puzzles(parse_renlib(data))
    assert result.errors == []
    assert sorted(map(_key, result.puzzles)) == sorted(map(_key, ps))
    comments = sorted((_key(p), p.comment) for p in result.puzzles)
    assert comments == sorted((_key(p), _expected_comment(p)) for p in ps)
    # the other key moves are variations: positions, not puzzles
    keys = sum(len({k for k in p.keys if k != p.solution[0]}) for p in ps if p.solution)
    assert len(result.positions) == keys


def test_renlib_same_stones_twice_and_empty_boards() -> None:
    same = [Puzzle(parse_points("h8 i9"), parse_points("h9"), goal=g) for g in ("vcf", "vct")]
    same.append(Puzzle(parse_points("h8 i9"), parse_points("h9"), Color.WHITE))
    empty = [Puzzle(to_move=Color.WHITE)]
    result = renlib_puzzles(parse_renlib(format_renlib(renlib_tree(same + empty))))
    assert sorted(map(_key, result.puzzles)) == sorted(map(_key, same + empty))
    # every line of passes runs through the first empty board's node: one fits, not two
    with pytest.raises(RecordError, match="no free line for its position"):
        renlib_tree([*empty, Puzzle(id="e2")])


def test_renlib_bytes_as_formats_md_describes() -> None:
    # FORMATS.md §3: h8 with four children h9 (leaf), g8 (leaf), i8 -> j8 -> k8, h7 (leaf)
    tree = RenLibTree(RenLibNode(), (3, 0))
    (h8,) = _chain(tree.root, "h8")
    for line in ("h9", "g8", "i8 j8 k8", "h7"):
        _chain(h8, line)
    data = format_renlib(tree)
    assert data == HEADER_30 + bytes.fromhex("78 00 68 C0 77 C0 79 80 7A 00 7B 40 88 40")
    assert data == (LIBS / "lib_4_left_right_up_down.lib").read_bytes()


def test_renlib_bytes_of_a_pass_comments_and_a_board_text() -> None:
    tree = RenLibTree(RenLibNode(), (3, 4))
    h8, passed, k8 = _chain(tree.root, "h8 pass k8")
    h8.comment = "ab"  # even: a zero byte, then a pad
    passed.comment, passed.long_comment = "x", "line 1\nline 2"
    k8.board_text = "A"  # odd with its zero: no pad
    data = format_renlib(tree)
    assert data[:20] == HEADER_34  # a pass: 3.4, with a root record
    assert data[20:] == (
        bytes.fromhex("00 00")  # root: no DOWN, no RIGHT
        + bytes.fromhex("78 08")
        + b"ab\0\0"
        + bytes.fromhex("00 08")
        + b"x\x08line 1\r\nline 2\0\0"  # 16 bytes and a zero: odd, so a pad
        + bytes.fromhex("7B 41 00 01")  # k8: RIGHT | EXTENSION, BOARD_TEXT in byte 2
        + b"A\0"
    )
    back = parse_renlib(data)
    (line,) = back.lines()
    assert [n.move for n in line] == [h8.move, None, k8.move]
    assert (line[1].comment, line[1].long_comment, line[2].board_text) == (
        "x",
        "line 1\nline 2",
        "A",
    )


@pytest.mark.parametrize(
    "name",
    [
        "I7.lib",
        "example_for_science.lib",
        "example_for_science_with_variant_maybe.lib",
        "lib_3_is_pass.lib",
        "lib_4_in_corner.lib",
        "lib_two_top_rows.lib",
        "null_move2.lib",
        "one_move.lib",
    ],
)
def test_libraries_renlib_wrote_are_written_back_byte_for_byte(name: str) -> None:
    data = (LIBS / name).read_bytes()
    tree = parse_renlib(data, encoding="latin-1")
    assert format_renlib(tree, encoding="latin-1") == data


def test_renlib_writer_refuses_what_renlib_cannot_hold() -> None:
    tree = RenLibTree(RenLibNode(), (3, 4))
    (h8,) = _chain(tree.root, "h8")
    h8.long_comment = "a\0b"
    with pytest.raises(RecordError, match="zero byte"):
        format_renlib(tree)
    h8.long_comment = "作者"
    with pytest.raises(RecordError, match="cannot be written in cp1252"):
        format_renlib(tree, encoding="cp1252")
    assert parse_renlib(format_renlib(tree, encoding="gbk")).root.children[0].long_comment == "作者"


@settings(max_examples=60, deadline=None)
@given(games(), st.sampled_from(["black-won", "white-won", "draw", "ongoing"]))
def test_renlib_game_round_trip(moves: list[Move], result: str) -> None:
    tree = parse_renlib(format_renlib(game_renlib(moves, result, {"black": "Ann"})))
    (line,) = tree.lines()
    assert [n.move for n in line] == moves
    assert tree.root.comment == "Ann"
    words = {"black-won": "Black won", "white-won": "White won", "draw": "Draw"}
    assert line[-1].comment == words.get(result, "")
    read = renlib_puzzles(tree)  # a game is no puzzle: its end is a position
    assert read.puzzles == [] and len(read.positions) == 1


# -- SVG ----------------------------------------------------------------------------------


def _svg_parts(text: str) -> tuple[dict[str, dict[str, str]], dict[str, str], str, str]:
    """Stones by point ({colour, number}), forbidden marks by point, title, caption."""
    root = ET.fromstring(text)
    assert root.tag == f"{{{NS}}}svg"
    stones: dict[str, dict[str, str]] = {}
    marks: dict[str, str] = {}
    texts = {t.get("class"): t.text or "" for t in root.iter(f"{{{NS}}}text")}
    for g in root.iter(f"{{{NS}}}g"):
        kind = g.get("class", "")
        if kind.startswith("stone "):
            number = [t.text for t in g.iter(f"{{{NS}}}text")]
            stones[g.get("data-point", "")] = {
                "colour": kind.split()[1],
                "number": number[0] or "" if number else "",
            }
        elif kind == "forbidden":
            marks[g.get("data-point", "")] = g.get("data-kind", "")
    return stones, marks, texts.get("title", ""), texts.get("caption", "")


@settings(max_examples=60, deadline=None)
@given(puzzles(), st.booleans())
def test_svg_shows_the_stones_the_numbered_solution_and_forbidden_points(
    p: Puzzle, numbers: bool
) -> None:
    stones, marks, title, caption = _svg_parts(puzzle_svg(p, numbers=numbers))
    expected = {point_name(q): {"colour": "black", "number": ""} for q in p.black}
    expected |= {point_name(q): {"colour": "white", "number": ""} for q in p.white}
    colour = p.to_move
    for n, q in enumerate(p.solution if numbers else [], 1):
        expected[point_name(q)] = {"colour": colour.label(), "number": str(n)}
        colour = colour.opponent
    assert stones == expected
    played = set(p.solution) if numbers else set()
    want = {} if p.rule is not Rule.RENJU else forbidden_points(p.board())
    assert marks == {point_name(q): k.value for q, k in want.items() if q not in played}
    assert title == (p.title or p.id)
    assert caption.startswith(f"{p.to_move.label().capitalize()} to play and win")


def test_svg_of_a_known_position() -> None:
    p = Puzzle(
        black=parse_points("g8 h8 i9 i10 i11 k8 l8"),
        white=parse_points("h9 j9"),
        goal="vcf",
        max_moves=2,
        solution=parse_points("j8 i8 j10"),
        title="VCF <No. 1> & co",
    )
    stones, marks, title, caption = _svg_parts(puzzle_svg(p))
    assert stones["j8"] == {"colour": "black", "number": "1"}
    assert stones["i8"] == {"colour": "white", "number": "2"}
    assert stones["j10"] == {"colour": "black", "number": "3"}
    assert marks == {}  # j10, the double-three, is where move 3 stands
    assert (title, caption) == ("VCF <No. 1> & co", "Black to play and win by VCF in 2 moves")
    assert _svg_parts(puzzle_svg(p, numbers=False))[1] == {"j10": "double-three"}
    assert _svg_parts(puzzle_svg(p, numbers=False, forbidden=False))[1] == {}


def test_svg_of_a_game_numbers_every_move() -> None:
    moves = parse_moves("h8 h9 i8 pass j8")
    stones, _, title, caption = _svg_parts(game_svg(moves, "ongoing", {"black": "A", "white": "B"}))
    assert {p: s["number"] for p, s in stones.items()} == {
        "h8": "1",
        "h9": "2",
        "i8": "3",
        "j8": "5",
    }
    assert stones["j8"]["colour"] == "black"
    assert (title, caption) == ("A - B", "5 moves; 4: pass")


# -- write_game ---------------------------------------------------------------------------


@settings(max_examples=20, deadline=None)
@given(games())
def test_write_game_in_each_format(moves: list[Move]) -> None:
    import tempfile

    with tempfile.TemporaryDirectory() as d:
        folder = Path(d)
        meta = {"black": "Ann", "white": "Bob", "event": "club"}
        for name in ("g.sgf", "g.lib", "g.pos", "g.svg"):
            write_game(moves, folder / name, "draw", meta)
        (root,) = parse_sgf((folder / "g.sgf").read_bytes())
        assert root.get("RE") == "Draw" and root.get("EV") == "club"
        assert [
            n.move for n in next(parse_renlib((folder / "g.lib").read_bytes()).lines())
        ] == moves
        assert parse_pos((folder / "g.pos").read_bytes()) == moves
        assert len(_svg_parts((folder / "g.svg").read_text())[0]) == sum(
            m is not None for m in moves
        )
        assert sorted(os.listdir(folder)) == ["g.lib", "g.pos", "g.sgf", "g.svg"]


def test_write_game_refuses_bad_games_and_keeps_the_old_file(tmp_path: Path) -> None:
    target = tmp_path / "g.sgf"
    target.write_text("old")
    for moves, result, meta, problem in [
        (parse_moves("h8 h8"), None, None, "move 2 .h8. is on an occupied point"),
        (parse_moves("h8"), "won", None, "unknown game result 'won'"),
        (parse_moves("h8"), None, {"colour": "x"}, "unknown game field 'colour'"),
    ]:
        with pytest.raises(RecordError, match=problem):
            write_game(moves, target, result, meta)
    with pytest.raises(RecordError, match="the native format holds puzzles"):
        write_game(parse_moves("h8"), tmp_path / "g.renju")
    assert target.read_text() == "old" and sorted(os.listdir(tmp_path)) == ["g.sgf"]


# -- renju convert ------------------------------------------------------------------------


def _convert(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str]:
    code = main(["convert", *argv])
    return code, capsys.readouterr().err


def test_convert_to_each_format_reads_back(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    source = FORMATS / "handmade" / "sample.renju"
    original = read_puzzles(source).puzzles
    for name in ("out.sgf", "out.lib"):
        code, err = _convert(capsys, str(source), str(tmp_path / name))
        assert code == 0 and err.startswith(f"wrote {len(original)} puzzle")
    assert read_puzzles(tmp_path / "out.sgf").puzzles == original
    back = read_puzzles(tmp_path / "out.lib").puzzles
    assert sorted(map(_key, back)) == sorted(map(_key, original))
    code, err = _convert(capsys, str(source), str(tmp_path / "x.txt"), "--to", "sgf")
    assert code == 0 and read_puzzles(tmp_path / "x.txt").format == "sgf"


def test_convert_to_svg_one_file_a_puzzle(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    source = Path(__file__).parents[2] / "puzzles" / "data" / "vct.renju"
    puzzles = read_puzzles(source).puzzles
    code, err = _convert(capsys, str(source), str(tmp_path / "set.svg"))
    assert code == 0
    names = sorted(os.listdir(tmp_path))
    assert names == [f"set-{i:02d}.svg" for i in range(1, len(puzzles) + 1)]
    assert f"set-01.svg ... {tmp_path / names[-1]}" in err
    stones = _svg_parts((tmp_path / "set-03.svg").read_text())[0]
    assert len(stones) == len(puzzles[2].black) + len(puzzles[2].white) + len(puzzles[2].solution)
    assert _convert(capsys, f"{source}#3", str(tmp_path / "three.svg"))[0] == 0
    assert (tmp_path / "three.svg").read_text() == (tmp_path / "set-03.svg").read_text()
    ident = puzzles[2].id
    assert _convert(capsys, str(source), str(tmp_path / "id.svg"), "--puzzle", ident)[0] == 0
    assert (tmp_path / "id.svg").read_text() == (tmp_path / "three.svg").read_text()
    code, err = _convert(capsys, str(source), str(tmp_path / "set.svg"))
    assert (
        code == 2
        and err
        == f"renju: error: {str(tmp_path / 'set-01.svg')!r} exists (use --force to overwrite it)\n"
    )


@pytest.mark.parametrize(
    ("args", "problem"),
    [
        (["{src}", "{tmp}/a.sgf", "--to", "lib"], "'{tmp}/a.sgf' is named as sgf, not lib"),
        (["{src}", "{tmp}/a.txt", "--to", "png"], "unknown output format 'png'"),
        (["{src}#9", "{tmp}/a.sgf"], "{src}#9: the file holds 4 puzzles"),
        (["{src}#x", "{tmp}/a.sgf"], "after '#' comes a puzzle number"),
        (["{src}#1", "{tmp}/a.sgf", "--puzzle", "p"], "give IN#1 or --puzzle 'p', not both"),
        (["{src}", "{tmp}/no/a.sgf"], "cannot write '{tmp}/no/a.sgf': No such file or directory"),
        (["{src}", "{tmp}/a.lib", "--encoding", "klingon"], "unknown --encoding 'klingon'"),
        (["{tmp}/missing.sgf", "{tmp}/a.lib"], "no such file"),
    ],
)
def test_convert_bad_input_one_line_exit_2_nothing_written(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, args: list[str], problem: str
) -> None:
    src = str(FORMATS / "handmade" / "sample.renju")
    fill = {"src": src, "tmp": str(tmp_path)}
    code, err = _convert(capsys, *(a.format(**fill) for a in args))
    assert code == 2 and err.count("\n") == 1 and problem.format(**fill) in err
    assert os.listdir(tmp_path) == []


def test_convert_a_text_the_format_cannot_hold(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    src = tmp_path / "in.sgf"
    src.write_text("(;GM[4]SZ[15]AB[hh]C[作者])")
    code, err = _convert(capsys, str(src), str(tmp_path / "out.lib"), "--encoding", "ascii")
    assert code == 2 and "cannot be written in ascii" in err and err.count("\n") == 1
    assert sorted(os.listdir(tmp_path)) == ["in.sgf"]


def test_write_puzzles_refuses_pos(tmp_path: Path) -> None:
    with pytest.raises(RecordError, match="puzzles are not written as pos"):
        write_puzzles([Puzzle(black=[112])], tmp_path / "a.pos")


def _chain(parent: RenLibNode, line: str) -> list[RenLibNode]:
    out = []
    for m in parse_moves(line):
        node = RenLibNode(move=m)
        parent.children.append(node)
        out.append(node)
        parent = node
    return out


def test_convert_a_game_file_keeps_the_moves_in_order(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    pos = LIBS / "4th_is_a_pass.pos"
    moves = parse_pos(pos.read_bytes())
    for name, fmt in (("g.sgf", "sgf"), ("g.lib", "renlib"), ("g.svg", "svg")):
        code, err = _convert(capsys, str(pos), str(tmp_path / name))
        assert code == 0
        assert err == f"wrote a game of {len(moves)} moves to {tmp_path / name} as {fmt}\n"
    (root,) = parse_sgf((tmp_path / "g.sgf").read_bytes())
    assert [sgf_point(next(iter(n.props.values()))[0]) for n in root.main_line()[1:]] == moves
    assert [n.move for n in next(parse_renlib((tmp_path / "g.lib").read_bytes()).lines())] == moves
    stones = _svg_parts((tmp_path / "g.svg").read_text())[0]
    assert {s["number"] for s in stones.values()} == {
        str(i) for i, m in enumerate(moves, 1) if m is not None
    }
    # a game record in SGF comes back as the same game, its result and players kept
    code, _ = _convert(capsys, str(tmp_path / "g.sgf"), str(tmp_path / "again.sgf"))
    assert code == 0 and (tmp_path / "again.sgf").read_text() == (tmp_path / "g.sgf").read_text()
    # the native format holds puzzles, and a game states no task: nothing is written
    code, err = _convert(capsys, str(pos), str(tmp_path / "g.renju"))
    assert code == 2 and not (tmp_path / "g.renju").exists()
    assert "no puzzle marked as one (1 position; the native format holds puzzles only" in err


def test_sgf_games_reads_what_game_sgf_writes() -> None:
    from puzzles.formats.sgf import sgf_games

    moves = parse_moves("h8 h9 pass i9")
    meta = {"black": "Ann", "white": "Bob", "event": "club", "date": "2026", "comment": "x"}
    (game,) = sgf_games(parse_sgf(format_sgf([game_sgf(moves, "white-won", meta)]))) or []
    assert (game.moves, game.result, game.meta) == (moves, "white-won", meta)
    assert sgf_games(parse_sgf("(;GM[4]AB[hh];W[ii])")) is None  # a puzzle file
