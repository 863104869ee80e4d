/// Which columns of a layout fit in a width, where each starts and how wide each is. Computed for
/// every frame from the layout (a handful of columns), so a resize lays the table out again
/// while the layout's widths stay as chosen.
///
/// The rules: after the two-column gutter, columns are separated by two spaces. The flexible
/// column takes what the others leave. When that is less than its least width (or, with no
/// flexible column, the columns do not fit), the rightmost other column is left out, and so on;
/// the flexible column, when it is the last one left, takes the whole width. So a narrow screen shows fewer columns,
/// never a broken row.
struct ColumnFit: Equatable {
    struct Placed: Equatable {
        /// Index into the layout's columns.
        let column: Int
        /// Screen column where it starts.
        let x: Int
        let width: Int
    }

    static let gutter = 2
    static let separator = 2

    let placed: [Placed]

    init(_ layout: ColumnLayout, width total: Int) {
        let available = max(0, total - Self.gutter)
        var shown = Array(layout.columns.indices)
        let flexible = layout.columns.firstIndex(where: \.isFlexible)
        var widths: [Int: Int] = [:]
        while true {
            let others = shown.filter { $0 != flexible }
            let fixed = others.reduce(0) { $0 + layout.columns[$1].width } + Self.separator * max(0, shown.count - 1)
            if shown.count <= 1 {
                if let only = shown.first {
                    widths[only] = only == flexible ? available : min(available, layout.columns[only].width)
                }
                break
            }
            if let flexible, shown.contains(flexible) {
                let left = available - fixed
                if left >= layout.columns[flexible].width {
                    widths[flexible] = left
                    for index in others { widths[index] = layout.columns[index].width }
                    break
                }
            } else if fixed <= available {
                for index in others { widths[index] = layout.columns[index].width }
                break
            }
            // The rightmost column that is not the flexible one goes first.
            guard let drop = others.last else { break }
            shown.removeAll { $0 == drop }
        }
        var x = Self.gutter
        var placed: [Placed] = []
        for index in shown {
            let width = widths[index] ?? 0
            placed.append(Placed(column: index, x: x, width: width))
            x += width + Self.separator
        }
        self.placed = placed
    }
}
