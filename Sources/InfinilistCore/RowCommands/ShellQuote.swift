/// Quoting for `sh -c`: every value put into a bound command goes through here, so that text
/// from a server (`$(touch pwned)`, a backquote, `'; rm -rf ~ #`, a newline) reaches the command
/// as one word of data and is never read as shell syntax.
public enum ShellQuote {
    /// `text` in single quotes, each `'` written as `'\''` (close, an escaped quote, reopen).
    /// Inside single quotes the shell gives every other character, newlines included, its
    /// literal value (POSIX, 2.2.2), so the result is always exactly one word equal to `text`.
    /// A NUL cannot be passed to a program at all; callers refuse text that holds one.
    public static func quoted(_ text: String) -> String {
        var result = "'"
        result.reserveCapacity(text.utf8.count + 2)
        for character in text.unicodeScalars {
            if character == "'" {
                result += "'\\''"
            } else {
                result.unicodeScalars.append(character)
            }
        }
        result += "'"
        return result
    }
}
