import ProcessSpawn

/// One program running full-screen in its own 100x30 pseudo-terminal.
final class TerminalSession {
    let terminal: PseudoTerminal
    let process: ChildProcess
    /// When it was spawned (monotonic ns), for start-up figures.
    let startedAt: Int64
    /// What quits it: `q` for infinilist and less, Ctrl-C for fzf.
    let quitKeys: [UInt8]

    init(_ program: String, _ arguments: [String], stdin: String? = nil, environment: [String: String], quitKeys: [UInt8]) throws {
        terminal = try PseudoTerminal(rows: BenchEnvironment.size.rows, columns: BenchEnvironment.size.columns)
        startedAt = Monotonic.now()
        process = try ChildProcess.spawn(
            program, arguments, environment: environment,
            stdio: ChildProcess.Stdio(input: stdin, terminal: terminal.slavePath)
        )
        self.quitKeys = quitKeys
    }

    /// Waits for the first screen: output, then `quietMs` of silence (at most `limitMs`).
    /// Returns when the last byte of it came, relative to the spawn, or nil if nothing came.
    func awaitFirstScreen(quietMs: Int, limitMs: Int = 30_000) -> Int64? {
        let start = Monotonic.now()
        var last: Int64?
        while Monotonic.now() - start < Int64(limitMs) * 1_000_000 {
            let burst = terminal.readUntilQuiet(quietMs: quietMs, limitMs: limitMs)
            guard let at = burst.lastByteAt else {
                if last != nil { break }
                continue
            }
            last = at
        }
        return last.map { $0 - startedAt }
    }

    /// Presses a key and waits until the screen settles.
    func press(_ key: [UInt8], quietMs: Int) -> KeySample {
        terminal.drainNow()
        let sent = Monotonic.now()
        terminal.type(key)
        let burst = terminal.readUntilQuiet(quietMs: quietMs, limitMs: 10_000, since: sent)
        return KeySample(bytes: burst.bytes, settle: burst.lastByteAt.map { $0 - sent })
    }

    /// Quits as a user would, waiting up to `timeoutMs` (5 s) before killing it.
    func quit(timeoutMs: Int = 5_000) {
        terminal.type(quitKeys)
        process.waitForExit(timeoutMs: timeoutMs) { self.terminal.drainNow() }
    }
}

/// One key press: the bytes the program wrote in answer and when its screen settled (nil when it
/// wrote nothing: the key had no visible effect).
struct KeySample {
    let bytes: Int
    let settle: Int64?
}
