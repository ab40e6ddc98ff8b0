# The compile-time values of solver/search/dfpn_shared.py, for the compiled df-pn loop
# (solver/search/dfpn_fast.pyx cimports them): Cython needs them when it compiles.
# tests/search/test_constants.py checks that they are the Python module's.

cdef extern from *:
    """
    #define RENJU_DFPN_INF 36028797018963968LL
    #define RENJU_DFPN_EPSILON 0.25
    """
    # INF (2 ** 55) and EPSILON
    const long long INF "RENJU_DFPN_INF"
    const double EPSILON "RENJU_DFPN_EPSILON"

cdef enum:
    HIDDEN_AFTER = 16
    MAX_R = 255
    AFTER_FOUR = 128  # book counting
    BOOK_MAX_R = 127
    BOOK_VCF_DEPTH = 112
    DEPENDENT_REACH = 4
    DEPENDENT_NEAR = 2
    NPOINTS = 225  # solver.rules.notation.NPOINTS
