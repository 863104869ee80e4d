/// Words for a failure below HTTP (no connection, no such host). NIO's descriptions name syscalls
/// and errno values; the footer row has room for what a user can act on.
enum TransportFailure {
    private static let known: [(fragment: String, text: String)] = [
        ("connection reset", "connection reset"),
        ("connection refused", "connection refused"),
        ("name or service not known", "host not found"),
        ("nodename nor servname", "host not found"),
        ("no address associated", "host not found"),
        ("temporary failure in name resolution", "host name lookup failed"),
        ("network is unreachable", "network unreachable"),
        ("no route to host", "no route to host"),
        ("certificate", "TLS certificate rejected"),
        ("handshake", "TLS handshake failed"),
    ]

    static func describe(_ error: any Error) -> String {
        let description = String(describing: error)
        let lowered = description.lowercased()
        // Later entries win: NIO says "connection reset (error set): Connection refused".
        if let match = known.last(where: { lowered.contains($0.fragment) }) { return match.text }
        return OneLine.clean(description, maxCharacters: 120)
    }
}
