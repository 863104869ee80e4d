import Foundation
import JQ

/// `make jq-conformance JQ_TEST=FILE`: runs a test file in the format of jq's own suite
/// (`tests/jq.test` of jqlang/jq at `jq-1.7.1`, not kept in this repository) through the JQ
/// engine and prints passed / failed / skipped by reason, then each failure with its line.
/// Each case runs in a process of its own, so a crash or a hang is one failed case, not the end
/// of the run: a case still running 1 s after it started is killed and counted as a hang.
///
/// `jq-conformance FILE` runs them all; `jq-conformance --case LINE FILE` runs the case whose
/// program is on LINE and prints its verdict on one line (what the parent reads).
let arguments = Array(CommandLine.arguments.dropFirst())

func load(_ path: String) -> JQTestFile {
    guard let data = FileManager.default.contents(atPath: path) else {
        FileHandle.standardError.write(Data("jq-conformance: cannot read \(path)\n".utf8))
        exit(2)
    }
    return JQTestFile(text: String(decoding: data, as: UTF8.self))
}

if arguments.count == 3, arguments[0] == "--case", let line = Int(arguments[1]) {
    guard let testCase = load(arguments[2]).cases.first(where: { $0.line == line }) else { exit(2) }
    print(VerdictLine.encode(testCase.run()))
    exit(0)
}

guard arguments.count == 1, !arguments[0].hasPrefix("-") else {
    FileHandle.standardError.write(Data("usage: jq-conformance FILE (jq's tests/jq.test at jq-1.7.1, from github.com/jqlang/jq)\n".utf8))
    exit(2)
}
let path = arguments[0]
let file = load(path)
var verdicts: [(JQTestFile.Case, JQTestVerdict)] = []
for testCase in file.cases {
    verdicts.append((testCase, CaseProcess.run(line: testCase.line, file: path)))
}
print(ConformanceReport(path: path, verdicts: verdicts).text)
