# The compiled df-pn loop (solver/search/dfpn_fast.pyx), for mypy: the twin of
# solver/search/dfpn_ref.py's PureDfPn loop and expansions, and of its table entry
# (solver.search.dfpn_shared._Entry). solver.search.dfpn.CompiledDfPn puts them together.
from typing import Any

class Entry:
    pn: int
    dn: int
    work: int
    hidden: int
    hidden_cost: int
    kids_gen: int
    staged: bool
    probed: bool
    children: Any
    how: tuple[Any, ...]
    threat_line: tuple[int, ...]
    kids: list[Entry | None] | None
    counter: tuple[int, ...]
    def __init__(
        self,
        pn: int = 1,
        dn: int = 1,
        children: Any = None,
        how: tuple[Any, ...] = (),
        threat_line: tuple[int, ...] = (),
        staged: bool = False,
        probed: bool = False,
        kids: list[Entry | None] | None = None,
        counter: tuple[int, ...] = (),
        hidden: int = 1 << 30,
        hidden_cost: int = 0,
        work: int = 0,
    ) -> None: ...

class Loop:
    core: Any
    a: int
    d: int
    max_entries: int
    collect_at: int
    expansions: int
    vcf_budget: int
    collections: int
    restricted: bool
    incomplete: bool
    mode: int
    node_limit: int | None
    tt: Any
    def child_key(self, key: int, code: int) -> int: ...
    def children_of(self, key: int, e: Entry) -> list[tuple[int, int, int]]: ...
    def proven_children(self, key: int, e: Entry) -> list[tuple[int, int, int]]: ...
    def proof(self, key: int, memo: Any = None) -> Any: ...
