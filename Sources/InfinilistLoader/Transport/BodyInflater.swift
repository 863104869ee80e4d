import CZlib

/// Inflates a `Content-Encoding: gzip` or `deflate` body as it streams in, under a cap on the
/// inflated size. Done here rather than by the HTTP client, whose decompressor reads "deflate"
/// only as zlib data: servers also send raw deflate data without the zlib header (RFC 1951
/// alone), which curl and browsers accept. As curl does, `deflate` is tried as zlib data first
/// and read again as raw deflate when its first bytes are not zlib's.
final class BodyInflater {
    /// Why the bytes could not be inflated.
    enum Failure: Error, Equatable {
        /// Not gzip or deflate data at all.
        case invalid
        /// The body ended before its compressed data did.
        case truncated
        /// Bytes follow the end of the compressed data.
        case trailingData
    }

    private var stream = z_stream()
    private var started = false
    private var ended = false
    private var sawInput = false
    /// `deflate` only: the input seen before any output, to read again as raw deflate.
    private var replay: [UInt8]? = nil
    private let isDeflate: Bool
    private var output = [UInt8](repeating: 0, count: 65_536)

    /// `encoding` is `gzip`, `x-gzip` or `deflate` (lowercased, as `ContentEncodingCheck.decompressed`
    /// gives it); `x-gzip` is gzip (RFC 9110, 8.4.1.3).
    init(encoding: String) throws(Failure) {
        isDeflate = encoding == "deflate"
        // gzip: 15 + 16 reads the gzip wrapper only; deflate: 15 reads the zlib wrapper.
        try start(windowBits: isDeflate ? 15 : 15 + 16)
        if isDeflate { replay = [] }
    }

    deinit { if started { inflateEnd(&stream) } }

    /// The inflated bytes of `input`, appended to `into`; stops (returning false) once `into`
    /// holds `limit` bytes, keeping only that many.
    func inflate(_ input: [UInt8], into bytes: inout [UInt8], limit: Int) throws(Failure) -> Bool {
        if input.isEmpty { return true }
        if ended {
            guard startsAnotherMember(input) else { throw .trailingData }
            nextMember()
        }
        sawInput = true
        if replay != nil { replay? += input }
        var status: Int32 = Z_OK
        var leftOver = 0
        var produced = false
        input.withUnsafeBufferPointer { inputBuffer in
            stream.next_in = UnsafeMutablePointer(mutating: inputBuffer.baseAddress)
            stream.avail_in = uInt(inputBuffer.count)
            output.withUnsafeMutableBufferPointer { outputBuffer in
                repeat {
                    stream.next_out = outputBuffer.baseAddress
                    stream.avail_out = uInt(outputBuffer.count)
                    status = CZlib.inflate(&stream, Z_NO_FLUSH)
                    let count = outputBuffer.count - Int(stream.avail_out)
                    if count > 0 {
                        produced = true
                        bytes.append(contentsOf: outputBuffer.prefix(min(count, max(0, limit - bytes.count))))
                    }
                } while status == Z_OK && (stream.avail_in > 0 || stream.avail_out == 0) && bytes.count < limit
            }
            leftOver = Int(stream.avail_in)
            stream.next_in = nil
        }
        if status == Z_DATA_ERROR, let seen = replay, bytes.isEmpty, !produced {
            // Not zlib data: raw deflate, read again from its first byte.
            replay = nil
            inflateEnd(&stream)
            started = false
            try start(windowBits: -15)
            return try inflate(seen, into: &bytes, limit: limit)
        }
        if produced { replay = nil }
        switch status {
        case Z_STREAM_END:
            ended = true
            if leftOver > 0 {
                // gzip allows several members one after another (`cat a.gz b.gz`), as gzip -d
                // and curl read them; anything else after the end is not compressed data.
                let rest = Array(input.suffix(leftOver))
                guard startsAnotherMember(rest) else { throw .trailingData }
                nextMember()
                return try inflate(rest, into: &bytes, limit: limit)
            }
        case Z_OK, Z_BUF_ERROR:
            break
        default:
            throw .invalid
        }
        return bytes.count < limit
    }

    /// Throws when the body ended before its compressed data did (an empty body is no data).
    func finish() throws(Failure) {
        if sawInput, !ended { throw .truncated }
    }

    /// Whether `bytes`, after the end of a gzip member, begin another (its magic `1f 8b`, or
    /// the first half of it at the end of a chunk).
    private func startsAnotherMember(_ bytes: [UInt8]) -> Bool {
        guard !isDeflate, let first = bytes.first, first == 0x1F else { return false }
        return bytes.count == 1 || bytes[1] == 0x8B
    }

    private func nextMember() {
        inflateReset(&stream)
        ended = false
    }

    private func start(windowBits: Int32) throws(Failure) {
        stream = z_stream()
        guard inflateInit2_(&stream, windowBits, zlibVersion(), Int32(MemoryLayout<z_stream>.size)) == Z_OK else { throw .invalid }
        started = true
    }
}
