import Foundation

/// What a server can send to say where to go next: a `Link` header, a next link in the body, a
/// redirect's `Location`, each resolved against the URL that sent it. Whatever the text, the
/// result is a URL `RequestURL` accepts as it is (so nothing unchecked is requested), and a
/// refusal is a clean line; https never redirects down to http unless allowed.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzNextURL(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    let bases = ["https://api.example.com/v1/items?page=1", "http://127.0.0.1:8080/a/b/", "http://[::1]:65535/x?y#z"]
    let linkTarget = LinkHeader.next(in: [HeaderField(name: "Link", value: text)])
    for base in bases {
        for href in [text, linkTarget].compactMap({ $0 }) {
            switch NextURL.check(href, against: base) {
            case .success(let url):
                guard case .success(let checked) = RequestURL.parse(url) else { failure("next link \(url.debugDescription) not a RequestURL") }
                check(checked.text == url, "next link not normalised: \(url) -> \(checked.text)")
                check(checked.credentials == nil, "next link kept user info: \(url)")
            case .failure(let problem):
                let reason = NextURL.refusal(href, from: "Link rel=next", problem: problem)
                check(reason.unicodeScalars.allSatisfy { $0.value >= 0x20 && $0.value != 0x7F }, "unsafe end reason: \(reason.debugDescription)")
            }
        }
        guard case .success(let current) = RequestURL.parse(base) else { failure("base \(base) refused") }
        for allowInsecure in [false, true] {
            let policy = RedirectPolicy(maxRedirects: 5, allowInsecure: allowInsecure)
            do {
                let target = try policy.target(text, from: current, label: "page 1")
                check(allowInsecure || current.origin.scheme != "https" || target.origin.scheme == "https", "downgrade to \(target.text)")
                guard case .success(let again) = RequestURL.parse(target.text) else { failure("redirect \(target.text) not a RequestURL") }
                check(again.origin == target.origin, "redirect origin unstable: \(target.text)")
            } catch {
                check(error.message.unicodeScalars.allSatisfy { $0.value >= 0x20 && $0.value != 0x7F }, "unsafe message: \(error.message.debugDescription)")
            }
        }
    }
    return 0
}
