import Glibc

/// The input of the stream figures: NDJSON log records of one fixed length (109 bytes), so that
/// ten million of them are a 1.09 GB file. Written once into the work directory and reused by later
/// runs while its size is right (writing 1 GB takes a few seconds).
///
/// A record: `{"time":"2026-11-21T13:46:40Z","level":"info","message":"GET /api/items/10000000 200","ms":10,"id":10000000}`.
/// Every number has a fixed width (ids from 10,000,000, ms 10–99, the time of day), so each line
/// is the template with its digits filled in.
enum StreamFixtures {
    private static let template = Array(#"{"time":"2026-11-21T00:00:00Z","level":"info","message":"GET /api/items/00000000 200","ms":00,"id":00000000}"#.utf8) + [0x0A]

    static var lineLength: Int { template.count }

    /// `lines` records in `path`, made unless the file already has exactly their size.
    static func make(_ path: String, lines: Int) throws(StreamBenchmarks.Failure) {
        var info = stat()
        if stat(path, &info) == 0, Int(info.st_size) == lines * lineLength { return }
        let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw StreamBenchmarks.Failure(description: "cannot write \(path): \(String(cString: strerror(errno)))") }
        defer { close(fd) }
        let perChunk = 40_000
        var chunk = [UInt8]()
        chunk.reserveCapacity(perChunk * lineLength)
        var index = 0
        while index < lines {
            chunk.removeAll(keepingCapacity: true)
            for line in index..<min(lines, index + perChunk) { append(line, to: &chunk) }
            var offset = 0
            while offset < chunk.count {
                let written = chunk[offset...].withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
                if written > 0 { offset += written } else if errno != EINTR {
                    throw StreamBenchmarks.Failure(description: "cannot write \(path): \(String(cString: strerror(errno)))")
                }
            }
            index += perChunk
        }
    }

    /// Record number `line`, with its line break.
    static func record(_ line: Int) -> [UInt8] {
        var bytes: [UInt8] = []
        append(line, to: &bytes)
        return bytes
    }

    private static let positions = Positions(template)

    private static func append(_ line: Int, to bytes: inout [UInt8]) {
        let start = bytes.count
        bytes.append(contentsOf: template)
        let seconds = line % 86_400
        fill(&bytes, at: start + positions.hours, seconds / 3600, width: 2)
        fill(&bytes, at: start + positions.minutes, seconds / 60 % 60, width: 2)
        fill(&bytes, at: start + positions.seconds, seconds % 60, width: 2)
        fill(&bytes, at: start + positions.path, 10_000_000 + line, width: 8)
        fill(&bytes, at: start + positions.ms, 10 + line % 90, width: 2)
        fill(&bytes, at: start + positions.id, 10_000_000 + line, width: 8)
    }

    private static func fill(_ bytes: inout [UInt8], at position: Int, _ value: Int, width: Int) {
        var rest = value
        for offset in stride(from: width - 1, through: 0, by: -1) {
            bytes[position + offset] = UInt8(ascii: "0") + UInt8(rest % 10)
            rest /= 10
        }
    }

    /// Where each number's digits start in the template.
    private struct Positions {
        let hours, minutes, seconds, path, ms, id: Int

        init(_ template: [UInt8]) {
            func after(_ text: String) -> Int {
                let needle = Array(text.utf8)
                for start in 0...(template.count - needle.count) where Array(template[start..<start + needle.count]) == needle {
                    return start + needle.count
                }
                preconditionFailure("the template has no \(text)")
            }
            hours = after("2026-11-21T")
            minutes = hours + 3
            seconds = hours + 6
            path = after("/api/items/")
            ms = after(#""ms":"#)
            id = after(#""id":"#)
        }
    }
}
