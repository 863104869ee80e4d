import Testing
@testable import InfinilistCore

/// `y` finds the value on a line in the item's text (`LineValueLocator`) by the rule of
/// `JSONValue.lineValues`: on every line of these items, both give the same path and value.
@Suite struct LineValueLocatorTests {
    static let samples = [
        #"{"a":1,"b":{"c":[1,2,{"d":null}],"e":{}},"f":[],"g":"text"}"#,
        #"[1,[2,[3]],{"x":true}]"#,
        #""just a string""#,
        "{}",
        #"{"user":{"login":"me"},"labels":["bug","ui"],"n":1.50}"#,
        #"  { "spaced" : [ 1 , { "k\"ey" : "v,]}" } ] , "é.x": -2e3 }  "#,
        #"{"deep":[[[[{"a":[{}]}]]]],"s":"\u00e9\n"}"#,
        #"{"body":"one\ntwo\u000athree","list":["a\nb"]}"#,
        #""top\nlevel""#,
    ]

    @Test(arguments: samples)
    func everyLineGivesTheValueLineValuesGives(json: String) throws {
        let expected = try JSONParser.parse(json).lineValues()
        let found: [(path: String, text: String)] = Array(json.utf8).withUnsafeBufferPointer { bytes in
            var lines: [(String, String)] = []
            var start = PrettyLines.first(in: bytes)
            while let line = start {
                var writer = LineWriter(keepsText: false)
                let next = PrettyLines.walk(bytes, from: line, into: &writer)
                if let value = LineValueLocator.value(in: bytes, lineAt: line.offset) {
                    let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[value.range]), as: UTF8.self)
                    lines.append((value.path, ((try? JSONParser.parse(text))?.copyText) ?? "unparsable: \(text)"))
                } else {
                    lines.append(("nothing found", ""))
                }
                start = next
            }
            return lines
        }
        #expect(found.map(\.path) == expected.map(\.path), "\(json)")
        #expect(found.map(\.text) == expected.map(\.value.copyText), "\(json)")
    }

    @Test func anOffsetWhereNoLineStartsFindsNothing() {
        let json = Array(#"{"a":"b"}"#.utf8)
        json.withUnsafeBufferPointer { bytes in
            #expect(LineValueLocator.value(in: bytes, lineAt: 2) == nil)
            #expect(LineValueLocator.value(in: bytes, lineAt: 100) == nil)
        }
    }
}
