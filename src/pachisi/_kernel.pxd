# The compiled kernel's C interface to the other compiled modules (pachisi._kbatch,
# pachisi._kplay): the entry points of "entry points for the batched environments"
# and "entry points for the games" in _kernel.py, which defines them (Cython checks
# at build time that both agree). The layout constants they share are _layout.pxd's.
# Cimported as
#
#     from cython.cimports.pachisi._kernel import kb_enumerate, kp_play, ...
#
# The Kernel class is deliberately not declared here: a class declared in a .pxd
# calls its fused methods (the enumerator's compiled copies) through its method
# table, which cost the playouts 41% more instructions when tried; the functions
# below take the kernel as an object and run inside this module, where every
# call stays direct.

cdef object kb_new(int[::1] game)
cdef int kb_enumerate(object kern, int[::1] gs, int a, int b, int fin_mask) noexcept
cdef unsigned long long[::1] kb_outcomes(object kern)
cdef int[::1] kb_order(object kern)
cdef int kb_select(object kern, int m, int rank) noexcept
cdef void kb_apply(object kern, int[::1] gs, unsigned long long hi, unsigned long long lo, unsigned long long x, int fin_mask) noexcept
cdef bint kb_decided(object kern, int fin_mask, int winner) noexcept
cdef bint kb_dead_end(object kern, int[::1] gs, int fin_mask) noexcept
cdef bint kb_changes(object kern, int[::1] gs, unsigned long long hi, unsigned long long lo, unsigned long long x) noexcept

# the games (pachisi._kplay), played on the kernel's own state buffer (kp_state), so that
# no call on a game's hot path passes a memoryview
cdef int[::1] kp_state(object kern)
cdef void kp_setup(object kern, int[::1] game, double[::1] evd, int[::1] evi)
cdef int kp_enumerate(object kern, int a, int b, int fin_mask, bint sort, bint played) noexcept
cdef int kp_row(object kern, int i) noexcept
cdef int kp_best(object kern, int m, int mover, int fin_mask, bint network) noexcept
cdef int kp_best_row(object kern, int j) noexcept
cdef int kp_play(object kern, int r, int mover, int fin_mask) noexcept
cdef double kp_evaluate(object kern, int player) noexcept
