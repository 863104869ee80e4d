import Foundation

/// Runs the machine's jq 1.6 (`/usr/bin/jq -c PROGRAM`) on one input: the expected outputs are
/// always computed, never written down.
enum JQOracle {
    struct Result {
        var lines: [String]
        var exitCode: Int32
        /// The message of `jq: error (at <stdin>:N): MESSAGE`, if any.
        var error: String?
    }

    static var available: Bool { FileManager.default.isExecutableFile(atPath: "/usr/bin/jq") }

    /// jq may exit before reading its input (a program it rejects): the write must not kill us.
    private static let ignoreBrokenPipe: Void = { signal(SIGPIPE, SIG_IGN) }()

    static func run(_ program: String, input: String, arguments: [String] = []) throws -> Result {
        _ = ignoreBrokenPipe
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/jq")
        process.arguments = ["-c"] + arguments + [program]
        let stdin = Pipe(), stdout = Pipe(), stderr = Pipe()
        process.standardInput = stdin
        process.standardOutput = stdout
        process.standardError = stderr
        try process.run()
        stdin.fileHandleForWriting.write(Data(input.utf8))
        try stdin.fileHandleForWriting.close()
        let out = stdout.fileHandleForReading.readDataToEndOfFile()
        let err = stderr.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        var lines = String(decoding: out, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        if lines.last == "" { lines.removeLast() }
        var message: String?
        let errText = String(decoding: err, as: UTF8.self)
        if let range = errText.range(of: "): ") ?? errText.range(of: ") ") {
            message = String(errText[range.upperBound...]).trimmingCharacters(in: .newlines)
            if errText.contains("(not a string)") {
                message = "(not a string): " + (message ?? "").replacingOccurrences(of: "(not a string): ", with: "")
            }
        } else if !errText.isEmpty {
            message = errText.trimmingCharacters(in: .newlines)
        }
        return Result(lines: lines, exitCode: process.terminationStatus, error: message)
    }
}
