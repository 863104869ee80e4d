import Foundation
@testable import InfinilistLoader
import Testing

/// `RequestURL`: the one type the fetcher accepts. What it sends, what it refuses, and that a
/// password never leaves it except as Basic auth.
@Suite struct RequestURLTests {
    private func url(_ text: String) throws -> RequestURL {
        try RequestURL.parse(text).get()
    }

    @Test func theSentTextHasNoCredentialsNoFragmentAndOnlyURLCharacters() throws {
        let parsed = try url("HTTPS://ann:p%40ss@API.example.com:8443/a/b?q=café&x=[1]|2&bad=%zz#frag")
        #expect(parsed.text == "https://API.example.com:8443/a/b?q=caf%C3%A9&x=%5B1%5D%7C2&bad=%25zz")
        #expect(parsed.origin == WebOrigin(scheme: "https", host: "api.example.com", port: 8443))
        #expect(parsed.credentials == URLCredentials(user: "ann", password: "p@ss"))
        #expect(parsed.shown == "https://ann:***@API.example.com:8443/a/b?q=caf%C3%A9&x=%5B1%5D%7C2&bad=%25zz")
        #expect(URL(string: parsed.text) != nil)
    }

    @Test func portsAreDigitsFromOneTo65535() throws {
        #expect(try url("http://h:65535/").origin.port == 65535)
        #expect(try url("http://h:1/").origin.port == 1)
        #expect(try url("http://h:0080/").text == "http://h:80/")
        #expect(try url("http://h:/x").origin.port == 80)
        for bad in ["http://h:65536/", "http://h:0/", "http://h:+80/", "http://h:8_0/", "http://h:99999999999999999999999/", "http://h:٨٠/"] {
            guard case .failure(let problem) = RequestURL.parse(bad) else {
                Issue.record("accepted \(bad)")
                continue
            }
            #expect(problem.part == .port, "\(bad): \(problem)")
        }
    }

    @Test func ipv6LiteralsNeedBrackets() throws {
        let parsed = try url("http://[::1]:8080/x")
        #expect(parsed.origin.host == "[::1]")
        #expect(parsed.origin.displayHost == "[::1]:8080")
        #expect(throws: URLProblem.self) { try url("http://[::1%25eth0]/") }
        #expect(throws: URLProblem.self) { try url("http://[::1]x/") }
        #expect(throws: URLProblem.self) { try url("http://[]/") }
    }

    @Test func spacesAndControlsAreRefusedAnywhere() {
        for bad in ["http://h/a b", "http://h/a\tb", "http://h/a\u{0}b", "http://h/\u{85}", "http://h/\u{A0}", " http://h/"] {
            #expect(throws: URLProblem.self, "\(bad)") { try url(bad) }
        }
    }

    @Test func anEmptyUserInfoIsNoCredentials() throws {
        #expect(try url("http://@h/").credentials == nil)
        #expect(try url("http://ann@h/").credentials == URLCredentials(user: "ann", password: ""))
        #expect(try url("http://ann@h/").shown == "http://ann@h/")
    }

    @Test func referencesResolveAgainstTheURLTheyCameFrom() throws {
        let base = "https://api.example.com/v1/things?page=1"
        #expect(try URLReference.resolve("?page=2", against: base).get().text == "https://api.example.com/v1/things?page=2")
        #expect(try URLReference.resolve("//cdn.example.com:8443/x", against: base).get().text == "https://cdn.example.com:8443/x")
        #expect(try URLReference.resolve(" /x ", against: base).get().text == "https://api.example.com/x")
        #expect(throws: URLProblem.self) { try URLReference.resolve("//cdn.example.com:99999/x", against: base).get() }
        #expect(throws: URLProblem.self) { try URLReference.resolve("/a b", against: base).get() }
        #expect(throws: URLProblem.self) { try URLReference.resolve("", against: base).get() }
    }

    @Test func maskingHidesOnlyThePassword() {
        #expect(URLText.masked("https://ann:s3cret@h/x?a=b:c@d") == "https://ann:***@h/x?a=b:c@d")
        #expect(URLText.masked("https://ann@h/x") == "https://ann@h/x")
        #expect(URLText.masked("https://h/x?user=a:b@c") == "https://h/x?user=a:b@c")
        #expect(URLText.masked("no url at all") == "no url at all")
    }

    /// fuzz-requesturl, crash-6b3f85a7…: a password full of NULs. The harness's Foundation
    /// search stopped at the first NUL; masking uses the standard library's, which does not.
    @Test func maskingSeesPastANul() {
        #expect(URLText.masked("\u{0}https://ann:s3\u{0}cret@h/x") == "\u{0}https://ann:***@h/x")
        #expect(throws: URLProblem(part: .characters, reason: "contains the character U+0000; URLs cannot hold spaces or control characters")) {
            try RequestURL.parse("https://n:s\u{0}\u{0}@[UIt").get()
        }
    }

    @Test func aBadFilledURLFailsThePageSayingWhereItCameFrom() {
        var key = PageKey(index: 2, page: 3)
        key.url = "http://127.0.0.1:70000/x"
        key.via = .field("links.next")
        #expect(throws: PageLoadError(.invalidURL, "page 3: the next link (links.next) 'http://127.0.0.1:70000/x' has port 70000; ports go up to 65535")) {
            try PageURL.check("http://127.0.0.1:70000/x", key: key, label: "page 3")
        }
    }
}
