# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True, initializedcheck=False
"""The engine core compiled with Cython: the same API and answers as ``solver/engine/core_ref.py``.

Stones are kept as 2-bit cells in padded line codes (see ``solver/rules/geometry.py``), so the
11-cell window of a point in a direction is one shift and mask; the window's 20-bit key
indexes a lazily filled table of pattern entries (see ``solver/rules/patterns.py``). The C
function ``analyze`` below mirrors ``solver.rules.patterns.analyze`` bit for bit (tested).
"""

cimport cython
from libc.stdint cimport uint32_t, uint64_t
from libc.stdlib cimport calloc, malloc, realloc, free
from libc.string cimport memset, memcpy
from cpython.long cimport PyLong_AsUnsignedLongLongMask
from posix.time cimport clock_gettime, timespec, CLOCK_MONOTONIC

cdef extern from "Python.h":
    ctypedef struct PyThreadState:
        pass
    ctypedef struct PyInterpreterState:
        pass
    PyThreadState* PyEval_SaveThread()
    void PyEval_RestoreThread(PyThreadState*)
    PyInterpreterState* PyInterpreterState_Get()
    PyThreadState* PyInterpreterState_ThreadHead(PyInterpreterState*)
    PyThreadState* PyThreadState_Next(PyThreadState*)
    void PyObject_GC_UnTrack(void*)

cdef extern from "_alloc.h":
    void* renju_table_alloc(size_t n) nogil

cdef extern from *:
    int __builtin_ctzll(unsigned long long) nogil
    int __builtin_ctz(unsigned int) nogil
    void __builtin_prefetch(const void*) nogil
    int __builtin_popcountll(unsigned long long) nogil

from solver.rules.geometry import DIRECTIONS, LINE_COUNTS, PAD
from solver.rules.zobrist import ZOBRIST
from collections.abc import Mapping
from solver.engine.contract import DEAD_BITS, DEAD_GROWTH
from solver.engine.contract import STEP as CONTRACT_STEP
from solver.engine.contract cimport SIDE_SALT

DEF NP = 225
DEF NO_LINE = 255  # (Refutations: a point not refuted)
DEF NLINES = 29
DEF MAXNEIGH = 44
DEF DIRTY_MAX = 24
DEF AHEAD = 16  # fours per VCF node read ahead (see _vcf_expand)
DEF DEPTH_BITS = 7  # a dead-end word (see Core.dead): the key bits above the slot, then these
DEF EPOCH_BITS = 11
DEF DEPTH_MASK = 127
DEF EPOCH_MASK = 2047
DEF MAXLINE = 1024
DEF RING = 4
DEF RING_LINE = 256  # (more than any line: its moves are distinct points)
# Searches of a candidate move in ``defences`` and ``threats`` let other threads run (the
# trainer's interface) when they may be long: from this depth on. Shallower ones are
# short (a few hundred nodes at most), and releasing and taking back the lock would cost
# more than they take. The replays before a search (a line or the ring's, a
# microsecond) keep the lock for the same reason.
DEF NOGIL_DEPTH = 3
DEF FRAME = 2 * NP + 32  # a saved tmask and hot (see Core.enter)
DEF MAXLOG = 4096
DEF LC_BITS = 15  # the line-shape cache: 32,768 lines
DEF SPC_BITS = 11  # the shape-set cache (Core.spc): 2,048 positions
DEF PADC = 5  # solver.rules.geometry.PAD: wall cells at each end of a line code


cdef inline bint _others_run() noexcept:
    """Whether this interpreter has another thread (one that may wait for the lock):
    with none, as in a command-line solve, a search keeps the lock: letting it go and
    taking it back costs time, for nothing when no thread waits."""
    return PyThreadState_Next(PyInterpreterState_ThreadHead(PyInterpreterState_Get())) != NULL


cdef enum:
    C_EMPTY = 0
    C_OWN = 1
    C_WALL = 3
    F_FIVE = 1
    F_OVERLINE = 2
    FOURS_SHIFT = 2
    F_STRAIGHT = 16
    THREE_SHIFT = 5
    FOUR_SHIFT = 16
    CELL_MASK = 0x7FF
    STRONG = 16

# (compile-time constants: an immediate operand, not a load, in the hot reads)
DEF WMASK = 0x3FFFFF  # 22 bits
# solver.engine.search_ref.DEAD_GROWTH, read once: (nodes searched, new table bits) steps
cdef int NGROW = 0
cdef long long GROW_AT[4]
cdef int GROW_BITS[4]
for _at, _bits in DEAD_GROWTH[:4]:
    GROW_AT[NGROW] = _at
    GROW_BITS[NGROW] = _bits
    NGROW += 1
# in a point's window (``WMASK``: 11 cells, two bits each, the point in the middle), the
# low bits of the cells 1 to 4 steps away on either side
DEF NEAR4_CELLS = 0x55154
# 19 cells (p - 9 .. p + 9 on a line, p in the middle, cell 9) of a line code shifted left
# by 4 cells: all their bits, and their low bits
cdef extern from *:
    """
    #define RENJU_NINE_CELLS_MASK 0x3FFFFFFFFFULL
    #define RENJU_NINE_CELLS_LOW 0x1555555555ULL
    """
    const uint64_t NINE_CELLS_MASK "RENJU_NINE_CELLS_MASK"  # 38 bits
    const uint64_t NINE_CELLS_LOW "RENJU_NINE_CELLS_LOW"
cdef extern from *:
    """
    #define RENJU_SPC_SALT_BLACK 0x9E3779B97F4A7C15ULL
    #define RENJU_SPC_SALT_WHITE 0xC2B2AE3D27D4EB4FULL
    """
    # the shape-set cache's key: the position's hash with the colour salted in
    const uint64_t SPC_SALT_BLACK "RENJU_SPC_SALT_BLACK"
    const uint64_t SPC_SALT_WHITE "RENJU_SPC_SALT_WHITE"
cdef int LINE_IDX[4][NP]
cdef int SHIFT[4][NP]
cdef int NEIGH_P[NP][MAXNEIGH]
cdef int NEIGH_D[NP][MAXNEIGH]
cdef int NEIGH_N[NP]
cdef int NEIGH_START[NP][5]  # where each direction's neighbours start in NEIGH_P[p]
# the points 1 to 4 steps from p on its lines (where p's stone can make a new four)
cdef int NEAR4_P[NP][32]
cdef int NEAR4_D[NP][32]
cdef int NEAR4_N[NP]
cdef uint64_t ZOB[3][NP]
cdef uint64_t INIT_LINES[4][NLINES]
cdef int STEP[4]
cdef uint32_t* TAB[2]
cdef uint32_t* TABW[2]  # TABW[t][key] = TAB[t][_swap(key)]: White's entries by the raw key
cdef unsigned char POPC[16]
cdef uint64_t SEG[4][NP][4]  # the 11 points a pattern entry of (direction, point) reads
# per rule, by window key: bit 0 Black makes a four or five there, bit 1 White (0xFF: not
# yet known). One small table read instead of two large ones when the masks are kept.
cdef unsigned char* FOURFIVE[3]
cdef uint64_t NEAR[NP][4]  # the points on a line with p within 5 (SEG over 4 directions)
cdef int BOX[NP][4]  # the columns and rows within 4 of p: first, last column, first, last row
cdef uint64_t ADJ[NP][4]  # the points next to p along its four lines
cdef int LINE_PT[4][NLINES][15]  # the point at each position of a line (-1: none)
cdef int LINES_IN[4]  # lines per direction (solver.rules.geometry.LINE_COUNTS)

if PAD != PADC:  # pragma: no cover - a guard for whoever changes the geometry
    raise ImportError("solver.engine.core_fast assumes solver.rules.geometry.PAD == 5")
for _d in range(4):  # (solver.engine.contract.STEP)
    STEP[_d] = CONTRACT_STEP[_d]


cdef int DCOL[4]
cdef int DROW[4]
for _d in range(4):
    DCOL[_d], DROW[_d] = DIRECTIONS[_d]


cdef inline int _step(int p, int d, int k) noexcept:
    """``solver.rules.geometry.step`` in C (-1 off the board): the tables below call it
    some 20,000 times at import."""
    cdef int col = p % 15 + k * DCOL[d], row = p // 15 + k * DROW[d]
    if 0 <= col < 15 and 0 <= row < 15:
        return row * 15 + col
    return -1


cdef inline int _line_of(int d, int p) noexcept:
    """``solver.rules.geometry.line_of`` in C (the tables below are built without a
    Python call: a whole process's start-up, see ``docs/performance.md``)."""
    cdef int col = p % 15, row = p // 15
    if d == 0:
        return row
    if d == 1:
        return col
    return col - row + 14 if d == 2 else col + row


cdef inline int _pos_of(int d, int p) noexcept:
    """``solver.rules.geometry.pos_of`` in C."""
    return p // 15 if d == 1 else p % 15


cdef void _init_tables():
    cdef int p, d, k, n, q, qq, line, pos
    for d in range(4):
        LINES_IN[d] = LINE_COUNTS[d]
        # the empty board's line codes (``solver.rules.geometry.initial_line_codes``):
        # every cell a wall, then each point's cell cleared below
        for p in range(NLINES):
            INIT_LINES[d][p] = ((1ULL << (2 * (15 + 2 * PADC))) - 1) if p < LINES_IN[d] else 0
        for p in range(NLINES):
            for k in range(15):
                LINE_PT[d][p][k] = -1
        for p in range(NP):
            line = _line_of(d, p)
            pos = _pos_of(d, p)
            LINE_IDX[d][p] = line
            SHIFT[d][p] = 2 * pos
            LINE_PT[d][line][pos] = p
            INIT_LINES[d][line] &= ~(3ULL << (2 * (pos + PADC)))
    for p in range(NP):
        ADJ[p][0] = ADJ[p][1] = ADJ[p][2] = ADJ[p][3] = 0
        for d in range(4):
            for k in (-1, 1):
                qq = _step(p, d, k)
                if qq >= 0:
                    ADJ[p][qq >> 6] |= 1ULL << (qq & 63)
        BOX[p][0] = max(p % 15 - 4, 0)
        BOX[p][1] = min(p % 15 + 4, 14)
        BOX[p][2] = max(p // 15 - 4, 0)
        BOX[p][3] = min(p // 15 + 4, 14)
    for p in range(NP):
        NEAR4_N[p] = 0
        for d in range(4):
            for k in range(-4, 5):
                qq = _step(p, d, k) if k else -1
                if qq >= 0:
                    NEAR4_P[p][NEAR4_N[p]] = qq
                    NEAR4_D[p][NEAR4_N[p]] = d
                    NEAR4_N[p] += 1
    for p in range(NP):
        ZOB[0][p] = 0
        ZOB[1][p] = ZOBRIST[1][p]
        ZOB[2][p] = ZOBRIST[2][p]
        n = 0
        for d in range(4):
            NEIGH_START[p][d] = n
            SEG[d][p][0] = SEG[d][p][1] = SEG[d][p][2] = SEG[d][p][3] = 0
            for k in range(-PAD, PAD + 1):
                qq = _step(p, d, k)
                if qq >= 0:
                    NEIGH_P[p][n] = qq
                    NEIGH_D[p][n] = d
                    n += 1
                    q = qq
                    SEG[d][p][q >> 6] |= 1ULL << (q & 63)
        for k in range(4):
            NEAR[p][k] = SEG[0][p][k] | SEG[1][p][k] | SEG[2][p][k] | SEG[3][p][k]
        NEIGH_N[p] = n
        NEIGH_START[p][4] = n
    for k in range(2):
        TAB[k] = <uint32_t*> renju_table_alloc((1 << 20) * sizeof(uint32_t))
        if TAB[k] == NULL:
            raise MemoryError()
        memset(TAB[k], 0xFF, (1 << 20) * sizeof(uint32_t))
        TABW[k] = <uint32_t*> renju_table_alloc((1 << 20) * sizeof(uint32_t))
        if TABW[k] == NULL:
            raise MemoryError()
        memset(TABW[k], 0xFF, (1 << 20) * sizeof(uint32_t))
    cdef unsigned char* fourfive = <unsigned char*> renju_table_alloc(3 << 20)  # (one block)
    if fourfive == NULL:
        raise MemoryError()
    memset(fourfive, 0xFF, 3 << 20)
    for k in range(3):
        FOURFIVE[k] = fourfive + (k << 20)
    for k in range(16):
        POPC[k] = (k & 1) + ((k >> 1) & 1) + ((k >> 2) & 1) + ((k >> 3) & 1)


_init_tables()


# -- pattern analysis (mirror of solver.rules.patterns.analyze) ------------------------------
cdef inline void _run(int* cells, int i, int* lo, int* hi) noexcept nogil:
    cdef int a = i, b = i
    while a > 0 and cells[a - 1] == C_OWN:
        a -= 1
    while b < 10 and cells[b + 1] == C_OWN:
        b += 1
    lo[0] = a
    hi[0] = b


cdef inline bint _is_five(int length, bint exact) noexcept nogil:
    return length == 5 if exact else length >= 5


cdef bint _straight_four(int* cells, bint exact) noexcept nogil:
    cdef int lo, hi
    _run(cells, 5, &lo, &hi)
    if hi - lo != 3 or lo < 1 or hi > 9:
        return False
    if cells[lo - 1] != C_EMPTY or cells[hi + 1] != C_EMPTY:
        return False
    if exact and ((lo >= 2 and cells[lo - 2] == C_OWN) or (hi <= 8 and cells[hi + 2] == C_OWN)):
        return False
    return True


cdef uint32_t analyze(uint32_t key, bint exact) noexcept nogil:
    cdef int cells[11]
    cdef int i, q, lo, hi, qlo, qhi, nfours = 0
    cdef int comp[11]
    cdef uint32_t entry = 0
    for i in range(5):
        cells[i] = (key >> (2 * i)) & 3
    cells[5] = C_OWN
    for i in range(5, 10):
        cells[i + 1] = (key >> (2 * i)) & 3
    _run(cells, 5, &lo, &hi)
    if _is_five(hi - lo + 1, exact):
        return F_FIVE
    if exact and hi - lo + 1 > 5:
        entry = F_OVERLINE
    for q in range(11):
        if cells[q] != C_EMPTY:
            continue
        cells[q] = C_OWN
        _run(cells, 5, &qlo, &qhi)
        if qlo <= q <= qhi and _is_five(qhi - qlo + 1, exact):
            comp[nfours] = q
            nfours += 1
        cells[q] = C_EMPTY
    for i in range(nfours):
        entry |= 1u << (FOUR_SHIFT + comp[i])
    if nfours == 2 and comp[1] - comp[0] == 5:
        nfours = 1
        entry |= F_STRAIGHT
    if nfours > 3:
        nfours = 3
    entry |= (<uint32_t> nfours) << FOURS_SHIFT
    for q in range(11):
        if cells[q] != C_EMPTY:
            continue
        cells[q] = C_OWN
        _run(cells, 5, &qlo, &qhi)
        if qlo <= q <= qhi and _straight_four(cells, exact):
            entry |= 1u << (THREE_SHIFT + q)
        cells[q] = C_EMPTY
    return entry


cdef inline uint32_t _swap(uint32_t key) noexcept nogil:
    cdef uint32_t lo = key & 0x55555
    cdef uint32_t hi = (key & 0xAAAAA) >> 1
    cdef uint32_t both = lo & hi
    return ((lo & ~both) << 1) | (hi & ~both) | both | (both << 1)


cdef inline int _insert_sorted(int* out, int n, int q) noexcept nogil:
    """Insert ``q`` into the sorted ``out[:n]``; the new length."""
    cdef int k = n
    while k > 0 and out[k - 1] > q:
        out[k] = out[k - 1]
        k -= 1
    out[k] = q
    return n + 1


cdef inline int _insert_sorted_dirs(
    int* out, unsigned char* dirs, int n, int q, unsigned char b
) noexcept nogil:
    """``_insert_sorted`` with a parallel array: ``b`` goes where ``q`` does."""
    cdef int k = n
    while k > 0 and out[k - 1] > q:
        out[k] = out[k - 1]
        dirs[k] = dirs[k - 1]
        k -= 1
    out[k] = q
    dirs[k] = b
    return n + 1


cdef inline int _completions_of(int p, uint32_t* entries, int* out) noexcept nogil:
    """The completion points of a four at ``p`` given its four entries, sorted (points
    found in different directions differ: two lines through p meet only at p)."""
    cdef int d, i, n = 0
    cdef uint32_t mask
    for d in range(4):
        mask = (entries[d] >> FOUR_SHIFT) & CELL_MASK
        while mask:
            i = __builtin_ctz(mask)
            mask &= mask - 1
            n = _insert_sorted(out, n, p + (i - 5) * STEP[d])
    return n


cdef inline uint32_t _lookup(int t, uint32_t key) noexcept nogil:
    """Table ``t``'s entry for ``key``, analysed on first use."""
    cdef uint32_t e = TAB[t][key]
    if e == 0xFFFFFFFFu:
        e = analyze(key, t == 0)
        TAB[t][key] = e
    return e


cdef inline uint32_t _lookup_white(int t, uint32_t key) noexcept nogil:
    """Table ``t``'s entry for White at the window ``key`` (the colours swapped), kept
    by the unswapped key so that a read needs no swap."""
    cdef uint32_t e = TABW[t][key]
    if e == 0xFFFFFFFFu:
        e = _lookup(t, _swap(key))
        TABW[t][key] = e
    return e


def analyze_key(unsigned int key, bint exact):
    """The compiled pattern entry of a 20-bit window key (for tests against the pure one)."""
    return analyze(key, exact)


cdef inline void _zones_within(int live, uint64_t (*zones)[4], uint64_t* within) noexcept nogil:
    """The points on every zone of the ``live`` slots (all points if none)."""
    cdef int k, w
    for w in range(4):
        within[w] = ~(<uint64_t> 0)
    for k in range(RING):
        if (live >> k) & 1:
            for w in range(4):
                within[w] &= zones[k][w]


cdef inline tuple _untracked(tuple line):
    """``line`` (a tuple of ints: a VCF) taken off the garbage collector's lists, as
    CPython itself does to such tuples at their first collection, so the collection
    after a search does not walk every certificate of its proof (``Refutations``)."""
    PyObject_GC_UnTrack(<void*> line)
    return line


@cython.no_gc
cdef class Refutations:
    """The refuted defences of an AND node, each with the VCF that refutes it: a read-only
    mapping from point to line, in point order, as ``defences`` gives it with
    certificates (``in``, ``[]``, ``get``, ``keys``, ``values``, ``items``, ``len``;
    equal to a dict of the same items). A point holds the index of its line among the
    distinct lines (most moves share the threat's own line): 225 bytes and a few tuples
    an AND node, where a dict of its refuted moves (often nearly two hundred) took
    kilobytes, whose allocation and page faults were a large part of a proof's building.
    Not tracked by the garbage collector: it holds
    tuples of ints."""

    cdef unsigned char idx[NP]  # the line of each point (NO_LINE: not refuted)
    cdef readonly tuple lines
    cdef int count

    def __len__(self):
        return self.count

    def __contains__(self, p):
        return isinstance(p, int) and 0 <= p < NP and self.idx[p] != NO_LINE

    def __getitem__(self, p):
        if isinstance(p, int) and 0 <= p < NP and self.idx[p] != NO_LINE:
            return self.lines[self.idx[p]]
        raise KeyError(p)

    def get(self, p, default=None):
        if isinstance(p, int) and 0 <= p < NP and self.idx[p] != NO_LINE:
            return self.lines[self.idx[p]]
        return default

    def keys(self):
        return [p for p in range(NP) if self.idx[p] != NO_LINE]

    def values(self):
        return [self.lines[self.idx[p]] for p in range(NP) if self.idx[p] != NO_LINE]

    def items(self):
        return [(p, self.lines[self.idx[p]]) for p in range(NP) if self.idx[p] != NO_LINE]

    def __iter__(self):
        return iter(self.keys())

    def __eq__(self, other):
        if isinstance(other, (Refutations, Mapping)):
            return dict(self.items()) == dict(other.items())
        return NotImplemented

    def __ne__(self, other):
        eq = self.__eq__(other)
        return eq if eq is NotImplemented else not eq

    def __repr__(self):
        return f"Refutations({dict(self.items())!r})"

    def __reduce__(self):
        return (dict, (self.items(),))

    def longer_than(self, int moves):
        """``(point, line)`` of the lines of more than ``moves`` attacker moves, the
        longest first (ties in point order): ``solver.search.dfpn_shared.longer_than``."""
        cdef int p, i, n = len(self.lines), length
        cdef list out = []
        cdef int sizes[NO_LINE]
        cdef set longer
        # by the distinct lines' lengths, longest first, each in point order (a sort with
        # a key function was most of this, at about 180 refuted points an AND node)
        for i in range(n):
            sizes[i] = len(self.lines[i])
        longer = {sizes[i] for i in range(n) if (sizes[i] + 1) // 2 > moves}
        for length in sorted(longer, reverse=True):
            for p in range(NP):
                i = self.idx[p]
                if i != NO_LINE and sizes[i] == length:
                    out.append((p, self.lines[i]))
        return out

    def replaced(self, dict changes):
        """A copy with the refuted points in ``changes`` given the lines there (equal
        lines stored once; a plain dict if the distinct lines would not fit a byte)."""
        cdef Refutations refs = Refutations.__new__(Refutations)
        cdef list lines = list(self.lines)
        cdef dict at = {line: i for i, line in enumerate(lines)}
        cdef int p, i
        memcpy(refs.idx, self.idx, NP)
        for p, line in changes.items():
            if not (0 <= p < NP and self.idx[p] != NO_LINE):
                raise KeyError(p)
            line = _untracked(tuple(line))
            i = at.setdefault(line, len(lines))
            if i == len(lines):
                if i >= NO_LINE:
                    return {q: changes.get(q, old) for q, old in self.items()}
                lines.append(line)
            refs.idx[p] = i
        refs.lines = tuple(lines)
        refs.count = self.count
        return refs


Mapping.register(Refutations)


cdef inline bint _on_line(int* line, int n, int m) noexcept nogil:
    """Whether ``m`` is one of the ``n`` points of ``line``. A VCF line with a stone of
    the other colour on one of its points does not replay: that point is not empty for
    the attacker's move, or the four before that block has another completion or none;
    so a replay (hundreds of instructions, most of its prefix played) is spared."""
    cdef int i
    for i in range(n):
        if line[i] == m:
            return True
    return False


cdef inline int _line_at(list lines, int* at, tuple line) except -1:
    """The index of ``line`` among a split's certificate ``lines``, appended there on
    first use (``at``: where it is, -1 until then)."""
    if at[0] < 0:
        at[0] = len(lines)
        lines.append(line)
    return at[0]


cdef Refutations _refutations(unsigned char* idx, list lines, int count):
    cdef Refutations refs = Refutations.__new__(Refutations)
    memcpy(refs.idx, idx, NP)
    refs.lines = tuple(lines)
    refs.count = count
    return refs


cdef inline int _next_bit(uint64_t* bits, int after) noexcept nogil:
    """The first point after ``after`` in the bit set ``bits`` (four words), or -1."""
    cdef int start = after + 1, row
    cdef uint64_t x
    if start >= 256:
        return -1
    row = start >> 6
    x = bits[row] & (~(<uint64_t> 0) << (start & 63))
    while not x:
        row += 1
        if row >= 4:
            return -1
        x = bits[row]
    return (row << 6) + __builtin_ctzll(x)


cdef struct Split:
    # the split of an AND node (``Core.defences``): what its steps share
    int a  # the attacker
    int dcol  # the defender
    int max_moves
    int line[MAXLINE]  # the threat's line
    int n  # its length (0: not replayed)
    bint share  # let other threads run during long searches
    bint clean  # the defender has no five point here
    bint fits  # the line is replayed after a move (within max_moves, and clean)
    bint fast  # the attacker's lists here serve the search after each move (and clean)
    bint zoned  # the line's replay was recorded: the core's ``zone`` is its zone
    int pm[NP]  # the attacker's lists here (``_scan``)
    unsigned char pdirs[NP]
    int pnm
    int live  # the ring lines that win here, bits by slot
    uint64_t online[4]  # the line's points
    uint64_t lzone[RING][4]  # each live ring line's zone (all points if unknown)
    uint64_t within[4]  # the points on every live ring line's zone


cdef struct Certs:
    # a split's certificates (``Refutations``), their lines in a list beside it
    unsigned char ridx[NP]  # each refuted point's line's index (NO_LINE: not refuted)
    int slot_at[RING]  # each ring slot's line's index (-1: not yet in)
    int tline_at  # the threat's line's index (-1 too)
    int tlen  # its length
    int nrefs  # the refuted points
    int most  # the longest certificate's length


cdef enum:
    # what a split does with a point (``Core._split_sort``)
    M_SKIP = 0
    M_KNOWN = 1
    M_LINE = 2
    M_TEST = 3
    # what refuted a tested point (``Core._split_test``), else a ring slot
    BY_LINE = -2
    BY_SEARCH = -1


cdef inline int _cert_line(Certs* cert, list lines, tuple tline, int m) except -1:
    """``m`` refuted by the threat's line ``tline``."""
    cert.ridx[m] = _line_at(lines, &cert.tline_at, tline)
    cert.nrefs += 1
    cert.most = cert.tlen if cert.tlen > cert.most else cert.most
    return 0


cdef struct ThreatGen:
    # a threat generation (``Core.threats``): what its steps share
    int a  # the attacker
    int max_moves
    int mode
    int cbuf[MAXLINE]  # the defender's counter line
    int cn  # its length
    bint share  # let other threads run during long searches
    bint fast  # the attacker's lists here serve the search after each move
    bint zoned  # the counter line replays: ``czone`` is its zone
    bint failzoned  # the attacker's VCF here fails: ``fzone`` is its zone
    int pm[NP]  # the attacker's lists here (``_scan``)
    unsigned char pdirs[NP]
    int pnm
    int pdf[NP]  # his five points here
    int pnd
    uint64_t czone[4]
    uint64_t fzone[4]
    uint64_t threes[4]  # where a stone of his makes a three (``_is_three_move``)


cdef struct VcfAhead:
    # the first fours of a VCF node, read ahead (``Core._vcf_wins_at_once``)
    int n  # how many
    uint32_t ep[AHEAD][4]  # the four's entries
    uint32_t eq[AHEAD][4]  # its block's (kept against Black only)
    bint qfive[AHEAD]  # whether the block makes him five (the same)
    int ncomp[AHEAD]  # the four's completions
    int q[AHEAD]  # its block


cdef class Core:
    """Board cells, line codes and hash, with the pattern and forbidden-move queries."""

    cdef unsigned char cells[NP]
    cdef uint64_t lines[4][NLINES]
    cdef uint64_t _hash
    cdef int _count
    cdef public int rule
    cdef int tabidx[2]
    cdef uint32_t* tabp[3]  # by colour: Black's table and White's (TAB, TABW) for the rule
    cdef unsigned char cand[NP]
    cdef int dirty[DIRTY_MAX]
    cdef int ndirty  # -1: full rebuild needed
    cdef long long _nodes
    cdef long long _limit
    # The dead-end table: per slot one word, so one cache line per look-up (see _dead):
    # the key's bits above the slot's, the depth failed at + 1 (0: empty), and the
    # recording session it was stored in (``epoch``, 0: none; ``EPOCH_BITS`` bits).
    cdef uint64_t* dead
    cdef int dead_bits
    cdef uint64_t dead_mask
    cdef uint32_t epoch
    cdef int path[MAXLINE]
    cdef int line_len
    # the latest VCFs that refuted a defence in a split of this core's (``defences``;
    # slot ``ring_next`` is the oldest), tried first in the next splits: see there
    cdef int ring[RING][RING_LINE]
    cdef int ringn[RING]
    cdef int ringa[RING]
    cdef int ring_next
    cdef int bb_c0, bb_c1, bb_r0, bb_r1  # bounding box of stones, widened by 4
    cdef double _deadline  # monotonic seconds; 0 = none
    # While a search runs: per colour and point, bit d set when that colour makes a five
    # or a four along direction d there (kept up to date around every stone placed).
    cdef unsigned char tmask[2][NP]
    cdef uint64_t hot[4]  # points where tmask is not zero, as a bit set in point order
    cdef bint tracking
    # ``enter``'s saved masks (``FRAME`` bytes each: tmask, then hot), one frame a step,
    # and whether the masks were kept at that step
    cdef unsigned char* frames
    cdef unsigned char* framed
    cdef int nframes, frames_cap
    # while ``recording``, every pattern read adds the points it depends on to ``zone``
    cdef bint recording
    cdef uint64_t zone[4]
    # while ``logging`` (a recording too), every read: direction << 8 | point, colour and
    # window (``nlog`` of them; MAXLOG: full, perhaps some not kept)
    cdef bint logging
    cdef int nlog
    cdef int log_dp[MAXLOG]
    cdef unsigned char log_c[MAXLOG]
    cdef uint32_t log_w[MAXLOG]
    # the log by line: the latest read of each direction and line, and each read's
    # previous one on its line (-1: none), built when a logging replay ends
    cdef int log_head[4][NLINES]
    cdef int log_next[MAXLOG]
    cdef public bint expired
    # whether ``defences`` and ``threats`` may use relevance zones (False: every
    # defence and candidate is replayed or searched; a searcher's second look, ``safe``)
    cdef public bint zones
    # line-shape cache (``_line_shapes``): line code | colour << 62, and its shape bits
    cdef uint64_t* lc_key
    cdef uint32_t* lc_val
    # each line's shapes by colour as ``_shape_points`` last read them, with the line's
    # code then (a board scan reads the lines that did not change here, not the cache)
    cdef uint64_t sp_code[2][4][32]
    cdef uint32_t sp_val[2][4][32]
    # both shape sets of ``_shape_points`` by position and colour (``SPC_BITS`` slots of
    # a key word and two four-word sets): an OR node asks them three times (its probe,
    # its threes, later its hidden threats), and the board between changes
    cdef uint64_t* spc

    def __cinit__(self, int rule=0):
        if rule < 0 or rule > 2:
            raise ValueError(f"unknown rule number: {rule!r}")
        self.rule = rule
        memset(self.cells, 0, NP)
        memcpy(self.lines, INIT_LINES, sizeof(INIT_LINES))
        self._hash = 0
        self._count = 0
        # table 0 = exact five, 1 = five or more
        self.tabidx[0] = 1 if rule == 2 else 0
        self.tabidx[1] = 0 if rule == 1 else 1
        self.tabp[0] = NULL
        self.tabp[1] = TAB[self.tabidx[0]]
        self.tabp[2] = TABW[self.tabidx[1]]
        memset(self.cand, 0, NP)
        self.ndirty = -1
        self._nodes = 0
        self._deadline = 0.0
        self.expired = False
        self.zones = True
        self.tracking = False
        self.recording = False
        self.logging = False
        self.nlog = 0
        self.bb_c0 = 15
        self.bb_c1 = -1
        self.bb_r0 = 15
        self.bb_r1 = -1
        self.dead = NULL
        self.frames = NULL
        self.framed = NULL
        self.nframes = 0
        self.frames_cap = 0
        self._new_dead(DEAD_BITS)
        self.epoch = 0
        self.lc_key = <uint64_t*> calloc(1 << LC_BITS, sizeof(uint64_t))  # (0: no line)
        self.lc_val = <uint32_t*> malloc((1 << LC_BITS) * sizeof(uint32_t))
        if self.lc_key == NULL or self.lc_val == NULL:
            raise MemoryError()
        memset(self.sp_code, 0xFF, sizeof(self.sp_code))  # (no line's code)
        self.spc = NULL  # (allocated on first use)

    def __dealloc__(self):
        free(self.spc)
        free(self.lc_key)
        free(self.lc_val)
        free(self.dead)
        free(self.frames)
        free(self.framed)

    # -- stones --------------------------------------------------------------------------
    @property
    def hash(self):
        return self._hash

    @property
    def count(self):
        return self._count

    def get(self, int p):
        """Colour at ``p``: 0 empty, 1 black, 2 white."""
        return self.cells[p]

    cdef inline void _put(self, int p, int colour) noexcept nogil:
        cdef int d
        self.cells[p] = colour
        for d in range(4):
            self.lines[d][LINE_IDX[d][p]] += (<uint64_t> colour) << (SHIFT[d][p] + 10)
        self._hash ^= ZOB[colour][p]
        self._count += 1
        if BOX[p][0] < self.bb_c0:
            self.bb_c0 = BOX[p][0]
        if BOX[p][1] > self.bb_c1:
            self.bb_c1 = BOX[p][1]
        if BOX[p][2] < self.bb_r0:
            self.bb_r0 = BOX[p][2]
        if BOX[p][3] > self.bb_r1:
            self.bb_r1 = BOX[p][3]
        if self.ndirty >= 0:
            if self.ndirty < DIRTY_MAX:
                self.dirty[self.ndirty] = p
                self.ndirty += 1
            else:
                self.ndirty = -1
        if self.tracking:
            self._track_around(p, 0)

    cdef inline void _remove(self, int p) noexcept nogil:
        cdef int d
        cdef int colour = self.cells[p]
        self.cells[p] = 0
        for d in range(4):
            self.lines[d][LINE_IDX[d][p]] -= (<uint64_t> colour) << (SHIFT[d][p] + 10)
        self._hash ^= ZOB[colour][p]
        self._count -= 1
        if self.ndirty >= 0:
            if self.ndirty < DIRTY_MAX:
                self.dirty[self.ndirty] = p
                self.ndirty += 1
            else:
                self.ndirty = -1
        if self.tracking:
            self._track_around(p, colour)

    cdef inline unsigned char _four_five(self, int dd, int q) noexcept nogil:
        """Whether the empty ``q`` has a four or five shape along ``dd``: bit 0 Black,
        bit 1 White (``FOURFIVE``, filled on first use)."""
        cdef uint64_t w = (self.lines[dd][LINE_IDX[dd][q]] >> SHIFT[dd][q]) & WMASK
        cdef uint32_t key = <uint32_t> ((w & 0x3FF) | ((w >> 12) << 10))
        cdef unsigned char f = FOURFIVE[self.rule][key]
        if f == 0xFF:
            f = 0
            if _lookup(self.tabidx[0], key) & (F_FIVE | (3 << FOURS_SHIFT)):
                f = 1
            if _lookup(self.tabidx[1], _swap(key)) & (F_FIVE | (3 << FOURS_SHIFT)):
                f |= 2
            FOURFIVE[self.rule][key] = f
        return f

    cdef inline void _track_cell(self, int q, int dd) noexcept nogil:
        cdef unsigned char bit = 1 << dd
        cdef unsigned char f = 0
        if not self.cells[q]:
            f = self._four_five(dd, q)
        if f & 1:
            self.tmask[0][q] |= bit
        else:
            self.tmask[0][q] &= ~bit
        if f & 2:
            self.tmask[1][q] |= bit
        else:
            self.tmask[1][q] &= ~bit
        if self.tmask[0][q] | self.tmask[1][q]:
            self.hot[q >> 6] |= 1ULL << (q & 63)
        else:
            self.hot[q >> 6] &= ~(1ULL << (q & 63))

    cdef void _track_around(self, int p, int removed) noexcept nogil:
        """Bring the masks up to date around ``p``, where a stone was just put (or one
        of colour ``removed`` taken off). A line is skipped when neither colour has
        three stones within nine points of ``p`` on it, counting that stone: a four or
        five shape of a point within five of ``p`` needs three of its colour within
        four of that point (``BBB_?``), so there was none before and is none after."""
        cdef int j, dd, pos
        cdef uint64_t w, lo, hi, x
        for dd in range(4):
            pos = SHIFT[dd][p]  # (twice the position: p's cell is code cell pos/2 + 5)
            w = (((self.lines[dd][LINE_IDX[dd][p]] << 8) >> pos)) & NINE_CELLS_MASK
            lo = w & NINE_CELLS_LOW
            hi = (w >> 1) & NINE_CELLS_LOW
            x = lo & ~hi  # Black's stones
            if removed == 1:
                x |= 1ULL << 18  # (p's own cell, free now: count the stone taken off)
            x &= x - 1
            x &= x - 1
            if not x:
                x = hi & ~lo  # White's
                if removed == 2:
                    x |= 1ULL << 18
                x &= x - 1
                x &= x - 1
                if not x:
                    continue
            for j in range(NEIGH_START[p][dd], NEIGH_START[p][dd + 1]):
                self._track_cell(NEIGH_P[p][j], dd)

    cdef void _track_on(self) noexcept nogil:
        cdef int q, dd
        for q in range(NP):
            for dd in range(4):
                self._track_cell(q, dd)
        self.tracking = True

    cdef inline void _ensure_tracking(self) noexcept nogil:
        """Start keeping the four/five masks (once; every put and remove then keeps them)."""
        if not self.tracking:
            self._track_on()

    def put(self, int p, int colour):
        """Place a stone of ``colour`` on the empty point ``p``."""
        self._put(p, colour)

    def remove(self, int p):
        """Take the stone off ``p``."""
        self._remove(p)

    def enter(self, int p, int colour, int q=-1, int q_colour=0):
        """Put ``p`` (and ``q`` if not -1) for a search step that ``leave`` undoes. The
        four/five masks are saved first and put back then: taking the stones off with
        the masks kept cost as much as putting them (``_track_around``)."""
        self._enter(p, colour, q, q_colour)

    cdef int _enter(self, int p, int colour, int q, int q_colour) except -1:
        cdef unsigned char* grown
        if self.nframes == self.frames_cap:
            grown = <unsigned char*> realloc(self.frames, (self.frames_cap + 64) * FRAME)
            if grown == NULL:
                raise MemoryError()
            self.frames = grown
            grown = <unsigned char*> realloc(self.framed, self.frames_cap + 64)
            if grown == NULL:
                raise MemoryError()
            self.framed = grown
            self.frames_cap += 64
        self.framed[self.nframes] = self.tracking
        if self.tracking:
            memcpy(self.frames + self.nframes * FRAME, self.tmask, 2 * NP)
            memcpy(self.frames + self.nframes * FRAME + 2 * NP, self.hot, 32)
        self.nframes += 1
        self._put(p, colour)
        if q >= 0:
            self._put(q, q_colour)

    def leave(self, int p, int q=-1):
        """Undo the last ``enter(p, ..., q)``."""
        self._leave(p, q)

    cdef int _leave(self, int p, int q) except -1:
        cdef bint restore
        if self.nframes <= 0:
            raise ValueError("leave() without enter()")
        self.nframes -= 1
        restore = self.framed[self.nframes] and self.tracking
        if restore:
            self.tracking = False
        if q >= 0:
            self._remove(q)
        self._remove(p)
        if restore:
            memcpy(self.tmask, self.frames + self.nframes * FRAME, 2 * NP)
            memcpy(self.hot, self.frames + self.nframes * FRAME + 2 * NP, 32)
            self.tracking = True

    def copy(self):
        """An independent copy."""
        cdef Core other = Core(self.rule)
        memcpy(other.cells, self.cells, NP)
        memcpy(other.lines, self.lines, sizeof(self.lines))
        other._hash = self._hash
        other._count = self._count
        other.bb_c0, other.bb_c1, other.bb_r0, other.bb_r1 = self.bb_c0, self.bb_c1, self.bb_r0, self.bb_r1
        return other

    def cell_bytes(self):
        """The 225 cells as bytes (0 empty, 1 black, 2 white), point order."""
        return bytes((<char*> self.cells)[:NP])

    # -- patterns ------------------------------------------------------------------------
    cdef inline uint32_t _entry(self, int d, int p, int colour) noexcept nogil:
        cdef uint64_t w = (self.lines[d][LINE_IDX[d][p]] >> SHIFT[d][p]) & WMASK
        if self.recording:
            self.zone[0] |= SEG[d][p][0]
            self.zone[1] |= SEG[d][p][1]
            self.zone[2] |= SEG[d][p][2]
            self.zone[3] |= SEG[d][p][3]
            if self.logging and self.nlog < MAXLOG:
                self.log_dp[self.nlog] = (d << 8) | p
                self.log_c[self.nlog] = colour
                self.log_w[self.nlog] = <uint32_t> w
                self.nlog += 1
        return self._entry_of(colour, <uint32_t> w)

    cdef bint _reads_same_with(self, int m, int colour) noexcept nogil:
        """Whether every logged read would read the same with a ``colour`` stone on the
        empty ``m`` (then a replay that made them reads and does the same again): no read
        of ``m`` itself, ``m`` empty in each window through it, and the same entry with
        the stone in. False if the log is full."""
        cdef int k, d, p, off, c
        cdef uint32_t w
        if self.nlog >= MAXLOG:
            return False
        for d in range(4):  # (only the reads on m's lines: ``_index_log``)
            k = self.log_head[d][LINE_IDX[d][m]]
            while k >= 0:
                p = self.log_dp[k] & 0xFF
                if (SEG[d][p][m >> 6] >> (m & 63)) & 1:
                    if p == m:
                        return False
                    off = SHIFT[d][m] - SHIFT[d][p] + 10
                    w = self.log_w[k]
                    if (w >> off) & 3:
                        return False
                    c = self.log_c[k]
                    if self._entry_of(c, w) != self._entry_of(
                        c, w | ((<uint32_t> colour) << off)
                    ):
                        return False
                k = self.log_next[k]
        return True

    cdef inline uint32_t _entry_of(self, int colour, uint32_t w) noexcept nogil:
        """The entry for ``colour`` at the centre of the 22-bit window ``w``."""
        cdef uint32_t key = (w & 0x3FF) | ((w >> 12) << 10)
        cdef uint32_t e = self.tabp[colour][key]
        if e == 0xFFFFFFFFu:
            e = self._fill(colour, key)
        return e

    cdef uint32_t _fill(self, int colour, uint32_t key) noexcept nogil:
        """The entry not analysed yet (``_entry``'s slow path)."""
        if colour == 1:
            return _lookup(self.tabidx[0], key)
        return _lookup_white(self.tabidx[1], key)

    def window(self, int d, int p):
        """The 22-bit window of ``p`` in direction ``d``."""
        return (self.lines[d][LINE_IDX[d][p]] >> SHIFT[d][p]) & WMASK

    def entry(self, int d, int p, int colour):
        """Pattern entry for ``colour`` placing at ``p`` along ``d``."""
        return self._entry(d, p, colour)

    cdef inline bint _is_five(self, int p, int colour) noexcept nogil:
        cdef int d
        for d in range(4):
            if self._entry(d, p, colour) & F_FIVE:
                return True
        return False

    def is_five(self, int p, int colour):
        """Whether ``colour`` playing the empty point ``p`` makes a five (a win)."""
        return self._is_five(p, colour)

    cdef int _forbidden(self, int p) noexcept nogil:
        cdef uint32_t entries[4]
        if self._five_entries(p, 1, entries):
            return 0
        return self._forbidden_given(p, entries)

    cdef int _forbidden_given(self, int p, uint32_t* entries) noexcept nogil:
        """``_forbidden(p)`` given Black's four entries at ``p`` (a five is never
        forbidden: 0; else 6 overline, 4 double four, 3 double three)."""
        cdef int d, n, fours = 0, nthree = 0
        cdef bint over = False
        cdef int threes[4]
        for d in range(4):
            if entries[d] & F_FIVE:
                return 0
        for d in range(4):
            if entries[d] & F_OVERLINE:
                over = True
            n = (entries[d] >> FOURS_SHIFT) & 3
            fours += n
            if n == 0 and (entries[d] >> THREE_SHIFT) & CELL_MASK:
                threes[nthree] = d
                nthree += 1
        if over:
            return 6
        if fours >= 2:
            return 4
        if nthree >= 2 and self._true_threes(p, threes, nthree, entries, 2) >= 2:
            return 3
        return 0

    cdef int _true_threes(self, int p, int* dirs, int ndirs, uint32_t* entries, int enough) noexcept nogil:
        cdef int n = 0, j, i, d, q
        cdef uint32_t mask
        cdef bint tracking = self.tracking
        self.tracking = False  # put and taken off again: the masks stay right
        self._put(p, 1)
        for j in range(ndirs):
            d = dirs[j]
            mask = (entries[d] >> THREE_SHIFT) & CELL_MASK
            for i in range(11):
                if (mask >> i) & 1:
                    q = p + (i - 5) * STEP[d]
                    if not self._is_five(q, 1) and self._forbidden(q) == 0:
                        n += 1
                        break
            if n >= enough:
                break
        self._remove(p)
        self.tracking = tracking
        return n

    def forbidden(self, int p):
        """Forbidden kind of the empty point ``p`` for Black: 0, 3, 4 or 6."""
        return self._forbidden_kind(p)

    cdef inline int _forbidden_kind(self, int p) noexcept nogil:
        if self.rule != 0 or self.cells[p] or not self._may_forbid(p):
            return 0
        return self._forbidden(p)

    def forbidden_after(self, int q, int p, int colour):
        """``SearchCore.forbidden_after``: Black's forbidden kind at the empty ``q`` once
        a ``colour`` stone is on the empty ``p``."""
        cdef uint32_t eq[4]
        if self.rule != 0 or self.cells[q] or q == p or self._five_entries(q, 1, eq):
            return 0
        return self._forbidden_after(p, colour, q, eq)

    cdef inline bint _forbidden_shape(self, uint32_t* entries) noexcept nogil:
        """Whether Black's entries at a point (none a five) show an overline, two fours,
        or a four or three by shape on two lines: a forbidden point needs one of these.
        A white stone only takes such shapes away (it adds no black stone), so without
        one here the point stays legal after it."""
        cdef int d, n, fours = 0, lines = 0
        for d in range(4):
            if entries[d] & F_OVERLINE:
                return True
            n = (entries[d] >> FOURS_SHIFT) & 3
            fours += n
            if n or (entries[d] >> THREE_SHIFT) & CELL_MASK:
                lines += 1
        return fours >= 2 or lines >= 2

    cdef int _forbidden_after(self, int p, int colour, int q, uint32_t* eq) noexcept nogil:
        """Black's forbidden kind at the empty ``q`` (``eq``: its entries now, none a
        five) once a ``colour`` stone is on the empty ``p``. The stone can make or unmake
        it at a distance (it can take the room a three needed, or keep a three's
        straight-four point from being a double four), so a block is judged with the
        four that calls for it on the board. Reads through ``_entry``: recorded."""
        cdef uint32_t e2[4]
        cdef int d, k
        cdef bint tracking
        if colour != 1 and not self._forbidden_shape(eq):
            return 0
        tracking = self.tracking
        self.tracking = False  # put and taken off again: the masks stay right
        self._put(p, colour)
        for d in range(4):
            e2[d] = self._entry(d, q, 1) if (SEG[d][q][p >> 6] >> (p & 63)) & 1 else eq[d]
        k = self._forbidden_given(q, e2)  # (a five there is never forbidden: 0)
        self._remove(p)
        self.tracking = tracking
        return k

    def three_point_ok(self, int q):
        """Whether a straight-four point ``q`` keeps a three alive: legal and not a five."""
        return not self._is_five(q, 1) and self._forbidden(q) == 0

    # -- enumeration ---------------------------------------------------------------------
    cdef inline void _update(self, int q, int d) noexcept nogil:
        cdef uint32_t e
        cdef unsigned char f = self.cand[q] & ~((1 << d) | (STRONG << d))
        if not self.cells[q]:
            e = self._entry(d, q, 1)
            if e & (F_OVERLINE | (2 << FOURS_SHIFT)):
                f |= (1 << d) | (STRONG << d)
            elif e & ((3 << FOURS_SHIFT) | (CELL_MASK << THREE_SHIFT)):
                f |= 1 << d
        self.cand[q] = f

    cdef void _sync(self) noexcept nogil:
        cdef int i, j, m, q, d
        if self.ndirty < 0:
            for q in range(NP):
                for d in range(4):
                    self._update(q, d)
        else:
            for i in range(self.ndirty):
                m = self.dirty[i]
                for j in range(NEIGH_N[m]):
                    self._update(NEIGH_P[m][j], NEIGH_D[m][j])
        self.ndirty = 0

    cdef int _enumerate(self, int* out_p, int* out_k) noexcept nogil:
        """Fill forbidden points and kinds; return how many."""
        cdef int q, k, n = 0
        cdef unsigned char f
        self._sync()
        for q in range(NP):
            f = self.cand[q]
            if f & 0xF0 or POPC[f & 0xF] >= 2:
                k = self._forbidden(q)
                if k:
                    out_p[n] = q
                    out_k[n] = k
                    n += 1
        return n

    def forbidden_points(self):
        """Every forbidden point for Black as ``(point, kind)``, in point order."""
        cdef int ps[NP]
        cdef int ks[NP]
        cdef int n, i
        if self.rule != 0:
            return []
        n = self._enumerate(ps, ks)
        return [(ps[i], ks[i]) for i in range(n)]

    def forbidden_along(self, moves):
        """Replay ``moves`` (points, or -1/None for a pass) from this position and return,
        after each move, Black's forbidden points as a list of ``(point, kind)``.

        The stones are taken off again afterwards. Stops early (shorter result) at a move
        onto an occupied or off-board point.
        """
        cdef int ps[NP]
        cdef int ks[NP]
        cdef int n, i, m, colour = 1
        cdef list out = []
        cdef list placed = []
        try:
            for mv in moves:
                if mv is None or mv < 0:
                    m = -1
                else:
                    m = mv
                    if m >= NP or self.cells[m]:
                        break
                    self._put(m, colour)
                    placed.append(m)
                colour = 3 - colour
                if self.rule != 0:
                    out.append([])
                    continue
                with nogil:
                    n = self._enumerate(ps, ks)
                out.append([(ps[i], ks[i]) for i in range(n)])
        finally:
            for m in reversed(placed):
                self._remove(m)
        return out

    # -- search primitives (mirror of solver/engine/search_ref.py) ----------------------------------
    @property
    def nodes(self):
        return self._nodes

    @property
    def dead_bits(self):
        """The dead-end table's size, in bits (it grows as the search does)."""
        return self.dead_bits

    def grow_dead_table(self, int bits):
        """Grow the dead-end table to ``1 << bits`` slots now, its entries kept (a search
        grows it by itself, ``DEAD_GROWTH``); a size not above the present one: none."""
        if bits > self.dead_bits:
            if bits > 30:
                raise ValueError(f"dead-end table too large: {bits!r} bits")
            self._new_dead(bits)

    cdef int _five_points(self, int c, int* out) noexcept nogil:
        cdef int p, n = 0, row
        cdef uint64_t cand[4]
        cdef uint64_t bits
        if self.tracking:  # only points with a four or five shape can be five points
            for row in range(4):
                bits = self.hot[row]
                while bits:
                    p = (row << 6) + __builtin_ctzll(bits)
                    bits &= bits - 1
                    if self.tmask[c - 1][p] and self._is_five(p, c):
                        out[n] = p
                        n += 1
            return n
        # A five point has one of his stones next to it, on the five's line: only the
        # points next to his stones are read (each read is a pattern-table look-up).
        cand[0] = cand[1] = cand[2] = cand[3] = 0
        for p in range(NP):
            if self.cells[p] == c:
                for row in range(4):
                    cand[row] |= ADJ[p][row]
        for row in range(4):
            bits = cand[row]
            while bits:
                p = (row << 6) + __builtin_ctzll(bits)
                bits &= bits - 1
                if not self.cells[p] and self._is_five(p, c):
                    out[n] = p
                    n += 1
        return n

    cdef int _completions(self, int p, int c, int* out) noexcept nogil:
        cdef uint32_t entries[4]
        cdef int d
        for d in range(4):
            entries[d] = self._entry(d, p, c)
        return _completions_of(p, entries, out)

    cdef int _completions_from(self, int q, int p, int c, uint32_t* entries, int* out) noexcept nogil:
        """``_completions(q, c, out)`` given ``q``'s entries read before the stone on
        ``p`` was put: only the window along the line through ``p`` and ``q`` is read
        again (``p`` is on no other line of ``q``)."""
        cdef int d
        for d in range(4):
            if (SEG[d][q][p >> 6] >> (p & 63)) & 1:
                entries[d] = self._entry(d, q, c)
        return _completions_of(q, entries, out)

    cdef inline bint _five_entries(self, int p, int c, uint32_t* entries) noexcept nogil:
        """Whether ``c`` makes five at ``p``; if not, ``entries`` holds its four entries
        there (read once for the callers' further checks)."""
        cdef int d
        for d in range(4):
            entries[d] = self._entry(d, p, c)
            if entries[d] & F_FIVE:
                return True
        return False

    cdef bint _is_four_move(self, int p, int c) noexcept nogil:
        cdef uint32_t entries[4]
        if self._five_entries(p, c, entries):
            return False
        return self._four_move_given(p, c, entries)

    cdef bint _four_move_given(self, int p, int c, uint32_t* entries) noexcept nogil:
        """``_is_four_move(p, c)`` given ``c``'s four entries at ``p``, none a five."""
        cdef int d, fours = 0
        for d in range(4):
            fours += (entries[d] >> FOURS_SHIFT) & 3
        if fours == 0:
            return False
        return not (c == 1 and self.rule == 0 and self._forbidden_given(p, entries))

    cdef inline int _lines_with_two(self, int p, int c) noexcept nogil:
        """The lines through ``p`` (bit ``d`` for direction ``d``) holding two or more
        ``c`` stones within four points of ``p``. Only there can a ``c`` stone on ``p``
        make (or unmake) a three, four or five shape: ``_B_B_p`` needs the two B. Reads
        the lines, no pattern table."""
        cdef int d, dirs = 0
        cdef uint64_t w, lo, hi
        for d in range(4):
            w = (self.lines[d][LINE_IDX[d][p]] >> SHIFT[d][p]) & WMASK
            lo = w & 0x55555
            hi = (w >> 1) & 0x55555
            lo = (lo & ~hi if c == 1 else hi & ~lo) & NEAR4_CELLS
            if lo & (lo - 1):  # (two bits or more)
                dirs |= 1 << d
        return dirs

    cdef bint _is_three_move(self, int p, int c) noexcept nogil:
        cdef int d
        cdef uint32_t e
        for d in range(4):
            e = self._entry(d, p, c)
            if not ((e >> FOURS_SHIFT) & 3) and ((e >> THREE_SHIFT) & CELL_MASK):
                return True
        return False

    cdef inline bint _forb(self, int p) noexcept nogil:
        return self.rule == 0 and self._may_forbid(p) and self._forbidden(p) != 0

    cdef inline bint _may_forbid(self, int p) noexcept nogil:
        """Whether a black stone on the empty ``p`` can be forbidden at all, read off the
        lines (no pattern table): a double three or a double four on two lines needs two
        lines with two black stones within four points of ``p`` (``_BB_p``); an overline
        (``pBBBBB``) or a double four on one line (``B_BpB_B``: two fours, two different
        sets of three) needs four on one line. A proof's splits ask it of every empty
        point, and most have neither."""
        cdef int d, dirs = self._lines_with_two(p, 1)
        cdef uint64_t w, lo
        if not dirs:
            return False
        if dirs & (dirs - 1):
            return True
        d = __builtin_ctz(dirs)
        w = (self.lines[d][LINE_IDX[d][p]] >> SHIFT[d][p]) & WMASK
        lo = w & ~(w >> 1) & 0x55555 & NEAR4_CELLS
        return __builtin_popcountll(lo) >= 4

    cdef inline bint _tick(self) noexcept nogil:
        """Count a VCF node; whether the search must stop (node limit or deadline)."""
        cdef timespec ts
        self._nodes += 1
        if self._nodes > self._limit:
            return True
        if self._deadline > 0.0 and (self._nodes & 1023) == 0:
            clock_gettime(CLOCK_MONOTONIC, &ts)
            if ts.tv_sec + ts.tv_nsec * 1e-9 > self._deadline:
                self.expired = True
        return self.expired

    cdef int _scan(
        self, int a, int* moves, unsigned char* dirs, int* nm, int* dfives, int* nd
    ) noexcept nogil:
        """One pass over the points with a four or five shape (``hot``; the masks must be
        kept), in point order: the attacker's four candidates (with ``dirs``: bit ``d``
        where he makes a four along direction ``d``) and the defender's five points.
        Returns the attacker's first five point, or -1 (the lists are then full)."""
        cdef int p, dd, row
        cdef unsigned char fours
        cdef uint32_t e
        cdef uint64_t bits
        nm[0] = 0
        nd[0] = 0
        for row in range(4):
            bits = self.hot[row]
            while bits:
                p = (row << 6) + __builtin_ctzll(bits)
                bits &= bits - 1
                fours = 0
                if self.tmask[a - 1][p]:
                    for dd in range(4):
                        e = self._entry(dd, p, a)
                        if e & F_FIVE:
                            return p
                        if (e >> FOURS_SHIFT) & 3:
                            fours |= 1 << dd
                if self.tmask[3 - a - 1][p] and self._is_five(p, 3 - a):
                    dfives[nd[0]] = p
                    nd[0] += 1
                if fours:
                    moves[nm[0]] = p
                    dirs[nm[0]] = fours
                    nm[0] += 1
        return -1

    cdef int _vcf(self, int a, int depth, int ply) noexcept nogil:
        """VCF search from here (the masks must be kept): the root reads its lists off the
        masks, the nodes below derive theirs from their parent's (``_vcf_child``)."""
        cdef int moves[NP]
        cdef unsigned char dirs[NP]
        cdef int dfives[NP]
        cdef int nm, nd, p, r
        cdef bint tracked = self.tracking
        if self._tick():
            return -1
        p = self._scan(a, moves, dirs, &nm, dfives, &nd)
        if p >= 0:
            self.path[2 * ply] = p
            self.line_len = 2 * ply + 1
            return 1
        if depth <= 0 or self._dead(a, depth):
            return 0
        self.tracking = False  # the stones below are all taken off again
        r = self._vcf_expand(a, depth, ply, moves, dirs, nm, nd, dfives[0] if nd else -1)
        self.tracking = tracked
        return r

    cdef int _vcf_child(
        self, int a, int depth, int ply, int* pmoves, unsigned char* pdirs, int pnm, int p,
        int q, int* dfives, int nf
    ) noexcept nogil:
        """The node after the attacker's four ``p`` and its block ``q``. Its lists follow
        from the parent's without a board scan: the attacker has no five point (a second
        completion of ``p`` was a win already); the defender's five points are the
        completions of ``q`` (``dfives``, he had none before it); the attacker's four
        candidates are the parent's, re-read along the lines of ``p`` and ``q``, plus
        new fours on the lines of ``p`` (within four points: only there can a four have
        ``p`` in it; a defender stone only takes fours away). Either stone may be absent
        (-1): the callers that test one move of either side use this for the position
        after it.

        A candidate's ``dirs`` say along which lines it makes a four: only the lines
        through ``p`` and ``q`` change. They are read a whole line at a time from the
        line-shape cache (``_line_shapes``), not point by point. While ``recording``,
        each read goes through ``_entry`` instead (a zone records what it reads)."""
        cdef int moves[NP]
        cdef unsigned char dirs[NP]
        cdef int nm = 0, j, k, c, dd, w, pos, lo, hi
        cdef unsigned char bits, nb
        cdef uint64_t seen[4]
        cdef uint64_t near[4]
        cdef uint32_t pf[4]
        cdef uint32_t qf[4]
        cdef uint32_t m
        cdef bint by_line = not self.recording
        cdef int qread = 0  # the directions whose qf is read
        if self._tick():
            return -1
        if depth <= 0 or self._dead(a, depth):
            return 0  # (before the lists are derived)
        seen[0] = seen[1] = seen[2] = seen[3] = 0
        for w in range(4):
            near[w] = (NEAR[p][w] if p >= 0 else 0) | (NEAR[q][w] if q >= 0 else 0)
        if by_line:
            for dd in range(4):
                pf[dd] = self._line_fours(dd, LINE_IDX[dd][p], a) if p >= 0 else 0
        for j in range(pnm):
            c = pmoves[j]
            if c == p or c == q:
                continue
            bits = pdirs[j]
            if (near[c >> 6] >> (c & 63)) & 1:
                for dd in range(4):
                    if by_line:
                        if p >= 0 and LINE_IDX[dd][c] == LINE_IDX[dd][p]:
                            nb = (pf[dd] >> (SHIFT[dd][c] >> 1)) & 1
                        elif q >= 0 and LINE_IDX[dd][c] == LINE_IDX[dd][q]:
                            if not (bits >> dd) & 1:
                                continue  # (his stone takes fours away, never makes one)
                            if not (qread >> dd) & 1:
                                qf[dd] = self._line_fours(dd, LINE_IDX[dd][q], a)
                                qread |= 1 << dd
                            nb = (qf[dd] >> (SHIFT[dd][c] >> 1)) & 1
                        else:
                            continue
                    else:
                        nb = ((self._entry(dd, c, a) >> FOURS_SHIFT) & 3) != 0
                    bits = (bits & ~(1 << dd)) | (nb << dd)
                if not bits:
                    continue
            moves[nm] = c
            dirs[nm] = bits
            nm += 1
            seen[c >> 6] |= 1ULL << (c & 63)
        if p >= 0 and by_line:
            for dd in range(4):
                pos = SHIFT[dd][p] >> 1
                lo = pos - 4 if pos >= 4 else 0
                hi = pos + 4 if pos <= 10 else 14
                m = pf[dd] & (((1U << (hi + 1)) - 1) & ~((1U << lo) - 1))
                while m:
                    k = __builtin_ctz(m)
                    m &= m - 1
                    c = LINE_PT[dd][LINE_IDX[dd][p]][k]
                    if (seen[c >> 6] >> (c & 63)) & 1:
                        continue
                    seen[c >> 6] |= 1ULL << (c & 63)
                    nm = _insert_sorted_dirs(moves, dirs, nm, c, 1 << dd)
        else:
            for j in range(NEAR4_N[p] if p >= 0 else 0):
                c = NEAR4_P[p][j]
                if self.cells[c] or (seen[c >> 6] >> (c & 63)) & 1:
                    continue
                if (self._entry(NEAR4_D[p][j], c, a) >> FOURS_SHIFT) & 3:
                    seen[c >> 6] |= 1ULL << (c & 63)
                    nm = _insert_sorted_dirs(moves, dirs, nm, c, 1 << NEAR4_D[p][j])
        return self._vcf_expand(a, depth, ply, moves, dirs, nm, nf, dfives[0] if nf else -1)

    cdef int _new_dead(self, int bits) except -1:
        """A dead-end table of ``1 << bits`` words, with the entries of the one before
        (none at first). A word holds its key's bits above the slot's (18 or more
        bits of slot: all of them), so each entry moves to the larger table, each
        to a slot of its own (the new slot's bits include the old one's)."""
        cdef uint64_t* table = <uint64_t*> renju_table_alloc((1ULL << bits) * sizeof(uint64_t))
        cdef uint64_t k, w, key, low = DEPTH_BITS + EPOCH_BITS
        if table == NULL:
            raise MemoryError()
        memset(table, 0, (1ULL << bits) * sizeof(uint64_t))  # (empty)
        if self.dead != NULL and bits > self.dead_bits and self.dead_bits >= low:
            # (with fewer bits of slot than ``low``, a word would not hold its whole key)
            for k in range(self.dead_mask + 1):
                w = self.dead[k]
                if w:
                    key = ((w >> low) << self.dead_bits) | k
                    table[key & ((1ULL << bits) - 1)] = (
                        ((key >> bits) << low) | (w & ((1ULL << low) - 1))
                    )
        free(self.dead)
        self.dead = table
        self.dead_bits = bits
        self.dead_mask = (1ULL << bits) - 1
        return 0

    cdef int _grow_dead(self) except -1:
        """Grow the dead-end table as ``solver.engine.search_ref.DEAD_GROWTH`` says (called as
        each search primitive starts): a small search keeps a small table, fast to fill
        and read; a long one keeps more failures."""
        cdef int k
        for k in range(NGROW):
            if self.dead_bits < GROW_BITS[k] and self._nodes >= GROW_AT[k]:
                self._new_dead(GROW_BITS[k])
                break
        return 0

    cdef inline uint64_t _dead_key(self, int a) noexcept nogil:
        """This position's key in the dead-end table (the side to move salted in)."""
        return self._hash ^ (SIDE_SALT if a == 2 else 0ULL)

    cdef inline bint _dead(self, int a, int depth) noexcept nogil:
        """Whether the dead-end table holds this position as failing at ``depth`` or more."""
        cdef uint64_t key = self._dead_key(a)
        return self._dead_holds(self.dead[key & self.dead_mask], key, depth)

    cdef inline bint _dead_holds(self, uint64_t w, uint64_t key, int depth) noexcept nogil:
        """Whether the dead-end word ``w`` holds the position ``key`` as failing at
        ``depth`` or more (while recording: stored in this session)."""
        if (w >> (DEPTH_BITS + EPOCH_BITS)) != (key >> self.dead_bits):
            return False
        if self.recording and (w & EPOCH_MASK) != self.epoch:
            return False  # its reads were not recorded: search it again
        return <int> ((w >> EPOCH_BITS) & DEPTH_MASK) > depth

    cdef inline void _prefetch_dead(self, int a, uint64_t change) noexcept nogil:
        """Start loading the dead-end slot of the position whose hash differs from this
        one by ``change`` (the stones about to be put): the look-up there then finds it
        in the cache."""
        cdef uint64_t key = self._dead_key(a) ^ change
        __builtin_prefetch(&self.dead[key & self.dead_mask])

    cdef void _new_epoch(self) noexcept nogil:
        """Start a recording session (see ``_dead``); when the numbers run out, forget
        every entry's session (they are then all from outside one) and start again."""
        cdef uint64_t k
        self.epoch += 1
        if self.epoch > EPOCH_MASK:
            for k in range(self.dead_mask + 1):
                self.dead[k] &= ~(<uint64_t> EPOCH_MASK)
            self.epoch = 1

    cdef int _vcf_expand(
        self, int a, int depth, int ply, int* moves, unsigned char* dirs, int nm, int nd,
        int dfive
    ) noexcept nogil:
        """Try the node's fours in point order; a failure goes into the dead-end table
        (the callers have looked it up already). The steps: the fours to play
        (``_vcf_plays``); a four that wins at once (``_vcf_wins_at_once``, which reads
        the first fours ahead); each other four's block (``_vcf_block``), a child the
        dead-end table holds (``_dead_child``), the child searched (``_vcf_four``); the
        failure stored (``_store_dead``)."""
        cdef int play[NP]
        cdef uint32_t eq[4]
        cdef VcfAhead ahead
        cdef int npl, i, p, q, r, result = 0
        cdef uint64_t key = self._dead_key(a)
        cdef uint64_t slot = key & self.dead_mask
        # Only the lines of a four are read (its blocks), unless Black's forbidden check
        # needs all four, or a recording does (the zone of the lines read).
        cdef bint every = (a == 1 and self.rule == 0) or self.recording
        npl = self._vcf_plays(a, moves, nm, nd, dfive, play)
        ahead.n = 0 if depth <= 1 else (npl if npl < AHEAD else AHEAD)
        if self._vcf_wins_at_once(a, ply, play, npl, dirs, nd, every, &ahead):
            return 1
        if depth <= 1:
            npl = 0
        for i in range(npl):
            p = play[i]
            if not self._vcf_block(a, i, p, dirs, nd, every, &ahead, &q, eq):
                continue
            if not self.recording and self._dead_child(a, key, p, q, depth):
                # A child the dead-end table holds (most are transpositions: the same
                # fours in another order) is counted and looked up as ``_vcf_child``
                # would, without putting the two stones (and tracking them) first.
                if self._tick():
                    result = -1
                continue
            r = self._vcf_four(a, depth, ply, moves, dirs, nm, p, q, eq)
            if r == 1:
                return 1
            if r == -1:
                result = -1
        if result == 0:
            self._store_dead(key, slot, depth)
        return result

    cdef inline int _vcf_plays(
        self, int a, int* moves, int nm, int nd, int dfive, int* play
    ) noexcept nogil:
        """The fours a VCF node plays, into ``play``; how many. With two five points of
        the defender's, none; with one, the four on it if it is one; else ``moves``."""
        if nd >= 2:
            return 0
        if nd == 1:
            if self._is_four_move(dfive, a):
                play[0] = dfive
                return 1
            return 0
        memcpy(play, moves, nm * sizeof(int))
        return nm

    cdef inline void _four_entries(
        self, int p, int a, unsigned char lines, uint32_t* ep
    ) noexcept nogil:
        """The attacker's entries at ``p`` along the ``lines`` (bits by direction), 0 on
        the others."""
        cdef int dd
        for dd in range(4):
            ep[dd] = self._entry(dd, p, a) if (lines >> dd) & 1 else 0

    cdef inline void _won_at(self, int ply, int p) noexcept nogil:
        """The line ends with the attacker's ``p``, a four that wins at once."""
        self.path[2 * ply] = p
        self.line_len = 2 * ply + 1

    cdef inline bint _vcf_wins_at_once(
        self, int a, int ply, int* play, int npl, unsigned char* dirs, int nd, bint every,
        VcfAhead* ahead
    ) noexcept nogil:
        """Whether one of the ``npl`` fours wins at once (the line then ends with it).

        A four that wins at once is played first, before any four is searched: two
        completions (open, or double on one line), or against Black a block that is
        forbidden (and makes him no five); the first such four in point order. The
        first ``ahead.n`` fours' entries and blocks are kept for the search, and the
        dead-end slot of each child is fetched meanwhile: the look-ups then hit the
        cache. With one move left, that is all (``ahead.n`` is 0): after a four and its
        block he has no five point (a second one would have been a win at once), so no
        child can win. Its children are neither played nor counted, and their reads
        are not made (nor recorded: the result does not depend on them)."""
        cdef int comps[8]
        cdef uint32_t eq[4]
        cdef uint32_t ep[4]
        cdef int i, p, q, n, dd, dfd = 3 - a
        cdef bint qfive
        for i in range(npl):
            p = play[i]
            self._four_entries(p, a, 15 if every or nd else dirs[i], ep)
            n = _completions_of(p, ep, comps)
            q = comps[0]
            if n >= 2:
                if not (nd == 0 and a == 1 and self.rule == 0 and self._forbidden_given(p, ep)):
                    self._won_at(ply, p)
                    return True
            elif dfd == 1 and self.rule == 0:
                qfive = self._five_entries(q, dfd, eq)
                if not qfive and self._forbidden_after(p, a, q, eq):
                    self._won_at(ply, p)
                    return True
                if i < ahead.n:
                    for dd in range(4):
                        ahead.eq[i][dd] = eq[dd]
                    ahead.qfive[i] = qfive
            if i < ahead.n:
                for dd in range(4):
                    ahead.ep[i][dd] = ep[dd]
                ahead.ncomp[i] = n
                ahead.q[i] = q
                if n == 1:
                    self._prefetch_dead(a, ZOB[a][p] ^ ZOB[dfd][q])
        return False

    cdef inline bint _vcf_block(
        self, int a, int i, int p, unsigned char* dirs, int nd, bint every,
        VcfAhead* ahead, int* q_out, uint32_t* eq
    ) noexcept nogil:
        """Whether the ``i``-th four ``p`` is searched: not forbidden, not a double four
        (a forbidden one: the others won at once), and its block ``q_out`` makes the
        defender no five; ``eq``: the block's entries (its windows read once: whether
        it makes five and, after p, which changes only the window along p's line, his
        five points; the forbidden block was looked at in ``_vcf_wins_at_once``)."""
        cdef int comps[8]
        cdef uint32_t ep[4]
        cdef int n, q, dd, dfd = 3 - a
        if i < ahead.n:
            for dd in range(4):
                ep[dd] = ahead.ep[i][dd]
        else:  # (read once: for the forbidden check and the blocks)
            self._four_entries(p, a, 15 if every or nd else dirs[i], ep)
        if nd == 0 and a == 1 and self.rule == 0 and self._forbidden_given(p, ep):
            return False
        if i < ahead.n:
            n = ahead.ncomp[i]
            q = ahead.q[i]
        else:
            n = _completions_of(p, ep, comps)
            q = comps[0]
        if n >= 2:
            return False
        q_out[0] = q
        if i < ahead.n and dfd == 1 and self.rule == 0:
            for dd in range(4):
                eq[dd] = ahead.eq[i][dd]
            if ahead.qfive[i]:
                return False
        elif self._five_entries(q, dfd, eq):
            return False
        return True

    cdef inline bint _dead_child(
        self, int a, uint64_t key, int p, int q, int depth
    ) noexcept nogil:
        """Whether the dead-end table holds the child after the four ``p`` and its block
        ``q`` (``key``: this node's dead-end key) as failing at ``depth - 1``."""
        cdef uint64_t ckey = key ^ ZOB[a][p] ^ ZOB[3 - a][q]
        return self._dead_holds(self.dead[ckey & self.dead_mask], ckey, depth - 1)

    cdef inline int _vcf_four(
        self, int a, int depth, int ply, int* moves, unsigned char* dirs, int nm, int p,
        int q, uint32_t* eq
    ) noexcept nogil:
        """The child after the four ``p`` and its block ``q`` (``eq``: the block's
        entries), searched; on a win the line holds the two moves."""
        cdef int fives[8]
        cdef int nf, r, dfd = 3 - a
        self._put(p, a)
        nf = self._completions_from(q, p, dfd, eq, fives)
        self._put(q, dfd)
        r = self._vcf_child(a, depth - 1, ply + 1, moves, dirs, nm, p, q, fives, nf)
        self._remove(q)
        self._remove(p)
        if r == 1:
            self.path[2 * ply] = p
            self.path[2 * ply + 1] = q
        return r

    cdef inline void _store_dead(self, uint64_t key, uint64_t slot, int depth) noexcept nogil:
        """Store the position ``key`` (in ``slot``) as failing at ``depth``, unless the
        table holds it so already."""
        if not self._dead_holds(self.dead[slot], key, depth):
            self.dead[slot] = (
                ((key >> self.dead_bits) << (DEPTH_BITS + EPOCH_BITS))
                | ((<uint64_t> (depth + 1 if depth < DEPTH_MASK else DEPTH_MASK)) << EPOCH_BITS)
                | (self.epoch if self.recording else 0)
            )

    cdef tuple _line(self):
        return _untracked(tuple([self.path[i] for i in range(self.line_len)]))

    def set_deadline(self, deadline, should_stop=None):
        """Stop VCF searches (UNKNOWN, ``expired`` set) once ``time.monotonic()`` passes
        ``deadline``; ``None`` clears it. ``should_stop`` is not asked here (this core's
        calls are short: the search loop asks it between them)."""
        self._deadline = 0.0 if deadline is None else float(deadline)
        self.expired = False

    def five_points(self, int colour):
        """Empty points where ``colour`` makes a five, in point order."""
        cdef int out[NP]
        cdef int n = self._five_points(colour, out)
        return [out[i] for i in range(n)]

    def completions(self, int p, int colour):
        """Distinct points completing a five with a ``colour`` stone at the empty ``p``."""
        cdef int out[8]
        cdef int n = self._completions(p, colour, out)
        return [out[i] for i in range(n)]

    def is_four_move(self, int p, int colour):
        """Whether ``colour`` legally makes at least one four (and no five) at empty ``p``."""
        return self._is_four_move(p, colour)

    def four_moves(self, int colour):
        """Legal four moves of ``colour``, in point order."""
        cdef int p
        if self.tracking:  # only points with a four or five shape can be four moves
            return [
                p for p in range(NP)
                if self.tmask[colour - 1][p] and self._is_four_move(p, colour)
            ]
        return [p for p in range(NP) if not self.cells[p] and self._is_four_move(p, colour)]

    def four_codes(self, int colour):
        """``SearchCore.four_codes``: the fours an OR node tries, with their blocks (one
        call, not three a four)."""
        cdef int p, q, dfd = 3 - colour, n
        cdef int comps[8]
        cdef uint32_t eq[4]
        cdef list out = []
        cdef uint64_t bits[4]
        for p in range(4):  # (tracked: only points with a four or five shape)
            bits[p] = self.hot[p] if self.tracking else ~(<uint64_t> 0)
        bits[3] &= (1ULL << (NP - 192)) - 1
        p = -1
        while True:
            p = _next_bit(bits, p)
            if p < 0:
                break
            if self.tracking:
                if not self.tmask[colour - 1][p]:
                    continue
            elif self.cells[p]:
                continue
            if not self._is_four_move(p, colour):
                continue
            n = self._completions(p, colour, comps)
            q = comps[0]
            if n >= 2 or self._five_entries(q, dfd, eq):
                continue
            if dfd == 1 and self.rule == 0 and self._forbidden_after(p, colour, q, eq):
                continue
            out.append(p | ((q + 1) << 8))
        return out

    def is_three_move(self, int p, int colour):
        """Whether ``colour`` makes a three by shape at empty ``p`` (legality not checked)."""
        return self._is_three_move(p, colour)

    def threat_shapes(self, int colour):
        """How many empty points make a four or a three by shape for ``colour``."""
        return self._threat_shapes(colour)

    cdef int _threat_shapes(self, int colour) noexcept nogil:
        cdef uint64_t pts[4]
        cdef uint64_t x
        cdef int k, n = 0
        self._shape_points(colour, 0, pts)
        for k in range(4):
            x = pts[k]
            while x:
                x &= x - 1
                n += 1
        return n

    cdef uint32_t _line_shapes(self, int d, int idx, int colour) noexcept nogil:
        """The shapes along one line for ``colour``: bit ``pos`` where his stone would
        make a three or a four (or five) shape along it, bit ``16 + pos`` where a three
        and no four (``_is_three_move``'s test, one direction). Cached by the line's code
        (``lc_key``): most lines are the same from one search node to the next."""
        cdef uint64_t code = self.lines[d][idx]
        cdef uint64_t key = code | (<uint64_t> colour << 62)
        cdef uint32_t slot = <uint32_t> ((key * 0x9E3779B97F4A7C15ULL) >> (64 - LC_BITS))
        cdef uint32_t v = 0, e, f, t
        cdef int pos
        if self.lc_key[slot] == key:
            return self.lc_val[slot]
        for pos in range(15):
            if (code >> (2 * pos + 2 * PADC)) & 3:
                continue  # a stone there, or off the board
            e = self._entry_of(colour, <uint32_t> ((code >> (2 * pos)) & WMASK))
            f = (e >> FOURS_SHIFT) & 3
            t = (e >> THREE_SHIFT) & CELL_MASK
            if f or t:
                v |= 1U << pos
                if not f:
                    v |= 1U << (16 + pos)
        self.lc_key[slot] = key
        self.lc_val[slot] = v
        return v

    cdef inline uint32_t _line_fours(self, int d, int idx, int colour) noexcept nogil:
        """Bit ``pos`` where a ``colour`` stone on that empty point of the line makes a
        four (or five) shape along it (``_line_shapes``' shapes less its threes)."""
        cdef uint32_t v = self._line_shapes(d, idx, colour)
        return v & ~(v >> 16) & 0x7FFF

    cdef void _shape_points(self, int colour, int which, uint64_t* out) noexcept nogil:
        """The empty points (a bit set) where a ``colour`` stone makes a three or four
        shape along some line (``which`` 0), or a three and no four along some line
        (``which`` 16: where ``_is_three_move`` holds). Both sets are kept by position
        (``spc``)."""
        cdef uint64_t key = self._hash ^ (SPC_SALT_BLACK if colour == 1 else SPC_SALT_WHITE)
        cdef uint64_t* slot
        cdef uint64_t spare[9]
        cdef int k
        if self.spc == NULL:
            self.spc = <uint64_t*> calloc((1 << SPC_BITS) * 9, sizeof(uint64_t))
        if self.spc == NULL:
            slot = spare  # (no memory: read the lines each time)
            slot[0] = ~key
        else:
            slot = self.spc + 9 * (key & ((1 << SPC_BITS) - 1))
        if slot[0] != key:
            slot[0] = key
            self._shape_sets(colour, slot + 1, slot + 5)
        for k in range(4):
            out[k] = slot[(5 if which == 16 else 1) + k]

    cdef void _shape_sets(self, int colour, uint64_t* shapes, uint64_t* threes) noexcept nogil:
        """``_shape_points``' two sets, read off the lines (each line's shapes kept
        with its code: ``sp_code``)."""
        cdef int d, idx, pos, p, c = colour - 1
        cdef uint32_t bits, v
        cdef uint64_t code
        cdef uint64_t a[4]
        cdef uint64_t t[4]
        a[0] = a[1] = a[2] = a[3] = 0
        t[0] = t[1] = t[2] = t[3] = 0
        for d in range(4):
            for idx in range(LINES_IN[d]):
                code = self.lines[d][idx]
                if self.sp_code[c][d][idx] != code:
                    self.sp_code[c][d][idx] = code
                    self.sp_val[c][d][idx] = self._line_shapes(d, idx, colour)
                v = self.sp_val[c][d][idx]
                bits = v & 0x7FFF
                while bits:
                    pos = __builtin_ctz(bits)
                    bits &= bits - 1
                    p = LINE_PT[d][idx][pos]
                    a[p >> 6] |= 1ULL << (p & 63)
                    if (v >> (16 + pos)) & 1:
                        t[p >> 6] |= 1ULL << (p & 63)
        for d in range(4):
            shapes[d] = a[d]
            threes[d] = t[d]

    def vcf(self, int attacker, int max_moves, long long node_limit, bint shortest):
        """A VCF of at most ``max_moves`` attacker moves: ``(status, line, nodes)``."""
        return self._vcf_search(attacker, max_moves, node_limit, shortest)

    cdef tuple _vcf_search(self, int attacker, int max_moves, long long node_limit, bint shortest):
        cdef long long start
        cdef int depth, status = 0, lo
        cdef PyThreadState* ts
        self._grow_dead()
        start = self._nodes
        if max_moves > MAXLINE // 2 - 2:
            max_moves = MAXLINE // 2 - 2
        self._limit = start + node_limit
        lo = 1 if shortest else max_moves
        ts = PyEval_SaveThread() if _others_run() else NULL
        # (from here to PyEval_RestoreThread: no Python objects)
        self._ensure_tracking()
        for depth in range(lo, max_moves + 1):
            status = self._vcf(attacker, depth, 0)
            if status != 0:
                break
        if ts != NULL:
            PyEval_RestoreThread(ts)
        return status, (self._line() if status == 1 else ()), self._nodes - start

    cdef bint _replay(self, int a, int* line, int n) noexcept nogil:
        """Whether ``line`` is a valid VCF win for ``a`` (to move) from here."""
        cdef unsigned char dfive[NP]
        cdef int p, count = 0
        memset(dfive, 0, NP)
        for p in range(NP):
            if not self.cells[p] and self._is_five(p, 3 - a):
                dfive[p] = 1
                count += 1
        return self._replay_from(a, line, n, dfive, count)

    cdef bint _replay_recorded(self, int a, int* line, int n, bint log) noexcept nogil:
        """``_replay`` where the opponent has no five point, recording in ``zone`` every
        point a pattern read depended on (the line's relevance zone) and, with ``log``,
        logging each read (for ``_reads_same_with``)."""
        cdef unsigned char dfive[NP]
        cdef bint ok
        memset(dfive, 0, NP)
        self.zone[0] = self.zone[1] = self.zone[2] = self.zone[3] = 0
        self.recording = True
        self.logging = log
        self.nlog = 0
        ok = self._replay_from(a, line, n, dfive, 0)
        self.recording = False
        self.logging = False
        if log:
            self._index_log()
        return ok

    cdef void _index_log(self) noexcept nogil:
        """Chain the logged reads by line (``log_head``, ``log_next``): a stone changes
        only the reads along its own four lines."""
        cdef int k, d, l
        for d in range(4):
            for l in range(NLINES):
                self.log_head[d][l] = -1
        for k in range(self.nlog):
            d = self.log_dp[k] >> 8
            l = LINE_IDX[d][self.log_dp[k] & 0xFF]
            self.log_next[k] = self.log_head[d][l]
            self.log_head[d][l] = k

    cdef bint _replay_with(self, int a, int* line, int n, int* fives, int nf) noexcept nogil:
        """``_replay`` given the defender's five points (``fives``, ``nf`` of them)."""
        cdef unsigned char dfive[NP]
        cdef int k
        memset(dfive, 0, NP)
        for k in range(nf):
            dfive[fives[k]] = 1
        return self._replay_from(a, line, n, dfive, nf)

    cdef bint _replay_from(
        self, int a, int* line, int n, unsigned char* dfive, int count
    ) noexcept nogil:
        """Replay ``line`` given the defender's five points (``dfive``, ``count`` of them).
        They are kept up to date without board scans: when the attacker may play on, the
        defender has at most one five point, and the attacker's stone is on it; so before
        the block ``q`` he has none, and after it his five points are those completing a
        four of ``q``."""
        cdef int placed[MAXLINE]
        cdef int comps[8]
        cdef int fives[8]
        cdef uint32_t eq[4]
        cdef uint32_t ep[4]
        cdef int np_ = 0, i, p, q, k, nc, nf, dfd = 3 - a
        cdef bint ok = False
        i = 0
        while i < n:
            p = line[i]
            if p < 0 or p >= NP or self.cells[p]:
                break
            if self._five_entries(p, a, ep):  # (p's windows read once)
                ok = i == n - 1
                break
            if count >= 2 or (count == 1 and not dfive[p]):
                break
            if not self._four_move_given(p, a, ep):
                break
            nc = _completions_of(p, ep, comps)
            if nc >= 2:
                ok = i == n - 1
                break
            q = comps[0]
            if self._five_entries(q, dfd, eq):  # (q's windows read once, as in _vcf_expand)
                break
            if dfd == 1 and self.rule == 0 and self._forbidden_after(p, a, q, eq):
                ok = i == n - 1
                break
            if i + 1 >= n or line[i + 1] != q:
                break
            self._put(p, a)
            if dfive[p]:
                dfive[p] = 0
                count -= 1
            nf = self._completions_from(q, p, dfd, eq, fives)
            self._put(q, dfd)
            for k in range(nf):
                dfive[fives[k]] = 1
            count = nf
            placed[np_] = q
            placed[np_ + 1] = p
            np_ += 2
            i += 2
        for k in range(np_):
            self._remove(placed[k])
        return ok

    def replay_vcf(self, int attacker, line):
        """Whether ``line`` is a valid VCF win for ``attacker`` (to move) from here."""
        cdef int buf[MAXLINE]
        cdef int n = len(line), i
        if n > MAXLINE:
            return False
        for i in range(n):
            buf[i] = line[i]
        return self._replay(attacker, buf, n)

    def defences(
        self,
        int attacker,
        int max_moves,
        line,
        long long node_limit,
        bint certificates=True,
        known=(),
    ):
        """Every legal defender move, split into real defences and refuted ones, the
        latter a dict of their certificates, and the attacker moves of the longest
        certificate (see ``solver.engine.search_ref.SearchCore.defences``; the same answers,
        ``known`` too).

        Relevance zone: ``line`` is replayed once here with every pattern read recorded.
        A defender stone off all the points those reads depend on, and making no four of
        his, leaves every read (so the whole replay) unchanged: it is refuted by ``line``
        without replaying. The replay's reads are logged too: a stone on the zone that
        leaves every logged read the same (``_reads_same_with``) is refuted the same way.

        Recent refutations: the core keeps the last ``RING`` VCFs its searches found
        here (``ring``), from any split: the positions a search visits are alike, and a
        refutation found in one often wins in the next. Those that win here within
        ``max_moves`` are replayed with their reads recorded too: a move off the zone
        of one of them (and making no four) is refuted by it without a replay; else they
        are replayed after the move, the latest first, before a search. The pure core
        keeps the same ring: the same certificates.

        The steps: ``_split_setup`` (the attacker's lists here, the ring lines that win
        here, the line's recorded replay), ``_split_candidates``, then for each point
        ``_split_sort`` (skipped, a known defence, refuted by the line without a
        replay, or to be tested), ``_split_test`` (the replays and the search after the
        move) and its certificate kept (``_cert_line``, ``_cert_ring``, ``_cert_found``;
        a line found goes into the ring: ``_split_ring_push``)."""
        cdef Split s
        cdef Certs cert
        cdef int mf[8]
        cdef uint64_t cand[4]
        cdef unsigned char isknown[NP]  # (``known``)
        cdef int nmf = 0, i, m, r, by, k, kind, status = 0
        cdef long long start
        cdef list defs = []
        cdef list rlines = []  # the certificates' distinct lines
        s.share = _others_run()  # (let other threads run during long searches)
        s.n = len(line)
        cdef tuple tline = _untracked(tuple(line))
        cert.tlen = len(tline)
        cert.most = 0
        cert.nrefs = 0
        cert.tline_at = -1
        memset(cert.ridx, NO_LINE, NP)
        memset(isknown, 0, NP)
        for m in known:
            if 0 <= m < NP:
                isknown[m] = 1
        for k in range(RING):
            cert.slot_at[k] = -1
        self._grow_dead()
        start = self._nodes
        if s.n > MAXLINE:
            s.n = 0
        for i in range(s.n):
            s.line[i] = line[i]
        self._limit = start + node_limit
        self._split_setup(&s, attacker, max_moves)
        self._split_candidates(&s, certificates, cand)
        m = -1
        while True:
            m = _next_bit(cand, m)
            if m < 0:
                break
            kind = self._split_sort(&s, m, certificates, isknown, mf, &nmf)
            if kind == M_KNOWN:
                defs.append(m)
            elif kind == M_LINE:
                _cert_line(&cert, rlines, tline, m)
            elif kind == M_TEST:
                r = self._split_test(&s, m, mf, nmf, &by)
                if by == BY_LINE:
                    if certificates:
                        _cert_line(&cert, rlines, tline, m)
                elif by >= 0:
                    if certificates:
                        self._cert_ring(&cert, rlines, by, m)
                elif r == 1:
                    if certificates:
                        self._cert_found(&cert, rlines, m)
                    self._split_ring_push(&s, &cert)
                else:
                    defs.append(m)
                    if r == -1:
                        status = -1
                self._remove(m)
        self.tracking = True  # every stone put here is off again: the masks are right
        if not certificates:
            return status, defs, {}, self._nodes - start, 0
        return (
            status,
            defs,
            _refutations(cert.ridx, rlines, cert.nrefs),
            self._nodes - start,
            (cert.most + 1) // 2,
        )

    cdef void _split_setup(self, Split* s, int a, int max_moves) noexcept nogil:
        """The split's state before its first point (``s.line``, ``s.n`` given): the
        attacker's lists here, whether the defender has a five point, the ring lines
        that win here and their zones, the threat's line replayed with its reads
        recorded (``zoned``: the core's ``zone`` is its zone)."""
        cdef int pdf[NP]
        cdef int pnd, m, i, k
        s.a = a
        s.dcol = 3 - a
        s.max_moves = max_moves
        s.fits = s.n > 0 and (s.n + 1) // 2 <= max_moves
        s.zoned = False
        s.clean = True
        s.live = 0
        self._ensure_tracking()
        self.tracking = False  # replays read no masks: refresh them only for a search
        # the attacker's lists here, for the searches after each defender move
        s.fast = self._scan(a, s.pm, s.pdirs, &s.pnm, pdf, &pnd) < 0
        if s.fast:
            s.clean = pnd == 0
        else:
            for m in range(NP):
                if not self.cells[m] and self.tmask[s.dcol - 1][m] and self._is_five(m, s.dcol):
                    s.clean = False
                    break
        # a defender five point is not reached after a threat; the replays below assume none
        s.fast = s.fast and s.clean
        s.fits = s.fits and s.clean
        s.online[0] = s.online[1] = s.online[2] = s.online[3] = 0
        # the ring lines that win here (only they are tried after a defence), their zones
        if s.clean:
            s.live = self._ring_live(a, max_moves, s.lzone)
        if not self.zones:  # (the ring's lines are replayed, their zones not trusted)
            for k in range(RING):
                s.lzone[k][0] = s.lzone[k][1] = s.lzone[k][2] = s.lzone[k][3] = ~(<uint64_t> 0)
        _zones_within(s.live, s.lzone, s.within)
        if s.fits:
            s.zoned = self._replay_recorded(a, s.line, s.n, True) and self.zones  # (logged)
            for i in range(s.n):
                s.online[s.line[i] >> 6] |= 1ULL << (s.line[i] & 63)

    cdef inline void _split_candidates(
        self, Split* s, bint certificates, uint64_t* cand
    ) noexcept nogil:
        """The points to look at, in order: with the line's zone and no certificates
        wanted, those on it or with a four or five shape (the rest are refuted by the
        line: ``_split_sort``); else all."""
        cdef int k
        if s.zoned and not certificates:
            for k in range(4):
                cand[k] = self.zone[k] | self.hot[k]
        else:
            cand[0] = cand[1] = cand[2] = ~(<uint64_t> 0)
            cand[3] = (1ULL << (NP - 192)) - 1

    cdef inline int _split_sort(
        self, Split* s, int m, bint certificates, unsigned char* isknown, int* mf, int* nmf
    ) noexcept nogil:
        """What the split does with the point ``m`` before any replay or search:
        ``M_SKIP`` (taken, forbidden, or refuted where no certificate is wanted),
        ``M_KNOWN`` (a known defence), ``M_LINE`` (refuted by the threat's line without
        a replay) or ``M_TEST`` (with the defender's ``nmf`` five points after it in
        ``mf``)."""
        cdef int dcol = s.dcol
        cdef bint off
        if self.cells[m]:
            return M_SKIP
        off = s.zoned and not self.tmask[dcol - 1][m] and not (self.zone[m >> 6] >> (m & 63)) & 1
        if off and not certificates:
            return M_SKIP  # refuted by the line (forbidden or not: no need to know)
        if (
            not certificates
            and s.live
            and not self.tmask[dcol - 1][m]
            and not (s.within[m >> 6] >> (m & 63)) & 1
        ):
            return M_SKIP  # off a ring line's zone: it still wins (no certificate needed)
        if dcol == 1 and self._forb(m):
            return M_SKIP
        if isknown[m]:
            return M_KNOWN
        if off:
            return M_LINE
        nmf[0] = self._completions(m, dcol, mf) if self.tmask[dcol - 1][m] else 0
        if (
            s.zoned
            and nmf[0] == 0
            and not (s.online[m >> 6] >> (m & 63)) & 1
            and self._reads_same_with(m, dcol)
        ):
            # every read of the replay is the same with m: it replays the same
            return M_LINE if certificates else M_SKIP
        return M_TEST

    cdef int _split_test(self, Split* s, int m, int* mf, int nmf, int* by) noexcept:
        """Put the defender's ``m`` (it stays on the board) and find whether the attacker
        still wins: 1 (``by``: ``BY_LINE`` if the threat's line replays, a ring slot if
        that ring line does, ``BY_SEARCH`` if a VCF search found the win now in
        ``path``), 0 (no win: a defence) or -1 (the search ran out of nodes). A search
        from ``NOGIL_DEPTH`` moves on lets other threads run."""
        cdef PyThreadState* ts = NULL
        cdef int r, a = s.a, dcol = s.dcol, hit = -1
        cdef bint replayed
        self._put(m, dcol)
        self._prefetch_dead(a, 0)  # (for the search after m, if the replays fail)
        replayed = (
            s.fits
            and not (s.online[m >> 6] >> (m & 63)) & 1
            and self._replay_with(a, s.line, s.n, mf, nmf)
        )
        if not replayed and s.live:
            hit = self._ring_replay(a, s.live, s.lzone, m, mf, nmf)
        if not (replayed or hit >= 0) and s.max_moves >= NOGIL_DEPTH and s.share:
            # (from here to PyEval_RestoreThread: no Python objects)
            ts = PyEval_SaveThread()
        if replayed or hit >= 0:
            r = 1
        elif s.fast:
            # what _vcf would do after m, its lists taken from here
            r = self._vcf_child(a, s.max_moves, 0, s.pm, s.pdirs, s.pnm, -1, m, mf, nmf)
        else:
            self._track_around(m, 0)
            self.tracking = True
            r = self._vcf(a, s.max_moves, 0)
            self.tracking = False
            self._remove(m)
            self._track_around(m, dcol)
            self._put(m, dcol)  # untracked: the masks stay those without m
        if ts != NULL:
            PyEval_RestoreThread(ts)
        by[0] = BY_LINE if replayed else (hit if hit >= 0 else BY_SEARCH)
        return r

    cdef inline void _split_ring_push(self, Split* s, Certs* cert) noexcept nogil:
        """The line just found (``path``): the ring's latest, in place of the oldest,
        live in this split (its zone unknown) unless the defender has a five point."""
        cdef int k = self._ring_push(s.a)
        if k >= 0:
            cert.slot_at[k] = -1  # (its line is another now)
            s.live &= ~(1 << k)
            if s.clean:
                s.live |= 1 << k
                s.lzone[k][0] = s.lzone[k][1] = s.lzone[k][2] = s.lzone[k][3] = ~(<uint64_t> 0)
            _zones_within(s.live, s.lzone, s.within)

    cdef int _cert_ring(self, Certs* cert, list lines, int k, int m) except -1:
        """``m`` refuted by the line of ring slot ``k``."""
        cdef int i
        if cert.slot_at[k] < 0:
            cert.slot_at[k] = len(lines)
            lines.append(_untracked(tuple([self.ring[k][i] for i in range(self.ringn[k])])))
        cert.ridx[m] = cert.slot_at[k]
        cert.nrefs += 1
        cert.most = self.ringn[k] if self.ringn[k] > cert.most else cert.most
        return 0

    cdef int _cert_found(self, Certs* cert, list lines, int m) except -1:
        """``m`` refuted by the line just found (``path``)."""
        cert.ridx[m] = len(lines)
        lines.append(self._line())
        cert.nrefs += 1
        cert.most = self.line_len if self.line_len > cert.most else cert.most
        return 0

    cdef int _ring_live(self, int a, int max_moves, uint64_t (*zones)[4]) noexcept nogil:
        """The ring slots whose line wins here for ``a`` within ``max_moves`` (the
        defender to move, with no five point), as bits by slot, each slot's relevance
        zone in ``zones``."""
        cdef int k, w, live = 0
        for k in range(RING):
            if (
                self.ringn[k]
                and self.ringa[k] == a
                and (self.ringn[k] + 1) // 2 <= max_moves
                and self._replay_recorded(a, self.ring[k], self.ringn[k], False)
            ):
                live |= 1 << k
                for w in range(4):
                    zones[k][w] = self.zone[w]
        return live

    cdef int _ring_replay(
        self, int a, int live, uint64_t (*zones)[4], int m, int* mf, int nmf
    ) noexcept nogil:
        """The slot of the first ``live`` ring line (the latest first) that still wins
        for ``a`` after the defender's ``m`` (on the board), or -1: without a replay
        when ``m`` is off its zone and makes no four of his. (Live lines are his and
        within the split's ``max_moves``: ``_ring_live``, or found in the split.)"""
        cdef int j, k
        cdef bint quiet = not self.tmask[2 - a][m]
        for j in range(RING):
            k = (self.ring_next + RING - 1 - j) % RING
            if not (live >> k) & 1:
                continue
            if quiet and not (zones[k][m >> 6] >> (m & 63)) & 1:
                return k
            if not _on_line(self.ring[k], self.ringn[k], m) and self._replay_with(
                a, self.ring[k], self.ringn[k], mf, nmf
            ):
                return k
        return -1

    cdef int _ring_push(self, int a) noexcept nogil:
        """Keep the line just found (``path``) as the ring's latest; its slot."""
        cdef int k = self.ring_next
        if self.line_len > RING_LINE:
            return -1  # (never: a line's moves are distinct points; for memory safety)
        memcpy(self.ring[k], self.path, self.line_len * sizeof(int))
        self.ringn[k] = self.line_len
        self.ringa[k] = a
        self.ring_next = (k + 1) % RING
        return k

    cdef bint _makes_four_shapes(self, int m, int a) noexcept nogil:
        """Whether an ``a`` stone on the empty ``m`` would change where ``a`` has a four
        (or five) shape: a new one (``_BB_`` + m -> ``_BBB_``-like) or a lost one (an
        overline for Black). Read off the masks (they must be kept), not updated."""
        cdef int j, c, dd
        cdef bint changed = False
        # a new (or lost) four or five shape needs two more of his stones near m
        cdef int need = self._lines_with_two(m, a)
        if not need:
            return False
        # the stone goes on the lines only: no hash, masks or bounding box to undo
        self.cells[m] = a
        for dd in range(4):
            self.lines[dd][LINE_IDX[dd][m]] += (<uint64_t> a) << (SHIFT[dd][m] + 10)
        for j in range(NEIGH_N[m]):
            c = NEIGH_P[m][j]
            if self.cells[c]:
                continue
            dd = NEIGH_D[m][j]
            if not (need >> dd) & 1:
                continue
            if ((self.tmask[a - 1][c] >> dd) & 1) != ((self._four_five(dd, c) >> (a - 1)) & 1):
                changed = True
                break
        for dd in range(4):
            self.lines[dd][LINE_IDX[dd][m]] -= (<uint64_t> a) << (SHIFT[dd][m] + 10)
        self.cells[m] = 0
        return changed

    cdef bint _straight_point(self) noexcept nogil:
        """Whether Black has an empty point where his stone makes a straight four by
        shape (``_BBBB_``), legal or not (the masks must be kept).

        Without one, Black has no hidden threat that wins in one more move (renju rule).
        After a move m that makes no four (nor five point) and no three by shape, a win
        in one move is a straight four at some q: no five point, a double four is
        forbidden, and White's blocks never are. If m's stone is on that four, m made
        a three by shape (and a black stone elsewhere cannot make a four straight: it
        only adds overlines). So q was a straight four point before m already. (It was
        forbidden then, else the VCF search before this one had won in one move: m
        made it legal: a stone on the line of one of q's two fours can make that four's
        five an overline, ``mq_BBB``, and q a single straight four. Such threats are
        rare, hence this cheap test.)"""
        cdef int row, p, d
        cdef uint64_t bits
        for row in range(4):
            bits = self.hot[row]
            while bits:
                p = (row << 6) + __builtin_ctzll(bits)
                bits &= bits - 1
                if not self.tmask[0][p]:
                    continue
                for d in range(4):
                    if (self.tmask[0][p] >> d) & 1 and self._entry(d, p, 1) & F_STRAIGHT:
                        return True
        return False

    def threats(self, int attacker, int max_moves, int mode, long long node_limit, counter=()):
        """The attacker's non-four threats (see ``solver.engine.search_ref.SearchCore.threats``).

        With the defender's VCF ``counter`` (he wins if the attacker passes), a move after
        which that line still wins is no threat; the line's relevance zone (as in
        ``defences``) spares the replay for moves off it.

        For hidden threats (``mode`` 2 and 3) the attacker's VCF here, which fails (else
        the node would be won already), is searched once with every pattern read
        recorded. A move off that zone which makes no new four shape of his (nor unmakes
        one: the root's four list stays the same) leaves every read of that search, so
        its failure, unchanged: it is no threat, and its own search is skipped. Dead-end
        entries from outside the recording are not trusted inside it (their reads were
        not recorded): each entry carries the recording session (``epoch``) it was made
        in. The pure core searches every candidate, so the answers are the same and only
        the VCF node counts differ.

        The steps: ``_threat_zones`` (the attacker's lists here, the counter line's
        zone, the failed VCF's zone), ``_threat_candidates``, then for each point
        ``_threat_skips`` (the filters) and ``_threat_search`` (the counter line
        replayed, else the VCF search after the move)."""
        cdef ThreatGen t
        cdef int m, r, i, status = 0
        cdef long long start
        cdef list out = []
        cdef uint64_t cand[4]
        t.a = attacker
        t.max_moves = max_moves
        t.mode = mode
        t.cn = len(counter)
        t.share = _others_run()  # (let other threads run during long searches)
        self._grow_dead()
        start = self._nodes
        if max_moves < 2:
            return status, out, 0
        self._ensure_tracking()  # (the masks: _straight_point, _scan and the filters read them)
        if mode == 3 and max_moves == 2 and attacker == 1 and self.rule == 0 and not self._straight_point():
            # Black's hidden threats with one move after them: none (``_straight_point``)
            return status, out, 0
        if mode != 2:  # (mode 2 takes threes and hidden threats alike)
            self._shape_points(attacker, 16, t.threes)
        if t.cn > MAXLINE:
            t.cn = 0
        for i in range(t.cn):
            t.cbuf[i] = counter[i]
        self._limit = start + node_limit
        self._threat_zones(&t)
        self._threat_candidates(&t, cand)
        m = -1
        while True:
            m = _next_bit(cand, m)
            if m < 0:
                break
            if self._threat_skips(&t, m):
                continue
            r = self._threat_search(&t, m)
            if r == 1:
                out.append((m, self._line()))
            elif r == -1:
                status = -1
        return status, out, self._nodes - start

    cdef void _threat_zones(self, ThreatGen* t) noexcept:
        """The attacker's lists here (after a move m that makes no four of his, _vcf's
        would follow from them); the counter line's zone (``czone``; ``zoned``: it
        replays); for hidden threats, the zone of the attacker's VCF here (``fzone``;
        ``failzoned``: it fails)."""
        cdef int a = t.a, k, r0
        t.zoned = False
        t.failzoned = False
        t.fast = self._scan(a, t.pm, t.pdirs, &t.pnm, t.pdf, &t.pnd) < 0
        if t.cn and t.fast and self.zones:  # (the counter replay assumes no five point of his)
            self.tracking = False  # (a replay reads no masks, and takes its stones off again)
            t.zoned = self._replay_recorded(3 - a, t.cbuf, t.cn, False)
            self.tracking = True
        for k in range(4):
            t.czone[k] = self.zone[k]
        if t.mode >= 2 and t.fast and t.pnd == 0 and self.zones:
            # The attacker's failed VCF here, every read recorded: a move that makes no
            # new four shape (nor unmakes one) and is off every read fails the same way.
            self._new_epoch()
            self.zone[0] = self.zone[1] = self.zone[2] = self.zone[3] = 0
            self.tracking = False
            self.recording = True
            with nogil:
                r0 = self._vcf_expand(a, t.max_moves - 1, 0, t.pm, t.pdirs, t.pnm, 0, -1)
            self.recording = False
            self.tracking = True
            t.failzoned = r0 == 0
            for k in range(4):
                t.fzone[k] = self.zone[k]

    cdef inline void _threat_candidates(self, ThreatGen* t, uint64_t* cand) noexcept nogil:
        """The candidates as a bit set, each then taken in point order: for threes, the
        points where he makes one; else every empty point, less the three points for
        hidden threats. (Not only those near a stone: a move with no stone within five
        along its lines can still be a fukumi, when the VCF after it puts two fours on
        one of its lines first. ``_threat_skips`` drops most of them by the failed VCF's
        zone.)"""
        cdef int m, k
        if t.mode == 1:
            for k in range(4):
                cand[k] = t.threes[k]
        else:
            cand[0] = cand[1] = cand[2] = ~(<uint64_t> 0)
            cand[3] = (1ULL << (NP - 192)) - 1
            for m in range(NP):
                if self.cells[m]:
                    cand[m >> 6] &= ~(1ULL << (m & 63))
            if t.mode == 3:
                for k in range(4):
                    cand[k] &= ~t.threes[k]

    cdef inline bint _threat_skips(self, ThreatGen* t, int m) noexcept nogil:
        """Whether the candidate ``m`` is no threat without a search: the same filters
        as the pure version (its nearness and three tests are those of the candidates,
        ``_threat_candidates``), the cheapest first (they all must pass). Most
        candidates of hidden threats are off the failed VCF's zone: that test comes
        before the forbidden check."""
        cdef int a = t.a
        if self.cells[m]:
            return True
        if self.tmask[a - 1][m]:
            if self._is_five(m, a) or self._is_four_move(m, a):
                return True
        else:
            # m makes no four shape of his: no five point the counter line must answer
            if t.zoned and not (t.czone[m >> 6] >> (m & 63)) & 1:
                return True  # off the counter line's zone: it still wins after m
            if (
                t.failzoned
                and not (t.fzone[m >> 6] >> (m & 63)) & 1
                and not self._makes_four_shapes(m, a)
            ):
                return True  # off the failed VCF's zone, no four shape changed: it fails too
        return a == 1 and self._forb(m)

    cdef int _threat_search(self, ThreatGen* t, int m) noexcept:
        """Whether the attacker has a VCF after his ``m`` if the defender passes: 1 (the
        line in ``path``), 0 (none, or the counter line still wins after a quiet ``m``)
        or -1 (out of nodes)."""
        cdef int df2[NP]
        cdef int nd2, k, r, a = t.a
        cdef bint still
        cdef bint quiet = t.zoned and not self.tmask[a - 1][m]  # (as in ``_threat_skips``)
        cdef PyThreadState* ts
        if t.fast:
            self._prefetch_dead(a, ZOB[a][m])  # (for the search after m, below)
            nd2 = 0
            for k in range(t.pnd):
                if t.pdf[k] != m:
                    df2[nd2] = t.pdf[k]
                    nd2 += 1
            self.tracking = False
            self._put(m, a)
            still = (
                quiet
                and not _on_line(t.cbuf, t.cn, m)
                and self._replay_with(3 - a, t.cbuf, t.cn, NULL, 0)
            )
            if still:
                r = 0
            else:
                ts = PyEval_SaveThread() if t.max_moves - 1 >= NOGIL_DEPTH and t.share else NULL
                # (from here to PyEval_RestoreThread: no Python objects)
                r = self._vcf_child(a, t.max_moves - 1, 0, t.pm, t.pdirs, t.pnm, m, -1, df2, nd2)
                if ts != NULL:
                    PyEval_RestoreThread(ts)
            self._remove(m)
            self.tracking = True
        else:  # the attacker has a five point here (not reached from the search)
            self._put(m, a)
            with nogil:
                r = self._vcf(a, t.max_moves - 1, 0)
            self._remove(m)
        return r


# -- the C interface of the compiled search loop ---------------------------------------
# ``solver/search/dfpn_fast.pyx`` calls these through ``core_fast_api.h`` (Cython's ``api``): no method
# look-up, no boxed arguments, no list for five points (the loop's most frequent calls). A
# core of another class (the pure one: tests run the compiled loop on it) gets the
# method call.

cdef api int core_enter(object core, int p, int colour, int q, int q_colour) except -1:
    """``core.enter(p, colour, q, q_colour)``."""
    if isinstance(core, Core):
        return (<Core> core)._enter(p, colour, q, q_colour)
    core.enter(p, colour, q, q_colour)
    return 0


cdef api int core_leave(object core, int p, int q) except -1:
    """``core.leave(p, q)``."""
    if isinstance(core, Core):
        return (<Core> core)._leave(p, q)
    core.leave(p, q)
    return 0


cdef api int core_five_points(object core, int colour, int* out) except -1:
    """``core.five_points(colour)`` into ``out`` (room for every point); how many."""
    cdef int n = 0
    if isinstance(core, Core):
        return (<Core> core)._five_points(colour, out)
    for p in core.five_points(colour):
        out[n] = p
        n += 1
    return n


cdef api int core_threat_shapes(object core, int colour) except -1:
    """``core.threat_shapes(colour)``."""
    if isinstance(core, Core):
        return (<Core> core)._threat_shapes(colour)
    return core.threat_shapes(colour)


cdef api int core_is_four_move(object core, int p, int colour) except -1:
    """``core.is_four_move(p, colour)``."""
    if isinstance(core, Core):
        return (<Core> core)._is_four_move(p, colour)
    return bool(core.is_four_move(p, colour))


cdef api tuple core_vcf(object core, int attacker, int max_moves, long long node_limit):
    """``core.vcf(attacker, max_moves, node_limit, False)``."""
    if isinstance(core, Core):
        return (<Core> core)._vcf_search(attacker, max_moves, node_limit, False)
    return core.vcf(attacker, max_moves, node_limit, False)


cdef api int core_put(object core, int p, int colour) except -1:
    """``core.put(p, colour)`` (the proof checker's: ``solver/search/checker_fast.pyx``)."""
    if isinstance(core, Core):
        (<Core> core)._put(p, colour)
    else:
        core.put(p, colour)
    return 0


cdef api int core_remove(object core, int p) except -1:
    """``core.remove(p)``."""
    if isinstance(core, Core):
        (<Core> core)._remove(p)
    else:
        core.remove(p)
    return 0


cdef api int core_get(object core, int p) except -1:
    """``core.get(p)``: 0 empty, 1 black, 2 white."""
    if isinstance(core, Core):
        return (<Core> core).cells[p]
    return core.get(p)


cdef api int core_forbidden(object core, int p) except -1:
    """``core.forbidden(p)``: Black's forbidden kind at the empty ``p`` (0 if none)."""
    if isinstance(core, Core):
        return (<Core> core)._forbidden_kind(p)
    return core.forbidden(p)


cdef api object core_refuted_line(object refuted, int p):
    """``refuted.get(p)``, ``refuted`` a proof node's refuted defences (a ``Refutations``
    read without a method call)."""
    if isinstance(refuted, Refutations):
        if 0 <= p < NP and (<Refutations> refuted).idx[p] != NO_LINE:
            return (<Refutations> refuted).lines[(<Refutations> refuted).idx[p]]
        return None
    return refuted.get(p)


cdef api uint64_t core_hash(object core) except? 0:
    """``core.hash``."""
    if isinstance(core, Core):
        return (<Core> core)._hash
    return <uint64_t> PyLong_AsUnsignedLongLongMask(core.hash)
