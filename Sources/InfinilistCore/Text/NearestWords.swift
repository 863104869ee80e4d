/// The known words nearest a misspelled one, for a message that says what was probably meant:
/// an unknown flag (`--colums` → `--columns`), a field no item has (`titel` → `title`).
///
/// Nearness is the optimal-string-alignment distance (insertions, deletions, substitutions and
/// swaps of two neighbouring characters each count one), so the commonest typos, a swapped or a
/// dropped letter, are one apart. Words are compared by their first `maxLength` characters:
/// a word from the command line or an API can be any length, and the distance is quadratic.
public enum NearestWords {
    public static let maxLength = 64

    /// The words of `candidates` nearest `word` (all at the same, least distance, in the
    /// order given, at most `limit`), and that distance; nil when there are no candidates.
    public static func nearest(
        to word: String,
        among candidates: some Sequence<String>,
        limit: Int = 2
    ) -> (words: [String], distance: Int)? {
        let typed = Array(word.prefix(maxLength))
        var best: [String] = []
        var bestDistance = Int.max
        for candidate in candidates {
            let distance = self.distance(typed, Array(candidate.prefix(maxLength)))
            if distance < bestDistance {
                best = [candidate]
                bestDistance = distance
            } else if distance == bestDistance, !best.contains(candidate) {
                best.append(candidate)
            }
        }
        guard !best.isEmpty else { return nil }
        return (Array(best.prefix(limit)), bestDistance)
    }

    /// Whether a word `distance` from `word` is near enough to be what was meant: one edit in a
    /// short word, up to a third of a longer one's characters (at most three).
    public static func isClose(_ distance: Int, to word: String) -> Bool {
        distance <= max(1, min(3, word.count / 3))
    }

    /// The optimal-string-alignment distance between `a` and `b`.
    public static func distance(_ a: String, _ b: String) -> Int {
        distance(Array(a.prefix(maxLength)), Array(b.prefix(maxLength)))
    }

    private static func distance(_ a: [Character], _ b: [Character]) -> Int {
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        // Three rows of the table: two rows back are needed for a swap.
        var before = [Int](repeating: 0, count: b.count + 1)
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                var value = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    value = min(value, before[j - 2] + 1)
                }
                current[j] = value
            }
            (before, previous, current) = (previous, current, before)
        }
        return previous[b.count]
    }
}
