import InfinilistCore

/// Pages read together and handed on as one, for a page dropped from memory whose items may have
/// moved since it was read: the top of a followed list moves on between polls, and every item
/// put there pushes the server's numbered pages down.
/// - New items a poll put above the list (`PageRequest.reach`): an earlier poll's first page now
///   holds newer items, so the list is read from its first page until its rows are reached.
/// - A page of the list's walk once polls put items above it (`PageRequest.following`): the page
///   and the pages after it that its last items were pushed into.
///
/// Either way the pages are read in a fresh walk (nothing is dropped as "seen on another page",
/// and the list's walk is left as it was), and the core picks the page's items out by identity.
extension LoaderMachine {
    /// Which pages a group read reads.
    enum GroupRead: Sendable {
        /// From the list's first page until `reach` items and a page more are read.
        case top(reach: Int)
        /// These pages, by the keys the list's walk learnt for them.
        case pages([PageKey])

        /// How `-v` names what is read.
        func label(_ request: PageRequest) -> String {
            switch self {
            case .top: "new items, read again"
            case .pages(let keys): "page \(request.page + 1), read again with the \(keys.count - 1) after it"
            }
        }
    }

    /// Most pages one group read reads.
    static let groupReadPageLimit = 50

    /// What a `.refetch` reads when it is not the page alone; nil when it is.
    func groupRead(for request: PageRequest) -> GroupRead? {
        guard request.kind == .refetch else { return nil }
        if let reach = request.reach { return .top(reach: reach) }
        // Pages after a cursor stay where they were: the page alone is read, as before.
        guard request.following > 0, request.poll == nil, source.pagesMoveWhenItemsArrive else { return nil }
        let last = request.page + min(request.following, Self.groupReadPageLimit - 1)
        let keys = (request.page...last).lazy.map(walk.key(for:)).prefix { $0 != nil }.compactMap { $0 }
        // A page whose key is unknown fails the usual way, and a page with none known after it
        // is read alone.
        return keys.count > 1 ? .pages(Array(keys)) : nil
    }

    /// Starts a group read for `request`, in a fresh walk (nothing is dropped as "seen on
    /// another page", and the list's walk is left as it was).
    mutating func startGroupRead(_ request: PageRequest, _ read: GroupRead) {
        let start = freshWalk()
        guard let first = Self.key(0, of: read, in: start) else {
            emit(.deliver(.pageFailed(PageFailure(request: request, message: walk.unknownKeyMessage(for: 0)))))
            return
        }
        fly(page: request.page, key: first, request: request, work: .group(read, start: start))
    }

    /// The group read `token` for `page` ended: its pages are handed on as one.
    mutating func groupArrived(page: Int, token: Int, read: GroupRead, outcome: Result<FetchedPage, any Error>, latency: Double) -> [LoaderAction] {
        guard let flight = flights[page], flight.token == token, let request = flight.request else { return takeActions() }
        flights[page] = nil
        switch outcome {
        case .success(let fetched):
            for line in fetched.notes { note(read.label(request) + ": " + line) }
            emit(.deliver(.pageLoaded(PageResult(request: request, items: fetched.items, latency: latency))))
        case .failure(let error):
            if !(error is CancellationError) {
                emit(.deliver(.pageFailed(PageFailure(request: request, message: Self.message(for: error)))))
            }
        }
        return takeActions()
    }

    /// The key of the group's page `index`: from the fresh walk as it learns them (from the top),
    /// or the list walk's.
    static func key(_ index: Int, of read: GroupRead, in walk: Walk) -> PageKey? {
        switch read {
        case .top: walk.key(for: index)
        case .pages(let keys): index < keys.count ? keys[index] : nil
        }
    }
}
