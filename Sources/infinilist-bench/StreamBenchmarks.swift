import Glibc
import ProcessSpawn

/// The figures for lists from pipes and files (docs/performance.md, "Pipes and files"):
/// - spawn → first rows painted, stdin a pipe that has delivered one line and stays open;
/// - spawn → first rows painted, a 1 GB NDJSON file (ten million lines) as the argument;
/// - `G` on that file: End pressed → the end row painted, every line read, with VmRSS sampled
///   every 100 ms meanwhile (after 100 × PgDn first), so the figure shows whether memory stays
///   flat through ten million lines;
/// - `--dump` reading a pipe (`cat FILE |`) against `jq -c .` on the same pipe.
struct StreamBenchmarks {
    let options: BenchOptions
    let keys: Terminfo

    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    struct Figures {
        let lines: Int
        let fileBytes: Int
        let firstRowsPipe: [Int64]
        let firstRowsFile: [Int64]
        let paging: Paging
        let dump: Throughput?
        let jq: Throughput?
    }

    /// Paging through the big file: PgDn, then End (`G` reads to the end).
    struct Paging {
        /// After the first screen, after the PgDn presses, and the largest while `G` read on.
        let afterFirstScreen: ProcessStats.Memory?
        let afterPageDowns: ProcessStats.Memory?
        let largestDuringG: Int
        let samplesDuringG: Int
        /// VmRSS (KiB) when a tenth, half and all of the pages `G` read had arrived.
        let duringG: [(share: Double, kib: Int)]
        let atEnd: ProcessStats.Memory?
        /// End pressed → the first paint after the last page arrived; nil if the end never came.
        let readToEnd: Int64?
    }

    /// One run over the dump input: its size and how long the program took.
    struct Throughput {
        let bytes: Int
        let lines: Int
        let nanoseconds: Int64
    }

    private var bigFile: String { options.workDirectory + "/stream-\(options.streamLines).jsonl" }
    private var dumpLines: Int { min(options.streamLines, 1_000_000) }
    private var dumpFile: String { options.workDirectory + "/stream-dump-\(dumpLines).jsonl" }

    mutating func run() throws -> Figures {
        Bench.progress("streams: writing \(NumberGrouping.grouped(options.streamLines)) NDJSON lines (reused while its size is right)")
        try StreamFixtures.make(bigFile, lines: options.streamLines)
        try StreamFixtures.make(dumpFile, lines: dumpLines)
        Bench.progress("streams: first rows from a pipe with one line, and from the file")
        let pipe = try firstRowsFromAPipe()
        var file: [Int64] = []
        for run in 0..<options.startups { file.append(try firstRows(arguments: [bigFile], serial: "file-\(run)")) }
        Bench.progress("streams: PgDn then G through the file, sampling memory")
        let paging = try pageThroughTheFile()
        Bench.progress("streams: --dump and jq -c . reading the same pipe")
        let dump = throughput("infinilist", [options.infinilist, "--dump"])
        let jq = throughput("jq", ["jq", "-c", "."])
        return Figures(
            lines: options.streamLines, fileBytes: options.streamLines * StreamFixtures.lineLength,
            firstRowsPipe: pipe, firstRowsFile: file, paging: paging, dump: dump, jq: jq)
    }

    /// A named pipe held open read-write by the bench (so it never ends), one line written, and
    /// infinilist reading it as stdin.
    private func firstRowsFromAPipe() throws(Failure) -> [Int64] {
        var times: [Int64] = []
        for run in 0..<options.startups {
            let fifo = options.workDirectory + "/stream-pipe"
            Files.remove(fifo)
            guard mkfifo(fifo, 0o600) == 0 else { throw Failure(description: "mkfifo \(fifo): \(String(cString: strerror(errno)))") }
            let writer = open(fifo, O_RDWR | O_CLOEXEC)
            guard writer >= 0 else { throw Failure(description: "open \(fifo): \(String(cString: strerror(errno)))") }
            defer { close(writer) }
            let line = StreamFixtures.record(0)
            _ = line.withUnsafeBytes { write(writer, $0.baseAddress, $0.count) }
            times.append(try firstRows(arguments: [], stdin: fifo, serial: "pipe-\(run)"))
        }
        return times
    }

    /// Spawn → the first paint after the first page arrived, from the trace.
    private func firstRows(arguments: [String], stdin: String? = nil, serial: String) throws(Failure) -> Int64 {
        let trace = options.workDirectory + "/trace-stream-\(serial).log"
        Files.remove(trace)
        let session: TerminalSession
        do {
            session = try TerminalSession(
                options.infinilist, arguments, stdin: stdin,
                environment: BenchEnvironment.forPrograms(extra: ["INFINILIST_TRACE": trace]), quitKeys: Array("q".utf8))
        } catch {
            throw Failure(description: "cannot start infinilist: \(error)")
        }
        defer { session.quit() }
        let deadline = Monotonic.now() + 30_000_000_000
        while Monotonic.now() < deadline {
            session.terminal.drainNow()
            if let painted = TraceLog(path: trace).firstRowsPainted { return painted - session.startedAt }
        }
        throw Failure(description: "infinilist \(arguments.joined(separator: " ")) painted no rows within 30 s; see \(trace)")
    }

    private func pageThroughTheFile() throws(Failure) -> Paging {
        let trace = options.workDirectory + "/trace-stream-paging.log"
        Files.remove(trace)
        let session: TerminalSession
        do {
            session = try TerminalSession(
                options.infinilist, [bigFile],
                environment: BenchEnvironment.forPrograms(extra: ["INFINILIST_TRACE": trace]), quitKeys: Array("q".utf8))
        } catch {
            throw Failure(description: "cannot start infinilist: \(error)")
        }
        defer { session.quit() }
        let pid = session.process.pid
        _ = session.awaitFirstScreen(quietMs: 500)
        let first = ProcessStats.memory(pid: pid)
        for _ in 0..<100 { _ = session.press(keys.pageDown, quietMs: 20) }
        _ = session.terminal.readUntilQuiet(quietMs: 300, limitMs: 3_000)
        let afterPages = ProcessStats.memory(pid: pid)
        session.terminal.drainNow()
        _ = session.terminal.take()
        let pressed = Monotonic.now()
        session.terminal.type(keys.end)
        var largest = 0
        var samples: [(time: Int64, kib: Int)] = []
        var seen: [UInt8] = []
        let marker = Array("end of input".utf8)
        let deadline = pressed + 900_000_000_000
        var ended = false
        while Monotonic.now() < deadline {
            _ = session.terminal.drain(until: Monotonic.now() + 100_000_000)
            if let memory = ProcessStats.memory(pid: pid) {
                largest = max(largest, memory.residentKiB)
                samples.append((Monotonic.now(), memory.residentKiB))
            }
            seen = Array(seen.suffix(marker.count)) + session.terminal.take()
            if Self.contains(seen, marker) {
                ended = true
                break
            }
        }
        let atEnd = ProcessStats.memory(pid: pid)
        var readToEnd: Int64?
        var duringG: [(share: Double, kib: Int)] = []
        if ended {
            let log = TraceLog(path: trace)
            let arrivals = log.marks.filter { $0.time >= pressed && { if case .arrive = $0.event { true } else { false } }($0) }.map(\.time)
            if let last = arrivals.last, let paint = log.marks.first(where: { $0.event == .painted && $0.time >= last }) {
                readToEnd = paint.time - pressed
            }
            // The first sample taken after that share of G's pages had arrived.
            for share in [0.1, 0.5, 1.0] where !arrivals.isEmpty {
                let at = arrivals[max(0, Int((share * Double(arrivals.count)).rounded(.up)) - 1)]
                if let sample = samples.first(where: { $0.time >= at }) ?? samples.last { duringG.append((share, sample.kib)) }
            }
        }
        return Paging(afterFirstScreen: first, afterPageDowns: afterPages, largestDuringG: largest, samplesDuringG: samples.count,
                      duringG: duringG, atEnd: atEnd, readToEnd: readToEnd)
    }

    private static func contains(_ bytes: [UInt8], _ needle: [UInt8]) -> Bool {
        guard bytes.count >= needle.count else { return false }
        for start in 0...(bytes.count - needle.count) where bytes[start] == needle[0] {
            if Array(bytes[start..<start + needle.count]) == needle { return true }
        }
        return false
    }

    /// `cat FILE | program… > /dev/null` through a named pipe: spawn → exit of the reader.
    ///
    /// The bench holds the pipe open read-write while the two start: posix_spawn waits for its
    /// child to exec, and a child opening one end of a pipe nobody has opened would wait for ever.
    private func throughput(_ name: String, _ command: [String]) -> Throughput? {
        let fifo = options.workDirectory + "/stream-dump-pipe"
        Files.remove(fifo)
        guard mkfifo(fifo, 0o600) == 0, let program = command.first else { return nil }
        defer { Files.remove(fifo) }
        let holder = open(fifo, O_RDWR | O_CLOEXEC)
        guard holder >= 0 else { return nil }
        var held = true
        defer { if held { close(holder) } }
        let environment = BenchEnvironment.forPrograms()
        let errors = options.workDirectory + "/stream-dump-\(name).err"
        guard let cat = try? ChildProcess.spawn("cat", [dumpFile], environment: environment, stdio: ChildProcess.Stdio(output: fifo)) else { return nil }
        let started = Monotonic.now()
        guard let reader = try? ChildProcess.spawn(program, Array(command.dropFirst()), environment: environment,
                                                   stdio: ChildProcess.Stdio(input: fifo, output: "/dev/null", errors: errors)) else {
            kill(cat.pid, SIGKILL)
            cat.waitForExit(timeoutMs: 5_000)
            return nil
        }
        // Both ends are open in the children now: the reader sees the end when cat is done.
        close(holder)
        held = false
        let status = reader.waitForExit(timeoutMs: 600_000)
        let elapsed = Monotonic.now() - started
        cat.waitForExit(timeoutMs: 5_000)
        guard status == 0 else {
            Bench.progress("streams: \(name) exited \(status); see \(errors)")
            return nil
        }
        return Throughput(bytes: dumpLines * StreamFixtures.lineLength, lines: dumpLines, nanoseconds: elapsed)
    }
}
