import Testing
@testable import InfinilistCore

/// The detail view writes its lines straight from the item's JSON text (`PrettyLines`): the
/// very lines, spans and styles `highlightedLines` makes from the parsed tree.
@Suite struct PrettyLinesTests {
    static let samples = [
        #"{"id":1,"title":"a \"quoted\" title","tags":["x","y"],"empty":[],"none":{},"nested":{"a":[1,{"b":null}],"c":true},"n":-1.5e3}"#,
        #"[1,[2,[3,[]]],{}]"#,
        #""just a string""#,
        #"42"#,
        #"{ "spaced" : [ 1 , 2 ] , "escapes": "\u0041\n\u2028\u0085é" }"#,
        #"[{"a":{}},{"b":[]}]"#,
        // Strings with line breaks, as an issue's body: one line per line of text.
        ###"{"body":"## Problem\r\nIt fails\n\nwhen run\n","n":1,"list":["a\nb","end\n"],"esc":"x\\ny\u000Az"}"###,
        #""top\nlevel""#,
    ]

    private func walked(_ json: String) -> [[Span]] {
        let index = DetailIndex(text: json, isJSON: true, width: 0, wraps: false)
        var lines: [[Span]] = []
        var start = index.locate(line: 0)?.start
        while let at = start {
            let (spans, next) = index.line(at: at)
            lines.append(spans)
            start = next
        }
        return lines
    }

    @Test(arguments: samples)
    func theLinesAreTheTreesLines(_ json: String) throws {
        let value = try JSONParser.parse(json)
        #expect(walked(json) == value.highlightedLines(splitsStrings: true))
    }

    @Test(arguments: samples)
    func theIndexCountsTheRowsTheWrapMakes(_ json: String) throws {
        for width in [3, 8, 20, 200] {
            var index = DetailIndex(text: json, isJSON: true, width: width, wraps: true)
            var budget = Int.max
            index.extend(budget: &budget)
            let rows = walked(json).map { DetailLayout.wrap($0, width: width).count }.reduce(0, +)
            #expect(index.rowCount == rows, "width \(width)")
        }
    }

    @Test func validityIsTheParsersOwn() {
        for json in Self.samples { #expect(JSONParser.isValid(json)) }
        for bad in ["", "not json", "{", "[1,]", #"{"a"}"#, "01", "[1] 2", #""\x""#, "tru"] {
            #expect(!JSONParser.isValid(bad), "\(bad)")
            #expect((try? JSONParser.parse(bad)) == nil)
        }
        let deep = String(repeating: "[", count: 300) + String(repeating: "]", count: 300)
        #expect(!JSONParser.isValid(deep))
    }

    /// Checked a few bytes a step, as the detail view checks a huge item, the verdict is the same.
    @Test func aCheckInStepsGivesTheSameVerdict() {
        for json in Self.samples + ["not json", "[1,]", #"{"a":[1,2,{"b":"c"}]} x"#, " [ 1 ] "] {
            var check = JSONCheck()
            var steps = 0
            while check.verdict == nil, steps < 1000 {
                check.run(json, budget: 3)
                steps += 1
            }
            #expect(check.verdict == JSONParser.isValid(json), "\(json)")
            if json.utf8.count > 30 { #expect(steps > 2, "\(json)") }
        }
    }

    /// An issue's body reads as its lines: the string goes on over one line per line of its
    /// text, each after the first one level further in, the escapes still shown.
    @Test func aStringWithLineBreaksIsShownOverItsLines() {
        let lines = walked(#"{"title":"Crash","body":"Steps:\r\n1. run it\n2. see it fail\n","n":3}"#)
            .map { $0.map(\.text).joined() }
        #expect(lines == [
            "{",
            #"  "title": "Crash","#,
            #"  "body": "Steps:\r\n"#,
            #"    1. run it\n"#,
            #"    2. see it fail\n","#,
            #"  "n": 3"#,
            "}",
        ])
    }
}
