import Foundation
import InfinilistCore
@testable import InfinilistRuntime
import Synchronization
import Testing

/// The runtime's half of the actions on a row: the clipboard sequence, the browser's command
/// line, and background commands run for real with `sh -c`.
@Suite struct CommandRunnerTests {
    /// Collects what a runner reports.
    final class Reports: Sendable {
        private let notices = Mutex<[CommandNotice]>([])
        var all: [CommandNotice] { notices.withLock { $0 } }
        func add(_ notice: CommandNotice) { notices.withLock { $0.append(notice) } }
    }

    private func runner(_ reports: Reports, environment extra: [String: String] = [:]) -> ProcessCommands {
        let environment = ProcessInfo.processInfo.environment.merging(extra) { $1 }
        return ProcessCommands(environment: environment, report: { reports.add($0) })
    }

    private func waitUntil(_ what: String, _ condition: () -> Bool) async throws {
        let deadline = ContinuousClock.now + .seconds(60)
        while ContinuousClock.now < deadline {
            if condition() { return }
            try await Task.sleep(for: .milliseconds(20))
        }
        if condition() { return }
        Issue.record("timed out waiting for \(what)")
    }

    private func temporaryDirectory() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("infinilist-actions-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    @Test func base64AsRFC4648Says() {
        let vectors = ["": "", "f": "Zg==", "fo": "Zm8=", "foo": "Zm9v", "foob": "Zm9vYg==", "fooba": "Zm9vYmE=", "foobar": "Zm9vYmFy"]
        for (text, encoded) in vectors {
            #expect(OSC52.base64(Array(text.utf8)) == encoded)
        }
        let bytes = (0..<1000).map { UInt8(truncatingIfNeeded: $0 &* 7) }
        #expect(Data(base64Encoded: OSC52.base64(bytes)) == Data(bytes))
    }

    /// Whatever the text holds, the sequence is ESC ] 52;c; base64 BEL and nothing else.
    @Test func theSequenceCarriesAnyTextAsBase64Only() {
        let hostile = "\u{1B}]52;c;AAAA\u{07}\u{1B}[2J\u{9B}31m\r\nrm -rf ~\u{0}🏳️‍🌈"
        let sequence = OSC52.sequence(for: hostile)
        #expect(sequence.hasPrefix("\u{1B}]52;c;"))
        #expect(sequence.hasSuffix("\u{07}"))
        let body = sequence.dropFirst(7).dropLast()
        #expect(body.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || "+/=".contains($0)) })
        #expect(Data(base64Encoded: String(body)).map { String(decoding: $0, as: UTF8.self) } == hostile)
    }

    @Test func theBrowserCommand() {
        let url = "https://example.com/a?b=c"
        #expect(BrowserCommand.arguments(for: url, browser: nil) == ["xdg-open", url])
        #expect(BrowserCommand.arguments(for: url, browser: "") == ["xdg-open", url])
        #expect(BrowserCommand.arguments(for: url, browser: "firefox") == ["firefox", url])
        #expect(BrowserCommand.arguments(for: url, browser: "firefox --new-tab") == ["firefox", "--new-tab", url])
        #expect(BrowserCommand.arguments(for: url, browser: "w3m:lynx") == ["w3m", url])
        #expect(BrowserCommand.arguments(for: url, browser: "chromium %s --incognito") == ["chromium", url, "--incognito"])
        // The address stays one argument, whatever it holds; no shell reads it.
        let odd = "https://example.com/$(touch pwned);x y"
        #expect(BrowserCommand.arguments(for: odd, browser: "firefox").last == odd)
    }

    @Test func aBackgroundCommandRunsAndSaysNothingWhenItSucceeds() async throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let reports = Reports()
        let out = directory.appendingPathComponent("out").path
        runner(reports).runInBackground("printf %s done > \(ShellQuote.quoted(out))")
        try await waitUntil("the file") { (try? String(contentsOfFile: out, encoding: .utf8)) == "done" }
        // And a failing one reports its status and the last line of its stderr.
        runner(reports).runInBackground("echo first >&2; echo 'the last words' >&2; exit 3")
        try await waitUntil("the report") { !reports.all.isEmpty }
        #expect(reports.all == [.commandFailed(status: 3, message: "the last words")])
    }

    /// A command that leaves a process behind holding its stderr (`cmd &`) is reported when the
    /// shell ends, not when the last holder of the pipe goes.
    @Test func aProcessLeftBehindDoesNotHoldTheReportBack() async throws {
        let reports = Reports()
        runner(reports).runInBackground("sleep 120 >&2 & echo late >&2; exit 4")
        try await waitUntil("the report") { !reports.all.isEmpty }
        #expect(reports.all == [.commandFailed(status: 4, message: "late")])
    }

    @Test func aCommandThatCannotStartIsReported() async throws {
        let reports = Reports()
        var actions = runner(reports)
        actions.shell = "/nonexistent/sh"
        actions.runInBackground("true")
        #expect(reports.all.count == 1)
        guard case .commandNotStarted(let reason)? = reports.all.first else {
            Issue.record("expected commandNotStarted, got \(reports.all)")
            return
        }
        #expect(reason.contains("/nonexistent/sh"))
    }

    @Test func theBrowserGetsTheAddressAsItsOneArgument() async throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let script = directory.appendingPathComponent("browser.sh")
        let record = directory.appendingPathComponent("record").path
        try "#!/bin/sh\nprintf '[%s]\\n' \"$@\" > \(ShellQuote.quoted(record))\n".write(to: script, atomically: true, encoding: .utf8)
        let reports = Reports()
        let address = "https://example.com/$(touch pwned) x"
        // Run by sh, not executed itself: a script just written can fail to start with "Text
        // file busy" while a process forked meanwhile by another test still holds it open.
        runner(reports, environment: ["BROWSER": "/bin/sh " + script.path]).open(address)
        try await waitUntil("the record") { (try? String(contentsOfFile: record, encoding: .utf8)) == "[\(address)]\n" }
        #expect(reports.all.isEmpty)
        runner(reports, environment: ["BROWSER": directory.appendingPathComponent("missing").path]).open(address)
        try await waitUntil("the report") { !reports.all.isEmpty }
        guard case .browserFailed(let reason)? = reports.all.first else {
            Issue.record("expected browserFailed, got \(reports.all)")
            return
        }
        #expect(reason.contains("missing"))
    }

    /// BROWSER's `:`-separated commands are tried in turn until one starts, and a quoted word
    /// (a path with a space) stays one word; `%s` is the address, `%%` a percent sign.
    @Test func theBrowsersAlternativesAreTriedInTurnAndQuotesKeepAWord() async throws {
        let directory = try temporaryDirectory().appendingPathComponent("my browser")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory.deletingLastPathComponent()) }
        let script = directory.appendingPathComponent("browser.sh")
        let record = directory.appendingPathComponent("record").path
        try "#!/bin/sh\nprintf '[%s]\\n' \"$@\" > \(ShellQuote.quoted(record))\n".write(to: script, atomically: true, encoding: .utf8)
        let reports = Reports()
        let address = "https://example.com/a b"
        let browser = "/nonexistent/browser %s:/bin/sh '\(script.path)' \"--title=50%% done\" %s"
        runner(reports, environment: ["BROWSER": browser]).open(address)
        try await waitUntil("the record") { (try? String(contentsOfFile: record, encoding: .utf8)) == "[--title=50% done]\n[\(address)]\n" }
        #expect(reports.all.isEmpty)
        #expect(BrowserCommand.candidates(for: address, browser: " : ") == [["xdg-open", address]])
    }

    @Test func theLastLineOfWhatACommandSaid() {
        #expect(ErrorsOfCommand.lastLine(Array("one\ntwo\n\n  \n".utf8)) == "two")
        #expect(ErrorsOfCommand.lastLine([]) == nil)
        #expect(ErrorsOfCommand.lastLine(Array(String(repeating: "x", count: 300).utf8))?.count == 200)
    }
}
