import CPipe
import Foundation
import Glibc
import Hummingbird
import Synchronization
import TestSupport
import Testing

/// Hostile conditions around the process: SIGQUIT and crashes must never hand the terminal to
/// the Swift runtime's backtracer (which prompts on a terminal), and output nobody can read (a
/// closed pipe, a full disk, a closed descriptor) stops the program at once with the status a
/// shell expects. Serialized: each case starts a process or a pane on a shared machine.
@Suite(.serialized, .enabled(if: TmuxSession.isAvailable, "tmux is not installed: end-to-end exit tests skipped"))
struct HostileExitTests {
    // MARK: SIGQUIT and crashes

    /// On a terminal (stdin and stdout a tty), where the backtracer would prompt and wait.
    @Test func sigquitEndsADumpOnATerminalWithStatus131() async throws {
        try #require(Binary.exists, "\(Binary.missingMessage)")
        let tmux = try await TmuxSession(arguments: ["--dump", "--demo-latency", "60000"], environment: ["SWIFT_BACKTRACE": ""])
        defer { tmux.close() }
        let pid = try await tmux.waitForPID()
        try await waitUntil("infinilist has set up its signals") { signalsAreSetUp(pid) }
        #expect(kill(pid, SIGQUIT) == 0)
        #expect(try await tmux.waitForExit(timeout: .seconds(15)) == 131)
        let rows = try await tmux.waitFor(text: "infinilist: interrupted after 0 items", timeout: .seconds(15))
        #expect(!rows.contains { $0.contains("Backtracing") || $0.contains("crashed") })
    }

    @Test func sigquitEndsADumpWithoutATerminalWithStatus131() async throws {
        try #require(Binary.exists, "\(Binary.missingMessage)")
        let run = try await ProcessRun.run(Binary.path, ["--dump", "--demo-latency", "60000"], timeout: .seconds(20)) { pid in
            try await waitUntil("infinilist has set up its signals") { signalsAreSetUp(pid) }
            kill(pid, SIGQUIT)
        }
        #expect(run.status == 131, "stderr: \(run.stderr)")
        #expect(run.exitedNormally, "killed by a signal: the runtime's crash handler ran")
        #expect(run.stderr == "infinilist: interrupted after 0 items\n")
    }

    /// A crash with no screen up, on a terminal: the backtracer would draw and wait 30 s for a key.
    @Test func aCrashInADumpOnATerminalNeverPrompts() async throws {
        try #require(Binary.exists, "\(Binary.missingMessage)")
        let tmux = try await TmuxSession(arguments: ["--dump", "--demo-latency", "0"], environment: ["INFINILIST_TEST_CRASH": "trap", "SWIFT_BACKTRACE": ""])
        defer { tmux.close() }
        let status = try await tmux.waitForExit(timeout: .seconds(15))
        #expect([SIGILL, SIGTRAP].map { 128 + $0 }.contains(status), "exit status \(status)")
        let rows = try await tmux.waitFor(text: "SWIFT_BACKTRACE=interactive=no for a backtrace", timeout: .seconds(15))
        #expect(!rows.contains { $0.contains("Press space") || $0.contains("Backtracing") })
        let before = try #require(tmux.directory.read("stty.before"))
        try await waitUntil("stty -a after exit") { tmux.directory.read("stty.after") != nil }
        #expect(tmux.directory.read("stty.after") == before)
    }

    /// Where the backtracer cannot prompt (stdin and stdout not a terminal), a crash keeps its
    /// backtrace: infinilist's handler passes the crash on to the runtime's.
    @Test func aCrashWithoutATerminalKeepsTheRuntimesBacktrace() async throws {
        try #require(Binary.exists, "\(Binary.missingMessage)")
        // Without symbols: symbolicating the debug binary would busy the machine for seconds.
        let run = try await ProcessRun.run(Binary.path, ["--dump"], environment: ["INFINILIST_TEST_CRASH": "trap", "SWIFT_BACKTRACE": "symbolicate=no"], timeout: .seconds(60))
        #expect(!run.exitedNormally)
        #expect([SIGILL, SIGTRAP].contains(run.status), "status \(run.status)")
        #expect(run.stderr.contains("Program crashed"), "stderr: \(run.stderr.prefix(400))")
    }

    // MARK: Output nobody can read

    @Test(arguments: [
        ("> /dev/full", "infinilist: cannot write to stdout: No space left on device\n"),
        (">&-", "infinilist: cannot write to stdout: Bad file descriptor\n"),
    ])
    func aDumpThatCannotWriteSaysSoAndExits1(redirection: String, message: String) async throws {
        try #require(Binary.exists, "\(Binary.missingMessage)")
        let script = #"exec "$0" --dump --demo-items 200000 --demo-latency 0 "# + redirection
        let run = try await ProcessRun.run("/bin/sh", ["-c", script, Binary.path], timeout: .seconds(30))
        #expect(run.status == 1)
        #expect(run.stderr == message, "stderr: \(run.stderr)")
    }

    /// `--dump | head -1`: once the reader has gone, the next write fails, and the dump stops
    /// there, quietly, with 141, asking for no further page.
    @Test func aDumpStopsWhenItsReaderGoesAway() async throws {
        try #require(Binary.exists, "\(Binary.missingMessage)")
        let requests = Atomic<Int>(0)
        let router = Router()
        router.get("endless") { request, _ -> Response in
            requests.add(1, ordering: .relaxed)
            let page = Int(request.uri.queryParameters["page"] ?? "1") ?? 1
            let items = (0..<50).map { #"{"id": \#(page * 100 + $0), "title": "Item \#(page)-\#($0)"}"# }
            return Response(status: .ok, headers: [.contentType: "application/json"],
                            body: .init(byteBuffer: ByteBuffer(string: "[" + items.joined(separator: ",") + "]")))
        }
        try await withLocalServer(router: router) { port in
            var fds: [Int32] = [0, 0]
            // Close-on-exec from the start (`pipe2`): a process another test spawns meanwhile must
            // not inherit the read end, or the pipe stays open after this reader goes away and the
            // dump writes on into its buffer. Set afterwards with `fcntl`, a spawn in between
            // once let it fetch 13 more pages (a local run beside a fresh-clone run).
            #expect(cpipe_cloexec(&fds, 0) == 0)
            let process = Process()
            process.executableURL = URL(fileURLWithPath: Binary.path)
            process.arguments = ["--dump", "http://127.0.0.1:\(port)/endless?page={page}"]
            process.standardInput = FileHandle.nullDevice
            process.standardOutput = FileHandle(fileDescriptor: fds[1], closeOnDealloc: false)
            let errors = try TemporaryDirectory()
            _ = FileManager.default.createFile(atPath: errors.file("stderr").path, contents: nil)
            let errorHandle = try FileHandle(forWritingTo: errors.file("stderr"))
            process.standardError = errorHandle
            try process.run()
            close(fds[1])
            // Read the first line, as `head -1` does, then go away.
            var first: [UInt8] = []
            var byte: UInt8 = 0
            while read(fds[0], &byte, 1) == 1, byte != UInt8(ascii: "\n") { first.append(byte) }
            close(fds[0])
            let atClose = requests.load(ordering: .relaxed)
            try await waitUntil("infinilist exits after its reader went away") { !process.isRunning }
            #expect(String(decoding: first, as: UTF8.self).hasPrefix(#"{"id":100,"#))
            #expect(process.terminationReason == .exit)
            #expect(process.terminationStatus == 141)
            #expect(errors.read("stderr") == "", "a broken pipe is not worth a message")
            // It stops once a write fails, and the server is endless: a dump that went on would
            // fetch without end. The write fails as soon as no process holds the read end; a
            // process another test is starting may hold a copy between its fork and its exec
            // (a fresh-clone run once saw 10 requests), and until then at most the pipe's 64 KiB
            // of pages (some 24 of these) are written into its buffer.
            #expect(requests.load(ordering: .relaxed) <= atClose + 30, "requests: \(atClose) at close, \(requests.load(ordering: .relaxed)) in all")
            if process.isRunning { process.terminate() }
        }
    }

    @Test(arguments: [
        (TmuxSession.Stdout.redirect("> /dev/full"), Int32(1), "infinilist: cannot write to stdout: No space left on device"),
        (TmuxSession.Stdout.redirect(">&-"), Int32(1), "infinilist: cannot write to stdout: Bad file descriptor"),
        (TmuxSession.Stdout.closedPipe, Int32(141), nil),
    ])
    func enterThatCannotWriteSaysSoAndExitsNonZero(stdout: TmuxSession.Stdout, status: Int32, message: String?) async throws {
        try #require(Binary.exists, "\(Binary.missingMessage)")
        let tmux = try await TmuxSession(arguments: ["--demo-latency", "0"], stdout: stdout)
        defer { tmux.close() }
        try await tmux.waitFor("the list") { StatusCounts($0) != nil }
        try tmux.send("Enter")
        #expect(try await tmux.waitForExit(timeout: .seconds(15)) == status)
        let rows = try await tmux.waitFor(text: "infinilist exited", timeout: .seconds(15))
        if let message {
            #expect(rows.contains { $0.contains(message) }, "\(rows.joined(separator: "\n"))")
        } else {
            #expect(!rows.contains { $0.contains("infinilist:") }, "a broken pipe is not worth a message")
        }
        try await waitUntil("stty -a after exit") { tmux.directory.read("stty.after") != nil }
        #expect(tmux.directory.read("stty.after") == tmux.directory.read("stty.before"))
    }
}

/// True once the process is infinilist itself (not the shell before its exec) and listens for
/// signals: libdispatch reads each watched signal from a signalfd of its own, and SIGWINCH's is
/// made last. A signal sent earlier could be lost in setting up, as for any program.
func signalsAreSetUp(_ pid: Int32) -> Bool {
    guard let name = try? String(contentsOfFile: "/proc/\(pid)/comm", encoding: .utf8), name.hasPrefix("infinilist"),
          let descriptors = try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/fd")
    else { return false }
    for descriptor in descriptors {
        guard let target = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/\(pid)/fd/\(descriptor)"),
              target.contains("signalfd"),
              let info = try? String(contentsOfFile: "/proc/\(pid)/fdinfo/\(descriptor)", encoding: .utf8),
              let line = info.split(separator: "\n").first(where: { $0.hasPrefix("sigmask:") }),
              let mask = UInt64(line.dropFirst("sigmask:".count).trimmingCharacters(in: .whitespaces), radix: 16)
        else { continue }
        if mask & (1 << UInt64(SIGWINCH - 1)) != 0 { return true }
    }
    return false
}
