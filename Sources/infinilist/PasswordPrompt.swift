import ArgumentParser
import Glibc

/// Asks for `-u user`'s password on the terminal (`/dev/tty`, not stdin, which may be a pipe),
/// with echo off, as curl does. Without a terminal it is a usage error that says how to give the
/// password instead; the password is never echoed, logged or shown.
enum PasswordPrompt {
    static func noTerminal(user: String) -> ValidationError {
        ValidationError("-u \(user): there is no terminal (/dev/tty) to ask for the password on; give it as -u \(user):PASSWORD")
    }

    /// Whether `/dev/tty` can be opened (the check `validate()` makes before anything is asked).
    static var terminalAvailable: Bool {
        let descriptor = open("/dev/tty", O_RDWR | O_CLOEXEC)
        guard descriptor >= 0 else { return false }
        close(descriptor)
        return true
    }

    /// The password typed on the terminal, up to Enter. Ctrl-C, SIGTERM, SIGHUP and SIGQUIT end
    /// the program while it waits (128 + signal) and Ctrl-Z stops it, with echo back on first
    /// (`InterruptibleWait`); continued, echo goes off again and the prompt is asked again.
    static func ask(user: String) throws -> String {
        let descriptor = open("/dev/tty", O_RDWR | O_CLOEXEC)
        guard descriptor >= 0 else { throw noTerminal(user: user) }
        defer { close(descriptor) }
        var saved = termios()
        let isTerminal = tcgetattr(descriptor, &saved) == 0
        let prompt = "Password for \(user): "
        func quiet() {
            guard isTerminal else { return }
            var quiet = saved
            quiet.c_lflag &= ~tcflag_t(ECHO)
            _ = tcsetattr(descriptor, TCSAFLUSH, &quiet)
        }
        // Echo comes back on every path; the newline the user typed is not echoed, so write one.
        func restore() {
            if isTerminal { _ = tcsetattr(descriptor, TCSAFLUSH, &saved) }
            writeAll(descriptor, "\n")
        }
        quiet()
        defer { restore() }
        writeAll(descriptor, prompt)
        let wait = InterruptibleWait(restore: restore, resume: {
            quiet()
            writeAll(descriptor, prompt)
        })
        var bytes: [UInt8] = []
        var byte: UInt8 = 0
        while bytes.count < 4096 {
            wait.untilReadable(descriptor)
            let count = read(descriptor, &byte, 1)
            if count < 0, errno == EINTR || errno == EAGAIN { continue }
            if count <= 0 || byte == UInt8(ascii: "\n") { break }
            bytes.append(byte)
        }
        if bytes.last == UInt8(ascii: "\r") { bytes.removeLast() }
        return String(decoding: bytes, as: UTF8.self)
    }

    private static func writeAll(_ descriptor: CInt, _ text: String) {
        let bytes = Array(text.utf8)
        var offset = 0
        while offset < bytes.count {
            let written = bytes[offset...].withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
            if written > 0 { offset += written } else if written < 0, errno == EINTR { continue } else { return }
        }
    }
}
