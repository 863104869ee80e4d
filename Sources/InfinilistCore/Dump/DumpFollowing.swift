/// `--dump --follow` once the list is written: the first page is polled every `interval` seconds
/// (a `PollRun`, as on the screen), and the new items are written as they appear, oldest first,
/// like `tail -f`. A failed poll is said on stderr and tried again at the next interval; only a
/// signal or a failed write ends the dump.
struct DumpFollowing: Sendable {
    let interval: Double
    /// When the next poll is due, on the loop's clock.
    var nextPoll: Double?
    /// The poll on its way.
    var run: PollRun?
    var rounds = 0
    /// Page numbers for the poll requests: negative, counting down, apart from the list's.
    var nextPage = -1

    var wakeTime: Double? { run == nil ? nextPoll : nil }
}

extension DumpModel {
    /// The list is written: quit, or, with `follow`, go on polling for new items.
    mutating func startFollowing() -> [Effect] {
        guard let follow else {
            // Everything readable was written; a skipped or damaged part makes the status 1, so a
            // script loading the output can tell it is not the whole input.
            guard warned else { return [.quit(code: 0, output: [])] }
            return [.report("infinilist: \(Self.count(written, "item")) written, but part of the list was not readable (said above)"), .quit(code: 1, output: [])]
        }
        following = DumpFollowing(interval: follow, nextPoll: clock.map { $0 + follow })
        return [.report("following: new items every \(FollowInterval.text(follow)), oldest first (Ctrl-C stops)")]
    }

    mutating func followUpdate(_ message: Message) -> [Effect] {
        guard var following else { return [] }
        var effects: [Effect] = []
        switch message {
        case .pageLoaded(let result):
            guard var run = following.run, run.request == result.request else { break }
            switch run.received(result.items, reachedKnown: result.reachedKnown, end: result.end != nil) {
            case .next(let address):
                let request = pollRequest(address, &following)
                run.asked(request)
                following.run = run
                effects.append(.load(request))
            case .done(let found, let more):
                following.run = nil
                following.nextPoll = clock.map { $0 + following.interval }
                effects += write(found, more: more)
            }
        case .pageFailed(let failure):
            guard let run = following.run, run.request == failure.request else { break }
            following.run = nil
            following.nextPoll = clock.map { $0 + following.interval }
            let found = run.foundSoFar
            effects += write(found, more: found.isEmpty ? nil : failure.request.poll)
            effects.append(.report("infinilist: new items: \(failure.message); trying again in \(FollowInterval.text(following.interval))"))
        case .pageWaiting(let wait):
            effects += waiting(wait)
        case .key, .mouse, .resized, .tick, .wallClock, .commandReport, .fileWritten, .viewSaved, .rowsCounted:
            break
        }
        if following.run == nil, let clock {
            if following.nextPoll == nil { following.nextPoll = clock + following.interval }
            if let due = following.nextPoll, clock >= due {
                following.rounds += 1
                let request = pollRequest(PollAddress(round: following.rounds, index: 0), &following)
                following.run = PollRun(purpose: .top, request: request, pageLimit: PollRun.dumpPageLimit, peeksPastLimit: true)
                effects.append(.load(request))
            }
        }
        self.following = following
        return effects
    }

    private mutating func pollRequest(_ address: PollAddress, _ following: inout DumpFollowing) -> PageRequest {
        defer { following.nextPage -= 1 }
        return requestIDs.request(page: following.nextPage, for: .poll(address))
    }

    /// Writes a poll's new items, oldest first (the list shows the newest first). When the poll
    /// stopped at its page limit with every item still new, the older new items beyond it were
    /// not read, and stderr says so.
    private mutating func write(_ found: [NewPage], more: PollAddress?) -> [Effect] {
        let items = found.flatMap(\.items)
        let lines = Array(items.reversed())
        written += lines.count
        var effects: [Effect] = lines.isEmpty ? [] : [.output(lines[...], itemLine)]
        if verbose, !lines.isEmpty { effects.append(.report("new items: \(Self.count(lines.count, "item")) written")) }
        if more != nil {
            effects.append(.report("infinilist: more than \(Self.count(PollRun.dumpPageLimit, "page")) of new items since the last poll: older new items were not written"))
        }
        return effects
    }
}
