"""The game around a tsume: the 26 openings, the opening rules as state machines,
equivalent fifth moves, and the end of a game (win, loss, draw).

Built on :mod:`solver.rules` only (never the search or the command line), for the
``renju opening``, ``renju fifth`` and ``renju status`` commands, the engine that plays
and the trainer.

>>> from solver.game import opening_of, status, fifth_equivalent
>>> opening_of("h8 i9 i7").code
'I7'
>>> fifth_equivalent("h8 h9 h10 h11", "g8", "i8")
True
"""

from __future__ import annotations

from solver.game.actions import Action, Choose, Declare, Pass, Place, Propose, Swap, parse_action
from solver.game.equivalence import equivalence_map, fifth_equivalent
from solver.game.errors import IllegalActionError, OpeningError
from solver.game.opening_rules import (
    FREE,
    JAPANESE,
    OPENING_RULES,
    RIF,
    SOOSORV_8,
    TARAGUCHI_10,
    YAMAGUCHI,
    OpeningRule,
    OpeningState,
    Phase,
    Step,
    opening_rule,
)
from solver.game.openings import OPENINGS, Opening, opening_by_code, opening_of
from solver.game.status import Reason, Result, Status, status

__all__ = [
    "FREE",
    "JAPANESE",
    "OPENINGS",
    "OPENING_RULES",
    "RIF",
    "SOOSORV_8",
    "TARAGUCHI_10",
    "YAMAGUCHI",
    "Action",
    "Choose",
    "Declare",
    "IllegalActionError",
    "Opening",
    "OpeningError",
    "OpeningRule",
    "OpeningState",
    "Pass",
    "Phase",
    "Place",
    "Propose",
    "Reason",
    "Result",
    "Status",
    "Step",
    "Swap",
    "equivalence_map",
    "fifth_equivalent",
    "opening_by_code",
    "opening_of",
    "opening_rule",
    "parse_action",
    "status",
]
