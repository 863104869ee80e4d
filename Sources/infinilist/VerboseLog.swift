import Glibc
import Synchronization

/// `--verbose` notes from the loader while the screen is up. Writing them to a stderr that is the
/// terminal would scribble over the list, so they are kept and written after the terminal is
/// restored; when stderr is a file or pipe they are written at once.
final class VerboseLog: Sendable {
    private let held = Mutex<[String]>([])
    private let immediate: Bool
    /// Keeps the last notes only: a long session must not grow memory.
    private let limit = 500

    init() {
        immediate = isatty(2) == 0
    }

    func note(_ text: String) {
        if immediate {
            Self.writeError(text)
            return
        }
        held.withLock { lines in
            lines.append(text)
            if lines.count > limit { lines.removeFirst(lines.count - limit) }
        }
    }

    /// Writes what was held; call after the terminal is restored.
    func flush() {
        for line in held.withLock({ lines in defer { lines.removeAll() }; return lines }) {
            Self.writeError(line)
        }
    }

    private static func writeError(_ text: String) {
        let bytes = Array(("infinilist: " + text + "\n").utf8)
        var offset = 0
        while offset < bytes.count {
            let written = bytes[offset...].withUnsafeBytes { write(2, $0.baseAddress, $0.count) }
            if written > 0 {
                offset += written
            } else if written < 0, errno == EINTR {
                continue
            } else {
                return
            }
        }
    }
}
