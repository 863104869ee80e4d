import AsyncHTTPClient

extension HTTPFetcher {
    /// `read` for a success without a Content-Length, watching for a stream: a Kubernetes watch
    /// without `--live` was read until the --timeout (30 s) and retried for two minutes although
    /// complete JSON lines had arrived. Once the body looks like a stream (`StreamSniffer`) and
    /// has not ended `StreamSniffer.grace` later, the read stops with a message naming `--live`.
    /// The message says what is known: the values were still arriving then (an export sent
    /// slowly ends later, and `--live` shows it whole), not that they never end.
    func readWatchingForAStream(_ body: HTTPClientResponse.Body, limit: Int, label: String, origin: WebOrigin) async throws -> [UInt8] {
        let (looksLikeAStream, said) = AsyncStream<Void>.makeStream()
        let streamError = PageLoadError(.notJSON, "\(label): the answer from \(origin.displayHost) is a stream of JSON values still arriving after \(WaitText.duration(StreamSniffer.graceSeconds)) (a watch, or an export sent slowly); add --live to show them as they arrive")
        return try await withThrowingTaskGroup(of: [UInt8]?.self) { group in
            group.addTask {
                defer { said.finish() }
                var bytes: [UInt8] = []
                var sniffer = StreamSniffer()
                for try await buffer in body {
                    if bytes.count + buffer.readableBytes > limit { throw tooLarge(label, origin) }
                    bytes.append(contentsOf: buffer.readableBytesView)
                    if sniffer.looksLikeAStream(after: buffer.readableBytesView) { said.yield() }
                }
                return bytes
            }
            group.addTask {
                for await _ in looksLikeAStream {
                    try await Task.sleep(for: StreamSniffer.grace)
                    throw streamError
                }
                return nil
            }
            do {
                while let result = try await group.next() {
                    if let bytes = result {
                        group.cancelAll()
                        return bytes
                    }
                }
            } catch let error as PageLoadError {
                group.cancelAll()
                throw error
            } catch {
                group.cancelAll()
                throw translate(error, origin: origin, phase: .readingBody, label: label)
            }
            return []
        }
    }
}
