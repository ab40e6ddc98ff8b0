"""The help screen: the keys of every screen (``?``)."""

from __future__ import annotations

from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Markdown

__all__ = ["HELP", "HelpScreen"]

HELP = """\
# renju-tsume trainer

**Everywhere**: `?` this help · `q` quit · `Escape` back.

## Library
`↑ ↓` choose · `Enter` open · `c` continue the last puzzle · `/` search ·
`f` filter by status (all, new, attempted, solved) · `T` filter by theme ·
`a` analyse the position · `Tab` moves between the collections, the search field and
the table.

- `n` train: the puzzle nearest your rating among those shown (the collection, theme,
  status and search chosen), one you have not tried; `N` in it offers the next
- `v` review: failed puzzles come back by spaced repetition (FSRS); the left column
  shows how many are due, and choosing it lists them
- `S` streak: 3 or 5 minutes of puzzles rising in rating from the ones shown; three
  mistakes end the run; no hints; `Escape` stops; the best scores are kept
- `i` statistics: your rating over time, accuracy and time by theme, solved with and
  without help
- `D` defend: the selected puzzle turned round — the defender to move against its
  threat: a move that holds is accepted, one that fails is refuted on the board (`u`
  takes it back, `t` shows the threat's line (a hint), `s` every holding move)
- `p` points: mark every point of a kind for the side to move (`Enter` marks, `s`
  checks: found, missed `?`, wrong `✗`, each explained; `t` another kind, `x` clears)

Your rating and each puzzle's are Glicko-2, as on lichess: your first attempt at a puzzle
is a game against it (solved cleanly: a win; after a hint: a draw; a wrong move or the
solution: a loss). Replays, reviews and streaks are not rated.

## Puzzle
Play the attacker's moves; the trainer answers with the defender's strongest reply.

- move the cursor with the arrows or `h j k l`; `Enter` or `Space` plays; a click plays;
  or type the point: `h8` (the cursor jumps there), then `Enter`
- `u` take back · `r` restart · `t` hint (first the region, marked `░`, then the move)
- `s` solution: `]` / `[` step, `Enter` on a `•` shows the answer to another defence
  (only the defences that need another answer than most are marked; the others are
  counted); at the end `5` marks where the five comes
- the last move is drawn in brackets: `[●]`; at 120 x 40 or more the board is wider
- `F` Black's forbidden points (3 double-three, 4 double-four, 6 overline) ·
  `M` move numbers · `N` / `P` next / previous puzzle · `A` analyse this position

A solve after a hint or a look at the solution counts as solved with help: `✓*` in
the library, `✓` for a clean solve.

A move that does not win is refuted on the board (the defence that holds, and why):
take it back with `u`. A forbidden move for Black is refused with its reason.

## Analysis
`Enter` (or a click) cycles the point: empty → black → white · `t` side to move ·
`v` goal (vcf, vct, tsume) · `+` / `-` attacker-move limit · `s` solve ·
`Escape` cancels a search (else goes back) · `w` saves the position as a puzzle in
`my-puzzles.renju` (in the data directory) · `x` clears the board.

## Games against the engine
`g` in the library: choose one of the 26 openings (`Enter`), the opening rule (`r`:
RIF, Yamaguchi, Soosõrv-8, Taraguchi-10, swap after three, free), your side (`s`) and
the engine's level (`+` / `-`). `p` on a puzzle or in analysis plays the position out,
you on the side to move.

- `Enter` plays the step: a stone, a fifth-move proposal (marked `◇`), or the proposal
  you keep; `+` / `-` then `Enter` declares the number of fifth moves
- `s` swap colours · `x` keep them (when the opening's next stone waits) · `m` marks a
  fifth move where the rule lets you place or propose (Taraguchi-10)
- `p` pass · `u` takes back your last move and the engine's reply · `L` level 1-5
- `Escape` stops the engine thinking (`r` lets it think again), else leaves
- a forbidden move for Black is refused with its reason (it would lose the game)

A finished game (five, overline, forbidden move, draw) is saved as an SGF record in
`games/` in the data directory.
"""


class HelpScreen(ModalScreen[None]):
    """Every key, screen by screen."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape,question_mark,q", "dismiss", "Close", id="help.close"),
    ]

    def __init__(self, origin: str = "") -> None:
        super().__init__()
        self.origin = origin

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="help-box"):
            yield Markdown(HELP, id="help-text")

    async def action_dismiss(self, result: None = None) -> None:
        """Close the help."""
        self.dismiss(result)
