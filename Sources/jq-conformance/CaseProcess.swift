import Foundation
import JQ

/// One case in a child process: its verdict line read back, a death by signal a crash, and a
/// case still running after `limit` seconds killed and a hang.
enum CaseProcess {
    static let limit = 1.0

    static func run(line: Int, file: String) -> JQTestVerdict {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: CommandLine.arguments[0])
        process.arguments = ["--case", String(line), file]
        // jq's suite runs with PAGER=less (its tests read `$ENV.PAGER` and `env.PAGER`).
        var environment = ProcessInfo.processInfo.environment
        environment["PAGER"] = "less"
        process.environment = environment
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        let finished = DispatchSemaphore(value: 0)
        process.terminationHandler = { _ in finished.signal() }
        do {
            try process.run()
        } catch {
            return .failed(.crash, detail: "could not start: \(error)")
        }
        if finished.wait(timeout: .now() + limit) == .timedOut {
            process.terminate()
            kill(process.processIdentifier, SIGKILL)
            finished.wait()
            return .failed(.hang, detail: "")
        }
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        if process.terminationReason == .uncaughtSignal {
            return .failed(.crash, detail: "signal \(process.terminationStatus)")
        }
        return VerdictLine.decode(text) ?? .failed(.crash, detail: "exit \(process.terminationStatus), no verdict")
    }
}

/// A verdict as one line between the two processes: a letter, then the reason's index and the
/// detail, tab-separated.
enum VerdictLine {
    static func encode(_ verdict: JQTestVerdict) -> String {
        switch verdict {
        case .passed: return "P"
        case .passedWithOurMessage: return "M"
        case .skipped(let reason): return "S\t\(JQTestVerdict.SkipReason.allCases.firstIndex(of: reason) ?? 0)"
        case .failed(let failure, let detail):
            let oneLine = detail.replacingOccurrences(of: "\n", with: " ").replacingOccurrences(of: "\t", with: " ")
            return "F\t\(JQTestVerdict.Failure.allCases.firstIndex(of: failure) ?? 0)\t\(oneLine)"
        }
    }

    static func decode(_ text: String) -> JQTestVerdict? {
        let fields = text.trimmingCharacters(in: .newlines).split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
        switch fields.first {
        case "P": return .passed
        case "M": return .passedWithOurMessage
        case "S":
            guard fields.count == 2, let index = Int(fields[1]), JQTestVerdict.SkipReason.allCases.indices.contains(index) else { return nil }
            return .skipped(JQTestVerdict.SkipReason.allCases[index])
        case "F":
            guard fields.count == 3, let index = Int(fields[1]), JQTestVerdict.Failure.allCases.indices.contains(index) else { return nil }
            return .failed(JQTestVerdict.Failure.allCases[index], detail: fields[2])
        default: return nil
        }
    }
}
