/// Case-insensitive substring matching of row text, shared by search, the filter and match
/// highlighting so that what is found, what is kept and what is highlighted always agree.
///
/// A query made only of ASCII is matched on UTF-8 bytes with ASCII case folding: no allocation
/// per row, which matters when a search scans page after page. Other queries compare lowercased
/// characters.
public struct TextMatcher: Sendable, Equatable {
    /// What the user typed.
    public let query: String
    /// The query's bytes, ASCII letters lowercased; nil when the query is not ASCII.
    private let asciiNeedle: [UInt8]?
    /// The query lowercased, as characters, for non-ASCII queries.
    private let foldedNeedle: [Character]

    public init(_ query: String) {
        self.query = query
        if query.utf8.allSatisfy({ $0 < 0x80 }) {
            asciiNeedle = query.utf8.map(TextMatcher.fold)
            foldedNeedle = []
        } else {
            asciiNeedle = nil
            foldedNeedle = Array(query.lowercased())
        }
    }

    /// Whether `text` contains the query, ignoring case. The empty query matches everything.
    public func matches(_ text: String) -> Bool {
        if let asciiNeedle {
            var text = text
            return text.withUTF8 { Self.find(asciiNeedle, in: $0, from: 0) != nil }
        }
        return Self.find(foldedNeedle, in: Array(text.lowercased()), from: 0) != nil
    }

    /// Every non-overlapping occurrence of the query in `text`, in order; empty for the empty
    /// query. Used only for the rows on screen.
    public func ranges(in text: String) -> [Range<String.Index>] {
        TextWork.count(bytes: text.utf8.count)
        if let asciiNeedle {
            guard !asciiNeedle.isEmpty else { return [] }
            var copy = text
            let offsets: [Int] = copy.withUTF8 { bytes in
                var found: [Int] = []
                var from = 0
                while let start = Self.find(asciiNeedle, in: bytes, from: from) {
                    found.append(start)
                    from = start + asciiNeedle.count
                }
                return found
            }
            let utf8 = text.utf8
            return offsets.map { start in
                let lower = utf8.index(utf8.startIndex, offsetBy: start)
                return lower..<utf8.index(lower, offsetBy: asciiNeedle.count)
            }
        }
        guard !foldedNeedle.isEmpty else { return [] }
        // Lowercase character by character, remembering where each folded character came from.
        var folded: [Character] = []
        var origin: [Range<String.Index>] = []
        var index = text.startIndex
        while index < text.endIndex {
            let next = text.index(after: index)
            for character in text[index].lowercased() {
                folded.append(character)
                origin.append(index..<next)
            }
            index = next
        }
        var found: [Range<String.Index>] = []
        var from = 0
        while let start = Self.find(foldedNeedle, in: folded, from: from) {
            let end = start + foldedNeedle.count - 1
            let range = origin[start].lowerBound..<origin[end].upperBound
            if let last = found.last, range.lowerBound < last.upperBound {
                // Two folded characters from one original character: do not overlap.
            } else {
                found.append(range)
            }
            from = start + foldedNeedle.count
        }
        return found
    }

    private static func fold(_ byte: UInt8) -> UInt8 {
        byte >= 0x41 && byte <= 0x5A ? byte | 0x20 : byte
    }

    /// The first position at or after `from` where `needle` occurs in `haystack` (bytes folded).
    private static func find(_ needle: [UInt8], in haystack: UnsafeBufferPointer<UInt8>, from: Int) -> Int? {
        let n = needle.count
        guard n > 0 else { return from <= haystack.count ? from : nil }
        guard haystack.count >= n else { return nil }
        let first = needle[0]
        var i = from
        let lastStart = haystack.count - n
        while i <= lastStart {
            if fold(haystack[i]) == first {
                var j = 1
                while j < n, fold(haystack[i + j]) == needle[j] { j += 1 }
                if j == n { return i }
            }
            i += 1
        }
        return nil
    }

    private static func find(_ needle: [Character], in haystack: [Character], from: Int) -> Int? {
        let n = needle.count
        guard n > 0 else { return from <= haystack.count ? from : nil }
        guard haystack.count >= n else { return nil }
        var i = from
        while i <= haystack.count - n {
            if haystack[i] == needle[0] {
                var j = 1
                while j < n, haystack[i + j] == needle[j] { j += 1 }
                if j == n { return i }
            }
            i += 1
        }
        return nil
    }
}

extension TextMatcher {
    /// Whether an item's row matches: one of its cells in a table (a query never spans two
    /// columns, just as a highlight never does), else its line of text.
    public func matches(_ item: Item) -> Bool {
        guard !item.cells.isEmpty else { return matches(item.text) }
        return item.cells.contains { matches($0.searchText) }
    }
}
