"""Games in the trainer, through Textual's pilot: a new game from an opening under RIF
through the fifth-move proposals to the engine's first move, play it out from a puzzle,
and a finished game saved as a record and read back."""

from __future__ import annotations

import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("textual")

from support.pilot import run_async, settle
from textual.pilot import Pilot
from textual.widgets import Static

from puzzles.io import read_games
from solver.game import Action, OpeningState, Phase, Place
from solver.rules.board import Board, Color
from solver.rules.notation import parse_point, parse_points, point_name
from tui.app import make_app
from tui.models.game import Game
from tui.screens import game as game_screen
from tui.screens.game import GAMES_FOLDER, GameScreen, NewGameScreen
from tui.screens.puzzle import PuzzleScreen
from tui.widgets.board_view import BoardView

SIZE = (80, 24)


async def type_move(pilot: Pilot[None], name: str) -> None:
    """Type a coordinate and press Enter; let the engine answer."""
    await pilot.press(*name, "enter")
    await settle(pilot)


def text_of(screen: GameScreen, selector: str) -> str:
    return str(screen.query_one(selector, Static).render())


@run_async
async def test_a_rif_game_from_an_opening_through_the_proposals(tmp_path: Path) -> None:
    app = make_app(data_dir=tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("g")
        await pilot.pause()
        assert isinstance(app.screen, NewGameScreen)
        await pilot.press("s")  # play second: the engine is the tentative Black
        await pilot.press("down", "down", "enter")  # D3 Sosei
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, GameScreen)
        game = screen.game
        assert [point_name(m) for m in game.moves if m is not None] == ["h8", "h9", "j10"]
        assert "D3 Sosei" in text_of(screen, "#title") and "RIF" in text_of(screen, "#title")
        assert "swap" in text_of(screen, "#status")
        await type_move(pilot, "i9")  # move 4, keeping White
        game.level = 1
        assert game.state.phase is Phase.CHOOSE and len(game.state.proposals) == 2
        assert "keep one" in text_of(screen, "#status")
        kept = game.state.proposals[1]
        await type_move(pilot, point_name(kept))
        assert game.moves[4] == kept and game.state.phase is Phase.PLAY
        await type_move(pilot, "k12")  # move 6; the engine plays move 7
        assert len(game.moves) == 7 and game.human_to_act
        assert f"7. {point_name(game.moves[6])}" in text_of(screen, "#moves")  # type: ignore[arg-type]
        await pilot.press("u")  # takes back move 6 and the engine's move 7
        await pilot.pause()
        assert len(game.moves) == 5 and game.human_to_act  # back to move 6


@run_async
async def test_play_it_out_from_a_puzzle(tmp_path: Path) -> None:
    app = make_app(data_dir=tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("enter")
        await settle(pilot)
        puzzle_screen = app.screen
        assert isinstance(puzzle_screen, PuzzleScreen)
        pz = puzzle_screen.entry.puzzle
        await pilot.press("p")
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, GameScreen)
        game = screen.game
        board = game.board()
        assert sorted(board.stones(Color.BLACK)) == sorted(pz.black)
        assert sorted(board.stones(Color.WHITE)) == sorted(pz.white)
        assert game.human_to_act and game.human_colour is pz.to_move
        assert "Play it out" in text_of(screen, "#title")
        game.level = 1
        key = pz.solution[0]
        await type_move(pilot, point_name(key))
        assert game.game_moves[0] == key and len(game.game_moves) == 2  # the engine answered
        await pilot.press("escape")
        await pilot.pause()
        assert app.screen is puzzle_screen


@run_async
async def test_a_finished_game_is_saved_and_read_back(tmp_path: Path) -> None:
    app = make_app(data_dir=tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        game = Game.from_board(Board.from_moves("h8 a1 i8 a3 j8 a5 k8 a7"), level=1)
        await app.push_screen(GameScreen(game))
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, GameScreen)
        await type_move(pilot, "o8")  # not the five: the engine blocks one end
        assert game.moves[-1] in (parse_point("g8"), parse_point("l8"))
        await pilot.press("u")
        await pilot.pause()
        await type_move(pilot, "l8")
        assert game.over and "Black won" in text_of(screen, "#status")
        assert screen.query_one(BoardView).picture.targets == frozenset(
            parse_points("h8 i8 j8 k8 l8")
        )  # the five, highlighted
        saved = list((tmp_path / GAMES_FOLDER).glob("*.sgf"))
        assert saved == [game.saved]
        records = read_games(saved[0])
        assert records is not None and records[0].result == "black-won"
        assert records[0].moves == list(game.moves)
        assert "Saved as" in text_of(screen, "#info")


@run_async
async def test_escape_stops_the_engine_and_r_lets_it_think_again(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    started: list[bool] = []

    def slow_engine(state: OpeningState, opening: object, level: int, **kw: Any) -> Action:
        """Thinks until stopped (the first time), else plays a1 at once."""
        should_stop: Callable[[], bool] = kw["should_stop"]
        started.append(True)
        if len(started) == 1:
            while not should_stop():
                time.sleep(0.01)
        return Place(parse_point("a1"))

    monkeypatch.setattr(game_screen, "engine_action", slow_engine)
    app = make_app(data_dir=tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        game = Game.from_board(Board.from_moves("h8"))  # the player is White
        game.pass_move()  # ... who passes: the engine (Black) thinks
        await app.push_screen(GameScreen(game))
        await pilot.pause(0.2)
        screen = app.screen
        assert isinstance(screen, GameScreen) and screen.busy
        assert "thinking" in text_of(screen, "#status")
        await pilot.press("escape")
        await settle(pilot)
        assert not screen.busy and app.screen is screen  # stopped, not left
        assert game.moves[-1] is None and game.engine_to_act  # nothing played
        assert "stopped" in text_of(screen, "#info")
        await pilot.press("r")
        await settle(pilot)
        assert game.moves[-1] == parse_point("a1") and game.human_to_act
