# The splitmix64 generator (Steele, Lea and Flood, 2014) of both compiled kernels,
# pachisi._kernel and pachisi._kludo: the one C copy, inlined where it is cimported.
#
#     from cython.cimports.pachisi._splitmix import next_state, below, stream_seed
#
# A stream's state is a 64-bit word; each draw first advances it by the golden
# gamma (next_state), then reads a number below n from the new state (below: the
# top 31 bits of the output modulo n). Stream j of a seed starts from
# stream_seed(seed, j), output j + 1 of splitmix64 seeded with it.
#
# pachisi/_splitmix.py is the same four functions in Python, for the kernels run
# uncompiled (pachisi._uncompiled) and for the Python engine (pachisi._accel's
# SplitMix64 and stream_seed); tests/test_kernel.py checks that both give the
# same numbers.

cdef inline unsigned long long mix(unsigned long long z) noexcept nogil:
    """splitmix64's output function."""
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL
    return z ^ (z >> 31)


cdef inline unsigned long long next_state(unsigned long long state) noexcept nogil:
    """The state after one draw."""
    return state + 0x9E3779B97F4A7C15ULL


cdef inline int below(unsigned long long state, int n) noexcept nogil:
    """The number in 0..n-1 that the (advanced) state ``state`` draws."""
    return <int>((mix(state) >> 33) % <unsigned long long>n)


cdef inline unsigned long long stream_seed(unsigned long long seed, unsigned long long j) noexcept nogil:
    """The seed of stream ``j`` of ``seed``: output ``j + 1`` of splitmix64 seeded with it."""
    return mix(seed + (j + 1) * 0x9E3779B97F4A7C15ULL)
