import Foundation
import Hummingbird
import InfinilistCore
@testable import InfinilistLoader
import NIOCore
import Testing
import TestSupport

/// AsyncHTTPClient takes HTTP/2 when an https server offers it by ALPN (`httpVersion` is
/// `.automatic`, which infinilist leaves alone): every page then travels as a stream of one
/// connection. The server records, for each request, the connection it came on and whether it
/// came on an HTTP/2 stream (a stream's channel is a child of the connection's channel).
@Suite struct HTTP2Tests {
    struct Seen: Sendable, Equatable {
        let connection: String
        let onStream: Bool
    }

    struct ConnectionContext: RequestContext {
        var coreContext: CoreRequestContextStorage
        let seen: Seen

        init(source: ApplicationRequestContextSource) {
            coreContext = .init(source: source)
            // Connection channel ← server channel; an HTTP/2 stream adds one more level.
            seen = Seen(connection: source.channel.remoteAddress.map { "\($0)" } ?? "?", onStream: source.channel.parent?.parent != nil)
        }
    }

    @Test(arguments: [true, false])
    func everyPageTravelsOnOneConnection(http2: Bool) async throws {
        let files = try TestCertificates.get()
        let seen = LockedList<Seen>()
        let router = Router(context: ConnectionContext.self)
        router.get("pages") { request, context in
            seen.append(context.seen)
            return FaultRoutes.json(FaultRoutes.page(FaultRoutes.number(request)))
        }
        try await withLocalTLSServer(router: router, http2: http2) { port in
            var options = SourceOptions.tls(clock: TestClock())
            options.caCertificateFiles = [files.caFile]
            let messages = try await loaderMessages(url: "https://127.0.0.1:\(port)/pages?page={page}", options: options, pages: 4)
            #expect(messages.compactMap(\.loaded).flatMap(\.items).count == 15)
        }
        let requests = seen.all
        #expect(requests.count == 4)
        #expect(requests.allSatisfy { $0.onStream == http2 }, "\(requests)")
        if http2 { #expect(Set(requests.map(\.connection)).count == 1, "\(requests)") }
    }
}
