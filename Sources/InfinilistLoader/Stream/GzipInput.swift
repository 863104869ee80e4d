import CZlib

/// Inflates a gzip (or zlib) input as it is read: `.gz` files. Several gzip members one after
/// another (`cat a.gz b.gz`) are read as one stream, as `gzip -d` does.
final class GzipInput: ByteInput {
    private let input: any ByteInput
    private let label: String
    private var stream = z_stream()
    private var pending: [UInt8] = []
    private var output = [UInt8](repeating: 0, count: 262_144)
    private var started = false
    private var finishedMember = false
    /// Damage found while inflating, thrown once the output produced before it was handed on:
    /// what inflated before a bad checksum or a damaged block is kept, as a truncated file's is.
    private var damage: PageLoadError?

    init(_ input: any ByteInput, label: String) throws(PageLoadError) {
        self.input = input
        self.label = label
        guard czlib_inflate_init(&stream) == Z_OK else { throw PageLoadError(.notJSON, "could not start decompressing \(label)") }
    }

    deinit { inflateEnd(&stream) }

    func read(waitingAtMost milliseconds: Int32) throws(PageLoadError) -> ChunkRead {
        while true {
            if let damage { throw damage }
            if pending.isEmpty {
                switch try input.read(waitingAtMost: milliseconds) {
                case .quiet: return .quiet
                case .end:
                    if started && !finishedMember {
                        throw PageLoadError(.notJSON, "\(label) ends in the middle of its compressed data (truncated .gz file)")
                    }
                    return .end
                case .bytes(let bytes): pending = bytes
                }
            }
            let produced = try inflateSome()
            if !produced.isEmpty { return .bytes(produced) }
        }
    }

    /// Inflates what is pending into at most one output chunk.
    private func inflateSome() throws(PageLoadError) -> [UInt8] {
        if finishedMember {
            // Another member follows the one that ended (or trailing bytes: an error below).
            inflateReset(&stream)
            finishedMember = false
        }
        started = true
        let inputCount = pending.count
        var status: Int32 = Z_OK
        var produced = 0
        var consumed = 0
        pending.withUnsafeMutableBufferPointer { input in
            output.withUnsafeMutableBufferPointer { out in
                stream.next_in = input.baseAddress
                stream.avail_in = UInt32(input.count)
                stream.next_out = out.baseAddress
                stream.avail_out = UInt32(out.count)
                status = inflate(&stream, Z_NO_FLUSH)
                produced = out.count - Int(stream.avail_out)
                consumed = inputCount - Int(stream.avail_in)
            }
        }
        stream.next_in = nil
        stream.next_out = nil
        pending.removeFirst(consumed)
        switch status {
        case Z_OK, Z_BUF_ERROR:
            if produced == 0 && consumed == 0 {
                throw PageLoadError(.notJSON, "\(label) could not be decompressed (zlib made no progress)")
            }
        case Z_STREAM_END: finishedMember = true
        default:
            let said = stream.msg.map { String(cString: $0) } ?? ""
            let why = said == "incorrect data check" || said == "incorrect length check"
                ? "its checksum does not match what inflated: the file is damaged"
                : "its gzip data is damaged, zlib error \(status)"
            let error = PageLoadError(.notJSON, "\(label) could not be decompressed past byte \(stream.total_in) (\(why)); what came before it was read")
            guard produced > 0 else { throw error }
            damage = error
        }
        return Array(output[0..<produced])
    }
}
