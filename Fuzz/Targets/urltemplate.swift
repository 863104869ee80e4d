import InfinilistCore

/// URL templates from the command line (`https://host/items?page={page}&cursor={cursor}`) on
/// arbitrary text: parsing never crashes, and filling a template that parsed, with values taken
/// from the input (cursors hold anything), never does either and never lets a value's raw bytes
/// through (values are percent-encoded).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzURLTemplate(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    let parts = text.split(separator: "\u{0}", maxSplits: 1, omittingEmptySubsequences: false)
    guard let template = try? URLTemplate(parsing: String(parts[0])) else { return 0 }
    let value = parts.count > 1 ? String(parts[1]) : "a b/c+d=e&f\u{1b}"
    for filled in [template.fill { _ in value }, template.fill { _ in nil }, template.fill { _ in "" }] {
        for scalar in filled.unicodeScalars where value.unicodeScalars.contains(scalar) {
            // Only unreserved characters of a value may appear as themselves.
            if scalar.isASCII, !(scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || "-._~%".unicodeScalars.contains(scalar)) {
                check(String(parts[0]).unicodeScalars.contains(scalar), "a raw value character leaked into the URL: \(scalar)")
            }
        }
    }
    _ = template.placeholders
    return 0
}
