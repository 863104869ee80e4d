import InfinilistCore
import InfinilistLoader
import Testing

/// The loader's ordinal → key map with the new styles: any page whose key was learnt can be
/// fetched again (retry, re-fetch after a drop from memory) and a refresh starts over, without the
/// loop guard or the de-duplication getting in the way.
@Suite struct LoaderPagingTests {
    /// Loads pages 0... in order until the list ends; returns each page's item ids.
    private func loadAll(_ loader: Loader, _ inbox: MessageInbox, firstID: Int = 1, restart: Bool = false) async throws -> [[String]] {
        var pages: [[String]] = []
        var id = firstID
        while true {
            let purpose: RequestPurpose = restart && pages.isEmpty ? .restart : .next
            let result = try await load(loader, inbox, PageRequest(id: RequestID(id), page: pages.count, purpose: purpose))
            pages.append(result.items.compactMap { Self.id(of: $0) })
            id += 1
            if result.end != nil { return pages }
        }
    }

    private func load(_ loader: Loader, _ inbox: MessageInbox, _ request: PageRequest) async throws -> PageResult {
        try await inbox.answer(to: request, from: loader)
    }

    private static func id(of item: Item) -> String? {
        guard let json = try? JSONParser.parse(item.json) else { return nil }
        return (json.objectValue?["id"] ?? json.objectValue?["objectID"])?.scalarText
    }

    @Test func cursorPagesCanBeFetchedAgainAndRefreshed() async throws {
        try await withTestServer { base, log in
            try await withHTTPSource(url: base + "/slack/api/users.list?limit=10&cursor={cursor}") { source in
                let inbox = MessageInbox()
                let loader = Loader(source: source, deliver: inbox.deliver)
                try await withShutdown(of: loader) {
                    let pages = try await loadAll(loader, inbox)
                    #expect(pages.map(\.count) == SlackReplica.plan)
                    #expect(await loader.key(forPage: 2)?.cursor == SlackReplica.cursor(2))
                    #expect(await loader.key(forPage: 2)?.via == .field("response_metadata.next_cursor"))

                    // Re-fetch pages 3 and 1 by their keys.
                    for (id, page) in [(10, 2), (11, 0)] {
                        let again = try await load(loader, inbox, PageRequest(id: RequestID(id), page: page, purpose: .refetch(following: 0)))
                        #expect(again.items.compactMap { Self.id(of: $0) } == pages[page])
                        #expect(again.end == nil)
                    }
                    #expect(log.all.suffix(2) == ["/slack/api/users.list?limit=10&cursor=\(SlackReplica.cursor(2).addingPercentEncodingForTest)", "/slack/api/users.list?limit=10"])

                    // A refresh: a new walk, which works again from the start.
                    let refreshed = try await loadAll(loader, inbox, firstID: 20, restart: true)
                    #expect(refreshed == pages)
                }
            }
        }
    }

    @Test func aDeduplicatedPageFetchedAgainKeepsItsItems() async throws {
        try await withTestServer { base, _ in
            var options = SourceOptions()
            options.firstPage = 0
            try await withHTTPSource(url: base + "/hn/api/v1/search_by_date?tags=story&hitsPerPage=20&page={page}", options: options) { source in
                let inbox = MessageInbox()
                let loader = Loader(source: source, deliver: inbox.deliver)
                try await withShutdown(of: loader) {
                    let pages = try await loadAll(loader, inbox)
                    #expect(pages.map(\.count) == [20, 18, 19])
                    let again = try await load(loader, inbox, request(10, page: 1))
                    #expect(again.items.compactMap { Self.id(of: $0) } == pages[1])
                }
            }
        }
    }
}

extension String {
    /// As `URLTemplate` encodes a value: RFC 3986 unreserved characters kept, all else `%XX`.
    var addingPercentEncodingForTest: String {
        var out = ""
        for byte in utf8 {
            if (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A) || (byte >= 0x30 && byte <= 0x39) || [0x2D, 0x2E, 0x5F, 0x7E].contains(byte) {
                out.unicodeScalars.append(Unicode.Scalar(byte))
            } else {
                out += "%" + (byte < 0x10 ? "0" : "") + String(byte, radix: 16, uppercase: true)
            }
        }
        return out
    }
}
