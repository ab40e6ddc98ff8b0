from cpython.long cimport PyLong_AsUnsignedLongLongMask
from cpython.object cimport PyObject
from libc.stdint cimport uint16_t, uint32_t, uint64_t


cdef struct Item:
    uint64_t h  # the key's hash (``solver.search.dfpn.node_key``: ``h << 9 | low``)
    PyObject* value  # (owned) NULL: removed
    uint32_t low  # the key's low bits (``r << 1 | kind``)


cdef object table_key(uint64_t h, unsigned int low)


cdef inline uint64_t key_hash(object key) except? 0:
    """A node key's hash (``key >> 9``; see ``solver.search.dfpn.node_key``), for a key given
    as a Python int."""
    if not isinstance(key, int):
        raise TypeError(f"table keys are ints, not {type(key).__name__}: {key!r}")
    if key < 0 or key >> 73:
        raise KeyError(key)
    return PyLong_AsUnsignedLongLongMask(key >> 9)


cdef inline unsigned int key_low(object key):
    """A node key's low bits (``r << 1 | kind``)."""
    return <unsigned int> (PyLong_AsUnsignedLongLongMask(key) & 511)


cdef class Table:
    # the items in insertion order, removed ones left as holes until the next rebuild
    cdef Item* data
    cdef Py_ssize_t nitems, room, used
    # the hash index: per slot 0 (empty) or ``item number << 16 | tag``
    cdef uint64_t* index
    cdef int bits

    cdef int store(self, uint64_t h, unsigned int low, object value) except -1
    cdef bint drop(self, uint64_t h, unsigned int low) noexcept
    cdef void _release(self) noexcept
    cdef int _rebuild(self, int bits) except -1
    cdef int sweep(self, unsigned char* gone) except -1
    cdef void _reindex(self) noexcept
    cdef void _close_holes(self, unsigned char* gone) noexcept
    cdef list _listed(self, int what)


# The look-up, inlined where it is called (the search loop's hottest call into the table)

cdef inline uint64_t table_home(Table t, uint64_t h, unsigned int low) noexcept:
    """The slot where the key's probe starts: the top bits of its hash, mixed."""
    return (h ^ (low * <uint64_t> 0x9E3779B97F4A7C15)) >> (64 - t.bits)


cdef inline uint64_t table_tag(uint64_t h, unsigned int low) noexcept:
    """A key's tag: 16 bits of it (not those that choose its home), never 0."""
    return <uint16_t> ((h ^ (low << 7)) | 1)


cdef inline Py_ssize_t table_slot(Table t, uint64_t h, unsigned int low) noexcept:
    """The index slot of the key (``h``, ``low``), or -1."""
    cdef uint64_t mask = (1ULL << t.bits) - 1
    cdef uint64_t i = table_home(t, h, low)
    cdef uint64_t tag = table_tag(h, low), x
    cdef Item* it
    while True:
        x = t.index[i]
        if x == 0:
            return -1
        if (x & 0xFFFF) == tag:
            it = &t.data[x >> 16]
            if it.h == h and it.low == low:
                return <Py_ssize_t> i
        i = (i + 1) & mask


cdef inline object table_find(Table t, uint64_t h, unsigned int low):
    """The value of the key (``h``, ``low``), or None."""
    cdef Py_ssize_t i = table_slot(t, h, low)
    if i < 0:
        return None
    return <object> t.data[t.index[i] >> 16].value
