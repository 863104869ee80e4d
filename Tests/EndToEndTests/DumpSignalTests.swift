import Foundation
import Glibc
import Testing

/// A dump stopped and continued (Ctrl-Z then `fg` or `bg`, or `kill -STOP`/`-CONT`) goes on to
/// the end: being continued is no reason to stop.
@Suite struct DumpSignalTests {
    @Test func aDumpStoppedAndContinuedWritesEveryItem() async throws {
        try #require(Binary.exists, "\(Binary.missingMessage)")
        // Twenty pages at half a second: long enough that a loaded machine still stops it midway.
        let run = try await ProcessRun.run(Binary.path, ["--dump", "--demo-items", "1000", "--demo-latency", "500"]) { pid in
            try await Task.sleep(for: .milliseconds(500))
            #expect(kill(pid, SIGSTOP) == 0)
            try await Task.sleep(for: .milliseconds(300))
            #expect(kill(pid, SIGCONT) == 0)
        }
        #expect(run.status == 0)
        #expect(run.stdoutLines.count == 1000)
    }
}
