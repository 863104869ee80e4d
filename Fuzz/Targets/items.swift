@testable import InfinilistCore

/// From arbitrary bytes to the screen: parse a page, find its items, build each row's text (with
/// a guessed field and with a template taken from the input) and render a frame, as single lines
/// and as tables (the columns chosen from the page, or the first line read as a `--columns`
/// list). Whatever the data, no control character may reach a frame and no row may be wider than
/// the screen.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzItems(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    // The first line, if short, is a row template; the rest is the page.
    var template: String?
    var page = bytes[...]
    if let newline = bytes.firstIndex(of: 0x0A), newline < 80 {
        template = String(decoding: bytes[..<newline], as: UTF8.self)
        page = bytes[(newline + 1)...]
    }
    guard let root = try? JSONParser.parse(page), let found = ItemLocator.items(in: root, at: nil) else { return 0 }
    let formatters = [ItemFormatter()] + [template.flatMap { try? ItemFormatter(template: $0) }].compactMap { $0 }
    let idPath = try? JSONPath(parsing: "id")
    let choices: [ColumnChoice] = [.lines, .auto] + [template.flatMap { try? ColumnSpec.parseList($0) }.map(ColumnChoice.given)].compactMap { $0 }
    for formatter in formatters {
        let items = found.items.prefix(50).map { makeItem($0, formatter: formatter, idPath: idPath) }
        for (width, choice) in [1, 7, 40].flatMap({ width in choices.map { (width, $0) } }) {
            let size = Size(rows: 6, columns: width)
            var config = AppConfig(sourceName: "fuzz")
            config.columns = choice
            var state = AppState(config: config, size: size)
            _ = state.update(.wallClock(WallClock(seconds: 1_795_456_800, utcOffset: 3600)))
            guard case .load(let request)? = state.start().first else { continue }
            _ = state.update(.pageLoaded(PageResult(request: request, items: Array(items), end: EndReason("end"))))
            _ = state.update(.key(.down))
            let frame = render(state)
            for (y, row) in frame.rows.enumerated() {
                check(DisplayWidth.of(row.text) <= (y == size.rows - 1 ? width - 1 : width), "row too wide")
                for scalar in row.text.unicodeScalars {
                    check(scalar.value >= 0x20 && !(0x7F...0x9F).contains(scalar.value), "control character in a frame")
                    check(!(0x202A...0x202E).contains(scalar.value) && !(0x2066...0x2069).contains(scalar.value), "bidi control in a frame")
                }
            }
        }
    }
    return 0
}
