# The value network's C interface to the kernel (pachisi._kernel), which defines
# no network of its own: the Net class's fields and the net_* functions of
# _knet.py (Cython checks at build time that both agree). Cimported as
#
#     from cython.cimports.pachisi._knet import Net, net_new, net_value, ...
#
# The class is final and has no C methods (only Python ones): the kernel calls
# the module-level functions below, each a direct C call through a pointer
# imported when it loads, and reads no field itself.

cimport cython


@cython.final
cdef class Net:
    # the tables in use (pachisi.learn.kernel.tables)
    cdef int[::1] nni
    cdef double[::1] nnd
    # one encoding's active units and values, the hidden layer, the side chances
    cdef int[::1] idx
    cdef double[::1] val
    cdef double[::1] h
    cdef double[::1] z
    # the encoder's scratch, and a game state (Net.batch)
    cdef int[::1] s
    cdef double[::1] dv
    cdef int[::1] st
    # the self-play recording (net_recording, net_record)
    cdef int nr_n
    cdef int[::1] nr_idx
    cdef double[::1] nr_val
    cdef int[::1] nr_off
    cdef int[::1] nr_mv
    cdef double[::1] nr_v

# the players who have finished in the game state at st[at:], as a bit mask (every
# kernel module's)
cdef int finishers(int[::1] st, int at) noexcept

cdef Net net_new()
cdef void net_use(Net net, int[::1] nni, double[::1] nnd) except *
cdef void net_recording(Net net, int[::1] r_idx, double[::1] r_val, int[::1] r_off, int[::1] r_mv, double[::1] r_v) except *
cdef int net_recorded(Net net) noexcept
cdef void net_record(Net net, int[::1] gs) noexcept
cdef void net_absolute(Net net, int to_move, double[::1] out, int off) noexcept
cdef void net_state(Net net, int[::1] st) noexcept
cdef double net_value(Net net, int[::1] pw, int fin, int mover) noexcept

# Not declared here, so that they stay this module's own (static, no address taken)
# and the C compiler may pass their arguments as it likes: net_encode and
# net_forward, which the functions above call.
