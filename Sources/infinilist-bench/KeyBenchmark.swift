/// A program under test, as the bench starts it in the pseudo-terminal.
struct Contender {
    let name: String
    let program: String
    let arguments: [String]
    /// A file for stdin (fzf's list); nil: the terminal.
    let stdin: String?
    let quitKeys: [UInt8]
}

/// Per program: bytes written and settle time for ↓ and PgDn, start-up to a settled first
/// screen, idle wake-ups and resident memory, all from one session in the pseudo-terminal.
struct KeyFigures {
    let name: String
    let firstScreen: Int64?
    let down: [KeySample]
    let pageDown: [KeySample]
    let idle: IdleWatch.Figures
    let memory: ProcessStats.Memory?

    /// Keys the program did not answer with any output (it did not react).
    var silentKeys: Int { (down + pageDown).count { $0.bytes == 0 } }
}

enum KeyBenchmark {
    static func run(_ contender: Contender, keys: Terminfo, options: BenchOptions) throws -> KeyFigures {
        let session = try TerminalSession(
            contender.program, contender.arguments, stdin: contender.stdin,
            environment: BenchEnvironment.forPrograms(), quitKeys: contender.quitKeys
        )
        defer { session.quit() }
        // Start-up output is excluded: the first screen must have settled (longer quiet: fzf
        // reads its input while it draws).
        let firstScreen = session.awaitFirstScreen(quietMs: max(500, options.quietMs))
        let down = (0..<options.keys).map { _ in session.press(keys.down, quietMs: options.quietMs) }
        let pageDown = (0..<options.keys).map { _ in session.press(keys.pageDown, quietMs: options.quietMs) }

        // Idle: let anything pending finish, then count wake-ups of every thread while nothing
        // is typed and nothing loads.
        _ = session.terminal.readUntilQuiet(quietMs: 500, limitMs: 5_000)
        let pid = session.process.pid
        let idle = IdleWatch.measure(pid: pid, terminal: session.terminal, seconds: options.idleSeconds)

        return KeyFigures(
            name: contender.name,
            firstScreen: firstScreen,
            down: down,
            pageDown: pageDown,
            idle: idle,
            memory: ProcessStats.memory(pid: pid)
        )
    }
}
