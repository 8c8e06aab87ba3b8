/* The compiled kernel's lane sorts (pachisi/_kernel.py: _sort4, _canon4, _field4, and
 * through them _raised, _raised_by, _raised_canon), _lowest_bit and the pick's two-word
 * comparison _less2, in C.
 *
 * A state's pawns of one colour are four 16-bit lanes of a 64-bit word, lane 0 the lowest
 * (p | moved << 7 | tag << 8: p a progress number up to 84, tag at most 4, so every lane
 * is below 0x800). Sorting them, lane 0 the smallest, is a network of five
 * compare-exchanges. Where the compiler targets SSE2 (every x86-64 compiler: it is in
 * the baseline, so no -march flag is needed) the lanes sort inside one vector register:
 * three rounds of a shuffle, a signed 16-bit minimum and maximum (pminsw, pmaxsw: exact
 * since every lane is below 0x8000) and a merge, about 17 instructions where the
 * branch-free scalar network takes about 37. Elsewhere the same network in scalars.
 *
 * Declared for Cython in _kbits.pxd; _kernel.py's Python helpers are the uncompiled kernel's
 * copies (each starts with "if cython.compiled:" and a call of the C function here), and
 * the differential tests compare the compiled kernel with the clear engine.
 */
#ifndef PACHISI_KBITS_H
#define PACHISI_KBITS_H

/* (x86-64 only: _mm_cvtsi64_si128 moves a 64-bit register, which 32-bit x86 has not) */
#if ((defined(__x86_64__) && defined(__SSE2__)) || defined(_M_X64)) && !defined(PACHISI_KBITS_SCALAR)
#include <emmintrin.h>

/* The four low 16-bit lanes of x (each below 0x8000) sorted, as lanes 0-3 of the result
 * in the order a d b c (a the smallest, d the largest): the caller's last shuffle puts
 * them in the order it needs. */
static inline __m128i kbits_sort_v(__m128i x) {
    /* (0, 1) and (2, 3): the pairs' minima and maxima interleaved, m01 M01 m01 M01 m23 M23 .. */
    __m128i y = _mm_shufflelo_epi16(x, _MM_SHUFFLE(2, 3, 0, 1));
    __m128i u = _mm_unpacklo_epi16(_mm_min_epi16(x, y), _mm_max_epi16(x, y));
    /* (0, 2) and (1, 3): the 32-bit halves swapped; the minima a e a e .. and maxima f d f d ..
     * interleaved: a f e d (a the smallest, d the largest) */
    __m128i v = _mm_shuffle_epi32(u, _MM_SHUFFLE(1, 0, 3, 2));
    __m128i t = _mm_unpacklo_epi16(_mm_min_epi16(u, v), _mm_max_epi16(u, v));
    /* (1, 2), with a and d riding along: d e .. against a f ..; the minima a b and maxima d c
     * interleaved */
    __m128i s = _mm_shufflelo_epi16(t, _MM_SHUFFLE(1, 0, 2, 3));
    return _mm_unpacklo_epi16(_mm_min_epi16(s, t), _mm_max_epi16(s, t));
}

/* Four lanes below 0x100 in the order d c b a as a big-endian 32-bit field: a (lane 0) in
 * the top byte, d in the lowest. */
static inline unsigned long long kbits_field_v(__m128i x) {
    return (unsigned int)_mm_cvtsi128_si32(_mm_packus_epi16(x, x));
}

static inline unsigned long long kbits_sort4(unsigned long long w) {
    __m128i r = kbits_sort_v(_mm_cvtsi64_si128((long long)w));
    return (unsigned long long)_mm_cvtsi128_si64(_mm_shufflelo_epi16(r, _MM_SHUFFLE(1, 3, 2, 0)));
}

static inline unsigned long long kbits_field4(unsigned long long w) {
    __m128i x = _mm_cvtsi64_si128((long long)w);
    return kbits_field_v(_mm_shufflelo_epi16(x, _MM_SHUFFLE(0, 1, 2, 3)));
}

static inline unsigned long long kbits_canon4(unsigned long long w) {
    __m128i r = kbits_sort_v(_mm_cvtsi64_si128((long long)(w & 0x007F007F007F007FULL)));
    return kbits_field_v(_mm_shufflelo_epi16(r, _MM_SHUFFLE(0, 2, 3, 1)));
}

#else /* the same in scalars */

static inline unsigned long long kbits_sort4(unsigned long long w) {
    unsigned long long a = w & 0xFFFF, b = (w >> 16) & 0xFFFF, c = (w >> 32) & 0xFFFF, d = w >> 48;
    unsigned long long x = a < b ? a : b, y = a < b ? b : a, z = c < d ? c : d, t = c < d ? d : c;
    a = x < z ? x : z;
    c = x < z ? z : x;
    b = y < t ? y : t;
    d = y < t ? t : y;
    x = b < c ? b : c;
    c = b < c ? c : b;
    return a | x << 16 | c << 32 | d << 48;
}

static inline unsigned long long kbits_field4(unsigned long long v) {
    return (v & 0xFF) << 24 | ((v >> 16) & 0xFF) << 16 | ((v >> 32) & 0xFF) << 8 | (v >> 48);
}

static inline unsigned long long kbits_canon4(unsigned long long w) {
    return kbits_field4(kbits_sort4(w & 0x007F007F007F007FULL));
}

#endif

/* The lowest set bit's number of m (> 0): one instruction (bsf or tzcnt, both baseline x86-64,
 * giving the same for m != 0) where the compiler has the builtin. */
static inline int kbits_lowest_bit(int m) {
#if defined(__GNUC__) || defined(__clang__)
    return __builtin_ctz((unsigned int)m);
#else
    unsigned int v = (unsigned int)m & (0u - (unsigned int)m);
    int n = 0;
    while (v >>= 1)
        n++;
    return n;
#endif
}

/* Whether the two-word key (b0, b1) comes before (a0, a1), word 0 first (the pick's canonical
 * order on two key words). Where the compiler has a 128-bit integer, one 128-bit comparison:
 * a cmp of the low words and an sbb of the high ones, whose borrow is the answer (two
 * instructions where the scalar chain b0 < a0 + (b1 < a1) takes four and a copy). */
static inline int kbits_less2(unsigned long long b0, unsigned long long b1, unsigned long long a0,
                              unsigned long long a1) {
#if defined(__SIZEOF_INT128__) && !defined(PACHISI_KBITS_SCALAR)
    return ((unsigned __int128)b0 << 64 | b1) < ((unsigned __int128)a0 << 64 | a1);
#else
    return (b0 < a0) | ((b0 == a0) & (b1 < a1));
#endif
}

#endif
