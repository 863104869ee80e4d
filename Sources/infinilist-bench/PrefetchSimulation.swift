import InfinilistCore

/// A deterministic run of the real core (`AppState.update`) on a virtual clock: a user holds ↓ at
/// a steady rate for 30 s while every page takes a fixed latency to arrive.
///
/// - The feed is endless, in pages of 50 rows; the screen is 100x30 (29 list rows).
/// - Each `.load` effect is answered with `.pageLoaded` exactly `latency` later; `.tick` is sent
///   every 90 ms while the core animates, as the event loop does.
/// - The user starts once the first page is on screen, and presses ↓ every 1/speed seconds.
/// - A **stall** begins when ↓ is pressed while the cursor is on the last loaded row (the user
///   wants to move down and cannot) and ends when the next page arrives. The figure is the share
///   of the 30 s spent stalled, and the number of stalls.
/// - The **spinner share** is the share of the 30 s during which the footer row is on screen
///   showing the spinner (a load in flight), whether or not the user is blocked yet.
struct PrefetchSimulation {
    let latencyMs: Int
    let rowsPerSecond: Int
    var durationMs = 30_000
    var pageSize = 50
    var size = Size(rows: BenchEnvironment.size.rows, columns: BenchEnvironment.size.columns)
    static let tickMs = 90

    struct Outcome {
        let stalls: Int
        /// 0...1 of the duration.
        let stallShare: Double
        let spinnerShare: Double
        let rowsMoved: Int
        let pagesRequested: Int
    }

    /// Nil when the core cannot run `policy` yet.
    func run(_ policy: PrefetchPolicy) -> Outcome? {
        guard var state = SimulatedCore.makeState(policy, size: size) else { return nil }
        // Virtual time in microseconds.
        var now: Int64 = 0
        let latency = Int64(latencyMs) * 1000
        var inFlight: [(due: Int64, request: PageRequest)] = []
        var pagesRequested = 0

        func apply(_ effects: [Effect]) {
            for effect in effects {
                switch effect {
                case .load(let request):
                    inFlight.append((now + latency, request))
                    pagesRequested += 1
                case .cancel(let id):
                    inFlight.removeAll { $0.request.id == id }
                default:
                    break
                }
            }
        }

        func deliverNext() {
            guard let index = inFlight.indices.min(by: { inFlight[$0].due < inFlight[$1].due }) else { return }
            let request = inFlight.remove(at: index).request
            let first = request.page * pageSize
            let items = (first..<first + pageSize).map { Item(json: "{\"n\":\($0)}", text: "row \($0)") }
            let result = PageResult(request: request, items: items, latency: Double(latencyMs) / 1000)
            apply(SimulatedCore.update(&state, .pageLoaded(result), at: now))
        }

        apply(state.start())
        // The first screen: the user starts scrolling once rows are there.
        while state.store.itemCount == 0, let due = inFlight.map(\.due).min() {
            now = due
            deliverNext()
        }
        let start = now
        let end = start + Int64(durationMs) * 1000
        var presses: Int64 = 0
        var nextKey = start
        var nextTick: Int64? = state.isAnimating ? now + Int64(Self.tickMs) * 1000 : nil
        var stalled = false
        var stalls = 0
        var stallTime: Int64 = 0
        var spinnerTime: Int64 = 0

        while now < end {
            let nextArrival = inFlight.map(\.due).min() ?? .max
            let next = min(nextKey, nextArrival, nextTick ?? .max, end)
            if stalled { stallTime += next - now }
            if spinnerVisible(state) { spinnerTime += next - now }
            now = next
            if now >= end { break }
            if nextArrival == now {
                // Arrivals first: a page and a key at the same instant favour the user.
                deliverNext()
                stalled = false
            } else if nextKey == now {
                if state.viewport.cursor >= state.store.itemCount - 1, !stalled {
                    stalled = true
                    stalls += 1
                }
                apply(SimulatedCore.update(&state, .key(.down), at: now))
                presses += 1
                nextKey = start + presses * 1_000_000 / Int64(rowsPerSecond)
            } else {
                apply(SimulatedCore.update(&state, .tick, at: now))
                nextTick = nil
            }
            if state.isAnimating {
                if nextTick == nil { nextTick = now + Int64(Self.tickMs) * 1000 }
            } else {
                nextTick = nil
            }
        }
        let duration = Double(end - start)
        return Outcome(
            stalls: stalls,
            stallShare: Double(stallTime) / duration,
            spinnerShare: Double(spinnerTime) / duration,
            rowsMoved: state.viewport.cursor,
            pagesRequested: pagesRequested
        )
    }

    /// The footer row is within the viewport and shows the spinner.
    private func spinnerVisible(_ state: AppState) -> Bool {
        guard case .loading = state.loading.tail else { return false }
        let footer = state.store.itemCount
        return footer >= state.viewport.top && footer < state.viewport.top + state.viewport.height
    }

    /// The grid the performance goals are stated on (docs/performance.md): from a fast API to a
    /// slow one, from a careful reader to key repeat; latencies x speeds.
    static let latencies = [50, 300, 1000]
    static let speeds = [10, 30, 60]
}
