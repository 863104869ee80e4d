import AsyncHTTPClient
import InfinilistCore
import Synchronization

/// Keeps a live stream coming: a task reads the streaming answer into a `ChunkChannel` (server-
/// sent events decoded into records on the way), and when the connection drops, or an event
/// stream is closed by the server, connects again after a backoff (`LiveBackoff`), with
/// `Last-Event-ID` for an event stream. It is the stream reader's `ByteInput`, so pages, the
/// spool and re-reading work as for a pipe; no page deadline applies to a body that is quiet.
///
/// A JSON-lines stream that the server ends cleanly ends the list; an event stream ends only
/// when a new connection is answered with 204 (the standard's way for a server to say "stop").
/// A refusal that asking again cannot fix (a 4xx, a bad certificate, an answer that is not a
/// stream), or too many attempts in a row that bring nothing, fails the page; `r` then starts
/// connecting again.
final class LiveConnection: ByteInput, Sendable {
    /// Connects again: the first request with these headers added; throws `PageLoadError`.
    typealias Connect = @Sendable (_ headers: [HeaderField]) async throws -> HTTPBody
    /// Words a failure of the body (a reset, a closed connection) for the footer.
    typealias Describe = @Sendable (_ error: any Error) -> String

    let channel: ChunkChannel
    private let framing: StreamFraming
    private let maxValueBytes: Int
    private let connect: Connect
    private let describe: Describe
    private let backoff: LiveBackoff
    private let clock: any RetryClock
    /// `the stream from HOST`, for messages.
    private let label: String
    private let state = Mutex(State())
    /// A failure was handed to the reader: the next read (the user's `r`) connects again.
    private let failureSaid = Mutex(false)
    private let task = Mutex<Task<Void, Never>?>(nil)

    private struct State {
        var reconnects = 0
        /// The last event id seen, kept for a run started again after a failure (`r`).
        var lastEventID = ""
        /// The countdown to the next attempt, while there is one.
        var countdown: (seconds: WaitSeconds, reason: String, isFirst: Bool)?
    }

    init(framing: StreamFraming, maxValueBytes: Int, label: String, backoff: LiveBackoff, clock: any RetryClock,
         highWater: Int = 1 << 20, connect: @escaping Connect, describe: @escaping Describe) {
        self.channel = ChunkChannel(highWater: highWater)
        self.framing = framing
        self.maxValueBytes = maxValueBytes
        self.label = label
        self.backoff = backoff
        self.clock = clock
        self.connect = connect
        self.describe = describe
    }

    /// Starts reading `first` (nil: connects first).
    func start(first: HTTPBody?) {
        let started = Task { [self] in await run(first: first) }
        task.withLock { $0 = started }
    }

    /// Stops reading and waits until the network task is done (the connection is closed).
    func stop() async {
        let running = task.withLock { $0 }
        running?.cancel()
        await running?.value
    }

    /// Stops reading without waiting (a refresh starts a new connection meanwhile).
    func cancel() {
        task.withLock { $0 }?.cancel()
    }

    var status: LiveStatus { LiveStatus(reconnects: state.withLock { $0.reconnects }) }

    // MARK: ByteInput

    func read(waitingAtMost milliseconds: Int32) throws(PageLoadError) -> ChunkRead {
        if failureSaid.withLock({ said in defer { said = false }; return said }) {
            channel.reopen()
            start(first: nil)
        }
        do {
            return try channel.take(waitingAtMost: milliseconds)
        } catch {
            // Said once, as the page's failure; the next read (`r`) starts connecting again.
            failureSaid.withLock { $0 = true }
            throw error
        }
    }

    var quietReason: QuietReason {
        guard let countdown = state.withLock({ $0.countdown }) else { return .waitingForInput }
        return .reconnecting(seconds: countdown.seconds, reason: countdown.reason, isFirst: countdown.isFirst)
    }

    // MARK: The network task

    private func run(first: HTTPBody?) async {
        var body = first
        var connectNow = first == nil
        var backoff = self.backoff
        var decoder = SSEDecoder(maxValueBytes: maxValueBytes)
        decoder.resume(after: state.withLock { $0.lastEventID })
        var why = "\(label) could not be reached"
        while !Task.isCancelled {
            if connectNow {
                connectNow = false
                switch await reconnect(lastEventID: decoder.lastEventID) {
                case .connected(let answer): body = answer
                case .finished: return
                case .failedForNow(let reason):
                    body = nil
                    why = reason
                }
            }
            if let answer = body, let stream = answer.stream {
                body = nil
                let coding = ContentEncodingCheck.streamCoding(in: answer.headers)
                if case .unreadable(let shown) = coding {
                    let message = "\(label) is compressed with \(shown) (Content-Encoding: \(shown)), which infinilist cannot decompress; it asks for an uncompressed stream"
                    return channel.finish(.failed(PageLoadError(.notJSON, message)))
                }
                let end = await read(stream.body, coding: coding, decoder: &decoder)
                let lastEventID = decoder.lastEventID
                state.withLock { $0.lastEventID = lastEventID }
                switch end {
                case .cancelled: return
                case .ended(let delivered):
                    if delivered { backoff.delivered() }
                    // The server ended a stream of values: so does the list.
                    guard framing == .events else { return channel.finish(.end) }
                    why = "the server closed \(label)"
                case .dropped(let delivered, let reason):
                    if delivered { backoff.delivered() }
                    why = reason
                }
            }
            let serverRetry = decoder.retryMilliseconds.map { Double($0) / 1000 }
            guard let delay = backoff.nextDelay(serverRetry: serverRetry) else {
                let tries = Counted.text(backoff.maxEmptyAttempts, "time")
                return channel.finish(.failed(PageLoadError(.connection, "\(label) was connected again \(tries) in a row without sending anything (last: \(why)); stopped reconnecting")))
            }
            let inARow = backoff.emptyAttempts > 1 ? " (attempt \(backoff.emptyAttempts) in a row with nothing received)" : ""
            do {
                try await countdown(delay, reason: why + inARow)
            } catch {
                return
            }
            state.withLock {
                $0.countdown = nil
                $0.reconnects += 1
            }
            connectNow = true
        }
    }

    private enum ReadEnd {
        case cancelled
        /// The server ended the body cleanly.
        case ended(delivered: Bool)
        /// The connection broke (reset, closed mid-body, an error of the client).
        case dropped(delivered: Bool, reason: String)
    }

    /// Reads one connection's body into the channel.
    private func read(_ stream: HTTPClientResponse.Body, coding: ContentEncodingCheck.StreamCoding, decoder: inout SSEDecoder) async -> ReadEnd {
        decoder.startConnection()
        var delivered = false
        var atLineStart = true
        var inflater: BodyInflater?
        do {
            if case .inflate(let encoding) = coding { inflater = try BodyInflater(encoding: encoding) }
            for try await buffer in stream {
                var bytes = Array(buffer.readableBytesView)
                if let inflater {
                    // Each piece as it comes; no limit here, as the values' own limit applies
                    // after (a read of the network is a few KiB, so at most about 1000 times that).
                    var inflated: [UInt8] = []
                    _ = try inflater.inflate(bytes, into: &inflated, limit: .max)
                    bytes = inflated
                }
                if framing == .events { bytes = decoder.feed(bytes) }
                guard let last = bytes.last else { continue }
                delivered = true
                atLineStart = last == UInt8(ascii: "\n")
                try await channel.push(bytes)
            }
            if await pushCutEvent(&decoder) { delivered = true }
        } catch let failure as BodyInflater.Failure {
            let what = failure == .invalid ? "sent data that is not valid gzip or deflate (Content-Encoding says it is)" : "sent compressed data that breaks off"
            return .dropped(delivered: delivered, reason: "\(label) \(what)")
        } catch {
            if Task.isCancelled || error is CancellationError { return .cancelled }
            if await pushCutEvent(&decoder) { delivered = true }
            // A value cut off by the drop ends at a line break, so the next connection's first
            // value is read on its own.
            if !atLineStart, framing == .values { try? await channel.push([UInt8(ascii: "\n")]) }
            return .dropped(delivered: delivered, reason: describe(error))
        }
        if !atLineStart, framing == .values { try? await channel.push([UInt8(ascii: "\n")]) }
        return .ended(delivered: delivered)
    }

    /// An oversized event the connection broke off inside, said as skipped (`SSEDecoder.connectionEnded`).
    private func pushCutEvent(_ decoder: inout SSEDecoder) async -> Bool {
        guard framing == .events else { return false }
        let record = decoder.connectionEnded()
        guard !record.isEmpty else { return false }
        try? await channel.push(record)
        return true
    }

    private enum Attempt {
        case connected(HTTPBody)
        /// The list ends or fails; the channel says which.
        case finished
        /// Worth trying again later: why not now.
        case failedForNow(String)
    }

    /// One attempt to connect again.
    private func reconnect(lastEventID: String) async -> Attempt {
        var headers = [HeaderField(name: "Accept-Encoding", value: "identity")]
        if framing == .events {
            headers.append(HeaderField(name: "Accept", value: "text/event-stream"))
            headers.append(HeaderField(name: "Cache-Control", value: "no-cache"))
            if !lastEventID.isEmpty, lastEventID.unicodeScalars.allSatisfy({ $0.value >= 0x20 && $0.value != 0x7F || $0 == "\t" }) {
                headers.append(HeaderField(name: "Last-Event-ID", value: lastEventID))
            }
        }
        let answer: HTTPBody
        do {
            answer = try await connect(headers)
        } catch let error as PageLoadError {
            guard error.isTransient else {
                channel.finish(.failed(error))
                return .finished
            }
            return .failedForNow(error.message)
        } catch {
            return .finished
        }
        if answer.status == 204 {
            channel.finish(.end)
            return .finished
        }
        if answer.stream != nil { return .connected(answer) }
        if answer.isSuccess {
            let type = OneLine.clean(answer.contentType, maxCharacters: 60)
            channel.finish(.failed(PageLoadError(.notJSON, "\(label) answered HTTP \(answer.statusLine) with \(type) instead of a stream when connected again; stopped reconnecting")))
            return .finished
        }
        let error = HTTPSource.statusError(answer)
        guard error.isTransient else {
            channel.finish(.failed(error))
            return .finished
        }
        return .failedForNow(error.message)
    }

    /// Waits `seconds`, saying the time left at the start and at each whole second after, as the
    /// retrying fetcher does.
    private func countdown(_ seconds: Double, reason: String) async throws {
        var left = (seconds * 1000).rounded(.up) / 1000
        var first = true
        while left > 0.0005 {
            try Task.checkCancellation()
            let shown = (WaitSeconds(left), reason, first)
            state.withLock { $0.countdown = shown }
            first = false
            let step = max(0.001, left - (left - 0.0005).rounded(.down))
            try await clock.sleep(for: .milliseconds(Int64((step * 1000).rounded())))
            left = max(0, left - step)
        }
    }
}
