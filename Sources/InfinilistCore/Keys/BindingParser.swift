/// A `--bind` value that cannot be used, with the words that say which part and why.
public struct BindingError: Error, CustomStringConvertible, Equatable {
    public let description: String

    init(_ token: String, _ reason: String) {
        let shown = token.count > 60 ? String(token.prefix(59)) + "…" : token
        description = "--bind '\(shown)': \(reason)"
    }
}

/// Reads `--bind KEY:ACTION[,KEY:ACTION…]` as fzf writes it: KEY a key name (`KeyName`), ACTION
/// an action's name (`Action.name`) or `execute(CMD)`, `execute-silent(CMD)`, `print(TEMPLATE)`.
/// The command may be in `(…)`, `[…]`, `{…}` or `<…>` (brackets of the same kind inside must
/// pair up, so `$(date)` needs nothing), between two of `~ ! @ # $ % ^ & * ; / |`, or after a `:`
/// to the end of the value. Every mistake names the binding it is in.
public enum BindingParser {
    /// Every `--bind` value, in order. A key bound twice, in one value or in two, is a mistake:
    /// one of the two would silently lose.
    public static func parse(_ values: [String]) throws(BindingError) -> [UserBinding] {
        var all: [UserBinding] = []
        var seen: [Key: String] = [:]
        for value in values {
            for binding in try parse(value) {
                if let first = seen[binding.key] {
                    throw BindingError(binding.token, "\(binding.key.name(.ascii)) is bound twice (also by '\(first)')")
                }
                seen[binding.key] = binding.token
                all.append(binding)
            }
        }
        return all
    }

    /// One `--bind` value.
    public static func parse(_ value: String) throws(BindingError) -> [UserBinding] {
        let characters = Array(value)
        guard !characters.isEmpty else { throw BindingError(value, "expected KEY:ACTION, e.g. ctrl-o:open") }
        var bindings: [UserBinding] = []
        var i = 0
        while true {
            let (binding, end) = try entry(characters, from: i)
            bindings.append(binding)
            i = end
            if i == characters.count { return bindings }
            // `entry` stops at the end or at a comma.
            i += 1
            while i < characters.count, characters[i] == " " { i += 1 }
            guard i < characters.count else { throw BindingError(value, "nothing after the last comma") }
        }
    }

    /// The names `execute`, `execute-silent` and `print`, and what each makes of its text.
    private static func command(named name: String) -> ((CommandTemplate) -> BoundCommand)? {
        switch name {
        case "execute": return BoundCommand.execute
        case "execute-silent": return BoundCommand.executeSilent
        case "print": return BoundCommand.print
        default: return nil
        }
    }

    /// Opening delimiters of a command and their closing ones.
    private static let brackets: [Character: Character] = ["(": ")", "[": "]", "{": "}", "<": ">"]
    private static let sameCloser: Set<Character> = ["~", "!", "@", "#", "$", "%", "^", "&", "*", ";", "/", "|"]

    /// One `KEY:ACTION` starting at `start`; returns it and where it ends (the end of the value or
    /// the comma after it).
    private static func entry(_ c: [Character], from start: Int) throws(BindingError) -> (UserBinding, Int) {
        func upToComma(_ from: Int) -> String {
            String(c[from..<(c[from...].firstIndex(of: ",") ?? c.count)])
        }
        // Two commas in a row (a comma key is written `,:ACTION`), and a colon with nothing
        // before it (a colon key is written `::ACTION`), said as what they are.
        if c[start] == ",", start + 1 == c.count || c[start + 1] != ":" {
            throw BindingError(String(c[start...]), "an empty binding between two commas (the comma key is written ,:ACTION or comma:ACTION)")
        }
        if c[start] == ":", start + 1 == c.count || c[start + 1] != ":" {
            throw BindingError(upToComma(start), "no key before ':' (the colon key is written ::ACTION or colon:ACTION)")
        }
        // The key: up to the first colon; a key that is itself a colon is written `::ACTION`.
        let keyEnd = c[start] == ":" ? start + 1 : (c[start...].firstIndex(of: ":") ?? c.count)
        let keyText = String(c[start..<keyEnd])
        guard keyEnd < c.count, c[keyEnd] == ":" else {
            throw BindingError(upToComma(start), "expected KEY:ACTION, e.g. ctrl-o:open (no ':' after the key)")
        }
        guard let key = KeyName.key(keyText) else {
            throw BindingError(upToComma(start), "unknown key '\(keyText)'; keys are \(KeyName.summary)")
        }
        var i = keyEnd + 1
        let nameStart = i
        while i < c.count, c[i].isASCII, c[i].isLetter || c[i].isNumber || c[i] == "-" { i += 1 }
        let name = String(c[nameStart..<i])
        let target: UserBinding.Target
        if let make = command(named: name) {
            let template = try commandText(c, name: name, at: &i, entryStart: start)
            if name == "print", template.usesMarked {
                throw BindingError(String(c[start..<i]), "{+} is for commands: print(…) is already filled once for each marked item")
            }
            target = .command(make(template))
        } else {
            let word = upToComma(nameStart)
            guard i == c.count || c[i] == "," else {
                throw BindingError(upToComma(start), "unknown action '\(word)'; \(actionList)")
            }
            guard !name.isEmpty else { throw BindingError(upToComma(start), "no action after the key; \(actionList)") }
            guard let action = Action.named(name) else {
                throw BindingError(upToComma(start), "unknown action '\(name)'; \(actionList)")
            }
            guard Action.bindable.contains(action) else {
                throw BindingError(upToComma(start), "'\(name)' belongs to the / and & prompt, which --bind does not change")
            }
            target = .action(action)
        }
        guard i == c.count || c[i] == "," else {
            throw BindingError(upToComma(start), "unexpected '\(c[i])' after \(name)(…); bindings are separated by commas")
        }
        return (UserBinding(key: key, target: target, token: String(c[start..<i])), i)
    }

    /// The command after `execute`, `execute-silent` or `print` at `i`, which moves past it.
    private static func commandText(
        _ c: [Character], name: String, at i: inout Int, entryStart: Int
    ) throws(BindingError) -> CommandTemplate {
        // Up to the next comma for a mistake before the command; to the end for an unclosed one.
        func token() -> String { String(c[entryStart..<(c[i...].firstIndex(of: ",") ?? c.count)]) }
        let rest = String(c[entryStart...])
        guard i < c.count, c[i] != "," else {
            throw BindingError(token(), "\(name) needs a command: \(name)(CMD)")
        }
        let open = c[i]
        let text: String
        if open == ":" {
            text = String(c[(i + 1)...])
            i = c.count
        } else if let close = brackets[open] {
            var depth = 0
            var j = i + 1
            var end: Int?
            while j < c.count {
                if c[j] == open { depth += 1 }
                if c[j] == close {
                    if depth == 0 {
                        end = j
                        break
                    }
                    depth -= 1
                }
                j += 1
            }
            guard let end else {
                throw BindingError(rest, "'\(name)\(open)' is not closed: no matching '\(close)' (brackets inside must pair up; or use \(name)~…~, or \(name):… to the end)")
            }
            text = String(c[(i + 1)..<end])
            i = end + 1
        } else if sameCloser.contains(open) {
            guard let end = c[(i + 1)...].firstIndex(of: open) else {
                throw BindingError(rest, "'\(name)\(open)' is not closed: no second '\(open)'")
            }
            text = String(c[(i + 1)..<end])
            i = end + 1
        } else {
            throw BindingError(token(), "\(name) takes its command in brackets: \(name)(CMD), \(name)[CMD], or \(name):CMD at the end")
        }
        guard !text.allSatisfy(\.isWhitespace) else { throw BindingError(token(), "\(name) has an empty command") }
        return CommandTemplate(text)
    }

    private static var actionList: String {
        "actions are " + Action.bindable.map(\.name).joined(separator: ", ") + ", execute(CMD), execute-silent(CMD), print(TEMPLATE)"
    }
}
