# The compiled kernel's lane sorts, lowest set bit and two-word key comparison in C (_kbits.h:
# the sorts on SSE2 in one vector register), for pachisi/_kernel.py, which cimports them only
# when compiled:
#
#     from cython.cimports.pachisi._kbits import kbits_sort4, kbits_canon4, ...
#
# Its helpers _sort4, _canon4, _field4, _lowest_bit and _less2 are the same functions in
# Python (the uncompiled kernel's), and say what each computes.

cdef extern from "_kbits.h":
    unsigned long long kbits_sort4(unsigned long long w) noexcept nogil
    unsigned long long kbits_canon4(unsigned long long w) noexcept nogil
    unsigned long long kbits_field4(unsigned long long w) noexcept nogil
    int kbits_lowest_bit(int m) noexcept nogil
    int kbits_less2(unsigned long long b0, unsigned long long b1,
                    unsigned long long a0, unsigned long long a1) noexcept nogil
