import InfinilistCore
import InfinilistLoader
import Testing

/// The HTTP source and the loader against a real server on 127.0.0.1.
@Suite struct HTTPSourceTests {
    @Test func aFailedPageIsReportedAndRetryingItSucceeds() async throws {
        try await withTestServer { base, _ in
            var options = SourceOptions()
            options.retry.retries = 0   // the loader's own retries are tested in Faults/RetryTests
            try await withHTTPSource(url: "\(base)/flaky?page={page}", options: options) { source in
                let inbox = MessageInbox()
                let loader = Loader(source: source, deliver: inbox.deliver)
                try await withShutdown(of: loader) {
                    await loader.start(request(1, page: 0))
                    #expect(await inbox.wait(for: 1).last?.loaded?.items.count == 20)

                    await loader.start(request(2, page: 1))
                    let failure = try #require(await inbox.wait(for: 2).last?.failed)
                    #expect(failure.request == request(2, page: 1))
                    #expect(failure.message.hasPrefix("HTTP 500 Internal Server Error from 127.0.0.1:"))
                    #expect(failure.message.hasSuffix(": database is warming up"))

                    await loader.start(request(3, page: 1))   // the user's `r`
                    let retried = try #require(await inbox.wait(for: 3).last?.loaded)
                    #expect(retried.request == request(3, page: 1))
                    #expect(retried.items.first?.id == nil)
                    #expect(retried.items.first?.text == "Item 21")
                }
            }
        }
    }

    /// A `--cursor` (or `--next`) path the user points into the items is read in the answer: the
    /// pager frees the items' trees only after the style has read what follows (decision 82).
    /// With row text (a screen) and without (a dump, whose items are kept as compact JSON unless
    /// a path reads inside them: decision 88).
    @Test(arguments: [true, false])
    func aCursorPathIntoTheItemsStillFindsTheCursor(rowText: Bool) async throws {
        try await withTestServer { base, _ in
            var options = SourceOptions()
            options.cursorPath = "items[19].id"
            options.rowText = rowText
            options.compactItemsAfter = 0   // the page is small
            try await withHTTPSource(url: base + "/list?page=1&after={cursor}", options: options) { source in
                var walk = source.startWalk()
                let key = try #require(walk.key(for: 0))
                let response = try await source.fetch(key)
                #expect(response.body[try JSONPath(parsing: "items")]?.arrayValue?.count == 20)
                #expect(response.items.compactJSON(at: 0) == nil)
                let page = source.page(from: response, key: key, kind: .next, walk: &walk)
                #expect(page.items.count == 20)
                #expect(page.next?.cursor == "20")
            }
        }
    }

    /// A dump's items are kept as compact JSON, the document holding `[]` in their place, and
    /// give the rows a screen's trees give, a duplicate dropped by its detected id included.
    @Test func aDumpKeepsItsItemsAsCompactJSON() async throws {
        try await withTestServer { base, _ in
            var rows: [[[String]]] = []
            for rowText in [true, false] {
                var options = SourceOptions()
                options.rowText = rowText
                options.compactItemsAfter = 0   // the pages are small
                try await withHTTPSource(url: base + "/moving?page={page}", options: options) { source in
                    var walk = source.startWalk()
                    var pages: [[String]] = []
                    for index in 0..<2 {
                        let key = try #require(walk.key(for: index))
                        let response = try await source.fetch(key)
                        #expect((response.items.compactJSON(at: 0) != nil) == !rowText)
                        #expect(response.body.arrayValue?.isEmpty == !rowText)
                        pages.append(source.page(from: response, key: key, kind: .next, walk: &walk).items.map(\.json))
                    }
                    rows.append(pages)
                }
            }
            #expect(rows.map { $0.map(\.count) } == [[4, 3], [4, 3]])   // id 4 came back on page 2
            #expect(rows.first == rows.last)
        }
    }

    /// As the command line builds it: a dump's large page is kept compact, a small one and a
    /// screen's are values.
    @Test func aDumpKeepsALargePageCompactByDefault() async throws {
        try await withTestServer { base, _ in
            for (rowText, path, compact) in [(false, "/large", true), (true, "/large", false), (false, "/list", false)] {
                var options = SourceOptions()
                options.rowText = rowText
                try await withHTTPSource(url: base + path + "?page={page}", options: options) { source in
                    var walk = source.startWalk()
                    let key = try #require(walk.key(for: 0))
                    let response = try await source.fetch(key)
                    #expect((response.items.compactJSON(at: 0) != nil) == compact, "\(path), row text \(rowText)")
                    let page = source.page(from: response, key: key, kind: .next, walk: &walk)
                    #expect(page.items.count == (path == "/large" ? 1000 : 20))
                    // A compact page's rows share its buffer rather than each copying its JSON out.
                    #expect(page.items.allSatisfy(\.jsonText.isShared) == compact)
                    if path == "/large" { #expect(page.items.last?.json == #"{"id":1000,"title":"record 1000 of a large page"}"#) }
                }
            }
        }
    }

    /// A screen's pages come with their parsed items, one for each row kept (a duplicate dropped
    /// drops its value too), so the loader does not parse the rows' JSON again; `--format` rows
    /// and a dump's JSON lines need none.
    @Test func theParsedItemsComeWithTheRowsTheyMade() async throws {
        try await withTestServer { base, _ in
            try await withHTTPSource(url: base + "/moving?page={page}") { source in
                var walk = source.startWalk()
                var pages: [FetchedPage] = []
                for index in 0..<2 {
                    let key = try #require(walk.key(for: index))
                    pages.append(source.page(from: try await source.fetch(key), key: key, kind: .next, walk: &walk))
                }
                #expect(pages.map(\.items.count) == [4, 3])   // id 4 came back on page 2
                for page in pages {
                    #expect(page.values?.map(\.compactJSON) == page.items.map(\.json))
                }
            }

            for change in [{ (options: inout SourceOptions) in options.format = "{id}" }, { $0.rowText = false }] {
                var options = SourceOptions()
                change(&options)
                try await withHTTPSource(url: base + "/moving?page={page}", options: options) { plain in
                    var plainWalk = plain.startWalk()
                    let key = try #require(plainWalk.key(for: 0))
                    let page = plain.page(from: try await plain.fetch(key), key: key, kind: .next, walk: &plainWalk)
                    #expect(page.items.count == 4)
                    #expect(page.values == nil)
                }
            }
        }
    }

    @Test func anHTMLPageNamesPageStatusTypeAndFirstBytes() async throws {
        let message = try await failureMessage(path: "/html?page={page}")
        #expect(message.hasPrefix("page 1 is not JSON (HTTP 200, text/html; charset=utf-8, "))
        #expect(message.contains("bytes): <!DOCTYPE html> <html><head><title>Bad gateway</title></head… (unexpected character '<' at byte 0"))
        #expect(!message.contains("\u{1b}"))
        #expect(!message.contains("\n"))
    }

    @Test func notFoundNamesStatusHostAndTheServersMessage() async throws {
        let message = try await failureMessage(path: "/missing?page={page}")
        #expect(message.hasPrefix("HTTP 404 Not Found from 127.0.0.1:"))
        #expect(message.hasSuffix(": no such list"))
    }

    @Test(arguments: ["/big-stream?page={page}", "/big-declared?page={page}"])
    func aBodyOverTheCapFails(path: String) async throws {
        var options = SourceOptions()
        options.maxPageBytes = 64 * 1024
        let message = try await failureMessage(path: path, options: options)
        #expect(message.contains("page 1 from 127.0.0.1:"))
        #expect(message.contains("is larger than 64 KiB (--max-page-bytes)"))
    }

    @Test func aRootArrayAndARedirectAreFollowed() async throws {
        try await withTestServer { base, log in
            for path in ["/root?page={page}", "/redirect?page={page}"] {
                try await withHTTPSource(url: base + path) { source in
                    let page = try await source.fetchPage(source.firstKey())
                    #expect(page.items.map(\.text) == (1...20).map { "Item \($0)" }, "\(path)")
                    #expect(page.next == PageKey(index: 1, page: 2, offset: 20))
                }
            }
            #expect(log.all.contains("/list?page=1"))
        }
    }

    @Test func redirectsAreBounded() async throws {
        let message = try await failureMessage(path: "/loop?page={page}")
        #expect(message.hasPrefix("page 1: more than 5 redirects from 127.0.0.1:"))
    }

    @Test func sendsItsOwnAndTheUsersHeaders() async throws {
        try await withTestServer { base, _ in
            var options = SourceOptions()
            options.headers = ["X-Token: secret"]
            try await withHTTPSource(url: "\(base)/headers", options: options) { source in
                let page = try await source.fetchPage(source.firstKey())
                #expect(page.items.first?.json == #"{"user-agent":"infinilist/\#(InfinilistVersion.string)","accept":"application/json","x-token":"secret"}"#)
                #expect(page.isLast)   // no placeholder: a single request
            }
        }
    }

    /// A cancelled request answers nothing. (That the HTTP exchange itself is abandoned is seen
    /// from the server's side in Faults/.)
    @Test func aCancelledRequestDeliversNothing() async throws {
        try await withTestServer { base, _ in
            try await withHTTPSource(url: "\(base)/slow?page={page}") { source in
                let inbox = MessageInbox()
                let loader = Loader(source: source, deliver: inbox.deliver)
                try await withShutdown(of: loader) {
                    await loader.start(request(1, page: 0))
                    try await Task.sleep(for: .milliseconds(100))
                    await loader.cancel(RequestID(1))
                }
                #expect(inbox.all.isEmpty)
            }
        }
    }

    @Test func aSlowAnswerTimesOut() async throws {
        // `/slow` answers after 8 s here. The limit is 5 s, not less: the connection must be
        // made within it first, and a loaded CI machine took more than 1 s to connect while the
        // whole suite started (and once more than 0.3 s).
        var options = SourceOptions()
        options.timeout = .seconds(5)
        options.retry.retries = 0
        let message = try await failureMessage(path: "/slow?ms=8000&page={page}", options: options)
        #expect(message.hasPrefix("no complete answer from 127.0.0.1:"))
        #expect(message.hasSuffix(" within the --timeout of 5 s"))
    }

    @Test func aRefusedConnectionFailsWithoutRetrying() async throws {
        // Port 9 (discard) on loopback: nothing listens there in the test environment.
        var options = SourceOptions()
        options.retry.retries = 0
        let source = try HTTPSource(url: "http://127.0.0.1:9/?page={page}", options: options)
        await #expect(throws: PageLoadError(.connection, "127.0.0.1:9 refused the connection (nothing listening on that port?)")) {
            try await source.fetchPage(source.firstKey())
        }
        await source.close()
    }

    /// Fetches the first page of `path` and returns the failure text the loader delivers.
    private func failureMessage(path: String, options: SourceOptions = SourceOptions()) async throws -> String {
        try await withTestServer { base, _ in
            let source = try HTTPSource(url: base + path, options: options)
            let inbox = MessageInbox()
            let loader = Loader(source: source, deliver: inbox.deliver)
            await loader.start(request(1, page: 0))
            let failure = await inbox.wait(for: 1).first?.failed
            await loader.shutdown()
            await source.close()
            return try #require(failure).message
        }
    }
}
