import Glibc

/// A pseudo-terminal of a fixed size that the bench plays the terminal emulator for: it types keys
/// into the master side and counts every byte the program writes back, with the time it arrived.
///
/// It answers the one query a program may send at start (cursor position report, `ESC [ 6 n`) so
/// that no program waits for a terminal that never replies.
final class PseudoTerminal {
    let master: Int32
    /// Kept open so the master never reads EIO between the program's start and its own open.
    private let slave: Int32
    /// The slave's path, for the child to open as its controlling terminal.
    let slavePath: String
    /// Bytes read since the last `take()`, for checks such as "the status shows 20 pages".
    private(set) var transcript: [UInt8] = []
    private var buffer = [UInt8](repeating: 0, count: 1 << 16)

    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    /// What a program wrote in answer to something: how much and when the last byte came.
    struct Burst {
        var bytes = 0
        /// Monotonic time of the last byte read; nil when nothing came.
        var lastByteAt: Int64?
    }

    init(rows: Int, columns: Int) throws(Failure) {
        var master: Int32 = -1
        var slave: Int32 = -1
        var size = winsize(ws_row: UInt16(rows), ws_col: UInt16(columns), ws_xpixel: 0, ws_ypixel: 0)
        guard openpty(&master, &slave, nil, nil, &size) == 0 else {
            throw Failure(description: "openpty failed: \(String(cString: strerror(errno)))")
        }
        var name = [CChar](repeating: 0, count: 256)
        let status = ttyname_r(slave, &name, name.count)
        guard status == 0 else {
            throw Failure(description: "ttyname_r failed: \(String(cString: strerror(status)))")
        }
        self.master = master
        self.slave = slave
        self.slavePath = String(decoding: name.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        for fd in [master, slave] { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
        _ = fcntl(master, F_SETFL, fcntl(master, F_GETFL, 0) | O_NONBLOCK)
    }

    deinit {
        close(master)
        close(slave)
    }

    /// Types `bytes` as the terminal would send them for a key press.
    func type(_ bytes: [UInt8]) {
        var offset = 0
        while offset < bytes.count {
            let written = bytes[offset...].withUnsafeBytes { Glibc.write(master, $0.baseAddress, $0.count) }
            if written > 0 { offset += written } else if errno != EINTR && errno != EAGAIN { return }
        }
    }

    /// Reads until the program has been silent for `quietMs` (counted from `since`, or from the
    /// last byte), or until `limitMs` have passed since `since`. The burst is what came meanwhile.
    func readUntilQuiet(quietMs: Int, limitMs: Int, since: Int64 = Monotonic.now()) -> Burst {
        let quiet = Int64(quietMs) * 1_000_000
        let limit = since + Int64(limitMs) * 1_000_000
        var burst = Burst()
        var lastActivity = since
        while true {
            let now = Monotonic.now()
            let quietEnds = lastActivity + quiet
            if now >= quietEnds || now >= limit { return burst }
            let waitNs = min(quietEnds, limit) - now
            if let count = readOnce(timeoutMs: Int32(max(1, (waitNs + 999_999) / 1_000_000))), count > 0 {
                burst.bytes += count
                burst.lastByteAt = Monotonic.now()
                lastActivity = burst.lastByteAt ?? now
            }
        }
    }

    /// Reads (and counts) whatever comes until `deadline`.
    func drain(until deadline: Int64) -> Int {
        var total = 0
        while true {
            let now = Monotonic.now()
            if now >= deadline { return total }
            total += readOnce(timeoutMs: Int32(max(1, (deadline - now) / 1_000_000))) ?? 0
        }
    }

    /// Reads what is waiting, without blocking beyond a few milliseconds.
    @discardableResult
    func drainNow() -> Int { drain(until: Monotonic.now() + 2_000_000) }

    /// Empties the transcript, returning it.
    func take() -> [UInt8] {
        defer { transcript.removeAll(keepingCapacity: true) }
        return transcript
    }

    /// One poll and read; nil when nothing came before the timeout (or the program has gone).
    private func readOnce(timeoutMs: Int32) -> Int? {
        var fds = [pollfd(fd: master, events: Int16(POLLIN), revents: 0)]
        guard poll(&fds, 1, timeoutMs) > 0 else { return nil }
        let count = buffer.withUnsafeMutableBytes { read(master, $0.baseAddress, $0.count) }
        guard count > 0 else {
            // EIO: the program closed the terminal; do not spin on it.
            if count < 0, errno != EAGAIN, errno != EINTR { Monotonic.sleep(milliseconds: 1) }
            return nil
        }
        let chunk = buffer[0..<count]
        transcript.append(contentsOf: chunk)
        if transcript.count > 1 << 22 { transcript.removeFirst(transcript.count - (1 << 21)) }
        answerQueries(in: chunk)
        return count
    }

    /// `ESC [ 6 n` asks where the cursor is; a terminal answers `ESC [ row ; column R`.
    private func answerQueries(in chunk: ArraySlice<UInt8>) {
        let query: [UInt8] = [0x1b, 0x5b, 0x36, 0x6e]
        guard chunk.count >= query.count else { return }
        var index = chunk.startIndex
        while index + query.count <= chunk.endIndex {
            if chunk[index..<index + query.count].elementsEqual(query) {
                type(Array("\u{1b}[1;1R".utf8))
            }
            index += 1
        }
    }
}
