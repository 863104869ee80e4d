import Foundation
import InfinilistCore
import InfinilistLoader
import Testing

/// Reading like a pager: a page as soon as the pipe pauses, the waiting state while it is quiet,
/// and pages dropped from memory read again, from the spool or the file.
@Suite struct StreamPagingTests {
    @Test func aPausedPipeHandsOnAShortPageAndTheNextContinuesWhereItStopped() async throws {
        let pipe = try TestPipe()
        pipe.write("{\"id\":1}\n{\"id\":2}\n")
        let source = try StreamTest.source(pipe.path, pageSize: 50)
        var walk = source.startWalk()
        let key0 = try #require(walk.key(for: 0))
        let first = source.page(from: try await source.fetch(key0), key: key0, kind: .next, walk: &walk)
        #expect(first.items.map(\.json) == [#"{"id":1}"#, #"{"id":2}"#])
        #expect(first.end == nil)
        pipe.write("{\"id\":3}\n")
        pipe.closeWriting()
        let key1 = try #require(walk.key(for: 1))
        let second = source.page(from: try await source.fetch(key1), key: key1, kind: .next, walk: &walk)
        #expect(second.items.map(\.json) == [#"{"id":3}"#])
        #expect(second.end == EndReason("end of input"))
    }

    @Test func aQuietPipeSaysWaitingForInputThenTheRowsArrive() async throws {
        let pipe = try TestPipe()
        let inbox = MessageInbox()
        let loader = Loader(source: try StreamTest.source(pipe.path), deliver: inbox.deliver)
        await loader.start(PageRequest(id: RequestID(1), page: 0))
        let first = await inbox.wait(for: 1)
        guard case .pageWaiting(let wait) = try #require(first.first) else {
            Issue.record("expected a wait, got \(first)")
            return
        }
        #expect(wait.waitsForInput)
        #expect(wait.reason == "waiting for input")
        pipe.write("{\"id\":1}\n")
        let messages = await inbox.wait(for: 2)
        #expect(messages.last?.loaded?.items.map(\.json) == [#"{"id":1}"#], "\(messages)")
        await loader.shutdown()
    }

    @Test func cancellingAWaitingPageLosesNothing() async throws {
        let pipe = try TestPipe()
        let inbox = MessageInbox()
        let loader = Loader(source: try StreamTest.source(pipe.path), deliver: inbox.deliver)
        await loader.start(PageRequest(id: RequestID(1), page: 0))
        _ = await inbox.wait(for: 1)
        await loader.cancel(RequestID(1))
        pipe.write("{\"id\":1}\n")
        pipe.closeWriting()
        await loader.start(PageRequest(id: RequestID(2), page: 0))
        let messages = await inbox.wait(for: 2)
        let loaded = try #require(messages.compactMap(\.loaded).first)
        #expect(loaded.request.id == RequestID(2))
        #expect(loaded.items.map(\.json) == [#"{"id":1}"#])
        await loader.shutdown()
    }

    /// The first page is short, so the first rows are on screen at once; later pages are full.
    @Test func theFirstPageHoldsAtMostAHundredItems() async throws {
        let file = try TestFile((1...1500).map { "{\"id\":\($0)}\n" }.joined())
        let result = try await StreamTest.readAll(try StreamTest.source(file.path, pageSize: 1000))
        #expect(result.pages.map(\.count) == [100, 1000, 400])
        #expect(result.pages.flatMap { $0 }.last == #"{"id":1500}"#)
    }

    @Test func aPipesDroppedPageIsReadAgainFromTheSpool() async throws {
        let pipe = try TestPipe()
        pipe.write((1...7).map { "{\"id\":\($0)}\n" }.joined())
        pipe.closeWriting()
        let source = try StreamTest.source(pipe.path, pageSize: 3)
        let all = try await StreamTest.readAll(source)
        // The walk the loader keeps knows every key; read page 1 again as a re-fetch.
        var replay = source.startWalk()
        var keys: [PageKey] = []
        for index in 0..<3 {
            let key = try #require(replay.key(for: index))
            keys.append(key)
            _ = source.page(from: try await source.fetch(key), key: key, kind: .next, walk: &replay)
        }
        let again = source.page(from: try await source.fetch(keys[1]), key: keys[1], kind: .refetch, walk: &replay)
        #expect(again.items.map(\.json) == all.pages[1])
        #expect(again.items.map(\.json) == [#"{"id":4}"#, #"{"id":5}"#, #"{"id":6}"#])
    }

    @Test func aFilesDroppedPageIsReadAgainByOffset() async throws {
        let file = try TestFile("[\n" + (1...7).map { "{\"id\":\($0)}" }.joined(separator: ",\n") + "\n]\n")
        let source = try StreamTest.source(file.path, pageSize: 3)
        var walk = source.startWalk()
        var pages: [(PageKey, [String])] = []
        for index in 0..<3 {
            let key = try #require(walk.key(for: index))
            pages.append((key, source.page(from: try await source.fetch(key), key: key, kind: .next, walk: &walk).items.map(\.json)))
        }
        #expect(pages[2].1 == [#"{"id":7}"#])
        for (key, items) in pages {
            let again = source.page(from: try await source.fetch(key), key: key, kind: .refetch, walk: &walk)
            #expect(again.items.map(\.json) == items)
        }
    }

    @Test func theSpoolFileIsUnlinkedAsSoonAsItIsMade() async throws {
        let folder = try TestFile("")
        let tmp = folder.folder.appendingPathComponent("tmp")
        try FileManager.default.createDirectory(at: tmp, withIntermediateDirectories: true)
        let pipe = try TestPipe()
        pipe.write("{\"id\":1}\n")
        pipe.closeWriting()
        let source = try StreamTest.source(pipe.path, environment: ["TMPDIR": tmp.path])
        let result = try await StreamTest.readAll(source)
        #expect(result.pages == [[#"{"id":1}"#]])
        // The source (and its spool) is alive, yet the folder is empty: only the descriptor holds it.
        #expect(try FileManager.default.contentsOfDirectory(atPath: tmp.path).isEmpty)
        let links = try FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd").compactMap {
            try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/fd/\($0)")
        }
        #expect(links.contains { $0.hasPrefix(tmp.path + "/infinilist-spool-") && $0.hasSuffix("(deleted)") }, "\(links)")
        withExtendedLifetime(source) {}
    }

    @Test func aFullSpoolStopsReadingWithAClearMessage() async throws {
        let pipe = try TestPipe()
        pipe.write((1...200).map { "{\"id\":\($0)}\n" }.joined())
        pipe.closeWriting()
        let source = try StreamTest.source(pipe.path, pageSize: 10, spoolMax: 100)
        await #expect {
            _ = try await StreamTest.readAll(source)
        } throws: { error in
            (error as? PageLoadError)?.message.contains("--spool-max") == true
        }
    }
}
