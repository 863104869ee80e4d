import AsyncHTTPClient
import Foundation
import NIOCore
import NIOHTTPCompression
import NIOSSL

/// Performs one page's request the way infinilist must: its own headers, credentials only where
/// `CredentialScope` allows, a deadline for the whole exchange, bounded redirects without
/// https→http downgrades (`RedirectPolicy`), and the body streamed into memory only up to a byte
/// cap. A streaming answer the request accepts (`SourceRequest.streaming`) is handed on unread
/// once its head arrives: the deadline covers the head only. gzip and deflate bodies are inflated
/// as they stream in (`BodyInflater`), so the cap applies to the decompressed size and a small
/// compressed bomb stops there in bounded memory. It takes only a `RequestURL`, so nothing unchecked reaches AsyncHTTPClient. Everything
/// it throws is a `PageLoadError` naming the page and host, or `CancellationError`.
struct HTTPFetcher: Sendable {
    let client: HTTPClient
    /// Headers from `-H`; sent only where `credentials` allows.
    let headers: [HeaderField]
    /// The user name and password of the starting URL, sent as Basic auth where `credentials`
    /// allows (unless `-H` gives an `Authorization` header of its own).
    var urlCredentials: URLCredentials? = nil
    let credentials: CredentialScope
    let timeout: Duration
    /// The limit on connecting (TCP and TLS handshake), as given to the client.
    var connectTimeout: Duration = .seconds(10)
    /// The proxy the client connects through, named by connection errors.
    var proxy: ProxyServer? = nil
    /// The secrets the requests carry, handed to every body so what a server says is shown
    /// without them.
    var echoes = EchoedSecrets.none
    let maxBodyBytes: Int
    let redirects: RedirectPolicy
    /// How much of an error page (non-2xx) is read to find the server's message.
    var maxErrorBodyBytes = errorBodyBytes
    static let errorBodyBytes = 64 * 1024

    /// The client's TLS configuration, to find out why a certificate was refused.
    var tls: TLSConfiguration? = nil

    /// The whole exchange (redirects, head, body) must finish within `timeout`; otherwise it is
    /// abandoned (its connection closed) and a `.timeout` error thrown.
    /// `request` says the method, headers and body; `url` is its URL, checked (`PageURL`).
    func send(_ request: SourceRequest, to url: RequestURL, label: String) async throws -> HTTPBody {
        let timeoutError = PageLoadError(.timeout, "no complete answer from \(url.origin.displayHost) within the --timeout of \(Self.seconds(timeout))")
        return try await Deadline.run(within: timeout, orThrow: timeoutError) {
            try await exchange(request, url: url, label: label)
        }
    }

    private func exchange(_ first: SourceRequest, url: RequestURL, label: String) async throws -> HTTPBody {
        let deadline = NIODeadline.now() + TimeAmount(timeout)
        var sent = first
        var current = url
        var followed = 0
        while true {
            let origin = current.origin
            let (request, sentCredentials) = clientRequest(for: sent, at: current)
            let response = try await execute(request, deadline: deadline, origin: origin, label: label)
            let status = Int(response.status.code)
            if [301, 302, 303, 307, 308].contains(status), let location = response.headers.first(name: "location") {
                followed += 1
                guard followed <= redirects.maxRedirects else {
                    throw PageLoadError(.redirect, "\(label): more than \(redirects.maxRedirects) redirects from \(origin.displayHost)")
                }
                let target = try redirects.target(location, from: current, label: label)
                // Read the (small) redirect page so the connection can be reused.
                _ = try await read(response.body, limit: maxErrorBodyBytes, failWhenOver: false, label: label, origin: origin, decompressed: nil)
                sent = RedirectPolicy.follow(sent, status: status, to: target.text)
                current = target
                continue
            }
            let success = (200...299).contains(status)
            let headers = response.headers.map { HeaderField(name: $0.name, value: $0.value) }
            if success, let framing = sent.streaming.framing(of: response.headers.first(name: "content-type"), status: status) {
                // A live list: its body may never end, so it is read as it comes, by the source,
                // outside this exchange's deadline.
                var body = HTTPBody(url: current.text, status: status, reason: response.status.reasonPhrase, headers: headers, bytes: [])
                if let sentCredentials { body.shownURL = URLText.insertingUserInfo(sentCredentials.shown, into: current.text) }
                body.method = sent.method
                body.echoes = echoes
                body.stream = StreamingBody(body: response.body, framing: framing)
                return body
            }
            // Content-Length counts the bytes on the wire; a compressed body is judged as it inflates.
            let decompressed = ContentEncodingCheck.decompressed(in: headers)
            let length = response.headers.first(name: "content-length").flatMap(Int.init)
            if success, decompressed == nil, let length, length > maxBodyBytes {
                throw tooLarge(label, origin)
            }
            let limit = success ? maxBodyBytes : maxErrorBodyBytes
            let bytes = try await read(
                response.body,
                limit: limit,
                expected: success && decompressed == nil ? length.map { min(max($0, 0), limit) } : nil,
                failWhenOver: success,
                label: label,
                origin: origin,
                decompressed: decompressed
            )
            var body = HTTPBody(url: current.text, status: status, reason: response.status.reasonPhrase, headers: headers, bytes: bytes)
            if let sentCredentials { body.shownURL = URLText.insertingUserInfo(sentCredentials.shown, into: current.text) }
            body.method = sent.method
            body.echoes = echoes
            return body
        }
    }

    /// The client's request for `sent` at `url`, and the URL credentials it carries (for `-v`,
    /// which shows `user:***@`).
    private func clientRequest(for sent: SourceRequest, at url: RequestURL) -> (HTTPClientRequest, URLCredentials?) {
        var request = HTTPClientRequest(url: url.text)
        request.method = .init(rawValue: sent.method)
        let defaults = [
            HeaderField(name: "User-Agent", value: "infinilist/\(InfinilistVersion.string)"),
            HeaderField(name: "Accept", value: "application/json"),
            // Decompressed by the client while streaming (JSON shrinks 5 to 20 times); nothing
            // else is asked for, so anything else is named (`ContentEncodingCheck`).
            HeaderField(name: "Accept-Encoding", value: ContentEncodingCheck.acceptEncoding),
        ]
        let allowed = credentials.allows(url.origin)
        let merged = Self.lastOfEachName(defaults + sent.headers + (allowed ? headers : []))
        request.headers.add(contentsOf: merged.map { ($0.name, $0.value) })
        if let body = sent.body { request.body = .bytes(body) }
        guard allowed, let urlCredentials, !merged.contains(where: { $0.name.lowercased() == "authorization" }) else { return (request, nil) }
        request.headers.add(name: "Authorization", value: urlCredentials.basicAuthorization)
        return (request, urlCredentials)
    }

    /// Of the headers with the same name (any case), only the last, in the order of those last
    /// ones: what replacing each in turn gave, in one pass instead of a search of the whole list
    /// per header (quadratic in the number of `-H`).
    static func lastOfEachName(_ fields: [HeaderField]) -> [HeaderField] {
        var last: [String: Int] = [:]
        last.reserveCapacity(fields.count)
        for (index, field) in fields.enumerated() { last[field.name.lowercased()] = index }
        return fields.indices.filter { last[fields[$0].name.lowercased()] == $0 }.map { fields[$0] }
    }

    private func execute(_ request: HTTPClientRequest, deadline: NIODeadline, origin: WebOrigin, label: String) async throws -> HTTPClientResponse {
        do {
            return try await client.execute(request, deadline: deadline)
        } catch {
            if !Task.isCancelled, let refused = await CertificateProbe.diagnose(error, origin: origin, tls: tls, limit: connectTimeout) {
                throw refused
            }
            if !Task.isCancelled, let proxy, let failure = await ProxyProbe.diagnose(error, proxy: proxy, origin: origin, limit: connectTimeout) {
                throw failure
            }
            throw translate(error, origin: origin, phase: .beforeAnswer, label: label)
        }
    }

    /// Streams the body into memory (decompressed, when `decompressed` names the encoding). Over
    /// `limit`, either fails (a page) or keeps the first bytes (an error page, only read for its
    /// message, which keeps what it has when the client's decompression limit stops it too).
    /// With `expected` (an uncompressed body's Content-Length, at most `limit`) the array is made
    /// that size at once: grown by doubling, a 2.9 MB page took a 4 MB array and a copy at each
    /// step (decision 82).
    private func read(
        _ body: HTTPClientResponse.Body,
        limit: Int,
        expected: Int? = nil,
        failWhenOver: Bool,
        label: String,
        origin: WebOrigin,
        decompressed: String?
    ) async throws -> [UInt8] {
        var bytes: [UInt8] = []
        if let expected { bytes.reserveCapacity(expected) }
        if let decompressed {
            return try await inflate(body, encoding: decompressed, limit: limit, failWhenOver: failWhenOver, label: label, origin: origin)
        }
        if expected == nil, failWhenOver { return try await readWatchingForAStream(body, limit: limit, label: label, origin: origin) }
        do {
            for try await buffer in body {
                if bytes.count + buffer.readableBytes > limit {
                    if failWhenOver { throw tooLarge(label, origin, decompressed: decompressed != nil) }
                    bytes.append(contentsOf: buffer.readableBytesView.prefix(limit - bytes.count))
                    break
                }
                bytes.append(contentsOf: buffer.readableBytesView)
            }
        } catch let error as PageLoadError {
            throw error
        } catch where !failWhenOver && TransportFailure.isDecompressionLimit(error) {
            return bytes
        } catch {
            throw translate(error, origin: origin, phase: .readingBody, label: label)
        }
        return bytes
    }

    /// `read` for a gzip or deflate body: inflated as it arrives, up to `limit` inflated bytes
    /// (one more is asked for, to tell a page over the cap from one exactly at it).
    private func inflate(
        _ body: HTTPClientResponse.Body,
        encoding: String,
        limit: Int,
        failWhenOver: Bool,
        label: String,
        origin: WebOrigin
    ) async throws -> [UInt8] {
        var bytes: [UInt8] = []
        let ceiling = failWhenOver ? limit + 1 : limit
        do {
            let inflater = try BodyInflater(encoding: encoding)
            for try await buffer in body {
                guard try inflater.inflate(Array(buffer.readableBytesView), into: &bytes, limit: ceiling) else {
                    if failWhenOver { throw tooLarge(label, origin, decompressed: true) }
                    return bytes
                }
            }
            try inflater.finish()
        } catch let failure as BodyInflater.Failure {
            throw TransportFailure.inflationFailure(failure, label: label, host: origin.displayHost)
        } catch let error as PageLoadError {
            throw error
        } catch {
            throw translate(error, origin: origin, phase: .readingBody, label: label)
        }
        return bytes
    }

    func tooLarge(_ label: String, _ origin: WebOrigin, decompressed: Bool = false) -> PageLoadError {
        TransportFailure.tooLarge(label: label, host: origin.displayHost, limit: maxBodyBytes, decompressed: decompressed)
    }

    func translate(_ error: any Error, origin: WebOrigin, phase: TransportFailure.Phase, label: String) -> any Error {
        if Task.isCancelled { return CancellationError() }
        var limits = TransportFailure.Limits(timeout: timeout, connectTimeout: connectTimeout, proxy: proxy)
        limits.maxPageBytes = maxBodyBytes
        return TransportFailure.pageError(for: error, origin: origin, phase: phase, limits: limits, label: label)
    }

    static func seconds(_ duration: Duration) -> String {
        let (seconds, attoseconds) = duration.components
        if attoseconds == 0 { return "\(seconds) s" }
        let value = Double(seconds) + Double(attoseconds) / 1e18
        // Under a tenth of a second it is said in milliseconds (`--timeout 0.0000001` was "0.0 s").
        if value < 0.1 {
            let milliseconds = value * 1000
            return milliseconds >= 1 ? "\(Int(milliseconds.rounded())) ms" : "under 1 ms"
        }
        return "\((value * 10).rounded() / 10) s"
    }
}
