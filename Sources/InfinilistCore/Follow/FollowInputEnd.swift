/// Following the end of a pipe, as less's `F` and `G` at the end of input do: `tail -f log.jsonl |
/// infinilist`, then `F` or `G`, and every line that arrives takes the cursor to it (before, the
/// cursor stayed where it was and the new rows grew unseen below it, issue 33). The list keeps a
/// request at its tail, which waits for input; the page window drops the pages behind the cursor
/// as usual, so memory stays bounded however long it follows. Any move of the cursor, Esc or `F`
/// again stops it. A file is read to its end (`G`): what is written to it later is not read.
extension AppState {
    /// `F` on a list read from a pipe or a file: follow its end, or stop.
    mutating func toggleFollowInputEnd() -> [Effect] {
        guard config.lastReadsToEnd else {
            notice = .followingNotPossible
            return []
        }
        if following.followsInputEnd {
            following.followsInputEnd = false
            notice = .followingOff
            return []
        }
        goToLastRow()
        following.followsInputEnd = true
        notice = .followingInputEnd
        return []
    }

    /// A page arrived at the tail while following: the cursor goes to the last row, unless the
    /// user is reading an item (the detail view) or typing (a prompt): the list must not move
    /// under them.
    mutating func followInputEndPageArrived() {
        guard following.followsInputEnd, case .list = mode else { return }
        viewport.move(to: visibleCount - 1, itemCount: visibleCount)
        if case .ended = loading.tail { following.followsInputEnd = false }
    }
}
