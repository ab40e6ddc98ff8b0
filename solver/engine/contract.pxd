# The compile-time values of solver/engine/contract.py, for the compiled core
# (solver/engine/core_fast.pyx cimports them): Cython needs them when it compiles.
# tests/engine/test_contract.py checks that they are the Python module's.

cdef extern from *:
    """
    #define RENJU_SIDE_SALT 0x9E3779B97F4A7C15ULL
    """
    # SIDE_SALT
    const unsigned long long SIDE_SALT "RENJU_SIDE_SALT"
