@_spi(_Unicode) import Swift

/// What a row is sorted by: its value at the sort field, made comparable once when the row is
/// first seen, so a sort compares keys and never parses or folds text again.
///
/// The order between kinds: numbers and dates (by their value; a date is its seconds since
/// 1970, so a column mixing ISO dates and Unix times still sorts by time; a string that is a
/// number, as some APIs send amounts and ids, is that number), then text, then `false` before
/// `true`. Objects and arrays are their summary as a cell shows it (`bug, ui`). A null or a
/// missing field has no key: it sorts last whichever the direction (`RowOrder`), as SQL's
/// NULLS LAST. A key made from a table cell is the key made from the item's JSON (the cell is
/// that value as text), so the two can be mixed in one order.
enum SortKey: Comparable, Sendable {
    /// A number's value, and for an integer too long for a `Double` (a 64-bit id: Twitter's,
    /// Discord's), its digits, which order those the `Double` makes equal.
    case number(Double, LongInteger = LongInteger())
    /// `folded` is what a person compares (see `TextCollation`); `text` breaks ties (an accent,
    /// then the case).
    case text(folded: String, text: String)
    case bool(UInt8)

    /// The key of a value; nil for null or a missing value.
    static func of(_ value: JSONValue?) -> SortKey? {
        guard let value else { return nil }
        switch TypedValue.content(of: value) {
        case .null: return nil
        case .number(let written): return Self.number(written) ?? Self.text(written)
        case .string(let string): return Self.number(string) ?? DateValue.iso8601(string).map { SortKey.number($0) } ?? Self.text(string)
        case .bool(let flag): return .bool(flag ? 1 : 0)
        case let other: return Self.text(CellValue.summary(other))
        }
    }

    /// The key of a table cell, as the column holds it (cheaper than parsing the item again).
    static func of(_ cell: Cell, kind: ColumnKind) -> SortKey? {
        switch cell {
        case .null, .missing: return nil
        case .date(let seconds, _): return .number(seconds)
        case .text(let text):
            if kind == .bool, text == "true" || text == "false" { return .bool(text == "true" ? 1 : 0) }
            return Self.number(text) ?? DateValue.iso8601(text).map { SortKey.number($0) } ?? Self.text(text)
        }
    }

    /// A number written as JSON writes one (no `inf`, `nan` or hex that `Double` would read).
    private static func number(_ text: String) -> SortKey? {
        guard let first = text.utf8.first, first == UInt8(ascii: "-") || (first >= 0x30 && first <= 0x39),
              text.utf8.allSatisfy({ ($0 >= 0x30 && $0 <= 0x39) || $0 == UInt8(ascii: "-") || $0 == UInt8(ascii: "+") || $0 == UInt8(ascii: ".") || $0 == UInt8(ascii: "e") || $0 == UInt8(ascii: "E") }),
              let number = Double(text), number.isFinite else { return nil }
        return .number(number, LongInteger(text))
    }

    private static func text(_ text: String) -> SortKey {
        .text(folded: TextCollation.folded(text), text: text)
    }
}

/// An integer's digits when it has more than 15 (beyond them a `Double` is not exact): compared
/// by sign, then length, then digits. Empty (all equal) for any other number, whose `Double`
/// decides.
struct LongInteger: Comparable, Sendable {
    let negative: Bool
    let digits: Substring

    init() {
        self.init(negative: false, digits: "")
    }

    private init(negative: Bool, digits: Substring) {
        self.negative = negative
        self.digits = digits
    }

    init(_ text: String) {
        let negative = text.hasPrefix("-")
        let digits = negative ? text.dropFirst() : text[...]
        guard digits.count > 15, digits.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) else {
            self.init()
            return
        }
        self.init(negative: negative, digits: digits.drop(while: { $0 == "0" }))
    }

    static func < (a: LongInteger, b: LongInteger) -> Bool {
        if a.negative != b.negative { return a.negative }
        let magnitude = (a.digits.count, a.digits) < (b.digits.count, b.digits)
        let reverse = (b.digits.count, b.digits) < (a.digits.count, a.digits)
        return a.negative ? reverse : magnitude
    }
}

/// How text is compared for sorting, without a locale (the core has no Foundation): as a
/// person reads a list, not by code points. Letters compare without their case and without
/// their accents first (`é` beside `e`, `Zoë` before `zoo`), then an accent sorts after its base
/// letter, then the case breaks a tie (capital first). Digits and punctuation keep their
/// code-point order. Decision 140.
enum TextCollation {
    /// `text` decomposed (NFD), accents (combining marks) left out and letters lowercased.
    static func folded(_ text: String) -> String {
        // ASCII, the common case, needs no decomposition.
        if text.utf8.allSatisfy({ $0 < 0x80 }) { return text.lowercased() }
        var scalars = String.UnicodeScalarView()
        for scalar in text._nfd where scalar.properties.canonicalCombiningClass == .notReordered
            && scalar.properties.generalCategory != .nonspacingMark {
            scalars.append(contentsOf: scalar.properties.lowercaseMapping.unicodeScalars)
        }
        return String(scalars)
    }
}
