/// infinilist's `INFINILIST_TRACE` file, read back: `<monotonic ns> arrive <id>` when the loader
/// hands a page to the event loop, `<monotonic ns> painted` after each doupdate (see
/// Sources/infinilist/Trace.swift).
struct TraceLog {
    enum Event: Equatable {
        case arrive(Int)
        case painted
    }

    struct Mark {
        let time: Int64
        let event: Event
    }

    let marks: [Mark]

    init(path: String) {
        var marks: [Mark] = []
        for line in (Files.readText(path) ?? "").split(separator: "\n") {
            let fields = line.split(separator: " ")
            guard fields.count >= 2, let time = Int64(fields[0]) else { continue }
            switch fields[1] {
            case "arrive" where fields.count == 3:
                if let id = Int(fields[2]) { marks.append(Mark(time: time, event: .arrive(id))) }
            case "painted":
                marks.append(Mark(time: time, event: .painted))
            default:
                continue
            }
        }
        self.marks = marks
    }

    /// Pages that arrived.
    var arrivals: Int { marks.count { if case .arrive = $0.event { true } else { false } } }

    /// For each arrival, the time until the first paint after it (nanoseconds). An arrival not
    /// yet painted is left out.
    var arrivalToPaint: [Int64] {
        var result: [Int64] = []
        var waiting: [Int64] = []
        for mark in marks {
            switch mark.event {
            case .arrive: waiting.append(mark.time)
            case .painted:
                result += waiting.map { mark.time - $0 }
                waiting.removeAll()
            }
        }
        return result
    }

    /// The first paint after the first arrival: the first rows on screen.
    var firstRowsPainted: Int64? {
        guard let arrival = marks.first(where: { if case .arrive = $0.event { true } else { false } }) else { return nil }
        return marks.first { $0.event == .painted && $0.time >= arrival.time }?.time
    }

    /// True once `pages` pages have arrived and been painted.
    func hasPainted(pages: Int) -> Bool {
        var seen = 0
        for mark in marks {
            switch mark.event {
            case .arrive: seen += 1
            case .painted: if seen >= pages { return true }
            }
        }
        return false
    }
}
