import Foundation
@testable import InfinilistLoader
import Testing
import TestSupport

/// `--cacert` and `SSL_CERT_FILE` are read when the options are checked: a file that is missing,
/// a directory, empty or not PEM is a usage error naming it and what is wrong, before any request.
@Suite struct TLSOptionTests {
    static let url = "https://127.0.0.1:1/items?page={page}"

    static func options(cacert: String? = nil, environment: [String: String] = [:]) -> SourceOptions {
        var options = SourceOptions()
        options.trustEnvironment = environment
        if let cacert { options.caCertificateFiles = [cacert] }
        return options
    }

    /// A file in a fresh temporary directory holding `text`.
    static func file(_ text: String) throws -> String {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("infinilist-pem-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let path = directory.appendingPathComponent("file.pem").path
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    @Test func aMissingFileIsNamed() {
        #expect(throws: SourceOptionError("--cacert /nonexistent/ca.pem: no such file")) {
            try Self.options(cacert: "/nonexistent/ca.pem").validated(url: Self.url)
        }
    }

    @Test func aDirectoryIsNamed() throws {
        let directory = try TestCertificates.get().caDirectory
        #expect(throws: SourceOptionError("--cacert \(directory) is a directory; it must be a file of PEM certificates")) {
            try Self.options(cacert: directory).validated(url: Self.url)
        }
    }

    @Test func aFileWithoutCertificatesIsNamed() throws {
        let path = try Self.file("just some text\n")
        #expect(throws: SourceOptionError("--cacert \(path) holds no certificate; it must contain PEM blocks (-----BEGIN CERTIFICATE-----)")) {
            try Self.options(cacert: path).validated(url: Self.url)
        }
    }

    @Test func aBrokenCertificateIsNamed() throws {
        let path = try Self.file("-----BEGIN CERTIFICATE-----\nbm90IGEgY2VydGlmaWNhdGU=\n-----END CERTIFICATE-----\n")
        #expect(throws: SourceOptionError("--cacert \(path) is not a valid PEM certificate file (a certificate in it cannot be parsed)")) {
            try Self.options(cacert: path).validated(url: Self.url)
        }
    }

    @Test func aMissingSSLCertFileIsNamed() {
        #expect(throws: SourceOptionError("SSL_CERT_FILE=/nonexistent/bundle.pem: no such file")) {
            try Self.options(environment: ["SSL_CERT_FILE": "/nonexistent/bundle.pem"]).validated(url: Self.url)
        }
    }

    @Test func aGoodFileIsAccepted() throws {
        let files = try TestCertificates.get()
        _ = try Self.options(cacert: files.caFile, environment: ["SSL_CERT_FILE": files.caFile]).validated(url: Self.url)
    }
}
