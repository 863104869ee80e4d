/// Small text helpers shared by the paging code (Link headers, next links, cursors), where values
/// come from servers with stray spaces and line breaks around them.
enum PagingText {
    /// `text` without leading and trailing whitespace (spaces, tabs, line breaks).
    static func trimmed(_ text: String) -> String {
        let scalars = text.unicodeScalars
        guard let first = scalars.firstIndex(where: { !$0.properties.isWhitespace }),
              let last = scalars.lastIndex(where: { !$0.properties.isWhitespace })
        else { return "" }
        return String(scalars[first...last])
    }

    /// A value quoted for `-v` lines: one line, no control characters, clipped.
    static func quoted(_ text: String, max: Int = 80) -> String {
        "'" + OneLine.clean(text, maxCharacters: max) + "'"
    }
}
