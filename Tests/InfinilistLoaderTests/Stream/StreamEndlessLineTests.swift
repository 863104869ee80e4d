import Foundation
import InfinilistCore
@testable import InfinilistLoader
import Testing
import TestThreads

/// A line that does not end (a writer that never sends a line break) is read in bounded memory:
/// what passes the per-value limit is dropped as it is scanned, the page waiting for it can be
/// cancelled, and when the line ends at last it is one row saying so and the list goes on.
@Suite struct StreamEndlessLineTests {
    @Test(.ownThread, arguments: [UInt8(ascii: "x"), UInt8(ascii: "{")])
    func theSplitterHoldsAboutTheLimitHoweverLongTheLine(first: UInt8) {
        let limit = 1 << 20
        let chunk = [UInt8](repeating: UInt8(ascii: "x"), count: 65_536)
        var splitter = ValueSplitter(at: .start, maxValueBytes: limit)
        splitter.append([first])
        var largest = 0
        for _ in 0..<1024 {  // 64 MiB
            splitter.append(chunk)
            #expect(splitter.next(atEOF: false) == nil)
            largest = max(largest, splitter.bufferedBytes)
        }
        #expect(largest <= limit + 2 * chunk.count, "held \(largest) bytes")
        splitter.append(Array("\n{\"id\":2}\n".utf8))
        let skipped = splitter.next(atEOF: false)
        #expect(skipped?.kind == .tooLong)
        #expect(skipped?.start == 0)
        #expect(skipped.map { $0.size >= 1024 * chunk.count } == true)
        let next = splitter.next(atEOF: true)
        #expect(next?.kind == .json)
        #expect(next.map { String(decoding: $0.bytes, as: UTF8.self) } == #"{"id":2}"#)
    }

    @Test func aPageWaitingForALineThatDoesNotEndCanBeCancelledAndTheListGoesOn() async throws {
        let pipe = try TestPipe()
        pipe.write("{\"id\":1}\n")
        let inbox = MessageInbox()
        let loader = Loader(source: try StreamTest.source(pipe.path, maxValueBytes: 4096), deliver: inbox.deliver)
        let first = try await inbox.answer(to: PageRequest(id: RequestID(1), page: 0), from: loader)
        #expect(first.items.map(\.json) == [#"{"id":1}"#])
        // Page 2 waits for a line that keeps coming without a break (4 MiB of it: each write
        // returns once the reader has taken most of the one before, the pipe holding 64 KiB).
        await loader.start(PageRequest(id: RequestID(2), page: 1))
        let chunk = String(repeating: "y", count: 65_536)
        await pipe.writeOffPool(chunk, times: 64)
        await loader.cancel(RequestID(2))
        // The pipe may be full now, with nobody reading: the line ends while page 2 is asked again.
        async let ended: Void = {
            await pipe.writeOffPool("yyyy\n{\"id\":2}\n")
            pipe.closeWriting()
        }()
        let second = try await inbox.answer(to: PageRequest(id: RequestID(3), page: 1), from: loader)
        await ended
        #expect(second.items.count == 2, "\(second.items.map(\.json))")
        #expect(second.items.first?.kind == .problem)
        #expect(second.items.first?.text.contains("is longer than --max-page-bytes (4 KiB): skipped") == true, "\(second.items.first?.text ?? "")")
        #expect(second.items.last?.json == #"{"id":2}"#)
        await loader.shutdown()
    }
}
