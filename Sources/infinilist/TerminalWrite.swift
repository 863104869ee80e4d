import Glibc

/// Writes bytes to the terminal outside curses (the clipboard sequence), all of them.
enum TerminalWrite {
    static func all(_ bytes: [UInt8], to descriptor: Int32) {
        var offset = 0
        while offset < bytes.count {
            let written = bytes[offset...].withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
            if written > 0 {
                offset += written
            } else if written < 0, errno == EINTR || errno == EAGAIN {
                // The terminal is slow to take a large sequence: wait until it can.
                var fds = [pollfd(fd: descriptor, events: Int16(POLLOUT), revents: 0)]
                _ = poll(&fds, 1, 1000)
            } else {
                return
            }
        }
    }
}
