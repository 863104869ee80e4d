import JQ

/// What `make jq-conformance` prints: the counts, the share passed of the cases the engine is
/// meant to cover (all but those using modules or `input`, issue 35), the failures by reason,
/// then every failure with its line and program.
struct ConformanceReport {
    let path: String
    let verdicts: [(JQTestFile.Case, JQTestVerdict)]

    var text: String {
        var passed = 0, ourMessage = 0
        var skipped: [JQTestVerdict.SkipReason: Int] = [:]
        var failed: [JQTestVerdict.Failure: [(JQTestFile.Case, String)]] = [:]
        for (testCase, verdict) in verdicts {
            switch verdict {
            case .passed: passed += 1
            case .passedWithOurMessage: ourMessage += 1
            case .skipped(let reason): skipped[reason, default: 0] += 1
            case .failed(let failure, let detail): failed[failure, default: []].append((testCase, detail))
            }
        }
        let skippedCount = skipped.values.reduce(0, +)
        let failedCount = failed.values.reduce(0) { $0 + $1.count }
        let covered = verdicts.count - skippedCount
        let share = covered == 0 ? 0 : Double(passed + ourMessage) * 100 / Double(covered)
        var lines = [
            "jq-conformance: \(path): \(verdicts.count) cases",
            "passed \(passed + ourMessage) of the \(covered) not using modules or input (\(String(format: "%.1f", share))%)"
                + (ourMessage > 0 ? "; \(ourMessage) of them refused to compile as jq does, with our own message" : ""),
            "failed \(failedCount)",
        ]
        for failure in JQTestVerdict.Failure.allCases {
            if let cases = failed[failure] { lines.append("  \(failure.rawValue): \(cases.count)") }
        }
        lines.append("skipped \(skippedCount)")
        for reason in JQTestVerdict.SkipReason.allCases {
            if let count = skipped[reason] { lines.append("  \(reason.rawValue): \(count)") }
        }
        if failedCount > 0 { lines.append("\nfailures:") }
        for failure in JQTestVerdict.Failure.allCases {
            for (testCase, detail) in failed[failure] ?? [] {
                lines.append("line \(testCase.line): \(failure.rawValue): \(testCase.program)" + (detail.isEmpty ? "" : "\n    \(detail)"))
            }
        }
        return lines.joined(separator: "\n")
    }
}
