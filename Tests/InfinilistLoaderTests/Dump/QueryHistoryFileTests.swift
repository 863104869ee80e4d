import Foundation
import InfinilistRuntime
import Testing

/// The `|` prompt's history file: programs read back in order, a program kept again moves to the
/// end, and a file grown past its size keeps its latest programs rather than being forgotten.
@Suite struct QueryHistoryFileTests {
    private func file() -> QueryHistoryFile {
        QueryHistoryFile(path: FileManager.default.temporaryDirectory.appendingPathComponent("infinilist-history-\(UUID().uuidString)/state/jq_history").path)
    }

    @Test func programsComeBackInOrderAndAKeptOneMovesToTheEnd() throws {
        let history = file()
        #expect(history.load().isEmpty)
        try history.remember(".a")
        try history.remember(".b")
        try history.remember(".a")
        #expect(history.load() == [".b", ".a"])
        let mode = try FileManager.default.attributesOfItem(atPath: history.path)[.posixPermissions] as? Int
        #expect(mode == 0o600)
    }

    @Test func aFileGrownPastItsSizeKeepsItsLatestPrograms() throws {
        let history = file()
        try history.remember(".first")
        // Three programs of 400 KB each: past the 1 MiB kept.
        for letter in ["x", "y", "z"] { try history.remember("\"" + String(repeating: letter, count: 400_000) + "\"") }
        try history.remember(".last")
        let programs = history.load()
        #expect(programs.last == ".last")
        #expect(!programs.contains(".first"))
        #expect(programs.count == 3)
        let size = try FileManager.default.attributesOfItem(atPath: history.path)[.size] as? Int ?? 0
        #expect(size <= 1 << 20)
    }
}
