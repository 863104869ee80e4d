import Testing
@testable import InfinilistLoader

/// Which proxy a run uses (curl's rules), and the usage errors of a bad proxy URL or NO_PROXY list.
struct ProxyChoiceTests {
    private let http = WebOrigin(scheme: "http", host: "api.example.com", port: 80)
    private let https = WebOrigin(scheme: "https", host: "api.example.com", port: 443)

    private func chosen(_ origin: WebOrigin, flag: String? = nil, noProxy: String? = nil, _ environment: [String: String]) throws -> String? {
        try ProxyChoice.decide(for: origin, proxyFlag: flag, noProxyFlag: noProxy, environment: environment).server.map { "\($0.shown) \($0.source)" }
    }

    @Test func lowerCaseFirstThenUpperThenAll() throws {
        #expect(try chosen(https, ["https_proxy": "a:1", "HTTPS_PROXY": "b:2", "all_proxy": "c:3"]) == "a:1 https_proxy")
        #expect(try chosen(https, ["HTTPS_PROXY": "b:2", "all_proxy": "c:3"]) == "b:2 HTTPS_PROXY")
        #expect(try chosen(https, ["https_proxy": "", "ALL_PROXY": "c:3"]) == "c:3 ALL_PROXY")
        #expect(try chosen(http, ["HTTP_PROXY": "b:2"]) == nil)
        #expect(try chosen(http, ["http_proxy": "a:1", "https_proxy": "b:2"]) == "a:1 http_proxy")
        #expect(try chosen(http, ["https_proxy": "b:2"]) == nil)
        #expect(try chosen(http, flag: "f:9", ["http_proxy": "a:1"]) == "f:9 --proxy")
        #expect(try chosen(http, flag: "", ["http_proxy": "a:1"]) == nil)
        #expect(try chosen(http, ["http_proxy": "http://proxy"]) == "proxy:1080 http_proxy")
        #expect(try chosen(http, ["http_proxy": "http://[::1]:3128/"]) == "[::1]:3128 http_proxy")
    }

    @Test(arguments: [
        ("api.example.com", true), (".example.com", true), ("example.com", true), ("xample.com", false),
        ("*", true), ("api.example.com:80", true), ("api.example.com:8080", false), ("other.org", false),
    ])
    func noProxyMatchesNamesAndDomains(list: String, bypasses: Bool) throws {
        #expect(try chosen(http, noProxy: list, ["http_proxy": "p:1"]) == (bypasses ? nil : "p:1 http_proxy"))
    }

    @Test(arguments: [
        ("10.1.2.3", "10.0.0.0/8", true), ("11.1.2.3", "10.0.0.0/8", false), ("10.1.2.3", "10.1.2.3", true),
        ("[fd00::5]", "fd00::/8", true), ("[fe00::5]", "fd00::/8", false), ("[::1]", "[::1]:80", true),
        ("10.1.2.3", "1.2.3", false),
    ])
    func noProxyMatchesAddressesAndRanges(host: String, list: String, bypasses: Bool) throws {
        let origin = WebOrigin(scheme: "http", host: host, port: 80)
        #expect(try chosen(origin, noProxy: list, ["http_proxy": "p:1"]) == (bypasses ? nil : "p:1 http_proxy"))
    }

    @Test(arguments: [
        ("--proxy", "http://u:pw@proxy:99999", "the proxy URL http://u:***@proxy:99999 in --proxy has port 99999"),
        ("https_proxy", "ftp://u:pw@proxy:21", "in https_proxy is a ftp: URL"),
        ("https_proxy", "https://proxy:443", "in https_proxy is https://; only http:// proxies are supported"),
        ("https_proxy", "http://u:pw@proxy:3128/path", "has a path or query"),
        ("https_proxy", "http://pro xy:1", "contains a space"),
    ])
    func aBadProxyURLIsAUsageErrorNamingWhereItCameFrom(source: String, value: String, words: String) {
        let flag = source == "--proxy" ? value : nil
        let environment = source == "--proxy" ? [:] : [source: value]
        #expect {
            _ = try ProxyChoice.decide(for: https, proxyFlag: flag, noProxyFlag: nil, environment: environment)
        } throws: { error in
            let message = (error as? SourceOptionError)?.message ?? ""
            return message.contains(words) && !message.contains("pw")
        }
    }

    @Test(arguments: ["10.0.0.0/33", "host:99999", "example.com/8"])
    func aBadNoProxyEntryIsAUsageError(entry: String) {
        #expect(throws: SourceOptionError.self) {
            _ = try ProxyChoice.decide(for: https, proxyFlag: "p:1", noProxyFlag: nil, environment: ["NO_PROXY": entry])
        }
    }

    /// Entries curl would never match are said, not accepted silently (issue 32).
    @Test(arguments: [
        ("[::1", "has an IPv6 address without its closing ']'"),
        ("*.", "has a '*', which stands alone for every host"),
        ("*.example.com", "has a '*', which stands alone for every host"),
        ("[example.com]", "has brackets around something that is not an IPv6 address"),
        ("[::1]x", "has text after its IPv6 address"),
        ("exa mple.com", "is not a host name"),
        ("..example.com", "is not a host name"),
    ])
    func aNoProxyEntryThatCanNeverMatchSaysWhatIsWrong(entry: String, words: String) {
        #expect {
            _ = try ProxyChoice.decide(for: https, proxyFlag: "p:1", noProxyFlag: nil, environment: ["NO_PROXY": "example.org, \(entry)"])
        } throws: { error in
            (error as? SourceOptionError)?.message.hasPrefix("NO_PROXY: '\(entry)' \(words)") == true
        }
    }

    @Test(arguments: ["[::1]", "[::1]:8080", "fd00::/8", "localhost", ".example.com", "my_host.internal", "*"])
    func goodNoProxyEntriesAreStillAccepted(entry: String) throws {
        _ = try ProxyChoice.decide(for: https, proxyFlag: "p:1", noProxyFlag: nil, environment: ["NO_PROXY": entry])
    }

    /// A `%00` (or any control character) in a proxy's password is refused, naming the proxy
    /// URL with the password masked, instead of being sent as a NUL byte (issue 32).
    @Test(arguments: ["http://bob:se%00cret@proxy:3128", "http://bob:se%0Acret@proxy:3128", "http://b%7Fob:secret@proxy:3128"])
    func aControlCharacterInAProxyPasswordIsRefused(url: String) {
        #expect {
            _ = try ProxyChoice.decide(for: https, proxyFlag: url, noProxyFlag: nil, environment: [:])
        } throws: { error in
            let message = (error as? SourceOptionError)?.message ?? ""
            return message.hasPrefix("the proxy URL http://") && message.contains("@proxy:3128 in --proxy has a user name or password holding a control character")
                && !message.contains("se%") && !message.contains("cret")
        }
    }

    /// A URL wrong in its port and holding a `${PW}` as written is refused for its port, not
    /// for the braces in its password (issue 32).
    @Test func aBadPortIsSaidBeforeThePassword() {
        #expect {
            _ = try ProxyChoice.decide(for: https, proxyFlag: "http://bob:${PW}@proxy:99999", noProxyFlag: nil, environment: [:])
        } throws: { error in
            let message = (error as? SourceOptionError)?.message ?? ""
            return message == "the proxy URL http://bob:***@proxy:99999 in --proxy has port 99999; ports go up to 65535"
        }
    }
}
