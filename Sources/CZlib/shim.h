#ifndef CZLIB_SHIM_H
#define CZLIB_SHIM_H
#include <zlib.h>

/// Compresses `length` bytes at `input` in one step into `output` (`capacity` bytes, at least
/// `czlib_bound(length)`), as gzip (`gzip` != 0) or as zlib data (HTTP's "deflate"). Returns the
/// compressed size, or -1 when zlib fails. A function here because `deflateInit2` is a macro.
static inline long czlib_compress(const unsigned char *input, unsigned long length,
                                  unsigned char *output, unsigned long capacity, int gzip) {
    z_stream stream = {0};
    if (deflateInit2(&stream, Z_BEST_COMPRESSION, Z_DEFLATED, gzip ? 15 + 16 : 15, 8, Z_DEFAULT_STRATEGY) != Z_OK) {
        return -1;
    }
    stream.next_in = (Bytef *)input;
    stream.avail_in = (uInt)length;
    stream.next_out = output;
    stream.avail_out = (uInt)capacity;
    int result = deflate(&stream, Z_FINISH);
    long written = (long)stream.total_out;
    deflateEnd(&stream);
    return result == Z_STREAM_END ? written : -1;
}

/// Enough room for the compressed form of `length` bytes, gzip header and trailer included.
static inline unsigned long czlib_bound(unsigned long length) {
    return compressBound(length) + 32;
}
/// Starts inflating gzip or zlib data (the header says which), several gzip members one after
/// another included (the caller resets at each member's end). A function because `inflateInit2`
/// is a macro. Returns zlib's status (Z_OK).
static inline int czlib_inflate_init(z_stream *stream) {
    return inflateInit2(stream, 15 + 32);
}
#endif
