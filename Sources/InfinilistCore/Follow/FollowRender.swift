/// What following shows: the gap row, and its parts of the status line.

/// The gap row: new items a poll did not load (more than its page limit), between the newer
/// rows above and the older ones below; Enter on it loads them in its place.
func appendGapRow(_ state: AppState, page: Int, into builder: inout RowBuilder) {
    if state.loading.isLoading(gap: page) {
        builder.append("\(spinnerFrame(state)) loading more new items…", .placeholder)
    } else {
        builder.append("… more new items — Enter loads them", .placeholder)
    }
}

/// "↑ 3 new": new rows above the screen not scrolled to yet (Home shows them).
func newAboveText(_ state: AppState) -> String? {
    let count = state.following.newAbove
    return count > 0 ? "↑ \(NumberText.grouped(count)) new" : nil
}

/// "follow 30s" while the first page is polled.
func followText(_ state: AppState) -> String? {
    guard state.live == nil else { return nil }
    return state.following.interval.map { "follow \(FollowInterval.text($0))" }
}
