"""The df-pn table's upkeep: the memory bound (``_collect``: which entries to drop when the
table is full) and taking in the first phase's table (``_keep_first_phase``).

Part of the reference search (``PureDfPn`` inherits it, ``solver/search/dfpn_ref.py``);
the compiled twins are ``solver/search/dfpn_fast.pyx``'s ``Loop._collect`` and
``Loop._keep_first_phase`` (the same entries kept, in the same order; tested).
"""

from __future__ import annotations

from bisect import bisect_left
from collections.abc import MutableMapping
from typing import TYPE_CHECKING

from solver.search.dfpn_shared import _Entry

__all__ = ["TableUpkeep"]


class TableUpkeep:
    """The table-keeping half of a df-pn search (a mixin of ``PureDfPn``)."""

    # (the search's, set by ``PureDfPn.__init__``)
    tt: MutableMapping[int, _Entry]
    max_entries: int
    collect_at: int

    if TYPE_CHECKING:

        @staticmethod
        def _unsearched(key: int, e: _Entry) -> None: ...

    def _keep_first_phase(self, first: MutableMapping[int, _Entry]) -> None:
        """Take into the table what the first phase's table ``first`` holds: its proven
        entries as they are; the rest with the numbers of a node not yet searched (its
        numbers and disproofs held only for the moves it chose), where the table has
        no entry of that node or an unexpanded one. The expansions stand: an OR node
        keeps all its children (see ``_select``), an AND node its split."""
        tt = self.tt
        if not tt:
            # the first search: the first phase's table becomes the table (the loop
            # below would copy it entry by entry into the empty one, in the same order)
            for k, e in first.items():
                if e.pn and e.children is not None:
                    self._unsearched(k, e)
            self.tt = tt = first
        else:
            for k, e in first.items():
                if e.pn == 0:
                    tt[k] = e
                    continue
                old = tt.get(k)
                if old is not None and (old.children is not None or not (old.pn and old.dn)):
                    continue  # (expanded or settled in the table already: it stands)
                if e.children is not None:
                    self._unsearched(k, e)
                elif old is not None:
                    continue
                tt[k] = e
        for e in tt.values():
            e.kids = None  # (they may hold entries replaced here)

    def _collect(self) -> None:
        """Memory bound: drop unsettled entries that are not expanded (cheap to redo); if
        that is not enough, every unsettled entry; if what is left still fills half the
        table, the entries not proven whose search took the least work (as Nagai's
        SmallTreeGC), so that the next collection is half a table away (else a table full
        of settled entries was collected at every node). Proven entries are kept: they
        are the proof; if they alone fill half the table, the next collection waits for
        half a table more (the bound then holds the proof and half a table)."""
        # In place, with no second table or sorted copy: the collection needs little
        # memory beyond the table it collects.
        limit = self.max_entries
        tt = self.tt
        for v in tt.values():
            # (they may point at entries dropped here; an entry dropped here forgets its
            # own too, though the search may still be at it: as the compiled loop does)
            v.kids = None
        drop = [k for k, v in tt.items() if v.pn and v.dn and not v.children]
        if len(tt) - len(drop) > limit * 3 // 4:
            drop = [k for k, v in tt.items() if v.pn and v.dn]
        for k in drop:
            del tt[k]
        del drop
        excess = len(tt) - limit // 2
        if excess > 0:
            # the ``excess`` unproven entries of least work, ties in table order: those
            # below the cutoff work, then the first ones at it
            works = sorted(v.work for v in tt.values() if v.pn != 0)
            if works:
                cut = works[min(excess, len(works)) - 1]
                at_cut = min(excess, len(works)) - bisect_left(works, cut)
                del works
                drop = []
                for k, v in tt.items():
                    if v.pn != 0 and v.work <= cut:
                        if v.work == cut:
                            if not at_cut:
                                continue
                            at_cut -= 1
                        drop.append(k)
                for k in drop:
                    del tt[k]
        self.collect_at = max(limit, len(tt) + limit // 2)
