import Foundation
import InfinilistCore

/// Character-level helpers for URLs: percent-encoding what a URL may not hold, decoding user
/// names and passwords, and hiding a password in any URL before it is shown.
enum URLText {
    /// RFC 3986's unreserved characters and sub-delimiters.
    private static let unreservedAndSubDelims = Set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~!$&'()*+,;=")
    /// What a path and query may hold as is (besides `%HH`).
    static let pathAndQueryCharacters = unreservedAndSubDelims.union(":@/?")
    /// What a user name and password may hold as is (besides `%HH`).
    static let userInfoCharacters = unreservedAndSubDelims.union(":")

    /// `text` with every byte outside `keeping` percent-encoded, UTF-8 included. A `%` that
    /// already starts an escape (`%2F`) is kept; a stray one becomes `%25`.
    static func percentEncoded(_ text: String, keeping: Set<Character>) -> String {
        let bytes = Array(text.utf8)
        var out = ""
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            defer { index += 1 }
            if byte == UInt8(ascii: "%"), index + 2 < bytes.count, isHexDigit(bytes[index + 1]), isHexDigit(bytes[index + 2]) {
                out.append("%")
                continue
            }
            if byte < 0x80, keeping.contains(Character(Unicode.Scalar(byte))) {
                out.unicodeScalars.append(Unicode.Scalar(byte))
            } else {
                out += String(format: "%%%02X", byte)
            }
        }
        return out
    }

    /// `%HH` escapes decoded; bytes that are not UTF-8 become U+FFFD.
    static func percentDecoded(_ text: Substring) -> String {
        let bytes = Array(text.utf8)
        var out: [UInt8] = []
        var index = 0
        while index < bytes.count {
            if bytes[index] == UInt8(ascii: "%"), index + 2 < bytes.count,
               let high = HexDigit.value(bytes[index + 1]), let low = HexDigit.value(bytes[index + 2]) {
                out.append(high << 4 | low)
                index += 3
            } else {
                out.append(bytes[index])
                index += 1
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// `scheme://host…` with `userInfo@` put in front of the host.
    static func insertingUserInfo(_ userInfo: String, into url: String) -> String {
        guard let separator = url.firstRange(of: "://") else { return url }
        return String(url[..<separator.upperBound]) + userInfo + "@" + String(url[separator.upperBound...])
    }

    /// Any text that may be a URL, with the password of its `user:password@` replaced by `***`,
    /// for messages: what the user typed is shown, never a secret in it. Text without one is
    /// returned as it is.
    static func masked(_ text: String) -> String {
        // The standard library's search, not Foundation's `range(of:)`, which stops at a NUL
        // and would leave a password after one unmasked.
        guard let separator = text.firstRange(of: "://") else { return text }
        let rest = text[separator.upperBound...]
        if hasUnencodedUserInfo(text), let at = rest.lastIndex(of: "@") {
            return String(text[..<separator.upperBound]) + "***" + String(text[at...])
        }
        let authorityEnd = rest.firstIndex(where: { $0 == "/" || $0 == "?" || $0 == "#" }) ?? rest.endIndex
        guard let at = rest[..<authorityEnd].lastIndex(of: "@"),
              let colon = rest[..<at].firstIndex(of: ":")
        else { return text }
        return String(text[..<rest.index(after: colon)]) + "***" + String(text[at...])
    }

    private static func isHexDigit(_ byte: UInt8) -> Bool { HexDigit.value(byte) != nil }

    /// Whether a URL looks like one whose password holds an unencoded `/`, `?` or `#`
    /// (`http://alice:Sec/ret@host/`): the authority those end has a `:` followed by what is not
    /// a port, and an `@` comes later. Everything up to the last `@` is then a secret: masked
    /// whole, and no message quotes a part of it (it would read as a port).
    static func hasUnencodedUserInfo(_ text: String) -> Bool {
        guard let separator = text.firstRange(of: "://") else { return false }
        let rest = text[separator.upperBound...]
        let authorityEnd = rest.firstIndex(where: { $0 == "/" || $0 == "?" || $0 == "#" }) ?? rest.endIndex
        let authority = rest[..<authorityEnd]
        guard !authority.contains("@"), !authority.hasPrefix("["), let colon = authority.lastIndex(of: ":"),
              rest[authorityEnd...].contains("@") else { return false }
        let port = authority[authority.index(after: colon)...]
        return port.isEmpty || !port.allSatisfy(\.isASCIIDigit)
    }

}

/// IP address literals, checked with the C library's own parser (what NIO uses to decide that a
/// host is an address rather than a name).
enum IPAddressText {
    /// Four decimal numbers 0–255, without leading zeros (which some parsers read as octal).
    static func isIPv4(_ text: String) -> Bool {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        return parts.count == 4 && parts.allSatisfy { part in
            !part.isEmpty && part.count <= 3 && part.allSatisfy(\.isASCIIDigit)
                && (part == "0" || !part.hasPrefix("0")) && (Int(part) ?? 256) <= 255
        }
    }

    static func isIPv6(_ text: String) -> Bool {
        guard !text.isEmpty, text.count <= 45, text.allSatisfy({ $0.isHexDigit || $0 == ":" || $0 == "." }) else { return false }
        var address = in6_addr()
        return inet_pton(AF_INET6, text, &address) == 1
    }
}

extension Character {
    fileprivate var isASCIIDigit: Bool { isASCII && isNumber }
}
