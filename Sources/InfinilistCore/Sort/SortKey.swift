@_spi(_Unicode) import Swift

/// What a row is sorted by: its value at the sort field, made comparable once when the row is
/// first seen, so a sort compares keys and never parses or folds text again.
///
/// The order between kinds: numbers and dates (by their value; a date is its seconds since
/// 1970, so a column mixing ISO dates and Unix times still sorts by time), then text, then
/// `false` before `true`, then objects and arrays (by their compact JSON). A null or a missing
/// field has no key: it sorts last whichever the direction (`RowOrder`), as SQL's NULLS LAST.
enum SortKey: Comparable, Sendable {
    case number(Double)
    /// `folded` is what a person compares (see `TextCollation`); `text` breaks ties (an accent,
    /// then the case).
    case text(folded: String, text: String)
    case bool(UInt8)
    case json(String)

    /// The key of a value; nil for null or a missing value.
    static func of(_ value: JSONValue?) -> SortKey? {
        guard let value else { return nil }
        switch TypedValue.content(of: value) {
        case .null: return nil
        case .number(let text): return Double(text).map(SortKey.number) ?? .text(folded: text, text: text)
        case .string(let text):
            if let seconds = DateValue.iso8601(text) { return .number(seconds) }
            return .text(folded: TextCollation.folded(text), text: text)
        case .bool(let flag): return .bool(flag ? 1 : 0)
        case .array, .object: return .json(value.compactJSON)
        }
    }

    /// The key of a table cell, as the column holds it (cheaper than parsing the item again):
    /// a number column's text is a number, a date column's cell has its seconds.
    static func of(_ cell: Cell, kind: ColumnKind) -> SortKey? {
        switch cell {
        case .null, .missing: return nil
        case .date(let seconds, _): return .number(seconds)
        case .text(let text):
            if kind == .number, let number = Double(text), !number.isNaN { return .number(number) }
            if kind == .bool, text == "true" || text == "false" { return .bool(text == "true" ? 1 : 0) }
            return .text(folded: TextCollation.folded(text), text: text)
        }
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
