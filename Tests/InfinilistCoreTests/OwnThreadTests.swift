import Testing
import TestThreads

/// `.ownThread` moves a CPU-bound test off Swift's cooperative pool (issue 32.1): its body, sync
/// or async, runs on the trait's thread, and a test without the trait does not.
@Suite struct OwnThreadTests {
    @Test(.ownThread) func aSynchronousBodyRunsOnAThreadOfItsOwn() {
        #expect(ThreadExecutor.isCurrentThreadOwn)
    }

    @Test(.ownThread) func anAsynchronousBodyStaysThereAcrossAwaits() async {
        #expect(ThreadExecutor.isCurrentThreadOwn)
        await Task.yield()
        try? await Task.sleep(for: .milliseconds(1))
        #expect(ThreadExecutor.isCurrentThreadOwn)
    }

    @Test func withoutItATestRunsOnThePool() {
        #expect(!ThreadExecutor.isCurrentThreadOwn)
    }
}

/// On a suite, the trait reaches each of its tests.
@Suite(.ownThread) struct OwnThreadSuiteTests {
    @Test func aTestOfTheSuiteRunsOnAThreadOfItsOwn() {
        #expect(ThreadExecutor.isCurrentThreadOwn)
    }
}
