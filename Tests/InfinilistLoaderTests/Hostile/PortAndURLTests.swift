import InfinilistCore
@testable import InfinilistLoader
import Testing

/// Every URL a server sends (a redirect's Location, a Link header, a next link in the body) is
/// checked before it is requested: a port above 65535 once crashed infinilist inside NIO (an IP
/// literal) or was wrapped around to another port (a host name). Paging stops with a reason that
/// names the link and its port; what was loaded stays, and nothing is retried.
@Suite struct PortAndURLTests {
    @Test(arguments: [
        "http://127.0.0.1:99999/x",
        "http://127.0.0.1:65536/x",
        "https://127.0.0.1:70000/x",
        "http://[::1]:65536/x",
        "http://localhost:84267/x",
        "http://localhost:18446744073709551617/x",
    ])
    func aRedirectToAnImpossiblePortFailsThePageWithoutRetrying(target: String) async throws {
        try await withFaultServer { server in
            let port = String(server.base.split(separator: ":").last ?? "")
            let url = "\(server.base)/redirect?to=\(target.addingPercentEncodingForQuery())"
            let messages = try await loaderMessages(url: url, options: .faults(clock: TestClock()))
            let failure = try #require(messages.last?.failed, "\(messages)")
            let shownPort = target.split(separator: ":").last?.split(separator: "/").first.map(String.init) ?? ""
            #expect(failure.message == "page 1: 127.0.0.1:\(port) redirected to '\(target)', which has port \(shownPort); ports go up to 65535")
            #expect(server.log.all.count == 1)
        }
    }

    @Test(arguments: [
        ("http://127.0.0.1:70000/x", "has port 70000; ports go up to 65535"),
        ("https://127.0.0.1:99999/x", "has port 99999; ports go up to 65535"),
        ("http://[::1]:65536/x", "has port 65536; ports go up to 65535"),
        ("http://localhost:84267/x", "has port 84267; ports go up to 65535"),
        ("http://127.0.0.1:0/x", "has port 0; ports start at 1"),
        ("http://::1/x", "has a host with several ':'; an IPv6 address must be in brackets, as in http://[::1]:8080/"),
        ("http://127.0.0.1:8o80/x", "has the port '8o80', which is not a number"),
    ])
    func aLinkHeaderToABadURLEndsTheListKeepingThePage(next: String, problem: String) async throws {
        try await withFaultServer { server in
            let url = "\(server.base)/linked?next=\(next.addingPercentEncodingForQuery())"
            let messages = try await loaderMessages(url: url, options: .faults(clock: TestClock()), pages: 2)
            let page = try #require(messages.last?.loaded, "\(messages)")
            #expect(page.items.count == 5)
            #expect(page.end?.text == "the next link '\(next)' (Link rel=next) \(problem)")
            #expect(server.log.all.count == 1)
        }
    }

    @Test func aNextLinkInTheBodyToABadPortEndsTheList() async throws {
        try await withFaultServer { server in
            let next = "http://127.0.0.1:65536/x"
            let url = "\(server.base)/next-in-body?next=\(next.addingPercentEncodingForQuery())"
            var options = SourceOptions.faults(clock: TestClock())
            options.nextPath = "next"
            let messages = try await loaderMessages(url: url, options: options, pages: 2)
            let page = try #require(messages.last?.loaded, "\(messages)")
            #expect(page.items.count == 5)
            #expect(page.end?.text == "the next link '\(next)' (next) has port 65536; ports go up to 65535")
        }
    }

    @Test(arguments: [
        ("http://127.0.0.1:70000/?page={page}", "the URL http://127.0.0.1:70000/?page={page} has port 70000; ports go up to 65535"),
        ("http://localhost:18446744073709551617/", "the URL http://localhost:18446744073709551617/ has port 18446744073709551617; ports go up to 65535"),
        ("http://[::1]:99999/", "the URL http://[::1]:99999/ has port 99999; ports go up to 65535"),
        ("https://example.com:0/", "the URL https://example.com:0/ has port 0; ports start at 1"),
        ("http://example.com:-1/", "the URL http://example.com:-1/ has the port '-1', which is not a number"),
        ("http://::1/items", "the URL http://::1/items has a host with several ':'; an IPv6 address must be in brackets, as in http://[::1]:8080/"),
        ("http://[::g]/", "the URL http://[::g]/ has '[::g]', which is not an IPv6 address"),
        ("http://[::1/", "the URL http://[::1/ has an IPv6 address without its closing ']'"),
        ("http://300.1.1.1/", "the URL http://300.1.1.1/ has the host '300.1.1.1', which is not an IPv4 address (four numbers from 0 to 255)"),
        ("http:///items", "the URL http:///items has no host name"),
        ("example.com/items?page={page}", "the URL example.com/items?page={page} has no scheme; it should start with http:// or https://"),
        ("localhost:8080/items", "the URL localhost:8080/items has no scheme; it should start with http:// or https://"),
        ("ftp://example.com/items", "the URL ftp://example.com/items is a ftp: URL; only http and https can be requested"),
        ("http://exa$mple.com/", "the URL http://exa$mple.com/ has the host 'exa$mple.com', which is not a host name (letters, digits, '-' and '.'; an internationalised name must be written in its xn-- form)"),
        ("http://example.com/a b?page={page}", "the URL http://example.com/a b?page={page} contains a space; write it as %20"),
        ("http://a@b@example.com/", "the URL http://a@b@example.com/ has a user name or password with a character that must be percent-encoded ('@' as %40, '/' as %2F)"),
    ])
    func aBadURLOnTheCommandLineIsAUsageErrorNamingThePart(url: String, message: String) async {
        // Through `withHTTPSource`: should the URL be accepted, the source made is closed (a
        // client dropped unclosed would stop the whole test run instead of failing this test).
        await #expect(throws: SourceOptionError(message)) {
            try await withHTTPSource(url: url) { _ in }
        }
    }
}
