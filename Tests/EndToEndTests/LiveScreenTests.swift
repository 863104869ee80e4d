import Foundation
import Testing

/// Live lists on a real terminal (tmux): rows of a stream arrive at the bottom while the cursor
/// stays on its row, and follow the end when the cursor is on the last row (as `less +F`); the
/// footer says "live" with the count; the Wikimedia replica shows its changes and reconnects;
/// `--dump` of a stream that never ends stops when its reader goes.
@Suite(.serialized, .enabled(if: TmuxSession.isAvailable, "tmux is not installed: end-to-end live tests skipped"))
struct LiveScreenTests {
    @Test func theCursorStaysPutOrFollowsTheEndFromTheLastRow() async throws {
        try #require(Binary.exists, "\(Binary.missingMessage)")
        try await LiveScreenServer.with { base in
            let tmux = try await TmuxSession(arguments: ["--format", "{title}", "\(base)/ticks"])
            defer { tmux.close() }
            try await tmux.waitFor("five ticks", timeout: .seconds(30)) { (StatusCounts($0)?.loaded ?? 0) >= 5 }
            // On the first row: more ticks arrive below, the cursor stays.
            try tmux.send("g")
            let top = try await tmux.waitFor("the cursor on row 1", timeout: .seconds(15)) { StatusCounts($0)?.row == 1 }
            let before = try #require(StatusCounts(top)).loaded
            let later = try await tmux.waitFor("five more ticks", timeout: .seconds(30)) { (StatusCounts($0)?.loaded ?? 0) >= before + 5 }
            #expect(StatusCounts(later)?.row == 1)
            #expect(later.first { $0.hasPrefix(">") } == "> tick 1")
            #expect(later.last?.contains(" · live") == true, "\(later.last ?? "")")
            // On the last row: the cursor follows each new tick.
            try tmux.send("G")
            let end = try await tmux.waitFor("the cursor on the last row", timeout: .seconds(15)) { rows in
                StatusCounts(rows).map { $0.row == $0.loaded } ?? false
            }
            let atEnd = try #require(StatusCounts(end)).loaded
            let followed = try await tmux.waitFor("the cursor following five more ticks", timeout: .seconds(30)) { rows in
                StatusCounts(rows).map { $0.loaded >= atEnd + 5 && $0.row == $0.loaded } ?? false
            }
            let counts = try #require(StatusCounts(followed))
            #expect(followed.contains { $0 == "> tick \(counts.row)" })
            #expect(followed.contains { $0.contains("live · \(counts.loaded) items") || $0.contains("live · ") }, "\(followed)")
            try tmux.send("q")
            #expect(try await tmux.waitForExit(timeout: .seconds(15)) == 0)
        }
    }

    @Test func theWikimediaReplicaShowsItsChangesAndReconnects() async throws {
        try #require(Binary.exists, "\(Binary.missingMessage)")
        try await LiveScreenServer.with { base in
            let tmux = try await TmuxSession(arguments: ["--columns", "title,user,type", "\(base)/v2/stream/recentchange?batch=3&interval=50"])
            defer { tmux.close() }
            // Three events a connection: the fourth row came after a reconnection.
            let rows = try await tmux.waitFor("rows after a reconnection", timeout: .seconds(30)) { (StatusCounts($0)?.loaded ?? 0) >= 4 }
            #expect(rows.contains { $0.contains("Zürich") && $0.contains("Editor0") && $0.contains("edit") })
            #expect(rows.contains { $0.contains("東京都") })
            try await tmux.waitFor("the reconnects in the status line", timeout: .seconds(30)) { rows in
                rows.last?.contains("reconnect") == true
            }
            try tmux.send("q")
            #expect(try await tmux.waitForExit(timeout: .seconds(15)) == 0)
        }
    }

    /// `--dump` of a stream that never ends writes each item as it comes, and stops once the
    /// pipe's reader is gone.
    @Test func aDumpOfAnEndlessStreamStopsWhenItsReaderGoes() async throws {
        try #require(Binary.exists, "\(Binary.missingMessage)")
        try await LiveScreenServer.with { base in
            let run = try await ProcessRun.run(
                "/bin/sh", ["-c", #""$BIN" --dump "$URL" | head -3"#],
                environment: ["BIN": Binary.path, "URL": "\(base)/ticks?interval=50"], timeout: .seconds(60))
            #expect(run.stdoutLines == (1...3).map { #"{"id":\#($0),"title":"tick \#($0)"}"# })
        }
    }

    /// A stream that goes quiet after two items: the dump stops as soon as `head -2` has them and
    /// goes, with the status of a broken pipe, instead of waiting for an item that never comes.
    @Test func aDumpOfAQuietStreamStopsWhenItsReaderGoes() async throws {
        try #require(Binary.exists, "\(Binary.missingMessage)")
        try await LiveScreenServer.with { base in
            let run = try await ProcessRun.run(
                "/bin/sh", ["-c", #"{ "$BIN" --dump "$URL"; echo "status $?" >&2; } | head -2"#],
                environment: ["BIN": Binary.path, "URL": "\(base)/quiet-after"], timeout: .seconds(60))
            #expect(run.stdoutLines == [#"{"id":1}"#, #"{"id":2}"#])
            #expect(run.stderr.contains("status 141"), "\(run.stderr)")
            #expect(!run.stderr.contains("infinilist:"), "\(run.stderr)")
        }
    }
}
