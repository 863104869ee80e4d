/// RFC 8288 `Link` headers as servers really send them, on arbitrary text: never a crash, every
/// link found has a target, relations are lowercased.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzLinkHeader(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    for link in LinkHeader.parse(text) {
        check(link.relations.allSatisfy { $0 == $0.lowercased() }, "relation not lowercased")
    }
    let headers = text.split(separator: "\n").map { HeaderField(name: "Link", value: String($0)) }
    _ = LinkHeader.next(in: headers)
    return 0
}
