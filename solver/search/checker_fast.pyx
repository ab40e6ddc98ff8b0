# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True
"""The proof checker compiled: ``proof_length``, ``line_length`` and ``Refuter``, the
twins of ``check_proof``, ``check_line`` and ``RefutationChecker`` in
``solver/search/checker.py`` (the reference), which say only whether a proof holds.

The same facts re-derived from the same rule primitives (a stone put and taken off, the
five points of a colour, Black's forbidden points), in the same order, with the same
memos; none of the search code. The core is called through its C interface
(``core_fast_api.h``), and the five points are bit sets of the 225 points, where the
reference makes Python sets: a proof is checked several times faster
(``docs/performance.md``). ``check_proof`` runs this first and, when it finds a fault,
the reference to name it; the tests give both the same proofs and faulty ones.
"""

from libc.stdint cimport uint64_t, uintptr_t
from libc.stdlib cimport calloc, free

cdef extern from "core_fast_api.h":
    # solver/engine/core_fast.pyx's C interface (Cython's ``api``)
    int import_solver__engine__core_fast() except -1
    int core_put(object core, int p, int colour) except -1
    int core_remove(object core, int p) except -1
    int core_get(object core, int p) except -1
    int core_forbidden(object core, int p) except -1
    int core_five_points(object core, int colour, int* out) except -1
    object core_refuted_line(object refuted, int p)
    uint64_t core_hash(object core) except? 0

import_solver__engine__core_fast()

from solver.rules.zobrist import ZOBRIST
from solver.search.proof import ProofNode

cdef extern from *:
    int __builtin_popcountll(unsigned long long) nogil
    int __builtin_ctzll(unsigned long long) nogil

cdef enum:
    NPOINTS = 225
    WORDS = 4
    FAULT = 0  # (a length is at least 1)
    FIRSTS = 32  # certificates' first moves kept a node

# the goals' classes of attacker moves
cdef enum:
    G_TSUME = 0
    G_VCF = 1
    G_VCT = 2

cdef uint64_t ZD[3][NPOINTS]
for _c in (1, 2):
    for _p in range(NPOINTS):
        ZD[_c][_p] = ZOBRIST[_c][_p]


ctypedef struct Replayed:
    # a certificate replayed in a position: the memo of ``_check_vcf``
    uint64_t h  # the position's hash
    uintptr_t line  # the certificate (a tuple the proof tree keeps alive: its identity)
    int a  # the attacker
    int length  # its attacker moves (0: an empty slot)


ctypedef struct Bits:
    # a set of points: bit p % 64 of word p // 64
    uint64_t w[WORDS]


cdef inline bint _has(const Bits* b, int p) noexcept nogil:
    return (b.w[p >> 6] >> (p & 63)) & 1


cdef inline void _drop(Bits* b, int p) noexcept nogil:
    b.w[p >> 6] &= ~((<uint64_t> 1) << (p & 63))


cdef inline void _minus(Bits* out, const Bits* x, const Bits* y) noexcept nogil:
    cdef int i
    for i in range(WORDS):
        out.w[i] = x.w[i] & ~y.w[i]


cdef inline int _count(const Bits* b) noexcept nogil:
    return (__builtin_popcountll(b.w[0]) + __builtin_popcountll(b.w[1])
            + __builtin_popcountll(b.w[2]) + __builtin_popcountll(b.w[3]))


cdef inline int _lowest(const Bits* b) noexcept nogil:
    """The least point of a set that is not empty."""
    cdef int i
    for i in range(WORDS):
        if b.w[i]:
            return i * 64 + __builtin_ctzll(b.w[i])
    return -1


cdef class _Pos:
    """The position, and each colour's five points kept until a stone is put or taken
    off (the reference's ``_Rules``)."""

    cdef object core
    cdef bint renju
    cdef Bits fives[3]
    cdef bint known[3]
    cdef dict checked  # (proof node, position): its length and the node (kept: its id)
    cdef Replayed* lines  # (position, attacker, line): a certificate's length
    cdef size_t cap, used
    # the certificates the memo names by identity, kept alive while it is: a freed
    # tuple's address may be another's next
    cdef list keep
    cdef int buf[NPOINTS]

    def __init__(self, core, bint renju):
        self.core = core
        self.renju = renju
        self.known[1] = self.known[2] = False
        self.checked = {}
        self.keep = []
        self.cap = 1024
        self.used = 0
        self.lines = <Replayed*> calloc(self.cap, sizeof(Replayed))
        if self.lines == NULL:
            raise MemoryError()

    def __dealloc__(self):
        free(self.lines)

    cdef Replayed* slot(self, uint64_t h, line, int a) noexcept:
        """The memo's slot of ``line`` replayed by ``a`` in the position ``h``: its own, or
        the empty one where it goes. (Keyed by the line's identity, not its moves: the
        defences of a node share their lines' tuples; an equal line of another tuple is
        only replayed again.)"""
        cdef uintptr_t ident = <uintptr_t> <void*> line
        cdef size_t i = <size_t> ((h ^ (ident >> 4) * 0x9E3779B97F4A7C15ULL ^ <uint64_t> a)
                                  * 0xFF51AFD7ED558CCDULL >> 20) & (self.cap - 1)
        cdef Replayed* r
        while True:
            r = &self.lines[i]
            if r.length == 0 or (r.h == h and r.line == ident and r.a == a):
                return r
            i = (i + 1) & (self.cap - 1)

    cdef int remember(self, uint64_t h, line, int a, int length) except -1:
        cdef Replayed* old = self.lines
        cdef size_t i, n = self.cap
        cdef Replayed* r
        if 2 * (self.used + 1) > self.cap:
            self.lines = <Replayed*> calloc(2 * n, sizeof(Replayed))
            if self.lines == NULL:
                self.lines = old
                raise MemoryError()
            self.cap = 2 * n
            for i in range(n):
                if old[i].length:
                    self.slot(old[i].h, <object> <void*> old[i].line, old[i].a)[0] = old[i]
            free(old)
        r = self.slot(h, line, a)
        if r.length == 0:
            self.used += 1
            self.keep.append(line)
        r.h, r.line, r.a, r.length = h, <uintptr_t> <void*> line, a, length
        return 0

    cdef int _scan(self, int colour, Bits* out) except -1:
        cdef int i, n = core_five_points(self.core, colour, self.buf)
        for i in range(WORDS):
            out.w[i] = 0
        for i in range(n):
            out.w[self.buf[i] >> 6] |= (<uint64_t> 1) << (self.buf[i] & 63)
        return 0

    cdef const Bits* five(self, int colour) except NULL:
        """The empty points where ``colour`` makes a five."""
        if not self.known[colour]:
            self._scan(colour, &self.fives[colour])
            self.known[colour] = True
        return &self.fives[colour]

    cdef int fives_after(self, int p, int colour, Bits* out) except -1:
        """The five points ``colour`` has after playing ``p`` (not kept)."""
        core_put(self.core, p, colour)
        self._scan(colour, out)
        core_remove(self.core, p)
        return 0

    cdef int put(self, int p, int colour) except -1:
        core_put(self.core, p, colour)
        self.known[1] = self.known[2] = False
        return 0

    cdef int remove(self, int p) except -1:
        core_remove(self.core, p)
        self.known[1] = self.known[2] = False
        return 0

    cdef inline int get(self, int p) except -1:
        return core_get(self.core, p)

    cdef inline bint forbidden(self, int p) except -1:
        return self.renju and core_forbidden(self.core, p) != 0


def proof_length(core, bint renju, int attacker, tree, str goal):
    """The attacker moves ``tree`` needs at most, or None if it does not hold.

    ``core`` is a copy of the position's core (its stones are put and taken off),
    ``renju`` whether Black has forbidden points, ``goal`` as ``check_proof``'s.
    """
    cdef _Pos pos = _Pos(core, renju)
    cdef int g = G_VCF if goal == "vcf" else G_VCT if goal == "vct" else G_TSUME
    cdef int n = _node(pos, attacker, tree, g)
    return None if n == FAULT else n


cdef int _node(_Pos pos, int a, node, int goal) except -1:
    key = (id(node), core_hash(pos.core))
    done = pos.checked.get(key)
    if done is not None:
        return done[0]
    cdef int n = _fresh_node(pos, a, node, goal)
    if n != FAULT:
        pos.checked[key] = (n, node)  # (the node kept alive: the key is its id)
    return n


cdef int _fresh_node(_Pos pos, int a, node, int goal) except -1:
    cdef int d = 3 - a
    cdef int p, q, m, nt, nn, sub, longest, i, j, nf = 0
    cdef Bits new, mine, after
    cdef const Bits* theirs
    cdef int fpt[FIRSTS]
    cdef Bits fval[FIRSTS]
    cdef Bits first
    cdef uint64_t here
    cdef Replayed* done_at
    p = node.move
    if not 0 <= p < NPOINTS or pos.get(p):
        return FAULT
    if _has(pos.five(a), p):
        return 1
    if a == 1 and pos.forbidden(p):
        return FAULT
    theirs = pos.five(d)
    nt = _count(theirs)
    if nt and (nt > 1 or not _has(theirs, p)):
        return FAULT
    pos.fives_after(p, a, &after)
    _minus(&new, &after, pos.five(a))
    nn = _count(&new)
    if goal == G_VCF and nn == 0:
        return FAULT
    if goal == G_VCT and nn == 0 and not _threatens_open_four(pos, p, a):
        return FAULT
    if nn >= 2 or (nn == 1 and d == 1 and _blocked_by_forbidden_after(pos, p, a, _lowest(&new))):
        return 1
    pos.put(p, a)
    try:
        if nn:
            q = _lowest(&new)
            if _has(pos.five(d), q):
                return FAULT
            needed = [q]
        else:
            if _count(pos.five(d)):
                return FAULT
            needed = _legal_moves(pos, d)
        longest = 0
        mine = pos.five(a)[0]
        replies, refuted = node.replies, node.refuted
        if type(replies) is not dict:
            replies = dict(replies)
        here = core_hash(pos.core)
        for m in needed:
            reply = (<dict> replies).get(m)
            if reply is not None:
                pos.put(m, d)
                try:
                    sub = _node(pos, a, reply, goal)
                finally:
                    pos.remove(m)
            else:
                line = core_refuted_line(refuted, m)
                if line is None:
                    return FAULT
                done_at = pos.slot(here ^ ZD[d][m], line, a)
                if done_at.length:
                    if done_at.length > longest:
                        longest = done_at.length
                    continue
                if len(line) and 0 <= line[0] < NPOINTS and not pos.get(line[0]):
                    q = line[0]
                    j = -1
                    for i in range(nf):
                        if fpt[i] == q:
                            j = i
                            break
                    if j >= 0:
                        first = fval[j]
                    else:
                        pos.fives_after(q, a, &first)
                        if nf < FIRSTS:
                            fpt[nf] = q
                            fval[nf] = first
                            nf += 1
                    sub = _certificate_after(pos, a, m, line, &mine, &first)
                else:
                    sub = _certificate_after(pos, a, m, line, NULL, NULL)
            if sub == FAULT:
                return FAULT
            if sub > longest:
                longest = sub
        return longest + 1
    finally:
        pos.remove(p)


cdef int _certificate_after(
    _Pos pos, int a, int m, line, const Bits* mine, const Bits* first
) except -1:
    """``line`` replayed as a VCF of ``a`` after the defender's move ``m``: its attacker
    moves, or ``FAULT``. ``mine`` and ``first``, if given: the attacker's five points
    before ``m`` and after the line's first move, of which ``m`` takes only its own
    point (``_replay_vcf``)."""
    cdef Bits start_mine, start_first
    pos.put(m, 3 - a)
    try:
        if first == NULL:
            return _check_vcf(pos, a, line, NULL, NULL)
        start_mine = mine[0]
        _drop(&start_mine, m)
        start_first = first[0]
        _drop(&start_first, m)
        return _check_vcf(pos, a, line, &start_mine, &start_first)
    finally:
        pos.remove(m)


cdef list _legal_moves(_Pos pos, int colour):
    """The empty points ``colour`` may play, in point order (for Black: not forbidden)."""
    cdef int m
    cdef list out = []
    for m in range(NPOINTS):
        if not pos.get(m) and not (colour == 1 and pos.forbidden(m)):
            out.append(m)
    return out


cdef int _check_vcf(_Pos pos, int a, line, const Bits* mine, const Bits* first) except -1:
    # (a certificate is replayed once per position, as in the reference)
    cdef uint64_t h = core_hash(pos.core)
    cdef Replayed* done = pos.slot(h, line, a)
    if done.length:
        return done.length
    cdef int n = _replay_vcf(pos, a, line, mine, first)
    if n != FAULT:
        pos.remember(h, line, a, n)
    return n


cdef int _replay_vcf(_Pos pos, int a, line, const Bits* start, const Bits* first) except -1:
    """Replay ``line`` as a VCF of ``a`` here: its attacker moves, or ``FAULT``.

    ``start`` and ``first``, if given: the attacker's five points here and after the
    line's first move (the reference's ``_replay_vcf`` says why a block changes his five
    points only where it stands)."""
    cdef int d = 3 - a
    cdef int n = len(line)
    cdef int i, p, q, na, nt, k = 0
    cdef Bits mine, every, after
    cdef Bits theirs
    cdef int placed[2 * NPOINTS]
    cdef int pts[2 * NPOINTS]
    if n > 2 * NPOINTS:
        return FAULT
    for i in range(n):
        p = line[i]
        if not 0 <= p < NPOINTS:
            return FAULT
        pts[i] = p
    mine = start[0] if start != NULL else pos.five(a)[0]
    theirs = pos.five(d)[0]
    try:
        i = 0
        while i < n:
            p = pts[i]
            if pos.get(p) or (a == 1 and not _has(&mine, p) and pos.forbidden(p)):
                return FAULT
            if _has(&mine, p):
                return i // 2 + 1 if i == n - 1 else FAULT
            nt = _count(&theirs)
            if nt and (nt > 1 or not _has(&theirs, p)):
                return FAULT
            if i == 0 and first != NULL:
                every = first[0]
            else:
                pos.fives_after(p, a, &every)
            _minus(&after, &every, &mine)
            na = _count(&after)
            if na == 0:
                return FAULT
            if na >= 2:
                return i // 2 + 1 if i == n - 1 else FAULT
            q = _lowest(&after)
            pos.put(p, a)
            placed[k] = p
            k += 1
            # (the attacker's stone takes away the defender's five point at p, no other)
            if d == 1 and not _has(&theirs, q) and pos.forbidden(q):
                # Black cannot block: the four wins (judged with p on the board)
                return i // 2 + 1 if i == n - 1 else FAULT
            if i + 1 >= n or pts[i + 1] != q or _has(&theirs, q):
                return FAULT
            pos.put(q, d)
            placed[k] = q
            k += 1
            mine = every
            _drop(&mine, q)
            theirs = pos.five(d)[0]
            i += 2
        return FAULT  # (the line ends before a win)
    finally:
        while k > 0:
            k -= 1
            pos.remove(placed[k])


cdef bint _blocked_by_forbidden_after(_Pos pos, int p, int a, int q) except -1:
    """After ``p``, the defender (Black) cannot block at ``q``: forbidden and not a five
    of his own."""
    pos.put(p, a)
    try:
        return not _has(pos.five(3 - a), q) and pos.forbidden(q)
    finally:
        pos.remove(p)


cdef bint _threatens_open_four(_Pos pos, int p, int a) except -1:
    """After ``p``, some legal move gives the attacker two new five points (a three)."""
    cdef int q
    cdef Bits base, every, new
    pos.put(p, a)
    try:
        base = pos.five(a)[0]
        for q in range(NPOINTS):
            if pos.get(q) or (a == 1 and pos.forbidden(q)):
                continue
            pos.fives_after(q, a, &every)
            _minus(&new, &every, &base)
            if _count(&new) >= 2:
                return True
        return False
    finally:
        pos.remove(p)


def line_length(core, bint renju, int attacker, line):
    """The attacker moves of ``line`` as a VCF of ``attacker`` (``core`` as
    ``proof_length``'s), or None if it does not win: ``check_line``'s twin."""
    cdef _Pos pos = _Pos(core, renju)
    cdef int n = _check_vcf(pos, attacker, tuple(line), NULL, NULL)
    return None if n == FAULT else n


cdef class Refuter:
    """``RefutationChecker``'s twin: whether a refutation holds after a defence, on one
    copy of the position (the defender to move) for all of them, with its memos."""

    cdef _Pos pos
    cdef int a, d, goal
    cdef Bits mine  # the attacker's five points here
    cdef Bits firsts[NPOINTS]  # and after a certificate's first move (``known``)
    cdef bint known[NPOINTS]

    def __init__(self, core, bint renju, int defender, str goal):
        cdef int p
        self.pos = _Pos(core, renju)
        self.d = defender
        self.a = 3 - defender
        self.goal = G_VCF if goal == "vcf" else G_VCT if goal == "vct" else G_TSUME
        self.mine = self.pos.five(self.a)[0]
        for p in range(NPOINTS):
            self.known[p] = False

    def length(self, int m, ref):
        """The attacker moves of ``ref`` (a certificate, or a proof tree with the attacker
        to move) after the defence ``m``, or None if it does not hold there."""
        cdef _Pos pos = self.pos
        cdef int a = self.a, d = self.d, n, q
        if not 0 <= m < NPOINTS or pos.get(m) or (d == 1 and pos.forbidden(m)):
            return None
        if _has(pos.five(d), m):
            return None
        if isinstance(ref, ProofNode):
            pos.put(m, d)
            try:
                n = _node(pos, a, ref, self.goal)
            finally:
                pos.remove(m)
        else:
            line = tuple(ref)
            q = line[0] if len(line) else -1
            if 0 <= q < NPOINTS and q != m and not pos.get(q):
                if not self.known[q]:
                    pos.fives_after(q, a, &self.firsts[q])
                    self.known[q] = True
                n = _certificate_after(pos, a, m, line, &self.mine, &self.firsts[q])
            else:
                n = _certificate_after(pos, a, m, line, NULL, NULL)
        return None if n == FAULT else n
