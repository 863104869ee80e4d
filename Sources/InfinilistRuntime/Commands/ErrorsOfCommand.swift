import Glibc
import ProcessSpawn

/// What a background command wrote on stderr, for the notice when it fails: read from a pipe
/// while it runs (so it never blocks on a full pipe), keeping only the last few kilobytes, until
/// it ends. A grandchild that keeps the pipe open (`cmd &`) does not hold the notice back.
enum ErrorsOfCommand {
    static let kept = 4096

    /// Waits for `child`; returns its status and the last line it wrote on `pipe`, if any.
    static func collect(from pipe: Int32, of child: ChildProcess) -> (status: Int32, message: String?) {
        var tail: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        var open = true
        var status: Int32?
        while status == nil {
            if open {
                var fds = [pollfd(fd: pipe, events: Int16(POLLIN), revents: 0)]
                if poll(&fds, 1, 100) > 0 {
                    let count = read(pipe, &buffer, buffer.count)
                    if count > 0 {
                        tail += buffer[0..<count]
                        if tail.count > kept { tail.removeFirst(tail.count - kept) }
                    } else if count == 0 || errno != EINTR {
                        open = false
                    }
                }
            } else {
                status = (try? child.waitUntilExit()) ?? 127
                break
            }
            status = child.exitStatus()
        }
        // What it wrote just before it ended.
        if open {
            _ = fcntl(pipe, F_SETFL, fcntl(pipe, F_GETFL) | O_NONBLOCK)
            while true {
                let count = read(pipe, &buffer, buffer.count)
                guard count > 0 else { break }
                tail += buffer[0..<count]
                if tail.count > kept { tail.removeFirst(tail.count - kept) }
            }
        }
        return (status ?? 127, lastLine(tail))
    }

    /// The last line that is not blank, at most 200 characters.
    static func lastLine(_ bytes: [UInt8]) -> String? {
        let text = String(decoding: bytes, as: UTF8.self)
        guard let line = text.split(whereSeparator: \.isNewline).last(where: { !$0.allSatisfy(\.isWhitespace) }) else { return nil }
        let trimmed = line.drop { $0.isWhitespace }
        return trimmed.count > 200 ? String(trimmed.prefix(199)) + "…" : String(trimmed)
    }
}
