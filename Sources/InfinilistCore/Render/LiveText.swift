/// What the footer row and the status line say about a live list: that it is live, how many
/// items came, how long ago the last one came (a stream may be quiet for minutes, and must not
/// look stuck), how often the connection was made again, and the countdown to the next attempt.
enum LiveText {
    /// The footer row while the tail reads a live list.
    static func footer(_ state: AppState, _ live: LiveList, wait: PageWait?, into builder: inout RowBuilder) {
        let count = state.store.itemCount
        var prefix = "\(spinnerFrame(state)) live · "
        prefix += count == 0 ? "no items yet" : Counted.text(count, "item", grouped: true)
        if let wait, !wait.waitsForInput {
            // The countdown stays in sight: a long reason is cut in its middle.
            builder.appendFitting(prefix: prefix + " · ", middle: wait.reason, suffix: " — reconnecting in \(wait.seconds) s", .loading)
            return
        }
        var text = prefix
        if let since = state.secondsSinceLastItem, since >= quietAfter { text += " · last item \(duration(since)) ago" }
        if live.status.reconnects > 0 { text += " · reconnected " + Counted.text(live.status.reconnects, "time") }
        builder.append(text, .loading)
    }

    /// The status line's load part for a live list: `live`, with the reconnects and how long the
    /// stream has been quiet, or the countdown to the next connection; nil for any other list.
    static func loadState(_ state: AppState) -> String? {
        guard let live = state.live, case .loading(_, let wait) = state.loading.tail else { return nil }
        if let wait, !wait.waitsForInput { return "reconnecting in \(wait.seconds) s" }
        var text = "live"
        if live.status.reconnects > 0 { text += " (\(Counted.text(live.status.reconnects, "reconnect")))" }
        if let since = state.secondsSinceLastItem, since >= quietAfter { text += " · last item \(duration(since)) ago" }
        return text
    }

    /// A stream quiet for less than this is simply live: no "0 s ago" flickering on a busy one.
    static let quietAfter = 2.0

    /// `12 s`, `3 min`, `2 h 5 min`: how long, as a person says it.
    static func duration(_ seconds: Double) -> String {
        let whole = Int(seconds)
        if whole < 60 { return "\(whole) s" }
        if whole < 3600 { return "\(whole / 60) min" }
        let minutes = whole / 60 % 60
        return minutes == 0 ? "\(whole / 3600) h" : "\(whole / 3600) h \(minutes) min"
    }
}
