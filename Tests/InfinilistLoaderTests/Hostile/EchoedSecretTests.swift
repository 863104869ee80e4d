import Hummingbird
import InfinilistCore
@testable import InfinilistLoader
import InfinilistRuntime
import Testing
import TestSupport

/// A server that echoes the request's credentials in what it says (its error message, a text
/// error page, an HTML page, GraphQL errors, a 503 it is retried after) never gets them printed:
/// each is `***` on stderr and on the screen (hostile finding F6).
@Suite struct EchoedSecretTests {
    /// Every route answers with the request's `Authorization` and `X-Api-Key` headers in its body.
    private static func router() -> Router<BasicRequestContext> {
        let router = Router()
        @Sendable func said(_ request: Request) -> String {
            let auth = request.headers[.authorization] ?? ""
            let key = request.headers.first { $0.name.rawName.lowercased() == "x-api-key" }?.value ?? ""
            return "credentials \(auth) and key \(key) refused"
        }
        router.get("json") { request, _ in Replica.json(#"{"message": "\#(said(request))"}"#, status: .forbidden) }
        router.get("text") { request, _ in
            Response(status: .unauthorized, headers: [.contentType: "text/plain"], body: .init(byteBuffer: ByteBuffer(string: said(request))))
        }
        router.get("html") { request, _ in
            Response(status: .ok, headers: [.contentType: "text/html"], body: .init(byteBuffer: ByteBuffer(string: "<p>" + said(request))))
        }
        router.post("graphql") { request, _ in Replica.json(#"{"errors": [{"message": "\#(said(request))"}], "data": null}"#) }
        router.get("busy") { request, _ in Replica.json(#"{"message": "\#(said(request))"}"#, status: .serviceUnavailable) }
        return router
    }

    static let secrets = ["sekrit-token-4711", "k3y-v4lue", "hunter22", "Ym9iOmh1bnRlcjIy"]

    @Test(arguments: ["/json", "/text", "/html", "/graphql", "/busy"])
    func whatTheServerSaysIsShownWithoutTheSecrets(path: String) async throws {
        try await withLocalServer(router: Self.router()) { port in
            for credentials in ["header", "user", "url"] {
                var options = path == "/graphql" ? SourceOptions.graphQL(GraphQLReplicaTests.thingsQuery) : SourceOptions()
                var url = "http://127.0.0.1:\(port)" + path
                switch credentials {
                case "header": options.headers = ["Authorization: Bearer sekrit-token-4711", "X-Api-Key: k3y-v4lue"]
                case "user": options.user = "bob:hunter22"
                default: url = "http://bob:hunter22@127.0.0.1:\(port)" + path
                }
                options.retry.retries = path == "/busy" ? 1 : 0
                options.retry.baseDelay = 0.01
                options.retry.maxDelay = 0.01
                let source = try HTTPSource(url: url, options: options)
                let output = LineCollector()
                let errors = LineCollector()
                let status = await Dumper(verbose: true).run(source: source, output: output, errors: errors)
                await source.close()
                #expect(status == 1)
                let said = errors.lines.joined(separator: "\n")
                for secret in Self.secrets { #expect(!said.contains(secret), "\(path) \(credentials): \(said)") }
                #expect(said.contains("credentials ***"), "\(path) \(credentials): \(said)")
            }
        }
    }

    /// Masked before the message is cut to fit a line, so a token is never shown in part; plain
    /// headers (`Accept: application/json`) stay readable.
    @Test func aSecretIsNeverShownInPartAndPlainHeadersStay() {
        let echoes = EchoedSecrets(headers: [HeaderField(name: "Authorization", value: "Bearer abcdefghijklmnop"), HeaderField(name: "Accept", value: "application/json")], credentials: [])
        let body = Array((String(repeating: "x", count: 50) + "abcdefghijklmnop and application/json").utf8)
        let snippet = OneLine.snippet(of: body, count: 60, masking: echoes)
        #expect(!snippet.contains("abcd"), "\(snippet)")
        #expect(snippet.contains("***"), "\(snippet)")
        #expect(echoes.masked("expected application/json") == "expected application/json")
        // A short token, `Bearer` left readable; a password echoed percent-encoded.
        let short = EchoedSecrets(headers: [HeaderField(name: "Authorization", value: "token ab12cd3")], credentials: [URLCredentials(user: "alice", password: "p@ss w0rd!")])
        #expect(short.masked("unknown key ab12cd3 for Bearer auth") == "unknown key *** for Bearer auth")
        #expect(!short.masked("got user=alice&password=p%40ss%20w0rd%21").contains("w0rd"))
        #expect(!short.masked("Basic%20YWxpY2U6cEBzcyB3MHJkIQ%3D%3D").contains("YWxp"))
    }
}
