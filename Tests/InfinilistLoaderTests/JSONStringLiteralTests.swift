import InfinilistCore
@testable import InfinilistLoader
import Testing

/// The demo builds its items' JSON by hand: every string it quotes must parse back to itself,
/// whether it takes the whole-copy path (nothing to escape) or the escaping one.
@Suite struct JSONStringLiteralTests {
    @Test(arguments: [
        "plain", "", "Zoë Østergaard", "👩‍💻 Pairing", "ends with a quote\"", "back\\slash",
        "line\nbreak\ttab\rreturn", "bell\u{07} and \u{1F} unit separator", "\u{7F} delete is not escaped",
    ])
    func quotedTextParsesBackToItself(_ text: String) throws {
        let quoted = JSONStringLiteral.quote(text)
        #expect(try JSONParser.parse(quoted) == .string(text))
    }

    @Test func textWithNothingToEscapeIsCopiedWhole() {
        #expect(JSONStringLiteral.quote("José Núñez") == "\"José Núñez\"")
        #expect(JSONStringLiteral.quote("a\"b") == "\"a\\\"b\"")
        #expect(JSONStringLiteral.quote("\u{01}") == "\"\\u0001\"")
    }
}
