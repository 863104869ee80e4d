@testable import InfinilistLoader
import Testing

/// The splitter passes string text and the plain bytes between a container's strings in a
/// tight loop (`skipPlainBytes`): what it cuts must not depend on where reads end, and brackets,
/// quotes and line breaks inside strings must stay text.
@Suite struct ValueSplitterChunkTests {
    static let input = Array("""
        {"a":"x{y[z]\\"}\\\\","b":[1,{"c":"]"}],"d":"line"}
        {"e": "spaces and } brackets ] in text", "f" : [ 1 , 2 ]}
        not json { at all
        [ {"g":1}, {"h":"\\u005d"} ]
        {
          "pretty": {"i": "]}"},
          "j": [true, false, null]
        }
        "a string alone"
        42
        {"k":"cut short
        {"l":1}
        """.utf8) + [0x1E] + Array(#"{"m":"after RS"}"#.utf8) + [0x0A]

    private func pieces(_ chunks: [[UInt8]]) -> [String] {
        var splitter = ValueSplitter(at: .start, maxValueBytes: 1 << 20)
        var out: [String] = []
        for chunk in chunks {
            splitter.append(chunk)
            while let piece = splitter.next(atEOF: false) { out.append("\(piece.kind) \(String(decoding: piece.bytes, as: UTF8.self))") }
        }
        while let piece = splitter.next(atEOF: true) { out.append("\(piece.kind) \(String(decoding: piece.bytes, as: UTF8.self))") }
        return out
    }

    @Test func theValuesAreCutAtTheirEnds() {
        let whole = pieces([Self.input])
        #expect(whole.first == #"json {"a":"x{y[z]\"}\\","b":[1,{"c":"]"}],"d":"line"}"#)
        #expect(whole.contains(#"json {"e": "spaces and } brackets ] in text", "f" : [ 1 , 2 ]}"#))
        #expect(whole.contains { $0.hasPrefix("json {\n  \"pretty\"") && $0.hasSuffix("}") })
        #expect(whole.contains(#"json {"m":"after RS"}"#))
        #expect(whole.contains(#"json {"l":1}"#))
    }

    /// String text is passed eight bytes at a time: a quote, a backslash, a line break or RS at
    /// any place of a word must still be seen.
    @Test func aStopByteAtEveryPlaceOfALongStringIsSeen() {
        for place in 0..<20 {
            let before = String(repeating: "a", count: place), after = String(repeating: "b", count: 19 - place)
            let escaped = #"{"s":""# + before + #"\"x\\"# + after + #""}"#
            let broken = #"{"s":""# + before + "\n" + after + #""}"#
            let input = Array((escaped + "\n" + broken + "\n").utf8) + [0x1E] + Array((#"{"t":""# + before + #""}"# + "\n").utf8)
            let whole = pieces([input])
            #expect(whole.first == "json " + escaped, "at \(place): \(whole)")
            #expect(whole.dropFirst().first == "brokenValue " + #"{"s":""# + before, "at \(place): \(whole)")
            #expect(whole.last == "json " + #"{"t":""# + before + #""}"#, "at \(place): \(whole)")
            #expect(pieces(input.map { [$0] }) == whole, "at \(place), a byte at a time")
        }
    }

    /// Fed a byte at a time, in threes, in sevens and at every split point of a 64-byte window:
    /// the same pieces as fed whole.
    @Test func chunksGiveTheSamePiecesAsTheWholeInput() {
        let whole = pieces([Self.input])
        for size in [1, 3, 7, 64] {
            let chunks = stride(from: 0, to: Self.input.count, by: size).map { Array(Self.input[$0..<min(Self.input.count, $0 + size)]) }
            #expect(pieces(chunks) == whole, "chunks of \(size)")
        }
        for cut in 0..<min(64, Self.input.count) {
            #expect(pieces([Array(Self.input[..<cut]), Array(Self.input[cut...])]) == whole, "cut at \(cut)")
        }
    }
}
