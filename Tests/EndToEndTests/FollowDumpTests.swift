import Foundation
import Glibc
import Hummingbird
import Testing
import TestSupport

/// `--dump --follow`: the list, then its new items as JSON lines as they appear, oldest first,
/// until Ctrl-C (130) or the reader going away (141); and what following costs the server.
@Suite(.serialized, .enabled(if: TmuxSession.isAvailable, "tmux is not installed: end-to-end follow tests skipped"))
struct FollowDumpTests {
    private let patience: Duration = .seconds(30)

    /// Ctrl-C, as the shell would send it to the program alone: `--dump --follow` ends with 130.
    private func interruptExpecting130(_ tmux: TmuxSession) async throws {
        let pid = try await tmux.waitForPID()
        #expect(kill(pid, SIGINT) == 0)
        #expect(try await tmux.waitForExit(timeout: patience) == 130)
    }

    private static func lines(_ tmux: TmuxSession) -> [String] {
        (tmux.directory.read("out.jsonl") ?? "").split(separator: "\n").map(String.init)
    }

    private static func id(_ line: String) -> Int? {
        guard let range = line.range(of: #""id": ?[0-9]+"#, options: .regularExpression) else { return nil }
        return Int(line[range].filter(\.isNumber))
    }

    @Test func newItemsAreWrittenOldestFirstUntilCtrlC() async throws {
        try #require(Binary.exists, "\(Binary.missingMessage)")
        let feed = GrowingFeed(count: 30, perPage: 10)
        try await FollowScreenTests.serving(feed) { url in
            let tmux = try await TmuxSession(arguments: ["--dump", "--follow", "1s", url], stdoutFile: "out.jsonl")
            defer { tmux.close() }
            try await tmux.waitFor(text: "following: new items every 1s", timeout: patience)
            #expect(Self.lines(tmux).compactMap(Self.id) == Array((1...30).reversed()))
            feed.grow(3)
            try await tmux.waitFor("33 lines", timeout: patience) { _ in Self.lines(tmux).count >= 33 }
            feed.grow(2)
            try await tmux.waitFor("35 lines", timeout: patience) { _ in Self.lines(tmux).count >= 35 }
            // Oldest first, like tail -f, and nothing twice.
            #expect(Self.lines(tmux).compactMap(Self.id).suffix(5) == [31, 32, 33, 34, 35])
            try await interruptExpecting130(tmux)
            #expect(Self.lines(tmux).count == 35)
            #expect(try tmux.capture().contains { $0.contains("interrupted after 35 items") })
        }
    }

    /// A burst of more than ten pages between two polls: with no one to press Enter on a gap
    /// row, the dump reads on until a known item, and writes them all, oldest first.
    @Test func aBurstBeyondTenPagesIsWrittenWhole() async throws {
        try #require(Binary.exists, "\(Binary.missingMessage)")
        let feed = GrowingFeed(count: 6, perPage: 3)
        try await FollowScreenTests.serving(feed) { url in
            let tmux = try await TmuxSession(arguments: ["--dump", "--follow", "1s", url], stdoutFile: "out.jsonl")
            defer { tmux.close() }
            try await tmux.waitFor(text: "following: new items every 1s", timeout: patience)
            feed.grow(40)
            try await tmux.waitFor("46 lines", timeout: patience) { _ in Self.lines(tmux).count >= 46 }
            #expect(Self.lines(tmux).compactMap(Self.id) == Array((1...6).reversed()) + Array(7...46))
            #expect(try !tmux.capture().contains { $0.contains("were not written") })
            try await interruptExpecting130(tmux)
        }
    }

    @Test func maxItemsZeroWritesOnlyWhatIsNew() async throws {
        try #require(Binary.exists, "\(Binary.missingMessage)")
        let feed = GrowingFeed(count: 30, perPage: 10)
        try await FollowScreenTests.serving(feed) { url in
            let tmux = try await TmuxSession(arguments: ["--dump", "--follow", "1s", "--max-items", "0", url], stdoutFile: "out.jsonl")
            defer { tmux.close() }
            try await tmux.waitFor(text: "following: new items every 1s", timeout: patience)
            feed.grow(2)
            try await tmux.waitFor("2 lines", timeout: patience) { _ in Self.lines(tmux).count >= 2 }
            #expect(Self.lines(tmux).compactMap(Self.id) == [31, 32])
            try await interruptExpecting130(tmux)
        }
    }

    @Test func theReaderGoingAwayEndsItWith141() async throws {
        try #require(Binary.exists, "\(Binary.missingMessage)")
        let feed = GrowingFeed(count: 5, perPage: 10)
        try await FollowScreenTests.serving(feed) { url in
            let process = Process()
            process.executableURL = URL(fileURLWithPath: Binary.path)
            process.arguments = ["--dump", "--follow", "1s", url]
            let pipe = Pipe()
            process.standardOutput = pipe
            process.standardError = FileHandle.nullDevice
            process.standardInput = FileHandle.nullDevice
            try process.run()
            // Read the first five lines, then go away, as `head -5` would.
            var text = ""
            let deadline = ContinuousClock.now + patience
            while text.filter({ $0 == "\n" }).count < 5, ContinuousClock.now < deadline {
                text += String(decoding: pipe.fileHandleForReading.availableData, as: UTF8.self)
            }
            #expect(text.filter { $0 == "\n" }.count == 5)
            try pipe.fileHandleForReading.close()
            // The next new item finds no reader: the dump ends, quietly.
            feed.grow(1)
            while process.isRunning, ContinuousClock.now < deadline { try await Task.sleep(for: .milliseconds(50)) }
            if process.isRunning { process.terminate() }
            process.waitUntilExit()
            #expect(process.terminationReason == .exit)
            #expect(process.terminationStatus == 141)
        }
    }

    /// What following costs the server, measured at a short interval with a list that changes
    /// rarely, then said per hour at 30 s (printed for docs/decisions.md): every poll is one
    /// conditional request for the first page, answered 304 unless the list changed since.
    @Test func pollsBetweenChangesAreConditionalAndAnswered304() async throws {
        try #require(Binary.exists, "\(Binary.missingMessage)")
        let feed = GrowingFeed(count: 30, perPage: 10)
        try await FollowScreenTests.serving(feed) { url in
            let tmux = try await TmuxSession(arguments: ["--dump", "--follow", "1s", url], stdoutFile: "out.jsonl")
            defer { tmux.close() }
            try await tmux.waitFor(text: "following: new items every 1s", timeout: patience)
            let start = feed.exchanges.count
            // Two changes, at least four polls apart.
            for _ in 0..<2 {
                let before = feed.exchanges.count
                try await tmux.waitFor("four polls", timeout: patience) { _ in feed.exchanges.count >= before + 4 }
                feed.grow(1)
            }
            try await tmux.waitFor("32 lines", timeout: patience) { _ in Self.lines(tmux).count >= 32 }
            let polls = Array(feed.exchanges.dropFirst(start))
            let notModified = polls.filter { $0.status == 304 }.count
            #expect(polls.allSatisfy { $0.page == 1 && $0.conditional })
            // Exactly the polls after each change got a full answer.
            #expect(polls.count - notModified == 2)
            let perHour = 3600 / 30
            print("following at 1 s: \(polls.count) polls, \(notModified) answered 304, 2 full answers (2 changes); at 30 s, one change every 10 min: \(perHour) requests an hour, \(perHour - 6) answered 304")
            try await interruptExpecting130(tmux)
        }
    }
}
