import Testing
@testable import InfinilistLoader

/// Messages built from what the user or a file gave never show a password or send a control
/// character (session 17's hostile pass).
@Suite struct HostileMessageTests {
    /// A proxy given without a scheme (`user:password@host`, as `http_proxy` often is) is masked
    /// as one with `http://` is, whatever is wrong with it.
    @Test(arguments: ["alice:S3cretPW@[::1", "alice:S3cretPW@host:abc", "http://alice:S3cretPW@[::1"])
    func aMalformedProxyNeverShowsItsPassword(proxy: String) {
        #expect {
            _ = try ProxyServer.parse(proxy, source: "http_proxy")
        } throws: { error in
            let message = (error as? SourceOptionError)?.message ?? "\(error)"
            return !message.contains("S3cretPW") && message.contains("alice:***@") && message.contains("in http_proxy")
        }
    }

    /// A control character in the URL is named whole, the URL shown escaped.
    @Test func aControlCharacterInTheURLIsNamedWhole() {
        #expect {
            _ = try URLTemplate(parsing: "http://127.0.0.1:8765/g\tz")
        } throws: { error in
            let message = (error as? URLTemplateError)?.message ?? ""
            return message.contains("U+0009") && message.contains("URLs cannot hold control characters")
                && message.contains("127.0.0.1:8765") && !message.contains("\t")
        }
    }

    /// A config error names what the file holds, a control character shown escaped.
    @Test func aConfigErrorNeverSendsAControlCharacter() throws {
        let file = try ConfigFile(text: "[sources.\"c\\u001b[31mRED\"]\nurl = \"http://h/\"\n", path: "config.toml")
        #expect {
            _ = try file.source(named: "nosuch\u{1b}]0;x\u{07}")
        } throws: { error in
            let message = (error as? ConfigError)?.message ?? ""
            return !message.contains("\u{1b}") && !message.contains("\u{07}") && message.contains("@c")
        }
    }
}
