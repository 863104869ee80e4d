/// A notice longer than the status line has room for (the clipboard's hint in tmux, a command's
/// error, a page's warning) is shown whole on the rows just above the status line, in its style,
/// as vim grows its message area upward: the status line's row alone cut it, and what was cut
/// was the part to act on ("in tmux this needs: set -g set-clipboard on"). Like every notice it
/// lasts until the next key; the rows under it are drawn again then.
///
/// The rows the notice needs, each `width` columns, in at most half of the `height` rows above
/// (the last one cut in its middle beyond that), so the list stays in sight; nil when the notice
/// fits on the status line beside `parts`, when there is none, or when a screen this small has
/// no two rows to spare (the status line then clips it, as before).
func longNoticeRows(_ state: AppState, parts: [String], width: Int, height: Int) -> [FrameRow]? {
    guard !state.showsHelp, let notice = state.notice, height >= 4, width > 2 else { return nil }
    let text = notice.text
    guard DisplayWidth.of(TerminalText.sanitize(" " + text)) > statusLeftRoom(parts: parts, width: width) else { return nil }
    let lines = WrappedText.lines(text, first: width - 2, rest: width - 2, atMost: height / 2)
    return lines.map { line in
        var builder = RowBuilder(width: width, fill: .status)
        builder.append(" " + line, .status)
        builder.pad(leaving: 0, .status)
        return builder.row
    }
}

/// Lays `notice` over the last rows of `rows` (the content area's).
func overlay(_ notice: [FrameRow], onto rows: inout [FrameRow]) {
    let count = min(notice.count, rows.count)
    guard count > 0 else { return }
    rows.replaceSubrange((rows.count - count)..., with: notice.suffix(count))
}

extension AppState {
    /// The state to draw the list from under a notice of `noticeRows` rows laid over the content
    /// area's last rows, when those would hide the cursor's row (after `End`, a page's warning
    /// covered the row just reached): the viewport that many rows shorter, so the cursor's row
    /// sits above the notice for this frame; the next key draws the list as it is. Nil when the
    /// cursor's row is in sight anyway, or when the list has no row to spare.
    func raisedAbove(noticeRows: Int) -> AppState? {
        let listTop = rowLayout.table == nil ? 0 : 1
        let cursorRow = listTop + viewport.cursor - viewport.top
        let hidden = cursorRow - (contentHeight - noticeRows) + 1
        guard hidden > 0, viewport.height - hidden >= 1 else { return nil }
        var raised = self
        raised.viewport.resize(height: viewport.height - hidden, itemCount: visibleCount)
        return raised
    }
}
