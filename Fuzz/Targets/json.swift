@testable import InfinilistCore

/// The JSON parser on arbitrary bytes: it must never crash (deep nesting, truncation, invalid
/// UTF-8, huge numbers), and whatever it accepts must print back (compact and pretty) to JSON
/// that parses to the same value.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzJSON(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = UnsafeBufferPointer(start: data, count: size)
    for depth in [JSONParser.defaultMaxDepth, 3] {
        guard let value = try? JSONParser.parse(bytes, maxDepth: depth) else { continue }
        let compact = value.compactJSON
        guard let again = try? JSONParser.parse(compact, maxDepth: depth) else {
            failure("compact JSON does not parse back: \(compact)")
        }
        check(again == value, "compact JSON changed the value: \(compact)")
        let pretty = value.prettyJSON()
        check((try? JSONParser.parse(pretty, maxDepth: depth)) == value, "pretty JSON changed the value")
    }
    return 0
}
