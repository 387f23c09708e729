# Types for the compiled build of rng.py (Cython reads this beside the source; plain Python
# never does): the generator's state and arithmetic as 64-bit C integers. Same numbers drawn:
# tests/core/test_rng.py compares them with the plain source's.
cimport cython

cdef unsigned long long _MASK, _GAMMA, _MIX1, _MIX2, _LOW32

cdef class Rng:
    cdef public unsigned long long state

    @cython.locals(s=cython.ulonglong, z=cython.ulonglong)
    cpdef unsigned long long next64(self)

    @cython.locals(s=cython.ulonglong, z=cython.ulonglong, m=cython.ulonglong)
    cpdef object below(self, n)

    @cython.locals(s=cython.ulonglong, z=cython.ulonglong, i=cython.Py_ssize_t, j=cython.Py_ssize_t,
                   m=cython.ulonglong)
    cpdef shuffle(self, list items)
