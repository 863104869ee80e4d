import Foundation
import Glibc
import Synchronization
import Testing

/// A dump stopped and continued (Ctrl-Z then `fg` or `bg`, or `kill -STOP`/`-CONT`) goes on to
/// the end: being continued is no reason to stop.
@Suite struct DumpSignalTests {
    @Test func aDumpStoppedAndContinuedWritesEveryItem() async throws {
        try #require(Binary.exists, "\(Binary.missingMessage)")
        let sent = Mutex<[Int32]>([])
        // Twenty pages at half a second. The signals are sent from a thread of their own: under
        // the full suite the test pool's threads can be busy for seconds (a 500 ms sleep on the
        // pool once outlasted this ten-second dump, and `kill` found no process).
        let run = try await ProcessRun.run(Binary.path, ["--dump", "--demo-items", "1000", "--demo-latency", "500"]) { pid in
            Thread {
                usleep(500_000)
                let stopped = kill(pid, SIGSTOP)
                usleep(300_000)
                let continued = kill(pid, SIGCONT)
                sent.withLock { $0 = [stopped, continued] }
            }.start()
        }
        #expect(sent.withLock { $0 } == [0, 0])
        #expect(run.status == 0)
        #expect(run.stdoutLines.count == 1000)
    }
}
