"""The trainer's game model without Textual: the opening rule driven step by step, the
engine's opening decisions, undo, the result by ``status``, forbidden moves refused for
the player as Black, position games, and the record saved and read back."""

from __future__ import annotations

import itertools
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from puzzles.io import read_games
from solver.game import (
    RIF,
    TARAGUCHI_10,
    YAMAGUCHI,
    OpeningState,
    Pass,
    Phase,
    Place,
    Reason,
    Result,
    Swap,
    fifth_equivalent,
)
from solver.rules.board import Board, Color
from solver.rules.notation import NPOINTS, parse_point, parse_points, point_name
from tui.models.game import Game, GameMoveError, engine_action, position_moves


def engine_turns(game: Game, seconds: float = 0.2, most: int = 10) -> None:
    """Let the engine act until the game waits for the player (or ends)."""
    for _ in range(most):
        if not game.engine_to_act:
            return
        state = game.state
        assert game.apply_engine(engine_action(state, game.opening, 1, seconds), state)
    raise AssertionError("the engine kept acting")


def names(moves: object) -> list[str]:
    return [point_name(m) if m is not None else "pass" for m in moves]  # type: ignore[attr-defined]


def test_the_openings_stones_go_down_and_the_player_gets_the_swap() -> None:
    game = Game.new("I7", RIF, human=1)
    assert names(game.moves) == ["h8", "i9", "i7"]
    assert game.human_to_act and game.state.swap_offered
    assert game.auto_stone is None  # move 4 is the player's own
    with pytest.raises(GameMoveError, match="nothing to keep"):
        game.keep()
    game.swap()
    assert game.human_colour is Color.BLACK
    assert game.engine_to_act and game.state.actor is Color.WHITE


def test_rif_engine_proposes_two_fifth_moves_that_are_not_equivalent() -> None:
    game = Game.new("D3", RIF, human=1)
    game.play(parse_point("i9"))  # White's move 4: the swap declined
    engine_turns(game)
    s = game.state
    assert s.phase is Phase.CHOOSE and game.human_to_act
    p, q = s.proposals
    assert not fifth_equivalent(list(game.moves), p, q)
    with pytest.raises(GameMoveError, match="not one of the proposed"):
        game.play(
            next(
                x for x in range(NPOINTS) if game.board()[x] is Color.EMPTY and x not in s.proposals
            )
        )
    game.play(q)
    assert game.moves[-1] == q and game.state.phase is Phase.PLAY
    game.play(parse_point("k12"))  # move 6
    engine_turns(game)
    engine_move = game.moves[-1]
    assert len(game.moves) == 7 and engine_move is not None
    assert engine_move not in game.moves[:6] and game.human_to_act


def test_the_engine_as_white_keeps_one_of_the_players_proposals() -> None:
    game = Game.new("D3", RIF, human=1)
    game.swap()  # the player takes Black: the engine plays move 4
    engine_turns(game)
    assert game.state.phase is Phase.PROPOSE and game.human_to_act
    game.play(parse_point("g8"))
    with pytest.raises(GameMoveError, match="h8 is occupied"):
        game.play(parse_point("h8"))
    game.play(parse_point("k12"))
    engine_turns(game)  # the engine keeps one and plays move 6
    assert game.moves[4] in parse_points("g8 k12") and len(game.moves) == 6
    assert game.human_to_act and game.state.phase is Phase.PLAY


def test_yamaguchi_declaration_and_taraguchi_keep() -> None:
    game = Game.new("D1", YAMAGUCHI, human=0)
    assert game.state.phase is Phase.DECLARE and game.human_to_act
    with pytest.raises(GameMoveError):
        game.declare(0)
    game.declare(3)
    assert game.state.declared == 3
    game = Game.new("D1", TARAGUCHI_10, human=1)
    assert names(game.moves) == ["h8"] and game.auto_stone == parse_point("h9")
    game.keep()
    assert names(game.moves[:2]) == ["h8", "h9"] and game.human_colour is Color.WHITE


def test_undo_takes_back_the_players_move_and_the_engines_reply() -> None:
    board = Board.from_moves("h8 h9 i8 i9")
    game = Game.from_board(board)
    assert game.human_to_act and game.human_colour is Color.BLACK
    before = game.moves
    game.play(parse_point("j8"))  # an open three: the engine must answer
    engine_turns(game)
    assert len(game.moves) == len(before) + 2
    assert game.undo()
    assert game.moves == before and game.human_to_act
    assert not game.undo()  # nothing of the player's left


def test_the_result_by_status_five_and_draw_by_passes() -> None:
    game = Game.from_board(Board.from_moves("h8 a1 i8 a3 j8 a5 k8 a7"))
    game.play(parse_point("l8"))
    assert game.over and game.status().result is Result.BLACK_WON
    assert game.status().reason is Reason.FIVE
    assert "Black won" in game.prompt()
    with pytest.raises(GameMoveError):
        game.play(parse_point("m8"))
    game = Game.from_board(Board.from_moves("h8 h9"))
    game.pass_move()
    state = game.state
    assert game.apply_engine(Pass(), state)
    assert game.status().result is Result.DRAW and game.status().reason is Reason.PASSES


def test_a_forbidden_move_is_refused_for_the_player_as_black() -> None:
    # h8 i8 across and j10 j11 down: j8 makes two open threes
    board = Board.from_stones("h8 i8 j10 j11", "a1 a3 a5 o1", Color.BLACK)
    forbidden = parse_point("j8")
    game = Game.from_board(board)
    before = game.moves
    with pytest.raises(GameMoveError, match=r"j8 is forbidden to Black \(double-three\)"):
        game.play(forbidden)
    assert game.moves == before and game.human_to_act and not game.over
    game.play(parse_point("h10"))  # any other point is played
    assert game.moves[-1] == parse_point("h10")
    white = Game.from_board(Board.from_stones("h8 i8 j10 j11", "a1 a3 a5", Color.WHITE))
    white.play(forbidden)  # White may play there
    assert white.moves[-1] == forbidden


def test_a_position_with_a_black_stone_on_a_forbidden_point_is_not_lost() -> None:
    # the setup's move order is made up (j8 last): its stone is no forbidden *move*
    board = Board.from_stones("h8 i8 j6 j7 j8", "a1 a3 a5 o1", Color.WHITE)
    game = Game.from_board(board)
    assert not game.over and game.human_to_act and game.human_colour is Color.WHITE
    game.play(parse_point("k8"))
    assert not game.over  # once a game move is made the setup is the past


@settings(max_examples=60, deadline=None)
@given(
    st.sets(st.integers(0, NPOINTS - 1), max_size=30),
    st.integers(0, 30),
    st.sampled_from([Color.BLACK, Color.WHITE]),
)
def test_position_moves_make_the_position_without_two_passes(
    points: set[int], split: int, to_move: Color
) -> None:
    ordered = sorted(points)
    black, white = ordered[:split], ordered[split:]
    board = Board.from_stones(black, white, to_move)
    moves = position_moves(board)
    again = Board.from_moves(moves)
    assert sorted(again.stones(Color.BLACK)) == black
    assert sorted(again.stones(Color.WHITE)) == white
    assert again.to_move is to_move
    assert all(not (a is None and b is None) for a, b in itertools.pairwise(moves))


def test_engine_action_swaps_only_where_offered() -> None:
    state = OpeningState(RIF)
    for p in parse_points("h8 h9 h10"):
        state = state.apply(Place(p))
    action = engine_action(state, None, 1, 0.1)
    assert isinstance(action, Swap | Place)
    assert state.is_legal(action)
    after = state.apply(Swap()) if isinstance(action, Swap) else state.apply(action)
    assert not after.swap_offered


def test_a_finished_game_is_saved_and_read_back(tmp_path: Path) -> None:
    game = Game.from_board(Board.from_moves("h8 a1 i8 a3 j8 a5 k8 a7"))
    game.play(parse_point("l8"))
    path = game.save(tmp_path / "games")
    assert path.parent == tmp_path / "games" and path.suffix == ".sgf"
    records = read_games(path)
    assert records is not None and len(records) == 1
    record = records[0]
    assert names(record.moves) == names(game.moves)
    assert record.result == "black-won"
    assert record.meta.get("black") == "player"
    assert game.saved == path


def test_a_game_from_an_empty_board_names_its_opening() -> None:
    game = Game.from_board(Board())
    assert game.named_opening is None
    game.play(parse_point("h8"))
    assert game.apply_engine(Place(parse_point("i9")), game.state)
    game.play(parse_point("i7"))
    opening = game.named_opening
    assert opening is not None and (opening.code, opening.name) == ("I7", "Hogetsu")
