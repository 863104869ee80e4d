/// A test file in the format of jq's own suite (`tests/jq.test` in the jqlang/jq repository), as
/// jq's runner (`src/jq_test.c`) reads it: cases separated by blank lines, `#` lines ignored; a
/// case is a program, an input and the outputs expected in order; `%%FAIL` (or `%%FAIL IGNORE
/// MSG`) before a program says it must not compile, the line after it holding jq's message.
/// `make jq-conformance` runs such a file through this engine (issue 35).
public struct JQTestFile: Sendable {
    public struct Case: Sendable, Equatable {
        /// The line of the program, 1-based, as failures are reported.
        public let line: Int
        public let program: String
        public let expectation: Expectation
    }

    public enum Expectation: Sendable, Equatable {
        /// Run on `input`, the program gives these outputs (JSON texts, compared as values).
        case outputs(input: String, expected: [String])
        /// The program does not compile; jq says `message` (nil: jq's runner does not compare it).
        case compileError(message: String?)
    }

    public let cases: [Case]

    public init(text: String) {
        // Lines as jq's runner reads them: a carriage return before the line feed is not data.
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map { line in
            line.hasSuffix("\r") ? String(line.dropLast()) : String(line)
        }
        var cases: [Case] = []
        var index = 0
        var failing: (checksMessage: Bool, seen: Bool) = (false, false)
        // jq's `skipline`: blank (spaces only) or a comment.
        func skippable(_ line: String) -> Bool {
            let trimmed = line.drop { $0 == " " || $0 == "\t" }
            return trimmed.isEmpty || trimmed.hasPrefix("#")
        }
        while index < lines.count {
            let line = lines[index]
            index += 1
            if skippable(line) { continue }
            if line.hasPrefix("%%FAIL") {
                failing = (!line.contains("IGNORE MSG"), true)
                continue
            }
            let programLine = index
            if failing.seen {
                let message = index < lines.count ? lines[index] : ""
                index += 1
                cases.append(Case(line: programLine, program: line, expectation: .compileError(message: failing.checksMessage ? message : nil)))
                failing = (false, false)
                continue
            }
            let input = index < lines.count ? lines[index] : ""
            index += 1
            var expected: [String] = []
            while index < lines.count, !skippable(lines[index]) {
                expected.append(lines[index])
                index += 1
            }
            cases.append(Case(line: programLine, program: line, expectation: .outputs(input: input, expected: expected)))
        }
        self.cases = cases
    }
}
