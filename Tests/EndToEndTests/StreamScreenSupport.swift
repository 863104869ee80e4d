import Foundation
import Glibc
import Testing

/// A named pipe the test writes into while infinilist reads it as stdin (`TmuxSession.Stdin.file`):
/// the test decides when each line arrives, so "waiting for input" and rows arriving later are
/// seen in order however slow the machine is. It is opened read-write, which on Linux does not
/// wait for a reader, and keeps the pipe open (no end of input) until `close()`.
final class TestFIFO {
    let path: String
    private var descriptor: Int32

    init(in directory: TemporaryDirectory, name: String = "input.fifo") throws {
        path = directory.file(name).path
        guard mkfifo(path, 0o600) == 0 else { throw TestFailure("mkfifo \(path): errno \(errno)") }
        descriptor = open(path, O_RDWR | O_CLOEXEC)
        guard descriptor >= 0 else { throw TestFailure("open \(path): errno \(errno)") }
    }

    func write(_ text: String) {
        let bytes = Array(text.utf8)
        var done = 0
        while done < bytes.count, descriptor >= 0 {
            let count = bytes[done...].withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress, $0.count) }
            if count <= 0 { return }
            done += count
        }
    }

    /// The end of the input, for the reader.
    func close() {
        if descriptor >= 0 { Glibc.close(descriptor) }
        descriptor = -1
    }

    deinit { close() }
}

/// JSON lines `{"id":N,"title":"line N"}` for `range`, each ending in a line break.
func jsonLines(_ range: ClosedRange<Int>) -> String {
    range.map { "{\"id\":\($0),\"title\":\"line \($0)\"}\n" }.joined()
}

extension TmuxSession {
    /// After the program exited: `stty -a` in the pane is what it was before it started.
    func expectTerminalRestored() async throws {
        try await waitUntil("stty -a after exit") { directory.read("stty.after") != nil }
        let before = try #require(directory.read("stty.before"))
        let after = try #require(directory.read("stty.after"))
        #expect(!before.isEmpty)
        #expect(before == after, "the terminal was not restored")
    }

    /// Quits with `q` and checks the exit status and the terminal.
    func quitAndExpectRestored() async throws {
        try send("q")
        #expect(try await waitForExit() == 0)
        try await expectTerminalRestored()
    }
}

/// The cursor's row from the status line's `row N/M`, whatever its left part says (a notice).
func cursorRow(_ rows: [String]) -> Int? {
    guard let status = rows.last, let range = status.range(of: #"row [0-9,]+/"#, options: .regularExpression) else { return nil }
    return Int(status[range].dropFirst(4).dropLast().replacingOccurrences(of: ",", with: ""))
}

/// Every open descriptor of every process that points into `folder`: a spool file that is still
/// held by someone shows here (as `…/infinilist-spool-XXXXXX (deleted)`).
func descriptorsInto(_ folder: String) -> [String] {
    let processes = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
    var found: [String] = []
    for pid in processes where Int(pid) != nil {
        let fds = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/fd")) ?? []
        for fd in fds {
            if let target = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/\(pid)/fd/\(fd)"),
               target.hasPrefix(folder + "/") {
                found.append("\(pid): \(target)")
            }
        }
    }
    return found
}
