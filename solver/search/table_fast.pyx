# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True
"""The compiled search loop's transposition table: a hash table of its own, keyed in C.

A dict keyed by ints (``solver.search.dfpn_shared.node_key``, ``h << 9 | low``) needs a
Python int built for every look-up, and a look-up reads three places in memory (the dict's
index, its entry, the key's int), each a cache miss in a table of a million entries. Here a
key is its 64-bit hash ``h`` and low bits, with no object built.

The layout is a dict's: the items (key and value) in an array in insertion order, and an
index of slots (open addressing, linear probing, deletion by backward shift, no
tombstones), each slot 0 or an item's number with 16 bits of its key as a tag. A probe
reads an item only where the tag matches, so a key that is absent (most keys looked up:
children not searched yet) costs the index alone. Removed items stay as holes until the
items array is full; it is then rebuilt, without them, and twice as large if at least
half of it is in use. Iterating over the items in their order reads the entries in the
order they were made (and mostly laid out in memory): the memory collection and the
table's release each read a million entries, and in hash order each read was a cache
miss.

For the Python code around the loop (``PureDfPn``'s memory collection, first phase and
proofs, the tests) it is a mapping from those ints to entries, iterated in insertion
order as a dict is (a key stored again keeps its place), so that code runs unchanged on
a dict (the pure loop) or on this table, with the same results.
"""

from cpython.object cimport PyObject
from cpython.ref cimport Py_DECREF, Py_INCREF, Py_XDECREF
from libc.stdint cimport uint64_t
from libc.stdlib cimport free
from libc.string cimport memcpy, memset

from collections.abc import MutableMapping

cdef extern from "Python.h":
    # (CPython's own: pickle, ctypes and int.from_bytes build ints with it)
    object _PyLong_FromByteArray(
        const unsigned char* data, size_t n, int little_endian, int is_signed
    )

cdef extern from "_alloc.h":
    void* renju_table_alloc(size_t n) nogil

DEF FIRST_BITS = 6  # 64 index slots, room for 42 items


cdef object table_key(uint64_t h, unsigned int low):
    """``solver.search.dfpn_shared.node_key`` for the hash ``h`` and ``low`` (``r << 1 | kind``): the
    73-bit int ``h << 9 | low`` built in one step (shifting and or-ing a Python int
    would build three of them)."""
    cdef unsigned char data[10]
    cdef uint64_t lo = (h << 9) | low
    cdef uint64_t hi = h >> 55
    cdef int i
    for i in range(8):
        data[i] = <unsigned char> (lo >> (8 * i))
    data[8] = <unsigned char> hi
    data[9] = <unsigned char> (hi >> 8)
    return _PyLong_FromByteArray(data, 10, 1, 0)


cdef inline bint _is_key(object key):
    return isinstance(key, int) and not (key < 0 or key >> 73)


cdef class Table:
    """A mapping from node keys (ints) to entries, in C (see the module's docstring).

    >>> t = Table({5 << 9 | 2: "a"})
    >>> t[7 << 9 | 3] = "b"
    >>> t[5 << 9 | 2] = "c"
    >>> list(t.items()), len(t), (7 << 9 | 2) in t
    ([(2562, 'c'), (3587, 'b')], 2, False)
    """

    def __cinit__(self, *args, **kwargs):
        self.data = NULL
        self.index = NULL
        self.nitems = self.room = self.used = 0
        self._rebuild(FIRST_BITS)

    def __init__(self, items=()):
        cdef object k, v
        pairs = items.items() if isinstance(items, (dict, Table)) else items
        for k, v in pairs:
            self[k] = v

    def __dealloc__(self):
        self._release()

    cdef void _release(self) noexcept:
        """Free everything (the values in their order: see the module's docstring)."""
        cdef Py_ssize_t k
        for k in range(self.nitems):
            Py_XDECREF(self.data[k].value)
        free(self.data)
        free(self.index)
        self.data = NULL
        self.index = NULL
        self.nitems = self.room = self.used = 0

    cdef int _rebuild(self, int bits) except -1:
        """The items without holes, in the same order, with room for two thirds of
        ``1 << bits``, and their index."""
        cdef Py_ssize_t room = ((<Py_ssize_t> 1) << bits) * 2 // 3
        cdef Item* items = <Item*> renju_table_alloc(room * sizeof(Item))
        cdef uint64_t* index = <uint64_t*> renju_table_alloc(((<size_t> 1) << bits) * sizeof(uint64_t))
        if items == NULL or index == NULL:
            free(items)
            free(index)
            raise MemoryError()
        self._close_holes(NULL)
        if self.nitems:
            memcpy(items, self.data, self.nitems * sizeof(Item))  # (the references move)
        free(self.data)
        free(self.index)
        self.data = items
        self.index = index
        self.bits = bits
        self.room = room
        self._reindex()
        return 0

    cdef int sweep(self, unsigned char* gone) except -1:
        """Remove the items ``k`` with ``gone[k]`` (``gone`` NULL: none), and close every
        hole, in place: the same order, a new index. (A memory collection removes half
        the table at once: one pass and one index, not a drop per item; and no new
        memory, whose pages the system would clear first.)"""
        self._close_holes(gone)
        self._reindex()
        return 0

    cdef void _close_holes(self, unsigned char* gone) noexcept:
        """Remove the items ``k`` with ``gone[k]`` (``gone`` NULL: none) and move the rest
        down over the holes, in order (the index is then stale: ``_reindex``)."""
        cdef Py_ssize_t k, n = 0
        for k in range(self.nitems):
            if self.data[k].value == NULL:
                continue
            if gone != NULL and gone[k]:
                Py_DECREF(<object> self.data[k].value)
                continue
            self.data[n] = self.data[k]
            n += 1
        self.nitems = self.used = n

    cdef void _reindex(self) noexcept:
        """The hash index of the items (``data``, no holes) from scratch."""
        cdef uint64_t mask = (1ULL << self.bits) - 1, i
        cdef Py_ssize_t k
        memset(self.index, 0, ((<size_t> 1) << self.bits) * sizeof(uint64_t))
        for k in range(self.nitems):
            i = table_home(self, self.data[k].h, self.data[k].low)
            while self.index[i] != 0:
                i = (i + 1) & mask
            self.index[i] = (<uint64_t> k << 16) | table_tag(self.data[k].h, self.data[k].low)

    cdef int store(self, uint64_t h, unsigned int low, object value) except -1:
        """Set the key (``h``, ``low``) to ``value``: in its place if there, else last."""
        cdef Py_ssize_t at = table_slot(self, h, low)
        cdef uint64_t mask, i
        cdef Item* it
        if at >= 0:
            it = &self.data[self.index[at] >> 16]
            Py_INCREF(value)
            Py_DECREF(<object> it.value)
            it.value = <PyObject*> value
            return 0
        if self.nitems == self.room:
            # full: without the holes, twice as large unless half of it were holes
            if 2 * self.used >= self.room:
                self._rebuild(self.bits + 1)
            else:
                self.sweep(NULL)
        mask = (1ULL << self.bits) - 1
        i = table_home(self, h, low)
        while self.index[i] != 0:
            i = (i + 1) & mask
        it = &self.data[self.nitems]
        Py_INCREF(value)
        it.h = h
        it.low = low
        it.value = <PyObject*> value
        self.index[i] = (<uint64_t> self.nitems << 16) | table_tag(h, low)
        self.nitems += 1
        self.used += 1
        return 0

    cdef bint drop(self, uint64_t h, unsigned int low) noexcept:
        """Remove the key (``h``, ``low``); whether it was there. Its item becomes a
        hole; the index slots after its own in their run move back where a probe
        would find them."""
        cdef uint64_t mask = (1ULL << self.bits) - 1, j, k, i
        cdef Py_ssize_t at = table_slot(self, h, low)
        cdef Item* it
        if at < 0:
            return False
        i = <uint64_t> at
        it = &self.data[self.index[i] >> 16]
        Py_DECREF(<object> it.value)
        it.value = NULL
        self.used -= 1
        j = i
        while True:
            j = (j + 1) & mask
            if self.index[j] == 0:
                break
            it = &self.data[self.index[j] >> 16]
            k = table_home(self, it.h, it.low)
            # the slot j stays if its home lies cyclically in (i, j]
            if (i < j and i < k <= j) or (i > j and (k > i or k <= j)):
                continue
            self.index[i] = self.index[j]
            i = j
        self.index[i] = 0
        return True

    cdef list _listed(self, int what):
        """Keys (0), values (1) or (key, value) pairs (2) in insertion order."""
        cdef list out = []
        cdef Py_ssize_t k
        cdef Item* it
        for k in range(self.nitems):
            it = &self.data[k]
            if it.value == NULL:
                continue
            if what == 0:
                out.append(table_key(it.h, it.low))
            elif what == 1:
                out.append(<object> it.value)
            else:
                out.append((table_key(it.h, it.low), <object> it.value))
        return out

    # -- the mapping, for Python ---------------------------------------------------------
    def __len__(self):
        return self.used

    def __contains__(self, key):
        return _is_key(key) and table_slot(self, key_hash(key), key_low(key)) >= 0

    def __getitem__(self, key):
        value = table_find(self, key_hash(key), key_low(key))
        if value is None:
            raise KeyError(key)
        return value

    def get(self, key, default=None):
        if not _is_key(key):
            return default
        value = table_find(self, key_hash(key), key_low(key))
        return default if value is None else value

    def __setitem__(self, key, value):
        if value is None:
            raise ValueError("a table holds entries, not None")
        self.store(key_hash(key), key_low(key), value)

    def __delitem__(self, key):
        if not self.drop(key_hash(key), key_low(key)):
            raise KeyError(key)

    def __iter__(self):
        return iter(self._listed(0))

    def keys(self):
        """The keys, in insertion order (a list: the table may change meanwhile)."""
        return self._listed(0)

    def values(self):
        """The values, in insertion order."""
        return self._listed(1)

    def items(self):
        """``(key, value)`` pairs, in insertion order."""
        return self._listed(2)

    def clear(self):
        """Remove every key."""
        self._release()
        self._rebuild(FIRST_BITS)

    def __repr__(self):
        return f"Table({len(self)} entries)"


MutableMapping.register(Table)
