import Foundation
import Hummingbird
import TestSupport
import Testing

/// The detail view on a real terminal: a 2 KB value wraps and its end is reached by scrolling;
/// `w` cuts the lines at the edge instead.
@Suite(.enabled(if: TmuxSession.isAvailable, "tmux is not installed: end-to-end detail tests skipped"))
struct DetailWrapScreenTests {
    @Test func aLongValueWrapsAndWCutsIt() async throws {
        try #require(Binary.exists, "\(Binary.missingMessage)")
        let body = String(repeating: "0123456789", count: 204) + "END-OF-BODY"
        let router = Router()
        router.get("long") { _, _ -> Response in
            let json = #"[{"id": 1, "title": "A long item", "body": "\#(body)"}]"#
            return Response(status: .ok, headers: [.contentType: "application/json"], body: .init(byteBuffer: ByteBuffer(string: json)))
        }
        try await withLocalServer(router: router) { port in
            let tmux = try await TmuxSession(arguments: ["--max-pages", "1", "http://127.0.0.1:\(port)/long"], columns: 80, rows: 12)
            defer { tmux.close() }
            try await tmux.waitFor(text: "A long item", timeout: .seconds(15))
            try tmux.send("Right", "G")
            try await tmux.waitFor("the end of the value", timeout: .seconds(15), Self.showsTheEnd)
            try tmux.send("w")
            let cut = try await tmux.waitFor("the cut lines") { rows in rows.contains { $0.contains(#""body": "0123456789"#) } }
            #expect(!Self.showsTheEnd(cut))
            try tmux.send("w", "G")
            try await tmux.waitFor("the end of the value again", timeout: .seconds(15), Self.showsTheEnd)
            try tmux.send("q", "q")
            #expect(try await tmux.waitForExit(timeout: .seconds(15)) == 0)
        }
    }

    /// The marker may be split across two wrapped rows: the rows are read as one text.
    private static func showsTheEnd(_ rows: [String]) -> Bool {
        rows.map { $0.trimmingCharacters(in: .whitespaces) }.joined().contains("END-OF-BODY\"")
    }
}
