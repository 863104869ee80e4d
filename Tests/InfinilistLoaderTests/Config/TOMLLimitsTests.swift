import InfinilistLoader
import Testing
import TestThreads
@testable import TOML

/// A hostile or generated config file is read in bounded stack and linear time: nesting too deep
/// is an error at its line rather than a crash, and a file of thousands of tables is read in one
/// pass (no test here measures time: a quadratic parser shows as a test run that never ends).
@Suite(.ownThread) struct TOMLLimitsTests {
    static let levels = 50_000

    /// Texts nested `levels` deep, named briefly (a test's arguments are printed).
    enum Deep: String, CaseIterable {
        case arrays, inlineTables, arraysOfInlineTables, dottedKey, tableHeader, arrayOfTablesHeader

        var text: String {
            let levels = TOMLLimitsTests.levels
            let dotted = Array(repeating: "a", count: levels).joined(separator: ".")
            switch self {
            case .arrays: return "x = " + String(repeating: "[", count: levels) + String(repeating: "]", count: levels) + "\n"
            case .inlineTables: return "x = " + String(repeating: "{a=", count: levels) + "1" + String(repeating: "}", count: levels) + "\n"
            case .arraysOfInlineTables: return "x = [" + String(repeating: "{a=[", count: levels) + "\n"
            case .dottedKey: return dotted + " = 1\n"
            case .tableHeader: return "[" + dotted + "]\n"
            case .arrayOfTablesHeader: return "[[" + dotted + "]]\n"
            }
        }

        var mention: String {
            switch self {
            case .arrays, .inlineTables, .arraysOfInlineTables: return "arrays and inline tables"
            case .dottedKey, .tableHeader, .arrayOfTablesHeader: return "dotted parts"
            }
        }
    }

    @Test(arguments: Deep.allCases)
    func nestingTooDeepIsAnErrorNotACrash(deep: Deep) {
        do {
            _ = try TOMLParser.parse("a = 1\n" + deep.text)
            Issue.record("parsed")
        } catch {
            #expect(error.line == 2, "\(error)")
            #expect(error.message.contains(deep.mention), "\(error)")
            #expect(error.message.contains("at most \(TOMLParser.maxDepth)"), "\(error)")
        }
    }

    @Test func nestingUpToTheLimitIsRead() throws {
        let depth = TOMLParser.maxDepth
        let table = try TOMLParser.parse("x = " + String(repeating: "[", count: depth) + "1" + String(repeating: "]", count: depth) + "\n")
        var value = table["x"]?.value
        var levels = 0
        while case .array(let items)? = value {
            levels += 1
            value = items.first
        }
        #expect(levels == depth)
        #expect(value == .integer(1))
    }

    @Test func twentyThousandTablesAreRead() throws {
        let count = 20_000
        var text = ""
        for number in 0..<count {
            text += "[sources.s\(number)]\nurl = \"https://x.example/\(number)?page={page}\"\nfirst-page = \(number)\n"
        }
        let file = try ConfigFile(text: text, path: "/c.toml")
        #expect(file.sources.count == count)
        let last = try file.source(named: "s\(count - 1)")
        #expect(last.line == 3 * (count - 1) + 1)
        #expect(last.settings.map(\.key) == ["url", "first-page"])
        #expect(last.settings.last?.value == .integer(count - 1))
        #expect(last.settings.last?.line == 3 * count)
    }

    @Test func twentyThousandKeysInOneTableAreRead() throws {
        let count = 20_000
        let text = "[t]\n" + (0..<count).map { "k\($0) = \($0)\n" }.joined()
            + "[u]\n" + "i = { " + (0..<count).map { "k\($0) = \($0)" }.joined(separator: ", ") + " }\n"
        let table = try TOMLParser.parse(text)
        guard case .table(let t)? = table["t"]?.value, case .table(let u)? = table["u"]?.value,
              case .table(let inline)? = u["i"]?.value else {
            Issue.record("no [t] or [u]")
            return
        }
        #expect(t.entries.count == count)
        #expect(t.entries.last?.line == count + 1)
        #expect(inline.entries.count == count)
        #expect(inline.entries.last?.value == .integer(count - 1))
    }

    @Test func aFractionOfAMillionDigitsIsReadInOnePass() throws {
        let table = try TOMLParser.parse("t = 07:32:00." + String(repeating: "9", count: 1_000_000) + "\nafter = 0xFF\n")
        guard case .dateTime(let time)? = table["t"]?.value else {
            Issue.record("t is not a time")
            return
        }
        #expect(time.time?.nanosecond == 999_999_999)
        #expect(table["after"]?.line == 2)
    }

    @Test func twentyThousandArrayTablesAreRead() throws {
        let count = 20_000
        let text = (0..<count).map { "[[page]]\nn = \($0)\nat = 1979-05-27T07:32:00.5-07:00\n" }.joined()
        let table = try TOMLParser.parse(text)
        guard case .array(let pages)? = table["page"]?.value else {
            Issue.record("no [[page]]")
            return
        }
        #expect(pages.count == count)
        guard case .table(let last)? = pages.last else {
            Issue.record("the last [[page]] is not a table")
            return
        }
        #expect(last["n"]?.value == .integer(count - 1))
        #expect(last["n"]?.line == 3 * count - 1)
        #expect(last["at"]?.value.kindName == "a date-time")
    }
}
