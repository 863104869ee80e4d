import Foundation

/// A URL that infinilist may send a request to. `HTTPFetcher` takes nothing else, so every URL
/// (the command line's, a filled template, a redirect's `Location`, a `Link` header, a next link
/// in a body) passes `RequestURL.parse` before it can reach AsyncHTTPClient, whose own parsing
/// crashes on an IP literal with a port above 65535 and wraps other ports around.
///
/// The checks: scheme http or https; a host (a name, an IPv4 address, or an IPv6 address in
/// brackets); a port of 1 to 65535 written in plain digits; no spaces or control characters.
/// What is sent is normalised so that Foundation, which AsyncHTTPClient parses with, cannot read
/// it another way: user name and password removed (they become Basic auth, see `URLCredentials`),
/// the fragment dropped, and characters a URL may not hold percent-encoded.
struct RequestURL: Sendable, Hashable, CustomStringConvertible {
    let origin: WebOrigin
    /// What is sent: `scheme://host[:port]/path?query`, RFC 3986 characters only.
    let text: String
    /// `user:password@` from the URL, percent-decoded; nil without one.
    let credentials: URLCredentials?

    /// The URL for messages and `-v`: `text`, with `user:***@` when the URL carried credentials.
    var shown: String {
        guard let credentials else { return text }
        return URLText.insertingUserInfo(credentials.shown, into: text)
    }

    var description: String { shown }

    /// Checks and normalises `raw`; the error says which part is wrong.
    static func parse(_ raw: String) -> Result<RequestURL, URLProblem> {
        do throws(URLProblem) {
            return .success(try URLParts(raw).requestURL())
        } catch {
            return .failure(error)
        }
    }

    init(origin: WebOrigin, text: String, credentials: URLCredentials?) {
        self.origin = origin
        self.text = text
        self.credentials = credentials
    }
}

/// Why a URL cannot be requested, worded to follow the URL it is about:
/// "http://127.0.0.1:70000/x *has port 70000; ports go up to 65535*".
struct URLProblem: Error, Sendable, Equatable, CustomStringConvertible {
    enum Part: Sendable, Equatable {
        /// Not http or https; the scheme as written (lowercased), nil when there is none.
        case scheme(String?)
        case host
        case port
        case userInfo
        /// A space or control character, anywhere.
        case characters
        /// Foundation reads the URL differently from infinilist (or not at all).
        case form
    }

    let part: Part
    let reason: String

    var description: String { reason }
}

/// A user name and password from a URL (`https://user:pw@host/…`), sent as HTTP Basic auth the
/// way curl does, and only where `CredentialScope` allows the `-H` headers.
struct URLCredentials: Sendable, Hashable {
    let user: String
    let password: String

    /// The `Authorization` header value.
    var basicAuthorization: String {
        "Basic " + Data("\(user):\(password)".utf8).base64EncodedString()
    }

    /// `user:***`: the user, never the password.
    var shown: String {
        let user = URLText.percentEncoded(user, keeping: URLText.userInfoCharacters.subtracting([":"]))
        return password.isEmpty ? user : user + ":***"
    }
}

/// The pieces of a URL string, split the way RFC 3986 does it, then checked one by one.
private struct URLParts {
    let raw: String

    init(_ raw: String) { self.raw = raw }

    func requestURL() throws(URLProblem) -> RequestURL {
        if case .failure(let problem) = RequestURL.checkCharacters(raw) { throw problem }
        guard let colon = raw.firstIndex(of: ":"), URLScheme.isScheme(raw[..<colon]) else {
            throw URLProblem(part: .scheme(nil), reason: "has no scheme; it should start with http:// or https://")
        }
        let scheme = raw[..<colon].lowercased()
        // `localhost:8080/items`: a host and port, not a scheme.
        if scheme != "http", scheme != "https", raw[raw.index(after: colon)...].first?.isNumber == true {
            throw URLProblem(part: .scheme(nil), reason: "has no scheme; it should start with http:// or https://")
        }
        guard scheme == "http" || scheme == "https" else {
            throw URLProblem(part: .scheme(scheme), reason: "is a \(OneLine.clean(scheme, maxCharacters: 20)): URL; only http and https can be requested")
        }
        let afterScheme = raw[raw.index(after: colon)...]
        guard afterScheme.hasPrefix("//") else {
            throw URLProblem(part: .host, reason: "has no host; it should start with \(scheme)://")
        }
        let authorityStart = afterScheme.index(afterScheme.startIndex, offsetBy: 2)
        let authorityEnd = afterScheme[authorityStart...].firstIndex(where: { $0 == "/" || $0 == "?" || $0 == "#" }) ?? afterScheme.endIndex
        var authority = afterScheme[authorityStart..<authorityEnd]
        var rest = afterScheme[authorityEnd...]
        if let hash = rest.firstIndex(of: "#") { rest = rest[..<hash] }

        // The host and port are checked before the user name and password, so that a URL
        // wrong in both is refused for its host or port: a message about the password would
        // point at a secret (a config file's `${PASSWORD}` as written has braces).
        if URLText.hasUnencodedUserInfo(String(raw)) {
            // `http://alice:Sec/ret@host/`: the password's `/` ended the authority early, so its
            // start reads as a port. Said without quoting either part.
            throw URLProblem(part: .userInfo, reason: "has a user name and password holding '/', '?' or '#', which must be percent-encoded (%2F, %3F, %23)")
        }
        let userInfo = authority.lastIndex(of: "@").map { authority[..<$0] }
        if let at = authority.lastIndex(of: "@") { authority = authority[authority.index(after: at)...] }
        let (host, port) = try Self.hostAndPort(authority)
        let credentials = try userInfo.flatMap { userInfo throws(URLProblem) in try Self.credentials(userInfo) }
        let defaultPort = scheme == "https" ? 443 : 80
        let origin = WebOrigin(scheme: scheme, host: host.lowercased(), port: port ?? defaultPort)
        let portText = port.map { ":\($0)" } ?? ""
        let text = "\(scheme)://\(host)\(portText)\(URLText.percentEncoded(String(rest), keeping: URLText.pathAndQueryCharacters))"
        try Self.checkFoundationAgrees(text, origin: origin)
        return RequestURL(origin: origin, text: text, credentials: credentials)
    }

    static func credentials(_ userInfo: Substring) throws(URLProblem) -> URLCredentials? {
        guard userInfo.allSatisfy({ URLText.userInfoCharacters.contains($0) || $0 == "%" || !$0.isASCII }) else {
            throw URLProblem(part: .userInfo, reason: "has a user name or password with a character that must be percent-encoded ('@' as %40, '/' as %2F)")
        }
        let parts = userInfo.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false)
        let user = URLText.percentDecoded(parts[0])
        let password = parts.count > 1 ? URLText.percentDecoded(parts[1]) : ""
        if user.isEmpty && password.isEmpty { return nil }
        // `%00` or `%0A` would put a NUL or a line break into the Authorization (or
        // Proxy-Authorization) header's credentials; no server means them.
        if (user + password).unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F }) {
            throw URLProblem(part: .userInfo, reason: "has a user name or password holding a control character once decoded (%00 to %1F or %7F); it is not sent")
        }
        if user.contains(":") {
            throw URLProblem(part: .userInfo, reason: "has a user name with ':' in it, which Basic auth cannot carry")
        }
        return URLCredentials(user: user, password: password)
    }

    static func hostAndPort(_ authority: Substring) throws(URLProblem) -> (host: String, port: Int?) {
        var hostPart = authority
        var portPart: Substring?
        if authority.hasPrefix("[") {
            guard let close = authority.firstIndex(of: "]") else {
                throw URLProblem(part: .host, reason: "has an IPv6 address without its closing ']'")
            }
            hostPart = authority[...close]
            let after = authority[authority.index(after: close)...]
            if !after.isEmpty {
                guard after.hasPrefix(":") else {
                    throw URLProblem(part: .host, reason: "has text after the IPv6 address \(Self.quoted(hostPart)); only :PORT may follow it")
                }
                portPart = after.dropFirst()
            }
            let address = String(hostPart.dropFirst().dropLast())
            guard IPAddressText.isIPv6(address) else {
                throw URLProblem(part: .host, reason: "has \(Self.quoted(hostPart)), which is not an IPv6 address")
            }
        } else {
            let colons = authority.filter { $0 == ":" }.count
            if colons > 1 {
                throw URLProblem(part: .host, reason: "has a host with several ':'; an IPv6 address must be in brackets, as in http://[::1]:8080/")
            }
            if let colon = authority.firstIndex(of: ":") {
                hostPart = authority[..<colon]
                portPart = authority[authority.index(after: colon)...]
            }
            guard !hostPart.isEmpty else { throw URLProblem(part: .host, reason: "has no host name") }
            guard hostPart.utf8.count <= 253,
                  hostPart.unicodeScalars.allSatisfy({ $0.isASCIILetter || ("0"..."9").contains($0) || "-._".unicodeScalars.contains($0) })
            else {
                throw URLProblem(part: .host, reason: "has the host \(Self.quoted(hostPart)), which is not a host name (letters, digits, '-' and '.'; an internationalised name must be written in its xn-- form)")
            }
            if hostPart.allSatisfy({ $0.isNumber || $0 == "." }), hostPart.contains("."), !IPAddressText.isIPv4(String(hostPart)) {
                throw URLProblem(part: .host, reason: "has the host \(Self.quoted(hostPart)), which is not an IPv4 address (four numbers from 0 to 255)")
            }
        }
        return (String(hostPart), try portPart.flatMap(Self.port))
    }

    /// The port as written: plain decimal digits, 1 to 65535. Empty means the default (RFC 3986).
    static func port(_ text: Substring) throws(URLProblem) -> Int? {
        if text.isEmpty { return nil }
        guard text.unicodeScalars.allSatisfy({ ("0"..."9").contains($0) }) else {
            throw URLProblem(part: .port, reason: "has the port \(Self.quoted(text)), which is not a number")
        }
        let digits = text.drop(while: { $0 == "0" })
        let shown = OneLine.clean(String(text), maxCharacters: 24)
        if digits.isEmpty { throw URLProblem(part: .port, reason: "has port \(shown); ports start at 1") }
        // Counted before converting: a long run of digits would overflow Int, or wrap in a UInt16.
        guard digits.count <= 5, let value = Int(digits), value <= 65535 else {
            throw URLProblem(part: .port, reason: "has port \(shown); ports go up to 65535")
        }
        return value
    }

    /// AsyncHTTPClient parses the URL again with Foundation; a URL that Foundation would read with
    /// another host or port (or not at all) is refused rather than sent somewhere unexpected.
    static func checkFoundationAgrees(_ text: String, origin: WebOrigin) throws(URLProblem) {
        guard let url = URL(string: text), let host = url.host, url.scheme?.lowercased() == origin.scheme else {
            throw URLProblem(part: .form, reason: "cannot be parsed as a URL")
        }
        let bare = origin.host.hasPrefix("[") ? String(origin.host.dropFirst().dropLast()) : origin.host
        let foundationHost = host.hasPrefix("[") ? String(host.dropFirst().dropLast()) : host
        guard foundationHost.lowercased() == bare, (url.port ?? (origin.scheme == "https" ? 443 : 80)) == origin.port else {
            throw URLProblem(part: .form, reason: "is read with another host or port by the HTTP library, so it is not sent")
        }
    }

    static func quoted(_ text: Substring) -> String {
        "'" + OneLine.clean(String(text), maxCharacters: 60) + "'"
    }
}

extension Unicode.Scalar {
    fileprivate var isASCIILetter: Bool { ("a"..."z").contains(self) || ("A"..."Z").contains(self) }
}

extension RequestURL {
    /// Refuses spaces and control characters anywhere: a URL cannot hold them, and quietly
    /// encoding them would hide a broken link.
    static func checkCharacters(_ text: String) -> Result<Void, URLProblem> {
        guard let bad = text.unicodeScalars.first(where: { $0.properties.isWhitespace || $0.value < 0x20 || (0x7F...0x9F).contains($0.value) })
        else { return .success(()) }
        if bad == " " { return .failure(URLProblem(part: .characters, reason: "contains a space; write it as %20")) }
        let code = String(bad.value, radix: 16, uppercase: true)
        return .failure(URLProblem(
            part: .characters,
            reason: "contains the character U+\(String(repeating: "0", count: max(0, 4 - code.count)) + code); URLs cannot hold spaces or control characters"
        ))
    }
}
