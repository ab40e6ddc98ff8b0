# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True
"""The df-pn search loop compiled: ``Entry``, the ``_mid``/``_select`` pair, the
expansions of new nodes and the walk that builds a proof.

A mirror of ``PureDfPn._mid``, ``_select``, ``_expand_or``, ``_add_forced``,
``_generate_or``, ``_add_threats``, ``_more_threats``, ``_expand_and`` and ``proof`` in
``solver/search/dfpn_ref.py`` (the same thresholds, the same child choice and tie-breaking, the
same children, so the same node counts and proof trees; tested). Budgets, the first
phase, the memory bound and a proof's splits and lengths stay in Python, where
``CompiledDfPn`` inherits them from ``PureDfPn``. The core is called through its C interface (``core_fast_api.h``)
for the calls made at every node, which falls back on its Python methods for a core of
another class (it may be the pure one: tests run this loop on it), and through its
Python methods for the rest. Entries keep their proof and disproof
numbers as C integers, so choosing a child reads no Python objects but the entries.
The table is a ``solver.search.table_fast.Table``, looked up in C by a key's hash and low bits
(for Python code, keys are ints: ``solver.search.dfpn_shared.node_key``); children are two-byte codes
in an ``array('H')`` (``solver.search.dfpn_shared.child_code``), a child's key computed from its
parent's in C.
"""

cimport cython
from cpython cimport array
from libc.stdint cimport uint64_t

cdef extern from "core_fast_api.h":
    # solver/engine/core_fast.pyx's C interface for this loop (Cython's ``api``)
    int import_solver__engine__core_fast() except -1
    int core_enter(object core, int p, int colour, int q, int q_colour) except -1
    int core_leave(object core, int p, int q) except -1
    int core_five_points(object core, int colour, int* out) except -1
    int core_threat_shapes(object core, int colour) except -1
    int core_is_four_move(object core, int p, int colour) except -1
    tuple core_vcf(object core, int attacker, int max_moves, long long node_limit)
    uint64_t core_hash(object core) except? 0

import_solver__engine__core_fast()

from libc.stdlib cimport free, malloc, qsort
from solver.search.table_fast cimport Item, Table, key_hash, key_low, table_find, table_key

cdef extern from "Python.h":
    # (a new object of a heap type, its fields unset: ``_proof_node``)
    object PyType_GenericAlloc(type t, Py_ssize_t n)

from solver.search.proof import ProofNode
from solver.rules.zobrist import ZOBRIST
from solver.search.dfpn_shared import forced_block_of_class

# (INF, EPSILON, HIDDEN_AFTER, MAX_R, the book counting's, DEPENDENT_REACH, DEPENDENT_NEAR:
# see solver/search/dfpn_shared.py; their compile-time values are in dfpn_shared.pxd)
from solver.search.dfpn_shared cimport (
    AFTER_FOUR,
    BOOK_MAX_R,
    BOOK_VCF_DEPTH,
    DEPENDENT_NEAR,
    DEPENDENT_REACH,
    EPSILON,
    HIDDEN_AFTER,
    INF,
    MAX_R,
    NPOINTS,
)

cdef uint64_t Z[3][NPOINTS]


cdef void _init_zobrist():
    cdef int c, p
    for c in range(3):
        for p in range(NPOINTS):
            Z[c][p] = ZOBRIST[c][p]


_init_zobrist()


cdef long long THREAT_PN[2]
cdef int DEFENDER_VCF_DEPTH = 0
cdef long long DEFENDER_VCF_NODES = 0
cdef bint _constants_read = False


cdef void _read_constants() except *:
    """``solver.search.dfpn_shared.THREAT_PN``, ``DEFENDER_VCF_DEPTH`` and ``DEFENDER_VCF_NODES``, read
    on first use (that module imports this one)."""
    global _constants_read, DEFENDER_VCF_DEPTH, DEFENDER_VCF_NODES
    from solver.search.dfpn_shared import DEFENDER_VCF_DEPTH as depth
    from solver.search.dfpn_shared import DEFENDER_VCF_NODES as nodes
    from solver.search.dfpn_shared import THREAT_PN as pair

    THREAT_PN[0], THREAT_PN[1] = pair
    DEFENDER_VCF_DEPTH = depth
    DEFENDER_VCF_NODES = nodes
    _constants_read = True


cdef Entry _new_entry(long long pn, tuple tline):
    """``Entry(pn=pn, threat_line=tline)``, without parsing keywords."""
    cdef Entry e = Entry.__new__(Entry)
    e.pn = pn
    e.dn = 1
    e.children = None
    e.how = ()
    e.threat_line = tline
    e.kids = None
    e.counter = ()
    e.hidden = 1 << 30
    return e


cdef int _by_work(const void* x, const void* y) noexcept nogil:
    cdef long long a = (<const long long*> x)[0], b = (<const long long*> y)[0]
    return (a > b) - (a < b)


cdef void _forget_kids(Table tt) noexcept:
    """Every entry's ``kids`` to None (they may hold entries dropped or replaced)."""
    cdef Py_ssize_t k
    for k in range(tt.nitems):
        if tt.data[k].value != NULL:
            (<Entry> tt.data[k].value).kids = None


cdef void _unsearched(unsigned int low, Entry e) noexcept:
    """``PureDfPn._unsearched``: the numbers of a node not searched yet."""
    if low & 1:
        e.pn = THREAT_PN[0] if len(e.threat_line) <= 1 else THREAT_PN[1]
        e.dn = 1
    else:
        e.pn = e.dn = 1


cdef Entry _disproven_leaf():
    """``Entry(pn=INF, dn=0, work=1)``: a new OR node with one move left (see ``_cmid``)."""
    cdef Entry e = _new_entry(INF, ())
    e.dn = 0
    e.work = 1
    return e


cdef object _proof_node(
    int move, long long length, dict replies, object final=None, object refuted=None
):
    """``ProofNode(move, length, replies, refuted or {}, final)``, made without running
    its ``__init__`` (a dataclass's, in Python, is slow). Every field is set here: a field added to ``ProofNode`` must be set
    here too (the tests compare these trees with ``PureDfPn``'s, field by field)."""
    cdef object node = PyType_GenericAlloc(ProofNode, 0)
    node.move = move
    node.length = length
    node.replies = replies
    node.refuted = {} if refuted is None else refuted
    node.final = final
    return node


cdef object _after_threat(object node, int move):
    """``solver.search.dfpn_shared._after_threat``: the proof ``node`` of an AND node as reached by the
    threat ``move`` (itself, or a copy sharing its replies and refutations)."""
    if node.move == move:
        return node
    return _proof_node(move, node.length, node.replies, None, node.refuted)


cdef array.array _CODES = array.array("H")
# a child ``_select`` has just found absent from the table (see ``Loop._cmid``)
cdef object _ABSENT = object()  # (the type of ``Entry.children``)


cdef inline long long _widen(long long second) noexcept:
    """The 1+epsilon threshold (see ``solver.search.dfpn_shared._widen``)."""
    cdef long long w
    if second >= INF:
        return INF - 1
    w = <long long> (second * (1.0 + EPSILON)) + 1
    return w if w < INF - 1 else INF - 1


@cython.no_gc
cdef class Entry:
    """One transposition-table entry (the fields of ``solver.search.dfpn_shared._Entry``).

    Not tracked by the garbage collector (16 bytes less, and no scans of millions of
    entries): entries cannot form a cycle, as an entry refers only to its children's
    (``kids``), which hold more stones, and to tuples and arrays of ints."""

    cdef public long long pn, dn, work
    cdef public int hidden, hidden_cost
    # the table's collections (``Loop.collections``) when ``kids`` was filled: its
    # entries are the table's while no collection has come since (see ``Loop._cmid``)
    cdef public int kids_gen
    cdef public int staged  # (``_Entry.staged``: 0, 1, or 2 after a wait)
    cdef public bint probed
    cdef public object children, how, threat_line, kids, counter

    def __init__(
        self,
        long long pn=1,
        long long dn=1,
        children=None,
        how=(),
        threat_line=(),
        int staged=0,
        bint probed=False,
        kids=None,
        counter=(),
        int hidden=1 << 30,
        int hidden_cost=0,
        long long work=0,
    ):
        self.pn = pn
        self.dn = dn
        self.children = children
        self.how = how
        self.threat_line = threat_line
        self.staged = staged
        self.probed = probed
        self.kids = kids
        self.counter = counter
        self.hidden = hidden
        self.hidden_cost = hidden_cost
        self.work = work


cdef class Loop:
    """The compiled search loop and node expansions; the class using it (``PureDfPn``
    underneath) supplies the rest."""

    cdef Table table  # (``tt`` to Python)
    cdef public object core
    cdef public int a, d
    cdef public long long max_entries, collect_at, _polls
    # (set by PureDfPn.__init__; C fields here, read and counted without a look-up)
    cdef public long long expansions, vcf_budget
    # memory collections so far (``_collect``): an entry's ``kids`` filled since the
    # last one holds the table's entries, and ``_cmid`` trusts them
    cdef public int collections
    # the first phase (``PureDfPn._first_phase``): whether attacker moves must depend
    # on his moves since the root, those moves (``PureDfPn.path``) and their number
    cdef public bint restricted
    # ``PureDfPn``'s ``safe``: no first phase, hidden threats at once, a VCF at every OR node
    cdef public bint safe
    cdef int path[MAX_R + 1]
    cdef int npath
    cdef public bint incomplete
    cdef public int mode
    cdef public bint books, runs  # book counting (``PureDfPn.books``, ``runs``)
    cdef public object node_limit

    def __cinit__(self, *args, **kwargs):
        self.npath = 0
        self.table = Table()

    @property
    def tt(self):
        """The transposition table: node keys (ints) to entries. Given a dict (``{}``
        by ``PureDfPn``'s code), a table with its items."""
        return self.table

    @tt.setter
    def tt(self, value):
        self.table = value if isinstance(value, Table) else Table(value)

    cdef bint _depends(self, int p) noexcept:
        """``PureDfPn._depends``."""
        cdef int i, q, dc, dr, k
        if not self.restricted:
            return True
        for i in range(self.npath):
            q = self.path[i]
            dc = q % 15 - p % 15
            dr = q // 15 - p // 15
            k = max(abs(dc), abs(dr))
            if k <= DEPENDENT_NEAR or (
                k <= DEPENDENT_REACH and (dc == 0 or dr == 0 or abs(dc) == abs(dr))
            ):
                return True
        return self.npath == 0

    cdef inline int _cdepth(self, int r) noexcept:
        """``PureDfPn._depth``."""
        return BOOK_VCF_DEPTH if self.books else r

    cdef inline int _cthreat_r(self, int r) noexcept:
        """``PureDfPn._threat_r``."""
        return (r & BOOK_MAX_R) - 1 if self.books else r - 1

    cdef inline int _cfour_r(self, int r) noexcept:
        """``PureDfPn._four_r``."""
        if not self.runs:
            return r - 1
        return r if r & AFTER_FOUR else (r - 1) | AFTER_FOUR

    cdef inline long long _cbudget(self) except -1:
        """``PureDfPn._budget`` without a call when there is no node limit."""
        if self.node_limit is None:
            return self.vcf_budget
        return self._budget()

    cdef inline int _cnote(self, object status) except -1:
        """``PureDfPn._note``, called only for a search that did not end."""
        if status == -1:  # (UNKNOWN)
            self._note(status)
        return 0

    def _mid(self, key, long long th_pn, long long th_dn, bint below=False):
        self._cmid(key_hash(key), key_low(key), th_pn, th_dn, below, None)

    def _expand_or(self, key, int r, bint no_vcf=False):
        """``PureDfPn._expand_or``."""
        return self._or_entry(key_hash(key), key_low(key), r, no_vcf)

    cdef Entry _or_entry(self, uint64_t h, unsigned int low, int r, bint no_vcf):
        """``PureDfPn._expand_or``: a new OR node, settled or probed (see there)."""
        cdef object core = self.core
        cdef int a = self.a, d = self.d, ntheirs
        cdef int b = r & BOOK_MAX_R if self.books else r
        cdef int points[NPOINTS]
        cdef array.array children
        cdef Entry e = _new_entry(1, ())
        if self.safe:
            no_vcf = False  # (safe: the VCF is searched again, not taken as ruled out)
        self.expansions += 1
        self.table.store(h, low, e)
        if core_five_points(core, a, points):
            e.pn, e.dn, e.how = 0, INF, ("five", points[0])
            return e
        ntheirs = core_five_points(core, d, points)
        if ntheirs >= 2 or (b <= 0 and b == r):
            e.pn, e.dn = INF, 0
            return e
        if not (no_vcf and not self.incomplete):
            status, line, _ = core_vcf(core, a, self._cdepth(r), self._cbudget())
            self._cnote(status)
            if status == 1:  # (WIN)
                e.pn, e.dn, e.how = 0, INF, ("vcf", line)
                return e
        if self.mode == 0 or b < 2:
            e.pn, e.dn = INF, 0
            return e
        if ntheirs:
            # the block of his five point: the attacker's only move
            children = array.clone(_CODES, 0, False)
            self._forced_child(children, r, points[0])
            e.children = children
            if not len(children):
                e.pn, e.dn = INF, 0
            return e
        e.probed = True
        e.dn = max(1, (core_threat_shapes(core, a) + 1) // 2)
        return e

    cdef int _forced_child(self, array.array children, int r, int p) except -1:
        """``PureDfPn._add_forced`` (a VCF search after a block a defender's counter-four
        calls for, unless its AND node is known: most such blocks are reached again)."""
        cdef object core = self.core
        cdef int a = self.a
        cdef uint64_t h
        cdef Py_ssize_t n
        if core_is_four_move(core, p, a):
            self._add_four(children, r, p)
            return 0
        if not forced_block_of_class(core, p, a, self.mode):
            return 0
        h = core_hash(core)
        if table_find(self.table, h ^ Z[a][p], (self._cthreat_r(r) << 1) | 1) is not None:
            # a threat: its AND node is made only after a VCF found there (see there)
            n = len(children)
            array.resize_smart(children, n + 1)
            children.data.as_ushorts[n] = p
            return 0
        core_enter(core, p, a, -1, 0)
        status, tline, _ = core_vcf(core, a, self._cdepth(r) - 1, self._cbudget())
        core_leave(core, p, -1)
        self._cnote(status)
        if status == 1:  # (WIN)
            self._threat_child(children, h, r, p, tline)
        return 0

    def _more_threats(self, Entry e, int r):
        """``PureDfPn._more_threats``."""
        return self._cmore_threats(e, r)

    cdef bint _cmore_threats(self, Entry e, int r) except -1:
        """``PureDfPn._more_threats``: stage two, the hidden threats; whether any."""
        cdef Py_ssize_t before
        if not e.staged:
            return False
        e.staged = False
        before = len(<array.array?> e.children)
        e.hidden = <int> before
        self._cadd_threats(<array.array> e.children, r, 3, e.counter)
        return len(<array.array> e.children) > before

    def _generate_or(self, Entry e, int r):
        """``PureDfPn._generate_or``."""
        self._or_children(e, r)

    cdef int _or_children(self, Entry e, int r) except -1:
        """``PureDfPn._generate_or``: fours with their blocks, then threes (see there)."""
        cdef object core = self.core
        cdef int a = self.a, d = self.d
        cdef array.array children = array.clone(_CODES, 0, False)
        cdef list codes
        cdef Py_ssize_t n, i
        if not _constants_read:
            _read_constants()
        codes = core.four_codes(a)
        n = len(codes)
        array.resize_smart(children, n)
        for i in range(n):
            children.data.as_ushorts[i] = <unsigned short> <int> codes[i]
        status, dline, _ = core_vcf(
            core, d, DEFENDER_VCF_DEPTH, min(DEFENDER_VCF_NODES, self._cbudget())
        )
        if status == -1 and core.expired:
            raise self._expired()
        e.counter = dline if status == 1 else ()
        self._cadd_threats(children, r, 1, e.counter)
        e.staged = 1 if self.mode == 2 else 0
        e.children = children
        if self.safe:
            self._cmore_threats(e, r)  # (no staging: the hidden threats at once, no cost)
        if not len(children) and not self._cmore_threats(e, r):
            e.pn = INF
            e.dn = 0
        return 0

    def _expand_and(self, key, int r, Entry e):
        """``PureDfPn._expand_and``."""
        self._and_children(r, e)

    cdef int _and_children(self, int r, Entry e) except -1:
        """``PureDfPn._expand_and``: the defences as children, or proven without one."""
        cdef array.array children
        cdef list defs
        cdef Py_ssize_t i, n, k = 0
        cdef int m, want
        cdef unsigned char group[NPOINTS]
        self.expansions += 1
        status, defs, _, _, _ = self.core.defences(
            self.a, self._cdepth(r), e.threat_line, self._cbudget(), False
        )
        self._cnote(status)
        n = len(defs)
        children = array.clone(_CODES, n, False)
        # the defender's fours first, then the threat line's points, then the other
        # defences (see ``PureDfPn._expand_and``)
        for i in range(n):
            m = defs[i]
            group[i] = 0 if core_is_four_move(self.core, m, self.d) else (
                1 if m in <tuple> e.threat_line else 2
            )
        for want in range(3):
            for i in range(n):
                if group[i] == want:
                    children.data.as_ushorts[k] = <unsigned short> <int> defs[i]
                    k += 1
        e.children = children
        if n == 0:
            e.pn = 0
            e.dn = INF
            e.how = ("refuted",)
        return 0

    def _add_threats(self, children, int r, int mode, counter):
        """``PureDfPn._add_threats``: the threats found, added in the same order."""
        self._cadd_threats(<array.array?> children, r, mode, counter)

    cdef int _cadd_threats(self, array.array children, int r, int mode, object counter) except -1:
        """``_add_threats``."""
        cdef uint64_t h
        cdef list threats
        cdef tuple t
        cdef Py_ssize_t n, i, j
        cdef long long k
        cdef long long order[NPOINTS]
        status, threats, _ = self.core.threats(
            self.a, self._cdepth(r), mode, self._cbudget(), counter
        )
        self._cnote(status)
        n = len(threats)
        if n == 0:
            return 0
        if n > NPOINTS:
            raise ValueError(f"more threats than points: {n}")
        # The most forcing threats (shortest VCF if ignored) first; ties by point: an
        # insertion sort of (length, point, index) keys (one threat a point at most).
        for i in range(n):
            t = <tuple?> threats[i]
            k = (<long long> len(<tuple?> t[1]) << 20) | (<long long> <int> t[0] << 8) | i
            j = i
            while j > 0 and order[j - 1] > k:
                order[j] = order[j - 1]
                j -= 1
            order[j] = k
        h = core_hash(self.core)
        for i in range(n):
            t = <tuple?> threats[order[i] & 255]
            self._threat_child(children, h, r, t[0], t[1])
        return 0

    def _add_threat(self, children, int r, int m, tline):
        """``PureDfPn._add_threat``."""
        self._threat_child(
            <array.array> children, core_hash(self.core), r, m, tline
        )

    cdef int _threat_child(
        self, array.array children, uint64_t h, int r, int m, tuple tline
    ) except -1:
        """Add the threat ``m`` (VCF if ignored ``tline``) at the node of hash ``h``
        with ``r`` moves, and its AND child's entry if new (see ``THREAT_PN``)."""
        cdef Py_ssize_t n = len(children)
        cdef uint64_t ch = h ^ Z[self.a][m]
        cdef unsigned int low = (self._cthreat_r(r) << 1) | 1
        cdef object obj = table_find(self.table, ch, low)
        if not _constants_read:
            _read_constants()
        array.resize_smart(children, n + 1)
        children.data.as_ushorts[n] = m
        if obj is None:
            self.table.store(
                ch, low, _new_entry(THREAT_PN[0] if len(tline) <= 1 else THREAT_PN[1], tline)
            )
        else:
            (<Entry> obj).threat_line = tline
        return 0

    cdef inline uint64_t _child_hash(
        self, uint64_t h, int r, bint is_or, unsigned int code, unsigned int* low
    ) noexcept:
        """The hash of the child ``code`` of the node (h, r), and its key's low bits
        (``r << 1 | kind``)."""
        cdef int m, q
        if not is_or:
            low[0] = r << 1
            return h ^ Z[self.d][code]
        m = code & 255
        q = <int> (code >> 8) - 1
        if q >= 0:
            low[0] = self._cfour_r(r) << 1
            return h ^ Z[self.a][m] ^ Z[self.d][q]
        low[0] = (self._cthreat_r(r) << 1) | 1
        return h ^ Z[self.a][m]

    def child_key(self, key, unsigned int code):
        """``PureDfPn.child_key`` (proofs and the trainer ask it child by child)."""
        cdef unsigned int low = key_low(key)
        cdef unsigned int clow
        cdef uint64_t ch = self._child_hash(key_hash(key), (low >> 1) & MAX_R, (low & 1) == 0, code, &clow)
        return table_key(ch, clow)

    def children_of(self, key, Entry e):
        """``PureDfPn.children_of`` (the keys built in C)."""
        return self._children(key, e, False)

    def proven_children(self, key, Entry e):
        """``PureDfPn.proven_children``: each child looked up in the table, as there."""
        return self._children(key, e, True)

    cdef list _children(self, object key, Entry e, bint proven):
        """``(move, reply or -1, child key)`` of every child of the node ``key``, or of
        those whose entry is proven."""
        cdef unsigned int low = key_low(key)
        cdef uint64_t h = key_hash(key)
        cdef array.array children = <array.array?> e.children
        cdef unsigned short* codes = children.data.as_ushorts
        cdef unsigned int code, clow
        cdef uint64_t ch
        cdef Py_ssize_t i
        cdef list out = []
        cdef object obj
        for i in range(len(children)):
            code = codes[i]
            ch = self._child_hash(h, (low >> 1) & MAX_R, (low & 1) == 0, code, &clow)
            if proven:
                obj = table_find(self.table, ch, clow)
                if obj is None or (<Entry> obj).pn != 0:
                    continue
            out.append((<int> (code & 255), <int> (code >> 8) - 1, table_key(ch, clow)))
        return out

    # -- the memory bound (``PureDfPn._collect``) --------------------------------------
    def _collect(self):
        """``PureDfPn._collect`` in C: the same entries dropped (ties in table order).
        One pass reads what it needs of each entry into flat arrays (and forgets every
        entry's ``kids``: they may hold dropped entries); the choices are made on those;
        the table drops them all at once (``Table.sweep``)."""
        cdef Table tt = self.table
        cdef long long limit = self.max_entries, cut = 0
        cdef Py_ssize_t k, n = tt.nitems, narrow = 0, nw = 0, excess, take, at_cut = 0, left
        cdef Entry v
        cdef bint widely
        # per item: bit 0 unsettled (pn and dn), 1 with children, 2 unproven (pn),
        # 3 in the table; then 1 if it goes
        cdef unsigned char* what = <unsigned char*> malloc(n + 1)
        cdef long long* work = <long long*> malloc((n + 1) * sizeof(long long))
        cdef long long* works = <long long*> malloc((n + 1) * sizeof(long long))
        try:
            if what == NULL or work == NULL or works == NULL:
                raise MemoryError()
            for k in range(n):
                what[k] = 0
                if tt.data[k].value == NULL:
                    continue
                v = <Entry> tt.data[k].value
                what[k] = 8 | (4 if v.pn != 0 else 0)
                if v.pn and v.dn:
                    what[k] |= 1
                if v.children is not None and len(v.children):
                    what[k] |= 2
                work[k] = v.work
                v.kids = None
                if (what[k] & 3) == 1:
                    narrow += 1
            # unsettled and not expanded; if that leaves too many, every unsettled one
            widely = tt.used - narrow > limit * 3 // 4
            left = tt.used
            for k in range(n):
                if what[k] & 1 and (widely or not what[k] & 2):
                    what[k] = 0  # (goes)
                    left -= 1
            excess = left - limit // 2
            if excess > 0:
                # the ``excess`` unproven entries of least work, ties in table order
                for k in range(n):
                    if what[k] & 4:
                        works[nw] = work[k]
                        nw += 1
                if nw:
                    qsort(works, nw, sizeof(long long), _by_work)
                    take = excess if excess < nw else nw
                    cut = works[take - 1]
                    at_cut = take
                    for k in range(take):
                        if works[k] == cut:
                            at_cut = take - k  # (take - bisect_left(works, cut))
                            break
                    for k in range(n):
                        if what[k] & 4 and work[k] <= cut:
                            if work[k] == cut:
                                if not at_cut:
                                    continue
                                at_cut -= 1
                            what[k] = 0
            for k in range(n):
                what[k] = tt.data[k].value != NULL and what[k] == 0
            tt.sweep(what)
        finally:
            free(what)
            free(work)
            free(works)
        self.collect_at = max(limit, tt.used + limit // 2)

    # -- the first phase's table (``PureDfPn._keep_first_phase``) -----------------------
    def _keep_first_phase(self, first):
        """``PureDfPn._keep_first_phase`` in C: the same entries kept, in the same order,
        the tables read item by item (their ``items()`` built a pair and a key each)."""
        cdef Table f = first if isinstance(first, Table) else Table(first)
        cdef Table tt = self.table
        cdef Py_ssize_t k
        cdef Item* it
        cdef Entry e, old
        cdef object obj
        if not _constants_read:
            _read_constants()
        if tt.used == 0:
            # the first search: the first phase's table becomes the table
            for k in range(f.nitems):
                it = &f.data[k]
                if it.value != NULL:
                    e = <Entry> it.value
                    if e.pn and e.children is not None:
                        _unsearched(it.low, e)
            self.table = tt = f
        else:
            for k in range(f.nitems):
                it = &f.data[k]
                if it.value == NULL:
                    continue
                e = <Entry> it.value
                if e.pn == 0:
                    tt.store(it.h, it.low, e)
                    continue
                obj = table_find(tt, it.h, it.low)
                if obj is not None:
                    old = <Entry> obj
                    if old.children is not None or not (old.pn and old.dn):
                        continue  # (expanded or settled in the table already)
                if e.children is not None:
                    _unsearched(it.low, e)
                elif obj is not None:
                    continue
                tt.store(it.h, it.low, e)
        _forget_kids(tt)  # (they may hold replaced entries)

    # -- proofs (``PureDfPn.proof`` and its helpers, the same trees) ----------------------
    def proof(self, key, memo=None):
        """``PureDfPn.proof``: the same tree, walked in C (the splits, the lengths where
        several moves win, and VCF lines are ``PureDfPn``'s). ``memo``, if given, is a
        ``Table`` (the proofs built so far by node key; a dict keyed by ints made an int
        and hashed it at every node); nodes are made without their ``__init__``
        (``_proof_node``)."""
        if memo is not None and not isinstance(memo, Table):
            return super(Loop, self).proof(key, memo)  # (``PureDfPn``'s, on that mapping)
        return self._cproof(key_hash(key), key_low(key), Table() if memo is None else memo)

    def _and_proof(self, int move, key, memo=None):
        """``PureDfPn._and_proof``, as ``proof`` (the same ``memo``)."""
        if memo is not None and not isinstance(memo, Table):
            return super(Loop, self)._and_proof(move, key, memo)
        return self._cand_proof(
            move, key_hash(key), key_low(key), Table() if memo is None else memo
        )

    cdef object _cproof(self, uint64_t h, unsigned int low, Table memo):
        """``PureDfPn.proof`` for the node (``h``, ``low``)."""
        cdef object node = table_find(memo, h, low), sub, how, ckey
        cdef Entry e
        cdef unsigned int clow, code, blow = 0
        cdef uint64_t ch, bh = 0
        cdef array.array children
        cdef Py_ssize_t i, n
        cdef int move = -1, reply = -1, found = 0
        if node is not None:
            return node
        e = self._entry_of(h, low)
        assert e.pn == 0, "not proven"
        how = e.how
        if how and how[0] == "five":
            node = _proof_node(how[1], 1, {}, "five")
        elif how and how[0] == "vcf":
            node = self.line_proof(how[1])
        else:
            # the proven child; with more than one, the shortest (PureDfPn._shortest_child)
            children = <array.array?> e.children
            n = len(children)
            for i in range(n):
                code = children.data.as_ushorts[i]
                ch = self._child_hash(h, (low >> 1) & MAX_R, True, code, &clow)
                sub = table_find(self.table, ch, clow)
                if sub is not None and (<Entry> sub).pn == 0:
                    found += 1
                    if found > 1:
                        break
                    move = code & 255
                    reply = <int> (code >> 8) - 1
                    bh, blow = ch, clow
            if found != 1:
                move, reply, ckey = self._shortest_child(table_key(h, low), e)
                bh, blow = key_hash(ckey), key_low(ckey)
            sub = table_find(memo, bh, blow)
            if sub is None:
                core_enter(self.core, move, self.a, reply, self.d)
                if reply >= 0:
                    sub = self._cproof(bh, blow, memo)
                else:
                    sub = self._cand_proof(move, bh, blow, memo)
                core_leave(self.core, move, reply)
            if reply >= 0:
                node = _proof_node(move, sub.length + 1, {reply: sub})
            else:
                node = _after_threat(sub, move)
        memo.store(h, low, node)
        return node

    cdef object _cand_proof(self, int move, uint64_t h, unsigned int low, Table memo):
        """``PureDfPn._and_proof`` for the node (``h``, ``low``)."""
        cdef object node = table_find(memo, h, low), sub
        cdef dict replies = {}
        cdef Entry e
        cdef unsigned int clow, code
        cdef uint64_t ch
        cdef array.array children
        cdef Py_ssize_t i
        cdef long long longest, length, floor
        cdef int m
        if node is not None:
            return _after_threat(node, move)
        e = self._entry_of(h, low)
        assert e.children is not None
        children = <array.array> e.children
        for i in range(len(children)):
            code = children.data.as_ushorts[i]
            m = code & 255
            ch = self._child_hash(h, (low >> 1) & MAX_R, False, code, &clow)
            sub = table_find(memo, ch, clow)
            if sub is None:
                core_enter(self.core, m, self.d, -1, 0)
                sub = self._cproof(ch, clow, memo)
                core_leave(self.core, m, -1)
            replies[m] = sub
        floor = 0
        for sub in replies.values():
            length = sub.length
            if length > floor:
                floor = length
        refuted, longest = self._refutations(table_key(h, low), e, floor)
        if floor > longest:
            longest = floor
        node = _proof_node(move, longest + 1, replies, None, refuted)
        memo.store(h, low, node)
        return node

    cdef Entry _entry_of(self, uint64_t h, unsigned int low):
        """The table's entry of the node (``h``, ``low``), which must be there."""
        cdef object obj = table_find(self.table, h, low)
        if obj is None:
            raise KeyError(table_key(h, low))
        return <Entry> obj

    cdef inline object _stored_child(self, uint64_t h, int r, bint is_or, unsigned int code):
        """The child's entry in the table, or None."""
        cdef unsigned int low
        cdef uint64_t ch = self._child_hash(h, r, is_or, code, &low)
        return table_find(self.table, ch, low)

    cdef Entry _cmid(
        self, uint64_t h, unsigned int low, long long th_pn, long long th_dn, bint below,
        object known,
    ):
        """``PureDfPn._mid``; the node's entry, as ``tt`` holds it on return. ``known``:
        the entry the parent's ``kids`` hold for this node, if they were filled since
        the last collection (else None): the table's entry, so the table is not asked;
        ``_ABSENT`` if they hold none (``_select`` has just looked for it: not there).
        Nor is it at the return unless a collection came meanwhile (that may have
        dropped this entry). A look-up on entry, the re-insert on return and the
        parent's look-up after it were three dict operations a call. The node is ``h``
        and ``low`` (its key's hash and low bits).

        The steps: the node's entry found (``_cmid_find``), made and expanded
        (``_cmid_entry``); a settled node returned (``_cmid_done``); then, until a
        threshold is reached, the best child chosen (``_select``, the hidden threats
        added when it needs many proofs) and searched (``_cmid_child``)."""
        cdef Entry e
        cdef object obj
        cdef bint is_or = (low & 1) == 0
        cdef int r = (low >> 1) & MAX_R
        cdef int best_i = 0
        cdef long long pn = 0, dn = 0, second = 0
        cdef long long start = self.expansions
        cdef bint again = False  # (see _select)
        if self._polls % 16 == 0:
            self._poll()
        else:
            self._polls += 1
        cdef int gen = self.collections
        obj = self._cmid_find(h, low, is_or, known)
        if is_or and obj is None and below and r <= 1 and not self.incomplete and not self.safe:
            # What _expand_or finds here, without its calls: the parent ruled out a VCF
            # within r, so no five point of his either; with one move, no more threat.
            self.expansions += 1
            e = _disproven_leaf()
            self.table.store(h, low, e)
            return e
        e = self._cmid_entry(h, low, r, is_or, below, obj, th_pn, th_dn)
        if e.pn == 0 or e.dn == 0 or not e.children:
            if e.children is not None and not e.children and e.pn != 0 and e.dn != 0:
                if is_or:
                    e.pn, e.dn = INF, 0
                else:
                    e.pn, e.dn = 0, INF
            return self._cmid_done(e, h, low, start, gen)
        if self.table.used > self.collect_at:
            self._collect()
            self.collections += 1
        while True:
            self._select(e, h, r, is_or, again, &best_i, &pn, &dn, &second)
            again = True
            if is_or and pn >= HIDDEN_AFTER and e.staged:
                # (PureDfPn._mid: the hidden threats wait, once, while the node is at
                # its thresholds, counted as a child of proof number HIDDEN_AFTER)
                if e.staged == 2 or (HIDDEN_AFTER < th_pn and (dn if dn > 1 else 1) < th_dn):
                    e.hidden_cost = pn - 1 if pn < INF else 0
                    if self._cmore_threats(e, r):
                        continue
                else:
                    e.staged = 2
                    pn = HIDDEN_AFTER
                    if dn < 1:
                        dn = 1
            e.pn, e.dn = pn, dn
            if pn >= th_pn or dn >= th_dn:
                return self._cmid_done(e, h, low, start, gen)
            self._cmid_child(e, h, r, is_or, best_i, th_pn, th_dn, pn, dn, second)

    cdef inline object _cmid_find(self, uint64_t h, unsigned int low, bint is_or, object known):
        """The node's entry (None: not in the table): ``known`` when the parent's
        ``kids`` hold it (see ``_cmid``), else the table's."""
        if known is _ABSENT:
            return None
        if known is not None and not (
            is_or and (<Entry> known).children is None and not (<Entry> known).probed
        ):
            return known  # (an OR entry to expand again, see ``_cmid_entry``, is looked up)
        return table_find(self.table, h, low)

    cdef inline Entry _cmid_entry(
        self, uint64_t h, unsigned int low, int r, bint is_or, bint below, object obj,
        long long th_pn, long long th_dn,
    ):
        """The node's entry ``obj``, made if None and expanded if its children are not
        known yet: an OR node is probed first (``_or_entry``, again while open and
        unprobed), its children made once it is open and below both thresholds; an
        AND node is split at once (``PureDfPn._entry_for_and``)."""
        cdef Entry e
        if is_or:
            if obj is None or (
                (<Entry> obj).children is None
                and (<Entry> obj).pn != 0
                and (<Entry> obj).dn != 0
                and not (<Entry> obj).probed
            ):
                e = self._or_entry(h, low, r, below)
            else:
                e = <Entry> obj
            if e.children is None and e.pn != 0 and e.dn != 0 and e.pn < th_pn and e.dn < th_dn:
                self._or_children(e, r)
        else:
            if obj is None:
                e = _new_entry(1, ())  # (PureDfPn._entry_for_and)
                self.table.store(h, low, e)
            else:
                e = <Entry> obj
            if e.children is None:
                self._and_children(r, e)
        return e

    cdef inline Entry _cmid_done(
        self, Entry e, uint64_t h, unsigned int low, long long start, int gen
    ):
        """The node's entry on return, its work counted; (re)inserted if a collection
        came meanwhile (it may have dropped it)."""
        e.work += self.expansions - start
        if self.collections != gen:
            self.table.store(h, low, e)
        return e

    cdef int _cmid_child(
        self, Entry e, uint64_t h, int r, bint is_or, int best_i, long long th_pn,
        long long th_dn, long long pn, long long dn, long long second,
    ) except -1:
        """Search the child ``best_i`` of the node ``e`` (``pn``, ``dn``: its numbers,
        ``second``: the second-best child's) within the thresholds df-pn gives it, its
        stones entered and left; a new OR child with one move left is settled without
        them."""
        cdef object ce, core = self.core
        cdef unsigned int code, clow
        cdef uint64_t ch
        cdef int move, reply
        cdef long long cpn, cdn, c_th_pn, c_th_dn
        code = (<array.array> e.children).data.as_ushorts[best_i]
        move = code & 255
        reply = <int> (code >> 8) - 1
        ch = self._child_hash(h, r, is_or, code, &clow)
        ce = (<list> e.kids)[best_i]
        if ce is None:
            if (
                (r == 2 and is_or and reply >= 0 or r <= 1 and not is_or)
                and not self.incomplete
                and not self.safe
            ):
                # A new OR child with one move left (after a four of this OR node
                # with two, or a defence of this AND node with one): what _cmid
                # would settle without a call (see there), settled here without
                # putting its stones either. The poll _cmid would make is made here:
                # the pure loop polls at every _mid call, and a first phase or a
                # budget ends at a poll, so both loops must poll at the same calls.
                if self._polls % 16 == 0:
                    self._poll()
                else:
                    self._polls += 1
                self.expansions += 1
                ce = _disproven_leaf()
                self.table.store(ch, clow, ce)
                (<list> e.kids)[best_i] = ce
                return 0
            cpn = cdn = 1
        else:
            cpn = (<Entry> ce).pn
            cdn = (<Entry> ce).dn
        if is_or:
            c_th_pn = min(th_pn, _widen(second))
            if best_i >= e.hidden:
                c_th_pn -= e.hidden_cost  # (still above the child's proof number)
            c_th_dn = min(INF - 1, th_dn - dn + cdn)
            core_enter(core, move, self.a, reply, self.d)
        else:
            c_th_dn = min(th_dn, _widen(second))
            c_th_pn = min(INF - 1, th_pn - pn + cpn)
            core_enter(core, move, self.d, -1, 0)
        if e.kids_gen != self.collections:
            ce = None  # (filled before a collection: maybe dropped since)
        elif ce is None:
            ce = _ABSENT  # (``_select`` has just found it absent)
        if is_or:
            self.path[self.npath] = move  # (r moves at most: r <= MAX_R)
            self.npath += 1
        try:
            ce = self._cmid(ch, clow, c_th_pn, c_th_dn, True, ce)
            if e.kids is not None:  # (None if the table was collected meanwhile)
                (<list> e.kids)[best_i] = ce
        finally:
            if is_or:
                self.npath -= 1
            core_leave(core, move, reply)
        return 0

    cdef int _select(
        self, Entry e, uint64_t h, int r, bint is_or, bint again, int* best_out,
        long long* pn_out, long long* dn_out, long long* second_out
    ) except -1:
        """Best child index, the node's pn and dn, and the second-best child number.

        ``PureDfPn._select`` looks up every child its ``kids`` do not hold yet, at every
        call. ``again``: not the first call of this ``_cmid`` (the search has been below
        one child since the last), and the absent children are not looked up again: none
        can have been stored meanwhile. A child's position holds its own stones (its
        move, and for a four its block) and only the search below that child ran since:
        every position it stored holds that child's stones, and a sibling's does not
        (a threat's move is never a four's). Collections and new children (stage two)
        build the ``kids`` anew, every child looked up. (Look-ups of absent children are
        mostly cache misses in a large table.)"""
        cdef array.array children = <array.array> e.children
        cdef unsigned short* codes = children.data.as_ushorts
        cdef list kids
        cdef Py_ssize_t i, n = len(children)
        cdef int best_i = 0
        cdef long long best = INF + 1, second = INF, total = 0, own, other
        cdef object ce
        cdef Py_ssize_t hidden = e.hidden if is_or else n
        # (the first phase: see PureDfPn._select)
        cdef bint restricted = is_or and e.probed and self.restricted and self.npath > 0
        if e.kids is None or len(<list> e.kids) != n:
            e.kids = [self._stored_child(h, r, is_or, codes[i]) for i in range(n)]
            e.kids_gen = self.collections
            again = True  # (every child was just looked up)
        kids = <list> e.kids
        for i in range(n):
            ce = kids[i]
            if ce is None and not again:
                ce = self._stored_child(h, r, is_or, codes[i])
                kids[i] = ce
            if restricted and not self._depends(codes[i] & 255):
                own = INF
                other = 0
            elif ce is None:
                own = other = 1
            elif is_or:
                own = (<Entry> ce).pn
                other = (<Entry> ce).dn
            else:
                own = (<Entry> ce).dn
                other = (<Entry> ce).pn
            if i >= hidden and 0 < own < INF:
                own = min(INF - 1, own + e.hidden_cost)
            total += other  # (at most 225 children at INF: no overflow)
            if own < best:
                best_i, second, best = i, best, own
            elif own < second:
                second = own
        if total > INF:
            total = INF
        best_out[0] = best_i
        second_out[0] = second
        if is_or:
            pn_out[0] = best
            dn_out[0] = total
        else:
            pn_out[0] = total
            dn_out[0] = best
        return 0
