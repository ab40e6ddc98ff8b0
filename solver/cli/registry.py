"""The registry of the ``renju`` command line: its commands and its position readers.

A plain list, filled from entry points, that the layers below never import:

- ``renju.commands``: functions ``register(subparsers)`` adding subcommands. The core's
  own come first (``CORE_COMMANDS``: ``forbidden``, ``bench``, ``solve``, ``defend``,
  ``points``, ``opening``, ``fifth``, ``status``, ``move``, ``engine``), then the other
  entries by name (the puzzle tools, the trainer).
- ``renju.position_readers``: functions ``read(path, selector)`` tried in order (by entry
  name) for a position file. ``selector`` picks the puzzle: ``None`` the first, an int
  the N-th (from 1, ``FILE#N``), a string the one with that id (``--puzzle ID``). Each
  returns a board, or a board and hints from a puzzle file, or ``None`` if the file is
  not its format; a selector that names no puzzle raises ``SelectorError``. Hints, all
  optional: ``goal``, ``max_moves``, ``count`` (used when the user gave none), and to
  name the puzzle and compare answers: ``id``, ``title``, ``number`` (its place, from
  1), ``of`` (how many the file holds), ``solution`` and ``keys`` (points as ints);
  from a game record, ``moves``: its moves in order (``None`` a pass); ``position``
  (true) when the file does not mark the entry as a puzzle (no stated task: named a
  position, answered for the side to move, nothing to compare), with its ``comment``.
  The built-in reader (a text diagram) is tried last.

A part of the tool that is not installed in this build is skipped quietly; one registered
but broken is skipped with a warning on stderr.
"""

from __future__ import annotations

import argparse
import functools
import importlib
import sys
from collections.abc import Callable, Iterator
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from pathlib import Path  # (pathlib is imported only where a file is read)

    from solver.rules.board import Board

__all__ = [
    "COMMANDS_GROUP",
    "CORE_COMMANDS",
    "CORE_NAMES",
    "KNOWN_READERS",
    "READERS_GROUP",
    "PositionReader",
    "Registrar",
    "Selector",
    "command_registrars",
    "position_readers",
    "register_core",
]

COMMANDS_GROUP = "renju.commands"
READERS_GROUP = "renju.position_readers"
CORE_COMMANDS = (
    "solver.cli.forbidden_command",
    "solver.cli.bench_command",
    "solver.cli.solve_command",
    "solver.cli.defend_command",
    "solver.cli.points_command",
    "solver.cli.opening_command",
    "solver.cli.fifth_command",
    "solver.cli.status_command",
    "solver.cli.move_command",
    "solver.cli.engine_command",
)
"""The modules of the core's commands, each with a ``register(subparsers)``, in order."""
CORE_NAMES = (
    "forbidden",
    "bench",
    "solve",
    "defend",
    "points",
    "opening",
    "fifth",
    "status",
    "move",
    "engine",
)
"""The names of the core's commands: the program runs one of them without scanning the
entry points (a scan and the puzzle tools' imports cost more than a quick solve)."""

Registrar = Callable[["argparse._SubParsersAction[argparse.ArgumentParser]"], None]
Selector = int | str | None
"""Which puzzle of a file: the first (``None``), the N-th from 1, or the one with an id."""
PositionReader = Callable[["Path", Selector], "Board | tuple[Board, dict[str, Any]] | None"]


def register_core(
    sub: argparse._SubParsersAction[argparse.ArgumentParser], only: str | None = None
) -> None:
    """Add the core's commands (``CORE_COMMANDS``) to the ``renju`` parser; ``only``: the
    one of that name alone (``CORE_NAMES`` and ``CORE_COMMANDS`` go in the same order),
    so that a command does not import the modules of the nine others."""
    for module, name in zip(CORE_COMMANDS, CORE_NAMES, strict=True):
        if only is None or name == only:
            register: Registrar = importlib.import_module(module).register
            register(sub)


def _entries(group: str, what: str) -> list[Any]:
    """The objects the entry points of ``group`` name, by entry name, but the core's."""
    from importlib import metadata  # (slow to import: only when a command needs it)

    try:
        eps = metadata.entry_points(group=group)
    except Exception:  # pragma: no cover - broken metadata
        eps = metadata.EntryPoints(())
    found: list[Any] = []
    for ep in sorted(eps, key=lambda e: e.name):
        if ep.value.startswith("solver."):
            continue
        try:
            found.append(ep.load())
        except ModuleNotFoundError as exc:
            if exc.name and ep.value.startswith(exc.name.split(".")[0] + "."):
                continue  # that part of the tool is not installed in this build
            print(f"renju: warning: {what} {ep.name!r} unavailable: {exc}", file=sys.stderr)
        except ImportError as exc:  # a package registered but not importable
            print(f"renju: warning: {what} {ep.name!r} unavailable: {exc}", file=sys.stderr)
    return found


def command_registrars(core_only: bool = False, only: str | None = None) -> list[Registrar]:
    """The functions that add the commands: the core's first, then the entry points'
    (unless ``core_only``); ``only``: of the core's, the command of that name alone."""
    if core_only:
        return [functools.partial(register_core, only=only)]
    return [register_core, *_entries(COMMANDS_GROUP, "commands")]


KNOWN_READERS = ("puzzles.position_reader:read_position",)
"""Readers this distribution registers, tried first by their module path: a file in a
puzzle format is read without scanning the entry points (the scan costs more than a quick
solve). The entry points are scanned only when none of these takes the file."""


def _known_readers() -> Iterator[PositionReader]:
    for target in KNOWN_READERS:
        module, _, name = target.partition(":")
        try:
            reader: PositionReader = getattr(importlib.import_module(module), name)
        except ModuleNotFoundError as exc:
            if exc.name and module.startswith(exc.name.split(".")[0]):
                continue  # that part of the tool is not installed in this build
            raise
        yield reader


def position_readers() -> Iterator[PositionReader]:
    """The position readers, in order: this distribution's own (``KNOWN_READERS``), then
    the other registered ones (scanned and loaded only if asked for)."""
    yield from _known_readers()
    yield from _other_readers()


@functools.cache
def _other_readers() -> tuple[PositionReader, ...]:
    return tuple(
        reader
        for reader in _entries(READERS_GROUP, "position reader")
        if f"{reader.__module__}:{reader.__name__}" not in KNOWN_READERS
    )
