import Foundation
import InfinilistCore
@testable import InfinilistLoader
import Testing

/// Credentials given with -H go only to the starting origin: a redirect or next link to a second
/// origin (a real server on 127.0.0.2) receives none unless --trust-hosts names it. Redirects are
/// bounded, only http and https are followed, and https never drops to http unless allowed.
@Suite struct SecurityTests {
    private func options(trusting hosts: [String] = []) -> SourceOptions {
        var options = SourceOptions.faults(clock: TestClock())
        options.headers = ["Authorization: Bearer secret-token"]
        options.trustedHosts = hosts
        return options
    }

    @Test func aRedirectToAnotherOriginGetsNoCredentials() async throws {
        try await withTwoFaultServers { first, second in
            let url = "\(first.base)/redirect?to=\(second.base)/whoami"
            let messages = try await loaderMessages(url: url, options: options())
            #expect(messages.last?.loaded?.items.first?.text == "authorization: none")
            #expect(first.log.all.first?.authorization == "Bearer secret-token")
            #expect(second.log.all.count == 1)
            #expect(second.log.all.allSatisfy { $0.authorization == nil })
        }
    }

    @Test func aNextLinkToAnotherOriginGetsNoCredentials() async throws {
        try await withTwoFaultServers { first, second in
            let url = "\(first.base)/linked?next=\(second.base)/whoami"
            let messages = try await loaderMessages(url: url, options: options(), pages: 3)
            let pages = messages.compactMap(\.loaded)
            #expect(pages.count == 2, "\(messages)")
            #expect(pages.last?.items.first?.text == "authorization: none")
            #expect(first.log.all.allSatisfy { $0.authorization == "Bearer secret-token" })
            #expect(second.log.all.count == 1)
            #expect(second.log.all.allSatisfy { $0.authorization == nil })
        }
    }

    @Test(arguments: ["127.0.0.2", "*", "127.0.0.2:PORT"])
    func trustHostsSendsThemOnPurpose(entry: String) async throws {
        try await withTwoFaultServers { first, second in
            let port = String(second.base.split(separator: ":").last ?? "")
            let url = "\(first.base)/redirect?to=\(second.base)/whoami"
            let messages = try await loaderMessages(url: url, options: options(trusting: [entry.replacingOccurrences(of: "PORT", with: port)]))
            #expect(messages.last?.loaded?.items.first?.text == "authorization: Bearer secret-token")
            #expect(second.log.all.first?.authorization == "Bearer secret-token")
        }
    }

    @Test func trustingAnotherHostDoesNotTrustEveryone() async throws {
        try await withTwoFaultServers { first, second in
            let url = "\(first.base)/redirect?to=\(second.base)/whoami"
            let messages = try await loaderMessages(url: url, options: options(trusting: ["api.example.com,127.0.0.3"]))
            #expect(messages.last?.loaded?.items.first?.text == "authorization: none")
        }
    }

    @Test(arguments: [
        ("ftp://127.0.0.1/items", "refused redirect from 127.0.0.1:PORT to a ftp: URL (only http and https)"),
        ("file:///etc/passwd", "refused redirect from 127.0.0.1:PORT to a file: URL (only http and https)"),
        ("javascript:alert(1)", "refused redirect from 127.0.0.1:PORT to a javascript: URL (only http and https)"),
    ])
    func onlyHTTPAndHTTPSAreFollowed(target: String, message: String) async throws {
        try await withFaultServer { server in
            let port = String(server.base.split(separator: ":").last ?? "")
            let encoded = target.addingPercentEncodingForQuery()
            let messages = try await loaderMessages(url: "\(server.base)/redirect?to=\(encoded)", options: options())
            let failure = try #require(messages.last?.failed)
            #expect(failure.message == "page 1: " + message.replacingOccurrences(of: "PORT", with: port))
        }
    }

    @Test func redirectsAreBoundedWithoutRetrying() async throws {
        try await withFaultServer { server in
            var options = options()
            options.maxRedirects = 2
            let messages = try await loaderMessages(url: "\(server.base)/loop", options: options)
            #expect(messages.last?.failed?.message.hasPrefix("page 1: more than 2 redirects from 127.0.0.1:") == true)
            #expect(server.log.all.count == 3)   // the start and two redirects, then no retry
        }
    }

    @Test func httpsToHTTPIsRefusedUnlessAllowed() throws {
        let start = try RequestURL.parse("https://api.example.com/start").get()
        let refuse = RedirectPolicy(maxRedirects: 5, allowInsecure: false)
        #expect(throws: PageLoadError(.redirect, "page 1: refused redirect from https to http (http://api.example.com/items); --allow-insecure-redirect permits it")) {
            try refuse.target("http://api.example.com/items", from: start, label: "page 1")
        }
        let allow = RedirectPolicy(maxRedirects: 5, allowInsecure: true)
        #expect(try allow.target("http://api.example.com/items", from: start, label: "page 1").text == "http://api.example.com/items")
        #expect(try refuse.target("/next?page=2", from: start, label: "page 1").text == "https://api.example.com/next?page=2")
        #expect(try refuse.target("//cdn.example.com/x", from: start, label: "page 1").text == "https://cdn.example.com/x")
    }

    @Test func credentialScopeRules() throws {
        let https = try #require(WebOrigin("https://api.example.com/items"))
        func allows(_ url: String, trusting hosts: [String] = []) throws -> Bool {
            try CredentialScope(origin: https, trustedHosts: hosts).allows(try #require(WebOrigin(url)))
        }
        #expect(try allows("https://api.example.com/other?page=2"))
        #expect(try allows("https://API.EXAMPLE.COM:443/x"))
        #expect(try !allows("https://api.example.com:8443/x"))              // another port is another origin
        #expect(try !allows("http://api.example.com/x"))                    // another scheme too
        #expect(try !allows("https://evil.example.net/x"))
        #expect(try !allows("https://api.example.com.evil.net/x"))
        #expect(try allows("https://cdn.example.com/x", trusting: ["*.example.com"]))
        #expect(try !allows("https://example.com.evil.net/x", trusting: ["*.example.com"]))
        #expect(try allows("https://files.example.org:8443/x", trusting: ["files.example.org:8443"]))
        #expect(try !allows("https://files.example.org/x", trusting: ["files.example.org:8443"]))
        #expect(try allows("https://anything.test/x", trusting: ["*"]))
        #expect(try !allows("http://anything.test/x", trusting: ["*"]))     // never down to plain http
    }

    /// `"\r\n"` is one Character in Swift: the check must look at scalars.
    @Test func aHeaderValueWithALineBreakIsRefused() {
        #expect(HeaderField(line: "X-Evil: a\r\nHost: evil.example") == nil)
        #expect(HeaderField(line: "X-Evil: a\nb") == nil)
        #expect(HeaderField(line: "X-Evil: a\u{0}b") == nil)
        #expect(HeaderField(line: "X-Evil: a\u{7F}b") == nil)
        #expect(HeaderField(line: "Authorization: Bearer a\tb")?.value == "Bearer a\tb")
    }

    @Test(arguments: ["", "a b", "host:0", "host:99999", "host:http", "host:+80", "host:0000000000000000000080", "..", "*.", "exa$mple.com", "https://x.com"])
    func aMalformedTrustHostsEntryIsAUsageError(entry: String) async throws {
        var options = SourceOptions()
        options.trustedHosts = [entry]
        // Through `withHTTPSource`: should the entry be accepted, the source made is closed (a
        // client dropped unclosed would stop the whole test run instead of failing this test).
        await #expect(throws: SourceOptionError.self) {
            try await withHTTPSource(url: "https://api.example.com/items", options: options) { _ in }
        }
    }
}

extension String {
    /// Percent-encodes everything but unreserved characters, for a URL inside a query value.
    func addingPercentEncodingForQuery() -> String {
        var out = ""
        for byte in utf8 {
            switch byte {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
                 UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"):
                out.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                out += String(format: "%%%02X", byte)
            }
        }
        return out
    }
}
