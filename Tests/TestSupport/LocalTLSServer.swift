import Hummingbird
import HummingbirdCore
import HummingbirdHTTP2
import HummingbirdTLS
import NIOSSL

/// Runs a real https Hummingbird server on `host` for the duration of `body`, presenting one of
/// the test certificates (signed by the tests' own CA, made with `openssl`). With `http2`, it
/// offers HTTP/2 by ALPN and speaks HTTP/1.1 to clients that do not take it.
public func withLocalTLSServer<Builder: HTTPResponderBuilder, T: Sendable>(
    router: Builder,
    certificate: TestCertificates.Kind = .valid,
    http2: Bool = false,
    host: String = "127.0.0.1",
    _ body: @Sendable (_ port: Int) async throws -> T
) async throws -> T where Builder.Responder.Context: InitializableFromSource<ApplicationRequestContextSource> {
    let files = try TestCertificates.get()
    let tls = TLSConfiguration.makeServerConfiguration(
        certificateChain: try NIOSSLCertificate.fromPEMFile(files.certificate(certificate)).map { .certificate($0) },
        privateKey: .privateKey(try NIOSSLPrivateKey(file: files.keyFile, format: .pem))
    )
    let server: HTTPServerBuilder = http2 ? try .http2Upgrade(tlsConfiguration: tls) : try .tls(.http1(), tlsConfiguration: tls)
    return try await withLocalServer(router: router, host: host, server: server, body)
}
