import InfinilistCore
@testable import InfinilistLoader
import Testing

/// Filling URL templates: empty query parameters left out on the first request, values
/// percent-encoded, malformed templates rejected, random templates never crashing.
@Suite struct TemplateFillTests {
    private func fill(_ text: String, cursor: String? = nil, last: [String: JSONValue] = [:], page: Int = 1, offset: Int = 0) throws -> String {
        let template = try URLTemplate(parsing: text)
        return template.url(for: PageKey(page: page, offset: offset, cursor: cursor, lastItem: last), limit: 20)
    }

    @Test(arguments: [
        ("https://x/api?limit={limit}&cursor={cursor}", "https://x/api?limit=20"),
        ("https://x/api?cursor={cursor}&limit={limit}", "https://x/api?limit=20"),
        ("https://x/api?cursor={cursor}", "https://x/api"),
        ("https://x/api?a=1&cursor={cursor}&b=2", "https://x/api?a=1&b=2"),
        ("https://x/api?cursor={cursor}#frag", "https://x/api#frag"),
        ("https://x/api?a=1&after={last.id}", "https://x/api?a=1"),
        ("https://x/api?after=t3_{cursor}", "https://x/api?after=t3_"),
        ("https://x/items/{cursor}?limit={limit}", "https://x/items/?limit=20"),
        ("https://x/api?a=1&&b=2&cursor={cursor}", "https://x/api?a=1&&b=2"),
        ("https://x/api?", "https://x/api?"),
        ("https://x/api?{cursor}", "https://x/api"),
    ])
    func leavesOutParametersWithoutAValue(template: String, url: String) throws {
        #expect(try fill(template) == url)
    }

    @Test func fillsEveryPlaceholderAndEncodesValues() throws {
        #expect(try fill("https://x/api?page={page}&offset={offset}&limit={limit}", page: 3, offset: 40) == "https://x/api?page=3&offset=40&limit=20")
        #expect(try fill("https://x/api?cursor={cursor}", cursor: "dXNlcjpVMEc5V0ZYTlo+/=") == "https://x/api?cursor=dXNlcjpVMEc5V0ZYTlo%2B%2F%3D")
        #expect(try fill("https://x/api?c={cursor}", cursor: "a&b=c#d?é ") == "https://x/api?c=a%26b%3Dc%23d%3F%C3%A9%20")
        #expect(try fill("https://x/api?after={last.sort}", last: ["sort": .array([.number("1"), .string("a")])]) == "https://x/api?after=%5B1%2C%22a%22%5D")
    }

    @Test(arguments: [
        ("https://x/?after={last.a..b}", "malformed path"),
        ("https://x/?after={last.[}", "malformed path"),
        ("https://x/?page={page}\n", "control character"),
        ("https://x/?p={Page}", "unknown placeholder {Page}"),
    ])
    func rejectsMalformedTemplates(text: String, expected: String) {
        #expect {
            _ = try URLTemplate(parsing: text)
        } throws: { error in
            String(describing: error).contains(expected)
        }
    }

    @Test func randomTemplatesNeverCrash() {
        var random = SplitMix64(seed: 11)
        let alphabet = Array("{}?&=#/.:abcpagelimitoffsetcursorlast.id")
        for _ in 0..<3000 {
            let text = String((0..<Int.random(in: 0...30, using: &random)).map { _ in alphabet.randomElement(using: &random) ?? "a" })
            if let template = try? URLTemplate(parsing: text) {
                _ = template.url(for: PageKey(page: 1, cursor: Bool.random(using: &random) ? "c" : nil), limit: 5)
            }
        }
    }
}
