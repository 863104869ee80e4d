@testable import InfinilistCore

/// The path syntax users type (`--items`, `--id`, `{last.PATH}`) and row templates (`--format`)
/// on arbitrary text: never a crash; a path that parses prints as terminal-safe text, and back to
/// itself unless a key holds characters that are shown escaped; lookups never crash.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzJSONPath(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    if let path = try? JSONPath(parsing: text) {
        let printed = path.description
        check(TerminalText.sanitize(printed) == printed, "a printed path is not terminal-safe: \(printed)")
        // Keys with bidi, invisible or replacement characters print escaped, for reading only;
        // every other path prints back to itself.
        if path.components.allSatisfy({ TerminalText.sanitize($0.key) == $0.key }) {
            guard let again = try? JSONPath(parsing: printed) else { failure("path does not parse back: \(printed)") }
            check(again == path, "path changed when printed: \(text) -> \(printed)")
        }
        let document: JSONValue = .object(["a": .array([.number("1"), .object(["b": .string("x")])]), "0": .null])
        _ = document[path]
    }
    if let formatter = try? ItemFormatter(template: text) {
        let item: JSONValue = .object(["title": .string("t\u{1b}]2;x\u{7}"), "n": .number("-0.5e3"), "list": .array([.bool(true)])])
        _ = formatter.text(for: item)
    }
    return 0
}
