import InfinilistCore

/// How one case of a jq test file went, judged as jq's runner judges it: outputs compared as
/// values in order (objects by their members, numbers by value), an error ending the outputs,
/// a result more than expected failing the case.
public enum JQTestVerdict: Sendable, Equatable {
    case passed
    /// A `%%FAIL` case that does not compile, as expected, with a message of our own wording
    /// where jq's runner compares jq's (ours names the column, issue 35).
    case passedWithOurMessage
    /// Not run: what it needs is outside what the engine covers (issue 35: modules, `input`).
    case skipped(SkipReason)
    case failed(Failure, detail: String)

    public enum SkipReason: String, Sendable, CaseIterable {
        case modules = "uses modules (import, include, modulemeta)"
        case input = "reads further inputs (input, inputs)"
    }

    public enum Failure: String, Sendable, CaseIterable {
        case doesNotCompile = "does not compile"
        case compilesButShouldNot = "compiles, though jq refuses it"
        case badInput = "the input does not parse"
        case wrongOutput = "a wrong output"
        case tooFewOutputs = "too few outputs (or an error before them)"
        case tooManyOutputs = "more outputs than expected"
        case badExpectation = "an expected output does not parse"
        /// Said by the runner: the case's process died of a signal.
        case crash = "crashed"
        /// Said by the runner: the case did not finish in its time.
        case hang = "did not finish in 1 s"
    }
}

extension JQTestFile.Case {
    /// Why this case is not run, nil when it is.
    public var skipReason: JQTestVerdict.SkipReason? {
        let words = Set(program.split { !($0.isLetter || $0.isNumber || $0 == "_") }.map(String.init))
        // `import "m"`, `include "m"`: a directive, not the word used as an object key.
        let directive = ["import", "include"].contains { program.contains($0 + " \"") }
        if directive || !words.isDisjoint(with: ["modulemeta", "get_search_list"]) { return .modules }
        if Self.callsInput(program) { return .input }
        return nil
    }

    /// Whether `input` or `inputs` is called (a key `.input` or a variable `$input` is not).
    private static func callsInput(_ program: String) -> Bool {
        let scalars = Array(program.unicodeScalars)
        for name in ["inputs", "input"] {
            let word = Array(name.unicodeScalars)
            var i = 0
            while i + word.count <= scalars.count {
                defer { i += 1 }
                guard Array(scalars[i..<(i + word.count)]) == word else { continue }
                let before = i > 0 ? scalars[i - 1] : " "
                let after = i + word.count < scalars.count ? scalars[i + word.count] : " "
                let partOfName = { (c: Unicode.Scalar) in c.properties.isAlphabetic || ("0"..."9").contains(c) || c == "_" }
                if !partOfName(before), before != ".", before != "$", !partOfName(after) { return true }
            }
        }
        return false
    }

    /// Runs the case.
    public func run() -> JQTestVerdict {
        if let reason = skipReason { return .skipped(reason) }
        switch expectation {
        case .compileError(let message):
            do {
                _ = try JQProgram(program)
                return .failed(.compilesButShouldNot, detail: "")
            } catch {
                return message == nil ? .passed : .passedWithOurMessage
            }
        case .outputs(let inputText, let expectedTexts):
            let compiled: JQProgram
            do throws(JQSyntaxError) {
                compiled = try JQProgram(program)
            } catch {
                return .failed(.doesNotCompile, detail: "at column \(error.column): \(error.message)")
            }
            guard let input = Self.parse(inputText) else { return .failed(.badInput, detail: inputText) }
            var expected: [JSONValue] = []
            for text in expectedTexts {
                guard let value = Self.parse(text) else { return .failed(.badExpectation, detail: text) }
                expected.append(value)
            }
            return Self.judge(program: compiled, input: input, expected: expected)
        }
    }

    /// jq's runner: each expected value against the next output; an error ends the outputs.
    private static func judge(program: JQProgram, input: JSONValue, expected: [JSONValue]) -> JQTestVerdict {
        var outputs: [JSONValue] = []
        var error: String?
        struct Enough: Error {}
        do {
            try program.run(input) { output in
                outputs.append(output)
                // One more than expected is enough to fail; an endless generator stops here.
                if outputs.count > expected.count { throw Enough() }
            }
        } catch is Enough {
        } catch let failure as JQRuntimeError {
            error = failure.message
        } catch {
            return .failed(.tooFewOutputs, detail: "\(error)")
        }
        for (position, want) in expected.enumerated() {
            guard position < outputs.count else {
                let got = outputs.map(JQOutput.compact).joined(separator: ", ")
                return .failed(.tooFewOutputs, detail: "got [\(got)]" + (error.map { "; error: \($0)" } ?? ""))
            }
            if !Order.equal(want, outputs[position]) {
                return .failed(.wrongOutput, detail: "expected \(JQOutput.compact(want)), got \(JQOutput.compact(outputs[position]))")
            }
        }
        if outputs.count > expected.count {
            return .failed(.tooManyOutputs, detail: "also \(JQOutput.compact(outputs[expected.count]))")
        }
        return .passed
    }

    /// A line of JSON as jq's runner parses it (a byte order mark before it is not data).
    private static func parse(_ text: String) -> JSONValue? {
        let body = text.hasPrefix("\u{FEFF}") ? String(text.dropFirst()) : text
        return try? JSONParser.parse(body)
    }
}
