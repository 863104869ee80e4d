/// The program `o` starts: `$BROWSER` when set, as most Unix programs read it, else `xdg-open`
/// (`open` on macOS). BROWSER is a `:`-separated list of commands, each tried in turn until one
/// starts (`w3m:lynx`); a command's words are split at spaces outside quotes, as a shell would
/// split them but never run by one (`'/opt/My Browser/run' --new-tab` is two words); `%s` is
/// replaced by the address (`%%` is a `%`), else the address is added at the end. The address
/// is always one argument of its own, whatever it holds.
public enum BrowserCommand {
    /// The first command to try.
    public static func arguments(for address: String, browser: String?) -> [String] {
        candidates(for: address, browser: browser)[0]
    }

    /// Every command to try, in order; never empty.
    public static func candidates(for address: String, browser: String?) -> [[String]] {
        let commands = alternatives(browser ?? "").map(words).filter { !$0.isEmpty }
        guard !commands.isEmpty else {
            #if os(macOS)
            return [["open", address]]
            #else
            return [["xdg-open", address]]
            #endif
        }
        return commands.map { command in
            guard command.contains(where: { $0.contains("%s") }) else { return command + [address] }
            return command.map { substituted($0, address: address) }
        }
    }

    /// `text` split at the colons outside quotes.
    private static func alternatives(_ text: String) -> [Substring] {
        var result: [Substring] = []
        var start = text.startIndex
        var quote: Character?
        for index in text.indices {
            let character = text[index]
            if let open = quote {
                if character == open { quote = nil }
            } else if character == "'" || character == "\"" {
                quote = character
            } else if character == ":" {
                result.append(text[start..<index])
                start = text.index(after: index)
            }
        }
        result.append(text[start...])
        return result
    }

    /// The words of one command: split at spaces and tabs outside quotes; `'…'` and `"…"` keep
    /// what they hold (the quotes removed), and a backslash outside single quotes keeps the
    /// character after it.
    private static func words(_ command: Substring) -> [String] {
        var words: [String] = []
        var current = ""
        var inWord = false
        var quote: Character?
        var escaped = false
        for character in command {
            if escaped {
                current.append(character)
                escaped = false
            } else if character == "\\", quote != "'" {
                escaped = true
                inWord = true
            } else if let open = quote {
                if character == open { quote = nil } else { current.append(character) }
            } else if character == "'" || character == "\"" {
                quote = character
                inWord = true
            } else if character == " " || character == "\t" {
                if inWord { words.append(current) }
                current = ""
                inWord = false
            } else {
                current.append(character)
                inWord = true
            }
        }
        if inWord { words.append(current) }
        return words
    }

    /// `%s` replaced by `address` and `%%` by `%`, in one pass (an address holding `%s` stays
    /// as it is).
    private static func substituted(_ word: String, address: String) -> String {
        var result = ""
        var index = word.startIndex
        while index < word.endIndex {
            let next = word.index(after: index)
            if word[index] == "%", next < word.endIndex, word[next] == "s" || word[next] == "%" {
                result += word[next] == "s" ? address : "%"
                index = word.index(after: next)
            } else {
                result.append(word[index])
                index = next
            }
        }
        return result
    }
}
