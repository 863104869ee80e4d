import Foundation

/// The secrets a request carries (the values of `-H` headers, passwords, the Basic credentials
/// made of them), so that text a server sends back is shown without them: an error page that
/// echoes the request's `Authorization` header, or a proxy's page that repeats its password, must
/// not print them on the screen or on stderr (hostile finding F6). Each is shown as `***`.
///
/// Masked before the text is cut to fit a line, so a secret is never shown in part. Values
/// shorter than `shortest` characters are not looked for (masking every `a` of a message would
/// make it unreadable and protect nothing); a multi-word value (`Bearer abc…`) is looked for
/// whole and by each word of 6 characters or more (not `Bearer` itself), since a server may echo
/// the token alone, and each also percent-encoded. A server that echoes only part of a secret
/// has that part shown: no mask can know which parts are enough to matter.
struct EchoedSecrets: Sendable {
    /// Longest first, so a secret that contains another is masked whole.
    private let secrets: [String]
    /// The length of the longest secret, in bytes: how much more than it shows a snippet reads.
    let longest: Int

    static let shortest = 4
    /// Headers that say how to talk, never who is asking: their values (`application/json`)
    /// are left readable in what a server says.
    static let plainHeaders: Set<String> = [
        "accept", "accept-encoding", "accept-language", "content-type", "content-length", "user-agent",
        "cache-control", "pragma", "connection", "if-none-match", "if-modified-since", "x-http-method-override",
    ]
    static let none = EchoedSecrets(secrets: [])

    private init(secrets: Set<String>) {
        self.secrets = secrets.sorted { $0.utf8.count > $1.utf8.count }
        longest = self.secrets.first?.utf8.count ?? 0
    }

    init(headers: [HeaderField], credentials: [URLCredentials?]) {
        var found = Set<String>()
        func add(_ text: some StringProtocol) {
            let trimmed = text.trimmingCharacters(in: .whitespaces)
            if trimmed.count >= Self.shortest { found.insert(trimmed) }
        }
        for header in headers where !Self.plainHeaders.contains(header.name.lowercased()) {
            add(header.value)
            for word in header.value.split(whereSeparator: { " ,;=".contains($0) })
            where word.count >= Self.shortestWord && !Self.schemeWords.contains(word.lowercased()) {
                add(word)
            }
        }
        for case let credential? in credentials {
            add(credential.password)
            let basic = credential.basicAuthorization
            add(basic)
            add(basic.dropFirst("Basic ".count))
        }
        // Echoed in a URL or a form (`Basic%20YWxp…`, `p%40ss`): each as percent-encoding writes it.
        for secret in found {
            let encoded = URLText.percentEncoded(secret, keeping: Self.unreserved)
            if encoded != secret { found.insert(encoded) }
        }
        self.init(secrets: found)
    }

    /// A word of a header value this long or longer is looked for alone (a token after `Bearer`).
    static let shortestWord = 6
    /// Words that name how a credential is sent, not the credential.
    static let schemeWords: Set<String> = ["bearer", "basic", "token", "digest", "negotiate", "apikey", "api-key"]
    private static let unreserved = Set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")

    var isEmpty: Bool { secrets.isEmpty }

    /// `text` with every secret in it replaced by `***`.
    func masked(_ text: String) -> String {
        guard !secrets.isEmpty else { return text }
        var out = text
        for secret in secrets where out.contains(secret) {
            out = out.replacingOccurrences(of: secret, with: "***")
        }
        return out
    }
}
