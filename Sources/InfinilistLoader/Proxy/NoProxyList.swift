import Foundation

/// The hosts that bypass the proxy: `--noproxy` or `no_proxy`/`NO_PROXY`, a comma-separated list
/// read as curl reads it. `*` is every host; `example.com` or `.example.com` is that domain and
/// every name under it; an IP address is that address; `10.0.0.0/8` or `fd00::/8` a CIDR range;
/// any entry may end in `:PORT` (`[::1]:8080` for IPv6) to match that port only.
struct NoProxyList: Sendable {
    private enum Host: Sendable {
        case any
        case domain(String)
        case address([UInt8], prefixBits: Int)
    }

    private struct Entry: Sendable {
        let host: Host
        let port: Int?
    }

    private let entries: [Entry]

    /// Parses `text`; a malformed entry (bad port or CIDR prefix) is a usage error naming `source`.
    init(_ text: String, source: String) throws(SourceOptionError) {
        var entries: [Entry] = []
        for raw in text.split(separator: ",") {
            let entry = raw.trimmingCharacters(in: .whitespaces).lowercased()
            if entry.isEmpty { continue }
            entries.append(try Self.entry(entry, source: source))
        }
        self.entries = entries
    }

    /// Whether requests to `origin` go straight to it.
    func bypasses(_ origin: WebOrigin) -> Bool {
        let host = origin.host.hasPrefix("[") ? String(origin.host.dropFirst().dropLast()) : origin.host
        let address = Self.addressBytes(host)
        return entries.contains { entry in
            if let port = entry.port, port != origin.port { return false }
            switch entry.host {
            case .any: return true
            case .domain(let name): return address == nil && (host == name || host.hasSuffix("." + name))
            case .address(let bytes, let bits):
                guard let address, address.count == bytes.count else { return false }
                return Self.samePrefix(address, bytes, bits: bits)
            }
        }
    }

    private static func entry(_ text: String, source: String) throws(SourceOptionError) -> Entry {
        let shown = OneLine.clean(text, maxCharacters: 80)
        func problem(_ reason: String) -> SourceOptionError { SourceOptionError("\(source): '\(shown)' \(reason)") }
        if text == "*" { return Entry(host: .any, port: nil) }
        if text.contains("*") {
            throw problem("has a '*', which stands alone for every host; write example.com (or .example.com) for a domain and every name under it")
        }
        var hostPart = Substring(text)
        var port: Int?
        if hostPart.hasPrefix("[") {
            guard let close = hostPart.firstIndex(of: "]") else { throw problem("has an IPv6 address without its closing ']'") }
            let after = hostPart[hostPart.index(after: close)...]
            if after.hasPrefix(":") {
                port = try parsePort(after.dropFirst(), problem: problem)
            } else if !after.isEmpty {
                throw problem("has text after its IPv6 address; only :PORT may follow the ']'")
            }
            hostPart = hostPart[hostPart.index(after: hostPart.startIndex)..<close]
            let address = hostPart.split(separator: "/", maxSplits: 1).first.map(String.init) ?? ""
            guard IPAddressText.isIPv6(address) else { throw problem("has brackets around something that is not an IPv6 address") }
        } else if hostPart.filter({ $0 == ":" }).count == 1, let colon = hostPart.firstIndex(of: ":") {
            port = try parsePort(hostPart[hostPart.index(after: colon)...], problem: problem)
            hostPart = hostPart[..<colon]
        }
        var bits: Int?
        if let slash = hostPart.firstIndex(of: "/") {
            let digits = hostPart[hostPart.index(after: slash)...]
            guard digits.count <= 3, digits.allSatisfy({ ("0"..."9").contains($0) }), let value = Int(digits) else {
                throw problem("has a CIDR prefix that is not a number")
            }
            bits = value
            hostPart = hostPart[..<slash]
        }
        if let bytes = addressBytes(String(hostPart)) {
            let maximum = bytes.count * 8
            guard (bits ?? maximum) <= maximum else { throw problem("has a CIDR prefix above \(maximum)") }
            return Entry(host: .address(bytes, prefixBits: bits ?? maximum), port: port)
        }
        guard bits == nil else { throw problem("has a CIDR prefix after something that is not an IP address") }
        let name = hostPart.hasPrefix(".") ? hostPart.dropFirst() : hostPart
        guard !name.isEmpty else { throw problem("has no host name") }
        // Checked as a host name, so that a typo is said rather than never matching anything.
        guard name.unicodeScalars.allSatisfy({ $0.properties.isAlphabetic && $0.isASCII || ("0"..."9").contains($0) || "-._".unicodeScalars.contains($0) }),
              !name.hasPrefix("."), !name.contains("..")
        else {
            throw problem("is not a host name, an IP address or a CIDR range (letters, digits, '-' and '.'; an IPv6 address in brackets with a port)")
        }
        return Entry(host: .domain(String(name)), port: port)
    }

    private static func parsePort(_ digits: Substring, problem: (String) -> SourceOptionError) throws(SourceOptionError) -> Int {
        guard digits.count <= 5, digits.allSatisfy({ ("0"..."9").contains($0) }), let value = Int(digits), (1...65535).contains(value) else {
            throw problem("has a port that is not 1 to 65535")
        }
        return value
    }

    /// The bytes of an IPv4 or IPv6 address, nil for a name.
    private static func addressBytes(_ text: String) -> [UInt8]? {
        if IPAddressText.isIPv4(text) {
            return text.split(separator: ".").compactMap { UInt8($0) }
        }
        guard IPAddressText.isIPv6(text) else { return nil }
        var address = in6_addr()
        guard inet_pton(AF_INET6, text, &address) == 1 else { return nil }
        return withUnsafeBytes(of: &address) { Array($0) }
    }

    private static func samePrefix(_ a: [UInt8], _ b: [UInt8], bits: Int) -> Bool {
        var left = bits
        for index in a.indices where left > 0 {
            let take = min(8, left)
            let mask = UInt8(truncatingIfNeeded: 0xFF << (8 - take))
            if a[index] & mask != b[index] & mask { return false }
            left -= take
        }
        return true
    }
}
