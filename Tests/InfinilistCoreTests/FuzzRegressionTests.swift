import Testing
@testable import InfinilistCore

/// Inputs that `make fuzz` (libFuzzer, Fuzz/Targets) found to break a property, kept as tests so
/// the fix stays fixed. Each says what the fuzzer saw.
@Suite struct FuzzRegressionTests {
    /// fuzz-jsonpath, crash-53182f40…: a path whose key holds U+FFFD (from an invalid UTF-8 byte)
    /// printed with the replacement character escaped inside quotes, which then read back as a
    /// different key.
    @Test func aKeyWithAReplacementCharacterPrintsSafely() throws {
        let bytes: [UInt8] = Array("{title} ({score}){title} ({sc".utf8) + [0xEF, 0x72] + Array("e}) by {user.logi}".utf8)
        let path = try JSONPath(parsing: String(decoding: bytes, as: UTF8.self))
        let printed = path.description
        #expect(TerminalText.sanitize(printed) == printed)
        #expect(printed == #"["{title} ({score}){title} ({sc\u{FFFD}re}) by {user"]["logi}"]"#)
    }

    /// fuzz-jsonpath, crash-ed524d42…: a bare key with U+FFFD was printed raw, so a path shown by
    /// `-v` (which can name a key the server chose, e.g. HAL's `_embedded.<name>`) could carry
    /// bidi overrides and invisible characters to the terminal.
    @Test(arguments: [
        ([0x68, 0x69, 0x74, 0x73, 0x2E, 0x24, 0x2E, 0x74, 0x69, 0xF4, 0x6C, 0x65] as [UInt8], #"hits.$["ti\u{FFFD}le"]"#),
        (Array("data.\u{202E}gnp.exe".utf8), #"data["\u{202E}gnp"].exe"#),
        (Array("a.zero\u{200B}width".utf8), #"a["zero\u{200B}width"]"#),
    ])
    func bareKeysWithInvisibleCharactersAreQuotedAndEscaped(bytes: [UInt8], printed: String) throws {
        let path = try JSONPath(parsing: String(decoding: bytes, as: UTF8.self))
        #expect(path.description == printed)
        #expect(TerminalText.sanitize(path.description) == path.description)
    }

    /// Paths made of ordinary keys still print back to themselves.
    @Test(arguments: ["data.children", "hits.0.title", #"links["next"].href"#, #"["a.b"]"#, "_embedded.items", "日本.キー"])
    func ordinaryPathsRoundTrip(text: String) throws {
        let path = try JSONPath(parsing: text)
        #expect(try JSONPath(parsing: path.description) == path)
    }
}
