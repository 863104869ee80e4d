/// Tells, as its bytes arrive, a body that is a stream of JSON values (a Kubernetes watch, which
/// answers `application/json`) from one JSON document: two complete top-level values outside any
/// array. One document never has two; a top-level array (whose elements the splitter would hand
/// out one by one) or anything that is not JSON ends the watch, as does the first megabyte.
struct StreamSniffer {
    /// How long a body that looks like a stream may go on without ending before it is called
    /// one: a finite answer of JSON lines sent at once ends within it, a watch does not.
    static let graceSeconds = 1.0
    static let grace: Duration = .milliseconds(Int64(graceSeconds * 1000))
    private static let watchedBytes = 1 << 20

    private var splitter = ValueSplitter(at: .start, maxValueBytes: watchedBytes)
    private var watched = 0
    private var values = 0
    private var givenUp = false

    /// Takes the next bytes of the body; true once it looks like a stream (and from then on).
    mutating func looksLikeAStream(after bytes: some Collection<UInt8>) -> Bool {
        if values >= 2 { return true }
        guard !givenUp else { return false }
        watched += bytes.count
        splitter.append(Array(bytes))
        while let piece = splitter.next(atEOF: false) {
            guard piece.kind == .json, !piece.inArrayAfter, !splitter.inArray else {
                givenUp = true
                return false
            }
            values += 1
        }
        if splitter.inArray || watched > Self.watchedBytes { givenUp = true }
        return values >= 2
    }
}
