import AsyncHTTPClient
import Foundation
import NIOCore

/// Performs one page's request the way infinilist must: its own headers, credentials only where
/// `CredentialScope` allows, a deadline for the whole exchange, bounded redirects without
/// https→http downgrades (`RedirectPolicy`), and the body streamed into memory only up to a byte
/// cap. Everything it throws is a `PageLoadError`
/// naming the page and host, or `CancellationError`.
struct HTTPFetcher: Sendable {
    let client: HTTPClient
    /// Headers from `-H`; sent only where `credentials` allows.
    let headers: [HeaderField]
    let credentials: CredentialScope
    let timeout: Duration
    let maxBodyBytes: Int
    let redirects: RedirectPolicy
    /// How much of an error page (non-2xx) is read to find the server's message.
    var maxErrorBodyBytes = 64 * 1024

    /// The whole exchange (redirects, head, body) must finish within `timeout`; otherwise it is
    /// abandoned (its connection closed) and a `.timeout` error thrown.
    func send(_ request: SourceRequest, label: String) async throws -> HTTPBody {
        let host = WebOrigin(request.url)?.displayHost ?? "the server"
        let timeoutError = PageLoadError(.timeout, "no complete answer from \(host) within \(Self.seconds(timeout))")
        return try await Deadline.run(within: timeout, orThrow: timeoutError) {
            try await exchange(request, label: label)
        }
    }

    private func exchange(_ first: SourceRequest, label: String) async throws -> HTTPBody {
        let deadline = NIODeadline.now() + TimeAmount(timeout)
        var sent = first
        var followed = 0
        while true {
            let current = sent.url
            guard let origin = WebOrigin(current) else {
                throw PageLoadError(.invalidURL, "\(label): cannot request \(OneLine.clean(current, maxCharacters: 120)) (only http and https URLs)")
            }
            let response = try await execute(clientRequest(for: sent, origin: origin), deadline: deadline, origin: origin)
            let status = Int(response.status.code)
            if [301, 302, 303, 307, 308].contains(status), let location = response.headers.first(name: "location") {
                followed += 1
                guard followed <= redirects.maxRedirects else {
                    throw PageLoadError(.redirect, "\(label): more than \(redirects.maxRedirects) redirects from \(origin.displayHost)")
                }
                let target = try redirects.target(location, from: current, label: label)
                // Read the (small) redirect page so the connection can be reused.
                _ = try await read(response.body, limit: maxErrorBodyBytes, failWhenOver: false, label: label, origin: origin)
                sent = RedirectPolicy.follow(sent, status: status, to: target)
                continue
            }
            let success = (200...299).contains(status)
            if success, let length = response.headers.first(name: "content-length").flatMap(Int.init), length > maxBodyBytes {
                throw tooLarge(label, origin)
            }
            let bytes = try await read(
                response.body,
                limit: success ? maxBodyBytes : maxErrorBodyBytes,
                failWhenOver: success,
                label: label,
                origin: origin
            )
            let headers = response.headers.map { HeaderField(name: $0.name, value: $0.value) }
            return HTTPBody(url: current, status: status, reason: response.status.reasonPhrase, headers: headers, bytes: bytes)
        }
    }

    private func clientRequest(for sent: SourceRequest, origin: WebOrigin) -> HTTPClientRequest {
        var request = HTTPClientRequest(url: sent.url)
        request.method = .init(rawValue: sent.method)
        request.headers.add(name: "User-Agent", value: "infinilist/\(InfinilistVersion.string)")
        request.headers.add(name: "Accept", value: "application/json")
        for header in sent.headers {
            request.headers.replaceOrAdd(name: header.name, value: header.value)
        }
        if let body = sent.body { request.body = .bytes(body) }
        if credentials.allows(origin) {
            for header in headers {
                request.headers.replaceOrAdd(name: header.name, value: header.value)
            }
        }
        return request
    }

    private func execute(_ request: HTTPClientRequest, deadline: NIODeadline, origin: WebOrigin) async throws -> HTTPClientResponse {
        do {
            return try await client.execute(request, deadline: deadline)
        } catch {
            throw translate(error, origin: origin)
        }
    }

    /// Streams the body into memory. Over `limit`, either fails (a page) or keeps the first bytes
    /// (an error page, only read for its message).
    private func read(
        _ body: HTTPClientResponse.Body,
        limit: Int,
        failWhenOver: Bool,
        label: String,
        origin: WebOrigin
    ) async throws -> [UInt8] {
        var bytes: [UInt8] = []
        do {
            for try await buffer in body {
                if bytes.count + buffer.readableBytes > limit {
                    if failWhenOver { throw tooLarge(label, origin) }
                    bytes.append(contentsOf: buffer.readableBytesView.prefix(limit - bytes.count))
                    break
                }
                bytes.append(contentsOf: buffer.readableBytesView)
            }
        } catch let error as PageLoadError {
            throw error
        } catch {
            throw translate(error, origin: origin)
        }
        return bytes
    }

    private func tooLarge(_ label: String, _ origin: WebOrigin) -> PageLoadError {
        PageLoadError(
            .tooLarge(limit: maxBodyBytes),
            "\(label) from \(origin.displayHost) is larger than \(ByteCount.text(maxBodyBytes)) (--max-page-bytes); stopped reading"
        )
    }

    private func translate(_ error: any Error, origin: WebOrigin) -> any Error {
        if Task.isCancelled || error is CancellationError { return CancellationError() }
        let host = origin.displayHost
        if let error = error as? HTTPClientError {
            switch error {
            case .cancelled:
                return CancellationError()
            case .deadlineExceeded, .readTimeout, .connectTimeout, .writeTimeout:
                return PageLoadError(.timeout, "no complete answer from \(host) within \(Self.seconds(timeout))")
            case .remoteConnectionClosed:
                return PageLoadError(.connection, "\(host) closed the connection")
            default:
                return PageLoadError(.connection, "request to \(host) failed: \(TransportFailure.describe(error))")
            }
        }
        return PageLoadError(.connection, "cannot reach \(host): \(TransportFailure.describe(error))")
    }

    static func seconds(_ duration: Duration) -> String {
        let (seconds, attoseconds) = duration.components
        if attoseconds == 0 { return "\(seconds) s" }
        let value = Double(seconds) + Double(attoseconds) / 1e18
        return "\((value * 10).rounded() / 10) s"
    }
}
