import Foundation
import NIOCore
import NIOPosix
import NIOSSL
import Synchronization

/// Finds out why an https server's certificate was refused. NIOSSL decides (through
/// AsyncHTTPClient) and only says that verification failed; BoringSSL's reason is not exposed.
/// So after a failed handshake this connects once more, with the same TLS configuration, only to
/// look at the certificates the server presents (the connection is refused either way), and
/// `CertificateProblem` says what is wrong with them and what to do.
enum CertificateProbe {
    /// The `.certificate` error for `error`, or nil when `error` is not a refused certificate
    /// (or the server presents none: then it is some other TLS failure, said as before).
    static func diagnose(_ error: any Error, origin: WebOrigin, tls: TLSConfiguration?, limit: Duration) async -> PageLoadError? {
        guard let tls, origin.scheme == "https" else { return nil }
        let wrongName: Bool
        switch error {
        case NIOSSLError.handshakeFailed: wrongName = false
        case let error as NIOSSLExtraError where error == .failedToValidateHostname: wrongName = true
        default: return nil
        }
        guard let chain = await presentedChain(origin: origin, tls: tls, limit: limit), !chain.isEmpty else { return nil }
        let problem = CertificateProblem(chain: chain, now: time(nil), wrongName: wrongName)
        return PageLoadError(.certificate, problem.message(host: origin.displayHost))
    }

    /// The certificates `origin` presents in a TLS handshake, nil when none arrive within `limit`.
    private static func presentedChain(origin: WebOrigin, tls: TLSConfiguration, limit: Duration) async -> [NIOSSLCertificate]? {
        let host = origin.host.hasPrefix("[") ? String(origin.host.dropFirst().dropLast()) : origin.host
        let isAddress = (try? SocketAddress(ipAddress: host, port: 0)) != nil
        let seen = Mutex<[NIOSSLCertificate]?>(nil)
        do {
            let context = try NIOSSLContext(configuration: tls)
            let bootstrap = ClientBootstrap(group: MultiThreadedEventLoopGroup.singleton)
                .connectTimeout(TimeAmount(limit))
                .channelInitializer { channel in
                    channel.eventLoop.makeCompletedFuture {
                        let handler = try NIOSSLClientHandler(
                            context: context,
                            serverHostname: isAddress ? nil : host,
                            customVerificationCallback: { certificates, verdict in
                                seen.withLock { $0 = certificates }
                                verdict.succeed(.failed)
                            }
                        )
                        try channel.pipeline.syncOperations.addHandler(handler)
                    }
                }
            let channel = try await bootstrap.connect(host: host, port: origin.port).get()
            // The refused handshake closes the channel; a server that never gets that far is cut off.
            let timer = channel.eventLoop.scheduleTask(in: TimeAmount(limit)) { channel.close(promise: nil) }
            try? await channel.closeFuture.get()
            timer.cancel()
        } catch {
            return seen.withLock { $0 }
        }
        return seen.withLock { $0 }
    }
}

/// What is wrong with a certificate chain a server presented, in the order a user fixes it:
/// a name that does not match, dates, then trust.
struct CertificateProblem {
    let chain: [NIOSSLCertificate]
    /// Seconds since 1970, to compare with the certificate's validity.
    let now: time_t
    /// NIOSSL refused the host name (the chain itself was trusted).
    let wrongName: Bool

    func message(host: String) -> String {
        guard let leaf = chain.first else { return "the certificate for \(host) was refused" }
        let fix = "--cacert FILE trusts a CA, -k skips checking (unsafe)"
        if wrongName {
            let names = Self.names(of: leaf)
            let named = names.isEmpty ? "another host name" : names.prefix(4).map { "'\($0)'" }.joined(separator: ", ")
            return "the certificate of \(host) is for \(named), not for \(host); use a host name it names, or -k skips checking (unsafe)"
        }
        if leaf.notValidAfter < now {
            return "the certificate for \(host) expired on \(Self.date(leaf.notValidAfter)); the server must renew it (-k skips checking, unsafe)"
        }
        if leaf.notValidBefore > now {
            return "the certificate for \(host) is not valid before \(Self.date(leaf.notValidBefore)) (is this machine's clock right?)"
        }
        let top = chain[chain.count - 1]
        let issuer = Self.commonName(top.issuerName) ?? "unnamed"
        if top.issuerName == top.subjectName {
            let what = chain.count == 1 && leaf.issuerName == leaf.subjectName && Self.commonName(leaf.subjectName) != nil
                ? "self-signed certificate '\(issuer)'" : "self-signed CA '\(issuer)'"
            return "the certificate for \(host) is not trusted (\(what)); \(fix)"
        }
        return "the certificate for \(host) is not trusted (issued by '\(issuer)', not a CA this machine trusts); \(fix)"
    }

    /// The DNS names and addresses a certificate is for, else its common name.
    static func names(of certificate: NIOSSLCertificate) -> [String] {
        var names: [String] = []
        for name in certificate._subjectAlternativeNames() {
            switch name.nameType {
            case .dnsName: names.append(OneLine.clean(String(decoding: name.contents, as: UTF8.self), maxCharacters: 60))
            case .ipAddress:
                let bytes = Array(name.contents)
                if bytes.count == 4 { names.append(bytes.map(String.init).joined(separator: ".")) }
            default: break
            }
        }
        if names.isEmpty, let common = commonName(certificate.subjectName) { names.append(common) }
        return names
    }

    static func commonName(_ name: [SSLCertificateName]) -> String? {
        name.last { $0.type == .commonName }.map { OneLine.clean($0.value, maxCharacters: 60) }
    }

    /// `2026-01-02 15:04 UTC`.
    static func date(_ time: time_t) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyy-MM-dd HH:mm 'UTC'"
        return formatter.string(from: Date(timeIntervalSince1970: TimeInterval(time)))
    }
}
