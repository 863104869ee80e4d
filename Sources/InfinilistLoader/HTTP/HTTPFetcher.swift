import AsyncHTTPClient
import Foundation
import NIOCore

/// Performs one GET the way infinilist must: its own headers, credentials only for the starting
/// origin, a deadline for the whole exchange, bounded redirects without https→http downgrades, and
/// the body streamed into memory only up to a byte cap. Everything it throws is a `PageLoadError`
/// naming the page and host, or `CancellationError`.
struct HTTPFetcher: Sendable {
    let client: HTTPClient
    /// Headers from `-H`; sent only to `trustedOrigin`.
    let headers: [HeaderField]
    let trustedOrigin: WebOrigin?
    let timeout: Duration
    let maxBodyBytes: Int
    let maxRedirects: Int
    /// How much of an error page (non-2xx) is read to find the server's message.
    var maxErrorBodyBytes = 64 * 1024

    func get(_ url: String, label: String) async throws -> HTTPBody {
        let deadline = NIODeadline.now() + TimeAmount(timeout)
        var current = url
        var redirects = 0
        while true {
            guard let origin = WebOrigin(current) else {
                throw PageLoadError(.invalidURL, "\(label): cannot request \(OneLine.clean(current, maxCharacters: 120)) (only http and https URLs)")
            }
            let response = try await execute(request(for: current, origin: origin), deadline: deadline, origin: origin)
            let status = Int(response.status.code)
            if [301, 302, 303, 307, 308].contains(status), let location = response.headers.first(name: "location") {
                redirects += 1
                guard redirects <= maxRedirects else {
                    throw PageLoadError(.redirect, "\(label): more than \(maxRedirects) redirects from \(origin.displayHost)")
                }
                let target = try redirectTarget(location, from: current, origin: origin, label: label)
                // Read the (small) redirect page so the connection can be reused.
                _ = try await read(response.body, limit: maxErrorBodyBytes, failWhenOver: false, label: label, origin: origin)
                current = target
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

    private func request(for url: String, origin: WebOrigin) -> HTTPClientRequest {
        var request = HTTPClientRequest(url: url)
        request.method = .GET
        request.headers.add(name: "User-Agent", value: "infinilist/\(InfinilistVersion.string)")
        request.headers.add(name: "Accept", value: "application/json")
        if origin == trustedOrigin {
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

    private func redirectTarget(_ location: String, from current: String, origin: WebOrigin, label: String) throws -> String {
        guard let base = URL(string: current), let target = URL(string: location, relativeTo: base)?.absoluteString,
              let targetOrigin = WebOrigin(target)
        else {
            throw PageLoadError(.redirect, "\(label): \(origin.displayHost) redirected to an unusable location \(OneLine.clean(location, maxCharacters: 120))")
        }
        if origin.scheme == "https" && targetOrigin.scheme == "http" {
            throw PageLoadError(.redirect, "\(label): refused redirect from https to http (\(OneLine.clean(target, maxCharacters: 120)))")
        }
        return target
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
