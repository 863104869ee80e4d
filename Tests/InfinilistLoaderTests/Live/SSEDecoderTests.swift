import Foundation
@testable import InfinilistLoader
import Testing

/// The event stream interpretation on its own, cut at every byte: whatever the chunks, the same
/// events, ids and reconnection time.
@Suite struct SSEDecoderTests {
    /// The data of each event `chunks` make, as the splitter reads the decoder's records back.
    private func events(_ chunks: [[UInt8]], maxValueBytes: Int = 1 << 20) -> (data: [String], decoder: SSEDecoder, skipped: [Int]) {
        var decoder = SSEDecoder(maxValueBytes: maxValueBytes)
        decoder.startConnection()
        var splitter = EventSplitter(at: .start, maxValueBytes: maxValueBytes)
        var data: [String] = []
        var skipped: [Int] = []
        for chunk in chunks {
            splitter.append(decoder.feed(chunk))
            while let piece = splitter.next(atEOF: false) {
                if piece.kind == .tooLong { skipped.append(piece.size) } else { data.append(String(decoding: piece.bytes, as: UTF8.self)) }
            }
        }
        return (data, decoder, skipped)
    }

    private let expected = [#"{"id": 1, "name": "Zoë"}"#, "{\"id\": 2,\n \"lines\": \"two\"}", "plain text\non two lines", #"{"id": 3, "name": "日本語 🌈"}"#]

    @Test func theSampleStreamInOnePiece() {
        let (data, decoder, _) = events([Array(LiveRoutes.sseText.utf8)])
        #expect(data == expected)
        #expect(decoder.lastEventID == "3")
        #expect(decoder.retryMilliseconds == 250)
        #expect(decoder.comments == 2)
    }

    @Test func cutInTwoAtEveryByteAndOneByteAtATime() {
        let bytes = Array(LiveRoutes.sseText.utf8)
        for cut in 0...bytes.count {
            let (data, decoder, _) = events([Array(bytes[..<cut]), Array(bytes[cut...])])
            #expect(data == expected, "cut at \(cut)")
            #expect(decoder.lastEventID == "3" && decoder.retryMilliseconds == 250, "cut at \(cut)")
        }
        #expect(events(bytes.map { [$0] }).data == expected)
    }

    /// A connection that breaks off inside an event too long to keep says it was skipped; one
    /// that breaks off inside an event of a usual size drops it quietly, as the standard says
    /// (hostile pass 3).
    @Test func aConnectionCutInsideAnOversizedEventSaysItWasSkipped() {
        var decoder = SSEDecoder(maxValueBytes: 100)
        decoder.startConnection()
        #expect(decoder.feed(Array(("data: " + String(repeating: "x", count: 150)).utf8)).isEmpty)
        let record = decoder.connectionEnded()
        var splitter = EventSplitter(at: .start, maxValueBytes: 100)
        splitter.append(record)
        let piece = splitter.next(atEOF: true)
        #expect(piece?.kind == .tooLong)
        #expect((piece?.size ?? 0) > 100, "\(String(describing: piece))")
        // Spread over several data lines, and cut between them.
        #expect(decoder.feed(Array(("data: " + String(repeating: "y", count: 60) + "\ndata: " + String(repeating: "y", count: 60) + "\n").utf8)).isEmpty)
        #expect(!decoder.connectionEnded().isEmpty)
        // A usual event cut off: nothing said.
        #expect(decoder.feed(Array("data: {\"a\":1}".utf8)).isEmpty)
        #expect(decoder.connectionEnded().isEmpty)
        #expect(decoder.feed(Array("data: {\"a\":1}\n".utf8)).isEmpty)
        #expect(decoder.connectionEnded().isEmpty)
    }

    @Test func anIdCountsOnlyOnceItsEventIsDispatched() {
        var decoder = SSEDecoder(maxValueBytes: 100)
        decoder.startConnection()
        _ = decoder.feed(Array("id: 7\ndata: a\n\nid: 8\ndata: b\n".utf8))
        #expect(decoder.lastEventID == "7")
        // The connection drops before the blank line: event 8 never happened.
        decoder.startConnection()
        _ = decoder.feed(Array("data: c\n\n".utf8))
        #expect(decoder.lastEventID == "7")
        _ = decoder.feed(Array("id\ndata: d\n\n".utf8))
        #expect(decoder.lastEventID == "", "an empty id resets it")
        _ = decoder.feed(Array("id: a\u{0}b\ndata: e\n\n".utf8))
        #expect(decoder.lastEventID == "", "an id with NUL is ignored")
    }

    @Test func fieldsAsTheStandardReadsThem() {
        let text = "\u{FEFF}data\n\nevent: ping\ndata:\n\ndata:no space\n\ndata:  two spaces\n\nretry: 12x\n\nretry: 1500\n\nunknown: x\ndata: kept\n\n"
        let (data, decoder, _) = events([Array(text.utf8)])
        // `data` alone is an empty event: a keep-alive, no item (it was a "" row).
        #expect(data == ["no space", " two spaces", "kept"])
        #expect(decoder.retryMilliseconds == 1500)
    }

    /// An event larger than the limit is dropped as it arrives and said with its size; the next
    /// one is read as usual, and a long comment or id costs nothing.
    @Test func anEventTooLongIsSkippedInBoundedMemory() {
        let long = String(repeating: "x", count: 300)
        let text = "data: \(long)\ndata: more\n\n: \(long)\nid: \(long)\ndata: short\n\n"
        let (data, decoder, skipped) = events([Array(text.utf8)], maxValueBytes: 100)
        #expect(data == ["short"])
        #expect(skipped == [305])
        #expect(decoder.lastEventID == "")
    }
}

@Suite struct LiveBackoffTests {
    @Test func doublesUpToTheCapThenGivesUp() {
        var backoff = LiveBackoff()
        var delays: [Double] = []
        while let delay = backoff.nextDelay(serverRetry: nil) { delays.append(delay) }
        #expect(delays == [1, 2, 4, 8, 16, 30, 30, 30, 30, 30])
    }

    @Test func anAttemptThatBroughtSomethingStartsAgainFromTheBase() {
        var backoff = LiveBackoff()
        _ = backoff.nextDelay(serverRetry: nil)
        _ = backoff.nextDelay(serverRetry: nil)
        backoff.delivered()
        #expect(backoff.nextDelay(serverRetry: nil) == 1)
    }

    @Test func theServersRetryIsTheBaseWithAFloor() {
        var backoff = LiveBackoff()
        #expect(backoff.nextDelay(serverRetry: 0.25) == 0.25)
        #expect(backoff.nextDelay(serverRetry: 0.25) == 0.5)
        var zero = LiveBackoff()
        #expect(zero.nextDelay(serverRetry: 0) == 0.1)
        var long = LiveBackoff()
        #expect(long.nextDelay(serverRetry: 120) == 120)
        #expect(long.nextDelay(serverRetry: 120) == 120)
        var endless = LiveBackoff()
        #expect(endless.nextDelay(serverRetry: 1e9) == 300)
    }
}
