import Foundation
import Hummingbird
import TestSupport

/// Compressed answers, as servers send them when asked with `Accept-Encoding`: the usual pages
/// in gzip or deflate, a gzip bomb, an error page in gzip, and encodings infinilist does not ask
/// for. Every route records the `Accept-Encoding` it was asked with as an event.
enum CompressionRoutes {
    /// Ten megabytes of zeros, gzip-compressed to about ten kilobytes.
    static let bomb = Compression.gzip.compress([UInt8](repeating: 0, count: 10 * 1024 * 1024))

    static func add(to router: Router<BasicRequestContext>, log: FaultLog) {
        // `FaultRoutes.page(N)` in the encoding in the path (gzip or deflate).
        router.get("compressed/:encoding") { request, context in
            log.event("accept-encoding: \(request.headers[.acceptEncoding] ?? "none")")
            let encoding = Compression(rawValue: context.parameters.get("encoding") ?? "") ?? .gzip
            return compressed(encoding.compress(FaultRoutes.page(FaultRoutes.number(request))), encoding: encoding.rawValue)
        }
        // `Content-Encoding: deflate` as raw deflate data, without zlib's header and checksum
        // (what some servers send, and curl reads): the zlib data with its first two and last
        // four bytes cut off.
        router.get("raw-deflate") { request, _ in
            let zlib = Compression.deflate.compress(FaultRoutes.page(FaultRoutes.number(request)))
            return compressed(Array(zlib.dropFirst(2).dropLast(4)), encoding: "deflate")
        }
        router.get("gzip-bomb") { request, _ in
            log.event("accept-encoding: \(request.headers[.acceptEncoding] ?? "none")")
            return compressed(bomb, encoding: "gzip")
        }
        // A 404 whose JSON message is gzip-compressed.
        router.get("compressed-missing") { _, _ in
            compressed(Compression.gzip.compress(#"{"message": "no such list"}"#), encoding: "gzip", status: .notFound)
        }
        // A 404 whose plain-text body inflates to 200 KB, past the 64 KiB read of an error page.
        router.get("compressed-long-missing") { _, _ in
            let text = "no such list " + String(repeating: "x", count: 200 * 1024)
            return compressed(Compression.gzip.compress(text), encoding: "gzip", status: .notFound, type: "text/plain")
        }
        // A page compressed twice with gzip, `Content-Encoding: gzip, gzip` (the client undoes one).
        router.get("gzip-twice") { request, _ in
            compressed(Compression.gzip.compress(Compression.gzip.compress(FaultRoutes.page(FaultRoutes.number(request)))), encoding: "gzip, gzip")
        }
        // Bytes in an encoding named in the path (br, zstd), which nobody asked for.
        router.get("encoded/:encoding") { _, context in
            compressed([0x1B, 0x2A, 0x00, 0xF8, 0x8D, 0x94, 0x6E, 0xDE], encoding: context.parameters.get("encoding") ?? "br")
        }
    }

    static func compressed(_ bytes: [UInt8], encoding: String, status: HTTPResponse.Status = .ok, type: String = "application/json") -> Response {
        var headers: HTTPFields = [.contentType: type]
        headers[.contentEncoding] = encoding
        return Response(status: status, headers: headers, body: .init(byteBuffer: ByteBuffer(bytes: bytes)))
    }
}
