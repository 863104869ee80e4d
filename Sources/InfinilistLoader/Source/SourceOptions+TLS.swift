import Foundation
import NIOSSL

extension SourceOptions {
    /// The TLS configuration for AsyncHTTPClient: the system's trust roots (or `SSL_CERT_FILE` and
    /// `SSL_CERT_DIR` in their place, as OpenSSL-based tools read them, since NIOSSL itself only
    /// looks at fixed paths), plus every `--cacert` file; with `--insecure`, no checking at all.
    /// Every file is read here, so a missing or malformed one is a usage error naming it before
    /// any request is sent, not a failed handshake later.
    ///
    /// `startsSecure`: the list starts at an https URL. One that starts at http:// needs trust
    /// roots only if a redirect or a link leads it to https, so it does not read them at start:
    /// they are named by path and NIOSSL reads them at the first handshake (parsing a CA bundle
    /// of 140 certificates, once to check it and once for the context, was 10 of the 24 ms to
    /// an HTTP list's first screen). `--cacert` files, which the user named, are read now.
    func tlsConfiguration(startsSecure: Bool = true) throws(SourceOptionError) -> TLSConfiguration {
        var tls = TLSConfiguration.makeClientConfiguration()
        if insecure {
            tls.certificateVerification = .none
            return tls
        }
        let trust = try TrustEnvironment(trustEnvironment ?? ProcessInfo.processInfo.environment)
        if !startsSecure, caCertificateFiles.isEmpty, let named = trust.rootsByPath {
            tls.trustRoots = named.first
            tls.additionalTrustRoots = named.rest
            return tls
        }
        if let roots = try trust.loadedRoots() {
            tls.trustRoots = roots.first
            tls.additionalTrustRoots = roots.rest
        }
        for path in caCertificateFiles {
            tls.additionalTrustRoots.append(.certificates(try PEMCertificates.load(path, named: "--cacert \(path)")))
        }
        // Loads every root now, as each connection will: a store that cannot be built is the
        // command line's problem, said once, not a connection failure retried on every page.
        do {
            _ = try NIOSSLContext(configuration: tls)
        } catch {
            throw SourceOptionError("the trusted certificates (system, SSL_CERT_FILE, SSL_CERT_DIR, --cacert) cannot be loaded: \(error)")
        }
        return tls
    }
}

/// The trust roots `SSL_CERT_FILE` and `SSL_CERT_DIR` name. As with OpenSSL, each replaces only
/// its own default: a bundle in `SSL_CERT_FILE` still leaves the system's certificate directory
/// in use, and `SSL_CERT_DIR` may list directories with `:`. NIOSSL looks certificates up by
/// hashed name only in its main trust root (further roots must be PEM files), so the first
/// directory goes there; the file's certificates and those of any further directory are added.
struct TrustEnvironment {
    /// `SSL_CERT_FILE`, when set.
    let file: String?
    /// `SSL_CERT_DIR`'s directories, or the system's when it is not set.
    let directories: [String]
    /// Whether either variable is set; when not, NIOSSL's defaults are used.
    let isSet: Bool

    init(_ environment: [String: String]) throws(SourceOptionError) {
        file = environment["SSL_CERT_FILE"].flatMap { $0.isEmpty ? nil : $0 }
        let listed = environment["SSL_CERT_DIR"].flatMap { $0.isEmpty ? nil : $0 }
        isSet = file != nil || listed != nil
        directories = listed.map { $0.split(separator: ":").map(String.init) } ?? SystemTrust.directories
        guard isSet else { return }
        for directory in directories {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory), isDirectory.boolValue else {
                throw SourceOptionError("SSL_CERT_DIR names \(directory), which is not a directory")
            }
        }
    }

    /// The roots read now; nil when neither variable is set.
    func loadedRoots() throws(SourceOptionError) -> (first: NIOSSLTrustRoots, rest: [NIOSSLAdditionalTrustRoots])? {
        guard isSet else { return nil }
        var certificates: [NIOSSLCertificate] = []
        if let file {
            certificates += try PEMCertificates.load(file, named: "SSL_CERT_FILE=\(file)")
        } else if let bundle = SystemTrust.bundle {
            certificates += try PEMCertificates.load(bundle, named: "the system's CA bundle \(bundle)")
        }
        guard let firstDirectory = directories.first else { return (.certificates(certificates), []) }
        for directory in directories.dropFirst() {
            certificates += try PEMCertificates.hashedFiles(in: directory)
        }
        return (.file(firstDirectory), certificates.isEmpty ? [] : [.certificates(certificates)])
    }

    /// The same roots named by path, for NIOSSL to read at the first handshake; nil when they
    /// cannot all be (a second `SSL_CERT_DIR` directory, whose files must be read one by one).
    var rootsByPath: (first: NIOSSLTrustRoots, rest: [NIOSSLAdditionalTrustRoots])? {
        guard isSet else { return (.default, []) }
        guard directories.count <= 1 else { return nil }
        let bundle = file ?? SystemTrust.bundle
        guard let directory = directories.first else { return bundle.map { (.file($0), []) } ?? (.certificates([]), []) }
        return (.file(directory), bundle.map { [.file($0)] } ?? [])
    }
}

/// The system's trust store, where NIOSSL looks for it on Linux (its own paths are internal).
enum SystemTrust {
    static let bundle: String? = ["/etc/ssl/certs/ca-certificates.crt", "/etc/pki/tls/certs/ca-bundle.crt"]
        .first { FileManager.default.fileExists(atPath: $0) }
    static let directories: [String] = ["/etc/ssl/certs"].filter {
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: $0, isDirectory: &isDirectory) && isDirectory.boolValue
    }
}

/// Certificates read from a PEM file, with a message naming the file and what is wrong with it.
enum PEMCertificates {
    static func load(_ path: String, named name: String) throws(SourceOptionError) -> [NIOSSLCertificate] {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw SourceOptionError("\(name): no such file")
        }
        guard !isDirectory.boolValue else {
            throw SourceOptionError("\(name) is a directory; it must be a file of PEM certificates")
        }
        // Only a regular file is read: a named pipe could block the command line for good (and
        // would be gone for the next check), and a device never ends.
        var info = stat()
        if stat(path, &info) == 0, let kind = notRegular(info.st_mode) {
            throw SourceOptionError("\(name) is \(kind), not a regular file; save the PEM certificates to a file and give its path")
        }
        guard let data = FileManager.default.contents(atPath: path) else {
            let reason = access(path, R_OK) == 0 ? "reading it failed" : String(cString: strerror(errno)).lowercased()
            throw SourceOptionError("\(name) cannot be read: \(reason)")
        }
        // Looked for first: NIOSSL throws the same error for a file without certificates as for a
        // broken one, and the two need different advice.
        guard data.range(of: Data("-----BEGIN CERTIFICATE-----".utf8)) != nil else {
            throw SourceOptionError("\(name) holds no certificate; it must contain PEM blocks (-----BEGIN CERTIFICATE-----)")
        }
        let certificates: [NIOSSLCertificate]
        do {
            certificates = try NIOSSLCertificate.fromPEMBytes(Array(data))
        } catch {
            throw SourceOptionError("\(name) is not a valid PEM certificate file (a certificate in it cannot be parsed)")
        }
        guard !certificates.isEmpty else {
            throw SourceOptionError("\(name) holds no certificate; it must contain PEM blocks (-----BEGIN CERTIFICATE-----)")
        }
        return certificates
    }

    /// What a file that is not a regular one is, for the message; nil for a regular file (and a
    /// directory, which has its own message).
    private static func notRegular(_ mode: mode_t) -> String? {
        switch mode & S_IFMT {
        case S_IFREG, S_IFDIR: return nil
        case S_IFIFO: return "a named pipe (FIFO)"
        case S_IFCHR, S_IFBLK: return "a device"
        case S_IFSOCK: return "a socket"
        default: return "a special file"
        }
    }

    /// The certificates of a directory in OpenSSL's layout: files named by subject hash (`HASH.N`).
    static func hashedFiles(in directory: String) throws(SourceOptionError) -> [NIOSSLCertificate] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
        var certificates: [NIOSSLCertificate] = []
        for name in names.sorted() where isHashName(name) {
            certificates += try load(directory + "/" + name, named: "SSL_CERT_DIR's \(directory)/\(name)")
        }
        return certificates
    }

    /// `5ad8a5d6.0`: eight hex digits, a dot, a number (`openssl rehash`; `.rN` names are CRLs).
    static func isHashName(_ name: String) -> Bool {
        let parts = name.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 2, parts[0].count == 8, !parts[1].isEmpty else { return false }
        return parts[0].allSatisfy(\.isHexDigit) && parts[1].allSatisfy(\.isASCII) && parts[1].allSatisfy(\.isNumber)
    }
}
