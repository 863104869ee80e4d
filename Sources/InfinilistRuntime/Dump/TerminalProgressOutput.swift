#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import InfinilistCore

/// Standard error on a terminal, with one progress line at its bottom (`--dump`'s pages, items
/// and rate): the line is rewritten in place (`\r`, erase to the end of the line) and cleared
/// before any other line and at exit, so what stays on the terminal is only what a file would
/// have received. A long dump no longer runs for seconds without a word (issue 33).
public final class TerminalProgressOutput: LineOutput {
    private let lines: FileLineOutput
    private let descriptor: Int32
    /// Whether a progress line is on the terminal now.
    private var showing = false

    /// Standard error when it is a terminal; nil when it is not (a file, a pipe, a script).
    public static func standardErrorIfTerminal() -> TerminalProgressOutput? {
        isatty(2) == 1 ? TerminalProgressOutput(descriptor: 2) : nil
    }

    init(descriptor: Int32) {
        self.descriptor = descriptor
        lines = FileLineOutput(descriptor: descriptor, bufferBytes: 0)
    }

    public var failure: OutputFailure? { lines.failure }

    public func write(line: String) {
        clearProgress()
        lines.write(line: line)
    }

    public func write(text: SharedText) {
        clearProgress()
        lines.write(text: text)
    }

    public func flush() { lines.flush() }

    public func showProgress(_ text: String) {
        // One row of the terminal, so `\r` returns to its start: cut to the width, less one
        // column so no terminal wraps at the last one.
        let width = max(10, Self.columns(descriptor) - 1)
        writeRaw("\r" + DisplayWidth.clip(text, to: width).text + "\u{1B}[K")
        showing = true
    }

    /// Erases the progress line, if one is shown (before a line is written, and at exit).
    public func clearProgress() {
        guard showing else { return }
        showing = false
        writeRaw("\r\u{1B}[K")
    }

    private func writeRaw(_ text: String) {
        let bytes = Array(text.utf8)
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeBytes { buffer -> Int in
                guard let base = buffer.baseAddress else { return 0 }
                return Glibc.write(descriptor, base + offset, buffer.count - offset)
            }
            if written < 0, errno == EINTR { continue }
            // A terminal that cannot be written to loses only the progress line.
            guard written > 0 else { return }
            offset += written
        }
    }

    private static func columns(_ descriptor: Int32) -> Int {
        var size = winsize()
        guard ioctl(descriptor, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 else { return 80 }
        return Int(size.ws_col)
    }
}
