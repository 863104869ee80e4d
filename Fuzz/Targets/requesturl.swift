import Foundation

/// `RequestURL.parse` on arbitrary text: the gate every URL passes before AsyncHTTPClient sees
/// it. An accepted URL has a port in 1...65535, sends no user info, fragment, space, control or
/// non-ASCII character, and reads back as itself; a refusal's reason is one clean line that never
/// repeats the password.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzRequestURL(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let raw = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    checkMasking(raw)
    switch RequestURL.parse(raw) {
    case .success(let url):
        check((1...65535).contains(url.origin.port), "port \(url.origin.port) accepted in \(raw.debugDescription)")
        check(url.origin.scheme == "http" || url.origin.scheme == "https", "scheme \(url.origin.scheme)")
        check(!url.origin.host.isEmpty, "empty host accepted")
        check(url.text.unicodeScalars.allSatisfy { $0.value > 0x20 && $0.value < 0x7F }, "unsafe character sent: \(url.text.debugDescription)")
        check(!url.text.contains("#"), "fragment sent: \(url.text)")
        let authority = url.text.dropFirst(url.origin.scheme.count + 3).prefix { $0 != "/" && $0 != "?" }
        check(!authority.contains("@"), "user info sent: \(url.text)")
        guard case .success(let again) = RequestURL.parse(url.text) else { failure("sent text refused: \(url.text.debugDescription)") }
        check(again.text == url.text && again.origin == url.origin, "not stable: \(url.text) -> \(again.text)")
        check(again.credentials == nil, "credentials survived in \(url.text)")
        check(WebOrigin(url.text) == url.origin, "WebOrigin disagrees for \(url.text)")
        if let credentials = url.credentials {
            check(url.shown.hasPrefix("\(url.origin.scheme)://\(credentials.shown)@"), "shown: \(url.shown)")
            check(!credentials.shown.contains(":") || credentials.shown.hasSuffix(":***"), "password shown: \(credentials.shown)")
        }
    case .failure(let problem):
        check(!problem.reason.isEmpty, "empty reason")
        check(problem.reason.unicodeScalars.allSatisfy { $0.value >= 0x20 && $0.value != 0x7F && !(0x80...0x9F).contains($0.value) },
              "unsafe reason: \(problem.reason.debugDescription)")
        // Only a password that appears nowhere else in the URL can be told apart from the host
        // or path that the reason quotes.
        // (The standard library's search: Foundation's stops at a NUL.)
        if let password = password(in: raw), password.count >= 4, URLText.masked(raw).firstRange(of: password) == nil {
            check(problem.reason.firstRange(of: password) == nil, "reason shows the password: \(problem.reason)")
        }
    }
    return 0
}

/// `URLText.masked` hides the password it finds and changes nothing else of the text.
private func checkMasking(_ raw: String) {
    let masked = URLText.masked(raw)
    guard let password = password(in: raw) else {
        check(masked == raw, "masked without a password: \(raw.debugDescription)")
        return
    }
    check(masked.unicodeScalars.count == raw.unicodeScalars.count - password.unicodeScalars.count + 3, "masking changed more than the password")
}

/// The text between the user's ':' and the last '@' of the authority, as `masked` sees it.
private func password(in raw: String) -> String? {
    guard let separator = raw.firstRange(of: "://") else { return nil }
    let rest = raw[separator.upperBound...]
    let end = rest.firstIndex(where: { $0 == "/" || $0 == "?" || $0 == "#" }) ?? rest.endIndex
    guard let at = rest[..<end].lastIndex(of: "@"), let colon = rest[..<at].firstIndex(of: ":") else { return nil }
    return String(rest[rest.index(after: colon)..<at])
}
