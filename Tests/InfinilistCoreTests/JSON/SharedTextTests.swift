import InfinilistCore
import Testing

/// A dump's item JSON read from its page's buffer is the text an item of its own holds.
@Suite struct SharedTextTests {
    private let samples = [#"{"a":1}"#, "", #"{"name":"café ☕ 😀"}"#, #"["é","e\u0301"]"#]

    @Test func aSliceOfABufferReadsAsTheTextItHolds() {
        var buffer: [UInt8] = Array("prefix".utf8)
        var ranges: [Range<Int>] = []
        for sample in samples {
            let start = buffer.count
            buffer += Array(sample.utf8)
            ranges.append(start..<buffer.count)
        }
        for (sample, range) in zip(samples, ranges) {
            let shared = SharedText(sharing: buffer, range: range)
            #expect(shared.isShared)
            #expect(shared.string == sample)
            #expect(shared == SharedText(sample))
            #expect(SharedText(sample) == shared)
            #expect(shared.withUTF8 { Array($0) } == Array(sample.utf8))
            #expect(SharedText(sample).withUTF8 { Array($0) } == Array(sample.utf8))
            #expect(!SharedText(sample).isShared)
        }
        #expect(SharedText(sharing: buffer, range: ranges[0]) != SharedText(sharing: buffer, range: ranges[2]))
    }

    /// Equal as `String`s are: canonically equivalent spellings are the same text.
    @Test func equalityIsTheStrings() {
        let bytes = Array("é".utf8) + Array("e\u{301}".utf8)
        let composed = SharedText(sharing: bytes, range: 0..<2)
        let decomposed = SharedText(sharing: bytes, range: 2..<bytes.count)
        #expect(composed == decomposed)
        #expect(composed == SharedText("e\u{301}"))
    }

    /// An item made from a shared text has the same JSON and identity as one made from the string.
    @Test func anItemIsTheSameHoweverItsJSONIsHeld() {
        let json = #"{"title":"x"}"#
        let shared = Item(jsonText: SharedText(sharing: Array(json.utf8), range: 0..<json.utf8.count), text: "")
        let own = Item(json: json, text: "")
        #expect(shared == own)
        #expect(shared.identity == own.identity)
        #expect(shared.json == json)
    }
}
