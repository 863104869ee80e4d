import Foundation
import Glibc

/// A private tmux server running one command in a 100x30 pane, for driving infinilist as a user
/// would: each session has its own socket (`-L`), so tests run in parallel; `close()` kills the
/// server.
///
/// The command runs inside a small shell script that records `stty -a` before and after, the
/// program's pid (the script execs into it) and its exit status, into the session's temporary
/// directory, so a test can check that the terminal was restored in the same pane.
final class TmuxSession {
    let directory: TemporaryDirectory
    private let socket: String
    private var closed = false
    /// When the session got its slot and started, and how long it waited for one (`ProgramSlots`).
    let started: ContinuousClock.Instant
    let waitedForSlot: Duration

    static var isAvailable: Bool {
        ["/usr/bin/tmux", "/usr/local/bin/tmux", "/bin/tmux"].contains { FileManager.default.isExecutableFile(atPath: $0) }
    }

    private static var tmuxPath: String {
        ["/usr/bin/tmux", "/usr/local/bin/tmux", "/bin/tmux"].first { FileManager.default.isExecutableFile(atPath: $0) } ?? "tmux"
    }

    /// Where the program's stdout goes, besides the pane.
    enum Stdout {
        /// A file in the session's directory.
        case file(String)
        /// A shell redirection as written, e.g. `> /dev/full` or `>&-` (closed).
        case redirect(String)
        /// A pipe whose reader has already gone (`| true`).
        case closedPipe
    }

    /// Where the program's stdin comes from, instead of the pane's terminal.
    enum Stdin {
        /// The output of a shell command, through a pipe: `tail -f app.jsonl`, `yes`.
        case pipe(from: String)
        /// A file or a named pipe, opened by the shell (`< PATH`).
        case file(String)
    }

    /// Starts `infinilist arguments…` in a new pane; with `stdoutFile`, its stdout goes there;
    /// `environment` is exported to it (e.g. `TERM`, `INFINILIST_TEST_CRASH`).
    convenience init(arguments: [String], stdoutFile: String? = nil, stdin: Stdin? = nil, columns: Int = 100, rows: Int = 30,
                     environment: [String: String] = [:]) async throws {
        try await self.init(arguments: arguments, stdout: stdoutFile.map { .file($0) }, stdin: stdin, columns: columns, rows: rows, environment: environment)
    }

    /// Waits for a slot (`ProgramSlots`: a few screens at a time), then starts the pane.
    init(arguments: [String], stdout: Stdout?, stdin: Stdin? = nil, columns: Int = 100, rows: Int = 30, environment: [String: String] = [:]) async throws {
        let asked = ContinuousClock.now
        await ProgramSlots.shared.acquire()
        started = ContinuousClock.now
        waitedForSlot = started - asked
        do {
            directory = try TemporaryDirectory()
        } catch {
            ProgramSlots.shared.release()
            throw error
        }
        socket = "infinilist-e2e-\(UUID().uuidString.prefix(12))"
        let quoted = ([Binary.path] + arguments).map(Self.shellQuoted).joined(separator: " ")
        let exports = environment.sorted { $0.key < $1.key }.map { "export \($0.key)=\(Self.shellQuoted($0.value))" }.joined(separator: "; ")
        var command = #"sh -c 'echo $$ > app.pid; exec "$@"' infinilist "# + quoted
        switch stdin {
        case nil: break
        // The pipeline's status is its last command's: infinilist's.
        case .pipe(let producer): command = "\(producer) | \(command)"
        case .file(let path): command += " < " + Self.shellQuoted(path)
        }
        let record = "echo $? > exit.tmp && mv exit.tmp exit.code"
        let run: String
        switch stdout {
        case nil: run = "\(command)\n\(record)"
        case .file(let name): run = "\(command) > \(Self.shellQuoted(directory.file(name).path))\n\(record)"
        case .redirect(let redirection): run = "\(command) \(redirection)\n\(record)"
        // The status is recorded inside the pipeline: the shell's $? would be that of `true`.
        case .closedPipe: run = "{ \(command); \(record); } | true"
        }
        let script = """
            cd \(Self.shellQuoted(directory.url.path)) || exit 1
            stty -a > stty.before
            \(exports)
            \(run)
            stty -a > stty.tmp && mv stty.tmp stty.after
            echo "infinilist exited"
            exec sleep 600
            """
        do {
            try script.write(to: directory.file("run.sh"), atomically: true, encoding: .utf8)
            try tmux(["-f", "/dev/null", "new-session", "-d", "-s", "e2e", "-x", "\(columns)", "-y", "\(rows)",
                      "-e", "LANG=C.UTF-8", "-e", "LC_ALL=C.UTF-8",
                      "sh " + Self.shellQuoted(directory.file("run.sh").path)])
        } catch {
            close()
            throw error
        }
    }

    deinit { close() }

    /// Kills the server (and with it the pane and anything still running in it).
    func close() {
        guard !closed else { return }
        closed = true
        defer { ProgramSlots.shared.release() }
        _ = try? tmux(["kill-server"], check: false)
        // tmux leaves its socket behind; remove it so test runs do not pile them up.
        let base = ProcessInfo.processInfo.environment["TMUX_TMPDIR"].flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp"
        try? FileManager.default.removeItem(atPath: "\(base)/tmux-\(getuid())/\(socket)")
    }

    /// Sends tmux key names (`Down`, `PageDown`, `C-c`, `q`).
    func send(_ keys: String...) throws {
        try tmux(["send-keys", "-t", "e2e"] + keys)
    }

    func resize(columns: Int, rows: Int) throws {
        try tmux(["resize-window", "-t", "e2e", "-x", "\(columns)", "-y", "\(rows)"])
    }

    /// The pane's text, one string per row.
    func capture() throws -> [String] {
        let text = try tmux(["capture-pane", "-p", "-t", "e2e"])
        var lines = text.components(separatedBy: "\n")
        if lines.last == "" { lines.removeLast() }
        return lines
    }

    /// The pane's rows with their attributes as SGR escape sequences (`ESC [ 2 m` for dim).
    func captureStyled() throws -> [String] {
        let text = try tmux(["capture-pane", "-p", "-e", "-t", "e2e"])
        var lines = text.components(separatedBy: "\n")
        if lines.last == "" { lines.removeLast() }
        return lines
    }

    /// Polls the pane until `condition` holds for its rows; returns them. Throws with the last
    /// capture after `timeout`.
    @discardableResult
    func waitFor(
        _ what: String,
        timeout: Duration = .seconds(30),
        _ condition: ([String]) -> Bool
    ) async throws -> [String] {
        let deadline = ContinuousClock.now + timeout
        var last: [String] = []
        // The pane is read once more after the deadline: a test process that was not run for a
        // while must judge the pane as it is now, not as it was before the pause.
        while true {
            let overdue = ContinuousClock.now >= deadline
            last = try capture()
            if condition(last) { return last }
            if overdue { break }
            try await Task.sleep(for: .milliseconds(40))
        }
        throw TestFailure("timed out waiting for \(what); the pane shows:\n" + last.joined(separator: "\n") + "\n" + diagnosis())
    }

    /// Polls until the pane contains `text`.
    @discardableResult
    func waitFor(text: String, timeout: Duration = .seconds(30)) async throws -> [String] {
        try await waitFor("'\(text)'", timeout: timeout) { rows in rows.contains { $0.contains(text) } }
    }

    /// The program's exit status, once it has exited.
    func waitForExit(timeout: Duration = .seconds(30)) async throws -> Int32 {
        let deadline = ContinuousClock.now + timeout
        while true {
            let overdue = ContinuousClock.now >= deadline
            if let text = directory.read("exit.code"), let status = Int32(text.trimmingCharacters(in: .whitespacesAndNewlines)) {
                return status
            }
            if overdue { break }
            try await Task.sleep(for: .milliseconds(40))
        }
        throw TestFailure("infinilist did not exit; the pane shows:\n" + ((try? capture()) ?? []).joined(separator: "\n") + "\n" + diagnosis())
    }

    /// The program's pid, once it has started.
    func waitForPID(timeout: Duration = .seconds(30)) async throws -> Int32 {
        let deadline = ContinuousClock.now + timeout
        while true {
            let overdue = ContinuousClock.now >= deadline
            if let text = directory.read("app.pid"), let pid = Int32(text.trimmingCharacters(in: .whitespacesAndNewlines)) {
                return pid
            }
            if overdue { break }
            try await Task.sleep(for: .milliseconds(20))
        }
        throw TestFailure("infinilist did not start\n" + diagnosis())
    }

    /// Starts writing everything the pane's program outputs to `file` (tmux pipe-pane).
    func startRecording(to file: URL) throws {
        try tmux(["pipe-pane", "-o", "-t", "e2e", "cat >> " + Self.shellQuoted(file.path)])
    }

    func stopRecording() throws {
        try tmux(["pipe-pane", "-t", "e2e"])
    }

    /// Runs any tmux command against this session's server and returns its output, e.g.
    /// `["display", "-p", "-t", "e2e", "#{pane_title}"]`; a failing command returns its error text.
    func query(_ arguments: [String]) throws -> String {
        try tmux(arguments, check: false)
    }

    @discardableResult
    private func tmux(_ arguments: [String], check: Bool = true) throws -> String {
        var environment = ProcessInfo.processInfo.environment
        environment["TMUX"] = nil
        // `swift test` sets NO_COLOR for the test process; the program must start from a neutral
        // environment, and tests that want NO_COLOR say so (`environment:` above).
        environment["NO_COLOR"] = nil
        environment["COLORTERM"] = nil
        environment["LANG"] = "C.UTF-8"
        environment["LC_ALL"] = "C.UTF-8"
        // A file, not a pipe: the tmux server forked by new-session would hold a pipe open.
        let output = directory.file("tmux.\(UUID().uuidString.prefix(8)).out")
        defer { try? FileManager.default.removeItem(at: output) }
        let status = try Spawn.run(Self.tmuxPath, ["-u", "-L", socket] + arguments, environment: environment, outputFile: output.path)
        let text = (try? String(contentsOf: output, encoding: .utf8)) ?? ""
        if check, status != 0 {
            throw TestFailure("tmux \(arguments.joined(separator: " ")) failed (\(status)): \(text)")
        }
        return text
    }

    static func shellQuoted(_ text: String) -> String {
        "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }
}

/// The status line's "row N/M": the cursor row and the number of loaded rows.
struct StatusCounts: Equatable {
    let row: Int
    let loaded: Int

    init?(_ rows: [String]) {
        // The status line's left part is the source's name, or a notice ("match 2 of 38 loaded")
        // until the next key: it is found by its position part.
        let position = #" row [0-9,]+/[0-9,]+( |$)"#
        guard let status = rows.last(where: { $0.range(of: position, options: .regularExpression) != nil }),
              let range = status.range(of: #"row [0-9,]+/[0-9,]+"#, options: .regularExpression)
        else { return nil }
        let numbers = status[range].dropFirst(4).split(separator: "/").map { Int($0.replacingOccurrences(of: ",", with: "")) }
        guard numbers.count == 2, let row = numbers[0], let loaded = numbers[1] else { return nil }
        self.row = row
        self.loaded = loaded
    }
}
