import ArgumentParser
import InfinilistLoader

/// The command line as typed, checked and tidied before swift-argument-parser reads it, for two
/// of its habits that would otherwise lose what the user wrote:
///
/// - `--items=` (nothing after the `=`) is read as `--items` alone, which then takes the next
///   word as its value: `--items= URL` used the URL as the path and showed the demo feed. An
///   empty `--name=` is refused here, naming the flag.
/// - `--max-page-bytes -1` is read as the flag followed by an option `-1`, so the message was
///   "Missing value". A flag followed by a negative number is joined into `--max-page-bytes=-1`,
///   so the number reaches the flag's own check ("must be at least 1 byte, not -1").
///
/// Both stop at `--`, after which every word is an argument.
enum CommandWords {
    /// A usage error for the first `--name=` with an empty value, if any.
    static func checkNoEmptyValue(_ words: [String]) throws {
        for word in words {
            if word == "--" { return }
            guard word.hasPrefix("--"), word.hasSuffix("=") else { continue }
            let name = word.dropLast()
            guard name.count > 2, !name.contains("=") else { continue }
            throw ValidationError(EmptyValue.message(flag: String(name)))
        }
    }

    /// A usage error for more than `HeaderCount.limit` headers (`-H`, `--header`), counted
    /// before the parser reads them: its time grows with the square of a flag's repeats.
    static func checkHeaderCount(_ words: [String]) throws {
        var count = 0
        for word in words {
            if word == "--" { break }
            if word == "-H" || word == "--header" || word.hasPrefix("--header=") { count += 1 }
        }
        guard count > HeaderCount.limit else { return }
        throw ValidationError(HeaderCount.message(count, given: "on the command line"))
    }

    /// `words` with every `--name -N` (N a number) joined into `--name=-N`.
    static func normalized(_ words: [String]) -> [String] {
        var result: [String] = []
        result.reserveCapacity(words.count)
        var index = words.startIndex
        while index < words.endIndex {
            let word = words[index]
            if word == "--" {
                result += words[index...]
                break
            }
            let next = words.index(after: index)
            // jq's `--arg NAME VALUE` and `--argjson NAME JSON` take two words: made one, so the
            // value may start with a dash (`--arg n -5`) and the parser sees one value.
            if word == "--arg" || word == "--argjson", words.distance(from: next, to: words.endIndex) >= 2, !words[next].contains("=") {
                let value = words.index(after: next)
                result.append(word + "=" + words[next] + "=" + words[value])
                index = words.index(after: value)
                continue
            }
            if word.hasPrefix("--"), word.count > 2, !word.contains("="), next < words.endIndex, isNegativeNumber(words[next]) {
                result.append(word + "=" + words[next])
                index = words.index(after: next)
                continue
            }
            result.append(word)
            index = next
        }
        return result
    }

    /// `-1`, `-0.5`, `-2K`: a minus sign, then a digit (or a point and a digit). No option of
    /// infinilist is a dash followed by a digit.
    static func isNegativeNumber(_ word: String) -> Bool {
        let characters = Array(word.prefix(3))
        guard characters.count >= 2, characters[0] == "-" else { return false }
        if characters[1].isASCII, characters[1].isNumber { return true }
        return characters[1] == "." && characters.count == 3 && characters[2].isASCII && characters[2].isNumber
    }
}

/// The one message for an option given an empty value, however it was given (`--items=`,
/// `--items ''`, `items = ""` in the config file).
enum EmptyValue {
    static func message(flag: String) -> String {
        "\(flag) needs a value, not an empty one (leave the flag out for its default)"
    }
}
