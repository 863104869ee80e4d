import Foundation

/// Runs a program to completion without a terminal and collects what it wrote: for `--dump`,
/// usage errors and the no-terminal message.
struct ProcessRun {
    /// The exit status, or the signal's number when a signal killed it (`exitedNormally` false).
    let status: Int32
    let stdout: String
    let stderr: String
    var exitedNormally = true

    var stdoutLines: [Substring] { stdout.split(separator: "\n", omittingEmptySubsequences: true) }

    /// `environment` is added to the test's own environment; `input` is its standard input (none
    /// without it).
    /// `started` runs once the process is running, with its pid (to send it a signal).
    static func run(
        _ executable: String,
        _ arguments: [String],
        environment extra: [String: String] = [:],
        input: String? = nil,
        timeout: Duration = .seconds(30),
        started: (Int32) async throws -> Void = { _ in }
    ) async throws -> ProcessRun {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        var environment = ProcessInfo.processInfo.environment
        environment["LANG"] = "C.UTF-8"
        environment.merge(extra) { $1 }
        process.environment = environment
        let directory = try TemporaryDirectory()
        let outURL = directory.url.appendingPathComponent("stdout")
        let errURL = directory.url.appendingPathComponent("stderr")
        _ = FileManager.default.createFile(atPath: outURL.path, contents: nil)
        _ = FileManager.default.createFile(atPath: errURL.path, contents: nil)
        let out = try FileHandle(forWritingTo: outURL)
        let err = try FileHandle(forWritingTo: errURL)
        process.standardOutput = out
        process.standardError = err
        if let input {
            let inURL = directory.url.appendingPathComponent("stdin")
            try Data(input.utf8).write(to: inURL)
            process.standardInput = try FileHandle(forReadingFrom: inURL)
        } else {
            process.standardInput = FileHandle.nullDevice
        }
        try process.run()
        do {
            try await started(process.processIdentifier)
        } catch {
            process.terminate()
            process.waitUntilExit()
            throw error
        }
        let deadline = ContinuousClock.now + timeout
        while process.isRunning {
            if ContinuousClock.now > deadline {
                process.terminate()
                process.waitUntilExit()
                throw TestFailure("\(executable) \(arguments) did not finish within \(timeout)")
            }
            try await Task.sleep(for: .milliseconds(20))
        }
        try out.close()
        try err.close()
        return ProcessRun(
            status: process.terminationStatus,
            stdout: (try? String(contentsOf: outURL, encoding: .utf8)) ?? "",
            stderr: (try? String(contentsOf: errURL, encoding: .utf8)) ?? "",
            exitedNormally: process.terminationReason == .exit
        )
    }
}

/// A failure with a message, for helpers that cannot use `#expect`.
struct TestFailure: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

/// A fresh directory under the system's temporary directory, removed when released, so tests
/// running in parallel never share files.
final class TemporaryDirectory {
    let url: URL

    init() throws {
        url = FileManager.default.temporaryDirectory
            .appendingPathComponent("infinilist-e2e-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    func file(_ name: String) -> URL { url.appendingPathComponent(name) }

    func read(_ name: String) -> String? { try? String(contentsOf: file(name), encoding: .utf8) }

    deinit { try? FileManager.default.removeItem(at: url) }
}
