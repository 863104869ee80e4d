import Testing
@testable import InfinilistCore

@Suite struct TextMatcherTests {
    @Test func asciiIgnoresCase() {
        let m = TextMatcher("HeLLo")
        #expect(m.matches("say hello there"))
        #expect(m.matches("HELLO"))
        #expect(!m.matches("hell o"))
        #expect(!m.matches(""))
    }

    @Test func theEmptyQueryMatchesEverythingButHighlightsNothing() {
        let m = TextMatcher("")
        #expect(m.matches("anything"))
        #expect(m.matches(""))
        #expect(m.ranges(in: "anything").isEmpty)
    }

    @Test func nonASCIIQueriesFoldCaseToo() {
        let m = TextMatcher("ÉCOLE")
        #expect(m.matches("une école"))
        #expect(TextMatcher("straße").matches("STRASSE straße"))
        #expect(TextMatcher("日本").matches("日本語のタイトル"))
        #expect(!TextMatcher("日本").matches("中文"))
    }

    @Test func rangesAreEveryOccurrenceInTheOriginalText() {
        let text = "Abc abc ABC"
        let ranges = TextMatcher("abc").ranges(in: text)
        #expect(ranges.map { String(text[$0]) } == ["Abc", "abc", "ABC"])
        // An ASCII query in non-ASCII text: byte offsets map back to the right characters.
        let mixed = "日本 Apple 🍎 apple"
        #expect(TextMatcher("APPLE").ranges(in: mixed).map { String(mixed[$0]) } == ["Apple", "apple"])
        let french = "École et ÉCOLE"
        #expect(TextMatcher("écolE").ranges(in: french).map { String(french[$0]) } == ["École", "ÉCOLE"])
    }

    @Test func rangesDoNotOverlap() {
        let text = "aaaa"
        #expect(TextMatcher("aa").ranges(in: text).count == 2)
    }

    @Test func findsAndHighlightsAgree() {
        var rng = SplitMix64(seed: 7)
        let alphabet: [Character] = ["a", "B", "c", "é", "É", " ", "日"]
        for _ in 0..<500 {
            let text = String((0..<Int.random(in: 0...12, using: &rng)).map { _ in alphabet.randomElement(using: &rng) ?? "a" })
            let query = String((0..<Int.random(in: 1...3, using: &rng)).map { _ in alphabet.randomElement(using: &rng) ?? "a" })
            let m = TextMatcher(query)
            #expect(m.matches(text) == !m.ranges(in: text).isEmpty, "\(query) in \(text)")
        }
    }
}
