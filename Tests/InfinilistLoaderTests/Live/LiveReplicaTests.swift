import Foundation
import InfinilistCore
@testable import InfinilistLoader
import InfinilistRuntime
import Synchronization
import Testing
import TestSupport

/// The streams docs/pagination.md and the README show, against their replicas: Wikimedia
/// EventStreams (server-sent events, resumed with `Last-Event-ID`) and a Kubernetes watch (JSON
/// lines answered as `application/json`, read with `--live`); and `--dump` writing a stream's
/// items as they arrive.
@Suite struct LiveReplicaTests {
    @Test func wikimediaRecentChangesResumeAfterTheLastEventID() async throws {
        try await withLiveServer { base, log in
            let clock = TestClock()
            try await withHTTPSource(url: "\(base)/v2/stream/recentchange?batch=3&total=7", options: LiveTest.options(clock: clock, pageSize: 2)) { source in
                var walked = await LiveTest.walk(source)
                #expect(walked.items.count == 7)
                let titles = try walked.items.map { try #require(JSONParser.parse($0).objectValue?["title"]?.stringValue) }
                #expect(titles == (0..<7).map { WikimediaStreamReplica.titles[$0 % WikimediaStreamReplica.titles.count] })
                let offsets = try walked.items.map { try #require(JSONParser.parse($0).objectValue?["meta"]?.objectValue?["offset"]?.scalarText) }
                #expect(offsets == (0..<7).map(String.init))
                // Three connections resumed from the Kafka position in the last id, then a 204.
                let ids = log.requests("/v2/stream/recentchange").map(\.lastEventID)
                #expect(ids.count == 4)
                #expect(ids[0] == nil)
                #expect(ids[1]?.contains(#""offset":2}"#) == true)
                #expect(ids[3]?.contains(#""offset":6}"#) == true)
                #expect(walked.end == EndReason("the server ended the stream"))
                #expect(walked.pages.last?.live == LiveStatus(reconnects: 3))
                // Pages of events read again from the spool are the same events.
                let key = try #require(walked.walk.key(for: 1))
                let again = source.page(from: try await source.fetch(key), key: key, kind: .refetch, walk: &walked.walk)
                #expect(again.items == walked.pages[1].items)
            }
        }
    }

    @Test func aKubernetesWatchIsReadWithLive() async throws {
        try await withLiveServer { base, _ in
            var options = LiveTest.options(clock: TestClock())
            options.live = true
            let source = try HTTPSource(url: "\(base)/api/v1/namespaces/default/pods?watch=1", options: options)
            let walked = await LiveTest.walk(source)
            await source.close()
            let events = try walked.items.map { line -> String in
                let event = try #require(JSONParser.parse(line).objectValue)
                let name = try #require(event["object"]?.objectValue?["metadata"]?.objectValue?["name"]?.stringValue)
                return "\(event["type"]?.stringValue ?? "?") \(name)"
            }
            #expect(events == KubernetesWatchReplica.events.map { "\($0.type) \($0.name)" })
            #expect(walked.end == EndReason("the server ended the stream"))
        }
    }

    /// The README's watch without `--live`: once two events have come and the answer has not
    /// ended a second later, the page fails at once naming `--live` (issue 33.5: it was read to
    /// the 30 s timeout and retried for two minutes), and is not retried.
    @Test func aWatchWithoutLiveSaysToAddLiveAtOnce() async throws {
        try await withLiveServer { base, _ in
            // Two events, then the watch stays open: the page must fail without the stream ending.
            let source = try HTTPSource(url: "\(base)/api/v1/namespaces/default/pods?watch=1&hold=2", options: SourceOptions())
            let key = try #require(source.startWalk().key(for: 0))
            let started = ContinuousClock.now
            await #expect {
                _ = try await source.fetch(key)
            } throws: { error in
                guard let failure = error as? PageLoadError else { return false }
                return failure.message.contains("is a stream of JSON values still arriving after 1 s (a watch, or an export sent slowly); add --live") && !failure.isTransient
            }
            // About a second after the second event: well before the 30 s timeout.
            #expect(ContinuousClock.now - started < .seconds(20))
            await source.close()
        }
    }

    /// `--dump` writes the first items while the server still holds the stream open, and the
    /// rest when they come, until the server ends it.
    @Test func dumpWritesItemsAsTheyArrive() async throws {
        try await withLiveServer { base, log in
            var options = SourceOptions()
            options.streamReadOnce = true
            let output = SharedLines()
            let errors = SharedLines()
            let status = try await withHTTPSource(url: "\(base)/jsonl/hold", options: options) { source in
                let dump = Task { await Dumper().run(source: source, output: output, errors: errors) }
                let deadline = ContinuousClock.now + .seconds(45)
                do {
                    while output.lines.count < 3, ContinuousClock.now < deadline { try await Task.sleep(for: .milliseconds(10)) }
                } catch {
                    // The test was cancelled: the dump stops before its source is closed.
                    dump.cancel()
                    _ = await dump.value
                    throw error
                }
                #expect(output.lines == [#"{"id":1}"#, #"{"id":2}"#, #"{"id":3}"#])
                #expect(!log.allEvents.contains("closed"))
                log.release()
                return await dump.value
            }
            #expect(status == 0)
            #expect(output.lines.count == 5)
            #expect(errors.lines.last == "end: the server ended the stream (5 items)")
        }
    }
}

/// Lines written by the dump's thread and read by the test while it runs.
final class SharedLines: LineOutput, Sendable {
    private let stored = Mutex<[String]>([])
    func write(line: String) { stored.withLock { $0.append(line) } }
    func flush() {}
    var lines: [String] { stored.withLock { $0 } }
}
