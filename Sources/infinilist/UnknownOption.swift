import ArgumentParser
import InfinilistCore

/// An option the command does not have, reported as one, with the options nearest it.
///
/// swift-argument-parser checks a command (`validate()`) before it reports the words it did not
/// know, and meanwhile the word after an unknown `--colums` fills the URL: `--colums title URL`
/// was refused as "the URL title has no scheme", and `-colums` (one dash) as `-u title`. So when
/// the command line does not parse, its first unknown option is the mistake reported; the
/// parser's own suggestion is replaced by the nearest names (`NearestWords`), which also
/// know a config file's spelling (`--first_page` is `--first-page`).
enum UnknownOption {
    /// The parser's own options, which `CommandShape` (made from `CommandOptions`) does not list.
    private static let builtInLongNames: Set<String> = [
        "help", "help-hidden", "version", "experimental-dump-help", "generate-completion-script",
    ]

    /// A usage error for the first unknown option in `words` (as the parser is given them), or
    /// nil when every option is known. Words after `--` are arguments, not options.
    static func error(in words: [String], shape: CommandShape = .options) -> ValidationError? {
        let longNames = shape.longNames.union(builtInLongNames)
        for word in words {
            if word == "--" { return nil }
            if word.hasPrefix("--") {
                let name = String(word.dropFirst(2).prefix { $0 != "=" })
                if longNames.contains(name) { continue }
                return ValidationError(longMessage(word: "--" + name, typed: name, longNames: longNames))
            }
            guard word.hasPrefix("-"), word.count > 1, !CommandWords.isNegativeNumber(word) else { continue }
            let letters = word.dropFirst()
            // `-kv`: one-letter flags may be grouped.
            if letters.allSatisfy({ shape.shortNames[$0] != nil }) || letters == "help" { continue }
            return ValidationError(shortMessage(word: word, shape: shape, longNames: longNames))
        }
        return nil
    }

    /// `--colums`: the nearest long names; a config file's spelling (`first_page`, or any case)
    /// is told the flag it stands for.
    private static func longMessage(word: String, typed: String, longNames: Set<String>) -> String {
        let spelled = typed.lowercased().replacingOccurrences(of: "_", with: "-")
        if longNames.contains(spelled) {
            return "unknown option \(shown(word)): it is written --\(spelled)"
        }
        return "unknown option \(shown(word))" + suggestion(for: spelled, longNames: longNames)
    }

    /// `-o`, `-colums` (one dash), `-HX:y` (a value joined to a one-letter option).
    private static func shortMessage(word: String, shape: CommandShape, longNames: Set<String>) -> String {
        let letters = word.dropFirst()
        if let first = letters.first, shape.shortNames[first] == true, letters.count > 1 {
            let value = String(letters.dropFirst())
            return "unknown option \(shown(word)): -\(first) takes its value as the next word (-\(first) \(shown(value)))"
        }
        if letters.count > 2, let nearest = NearestWords.nearest(to: String(letters), among: longNames.sorted()),
           NearestWords.isClose(nearest.distance, to: String(letters)) {
            return "unknown option \(shown(word)); did you mean \(alternatives(nearest.words))?"
        }
        let shortNames = shape.shortNames.keys.sorted().map { "-\($0)" }
        let list = shortNames.isEmpty ? "" : "; the one-letter options are \(ListText.joined(shortNames, with: "and"))"
        return "unknown option \(shown(word))\(list) (infinilist --help lists them all)"
    }

    /// "; did you mean --columns?" when a name is close, else the nearest name, said as such.
    private static func suggestion(for typed: String, longNames: Set<String>) -> String {
        guard let nearest = NearestWords.nearest(to: typed, among: longNames.sorted()) else { return "" }
        if NearestWords.isClose(nearest.distance, to: typed) {
            return "; did you mean \(alternatives(nearest.words))?"
        }
        return "; the nearest option is \(alternatives(nearest.words)) (infinilist --help lists them all)"
    }

    private static func alternatives(_ names: [String]) -> String {
        ListText.joined(names.map { "--" + $0 }, with: "or")
    }

    /// The word as typed, on one line and of bounded length (it may be anything).
    private static func shown(_ word: String) -> String {
        let cut = word.count > 60 ? word.prefix(59) + "…" : Substring(word)
        return TerminalText.sanitize(String(cut))
    }
}

/// `a`, `a or b`, `a, b and c`.
enum ListText {
    static func joined(_ items: [String], with conjunction: String) -> String {
        guard let last = items.last else { return "" }
        guard items.count > 1 else { return last }
        return items.dropLast().joined(separator: ", ") + " \(conjunction) " + last
    }
}
