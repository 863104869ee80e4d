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

    /// A password holding an unencoded `/`, `?` or `#` ends the authority early, so its start
    /// reads as a port: the URL is masked up to its last `@` and the message quotes no part of
    /// it (it once said "has the port 'Sec'" and showed the whole password), from the command
    /// line, `--proxy` or a proxy variable (hostile pass, session 18).
    @Test(arguments: ["http://alice:Sec/ret99@127.0.0.1:1/x", "http://alice:Sec#ret99@127.0.0.1:1/x", "https://alice:Sec?ret99@host/x"])
    func aPasswordWithASlashIsNeverShown(url: String) {
        #expect {
            _ = try HTTPSource(url: url, options: SourceOptions())
        } throws: { error in
            let message = (error as? SourceOptionError)?.message ?? "\(error)"
            return !message.contains("Sec") && !message.contains("ret99") && message.contains("://***@") && message.contains("percent-encoded")
        }
        let proxy = url.replacingOccurrences(of: "/x", with: "")
        #expect {
            _ = try ProxyServer.parse(proxy, source: "all_proxy")
        } throws: { error in
            let message = (error as? SourceOptionError)?.message ?? "\(error)"
            return !message.contains("Sec") && !message.contains("ret99") && message.contains("in all_proxy")
        }
        // A port and an `@` later in the path are not a password.
        #expect(URLText.masked("http://h:8080/users/@me") == "http://h:8080/users/@me")
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
