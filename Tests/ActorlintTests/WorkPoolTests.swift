@testable import ActorlintKit
import Foundation
import Testing

/// The pool's time limit counts the CPU time of the job's thread, so a file waiting for a core
/// on a loaded machine is not given up on; a thread blocked instead of computing still ends at
/// the wall-clock backstop of `WorkPool.wallFactor` × the limit.
@Suite struct WorkPoolTests {
    final class State: @unchecked Sendable {
        var next = 0
        var left: Int
        var gaveUp: [Bool]
        init(count: Int) {
            left = count
            gaveUp = Array(repeating: false, count: count)
        }
    }

    /// Runs each body under its limit on two threads; answers which jobs were given up on.
    func run(_ jobs: [(limit: TimeInterval, body: () -> Void)]) -> [Bool] {
        let state = State(count: jobs.count)
        WorkPool().run(threads: 2, next: {
            guard state.next < jobs.count else { return nil }
            let index = state.next
            state.next += 1
            return WorkPool.Job(limit: jobs[index].limit, work: {
                jobs[index].body()
                return { state.left -= 1 }
            }, timedOut: {
                state.gaveUp[index] = true
                state.left -= 1
            })
        }, isFinished: { state.left == 0 })
        return state.gaveUp
    }

    @Test func aJobThatWaitsRatherThanComputesIsNotGivenUpBeforeTheBackstop() {
        // Asleep three times its limit: hardly any CPU time, and within ten times the limit.
        #expect(run([(0.1, { Thread.sleep(forTimeInterval: 0.3) }), (0.1, {})]) == [false, false])
    }

    @Test func aBlockedJobIsGivenUpAtTheWallClockBackstop() {
        let clock = ContinuousClock()
        let start = clock.now
        #expect(run([(0.05, { Thread.sleep(forTimeInterval: 3) })]) == [true])
        #expect(clock.now - start < .seconds(2), "the backstop is 0.5 s")
    }

    @Test func aJobThatComputesPastItsLimitIsGivenUp() {
        let finished = Flag()
        let clock = ContinuousClock()
        let start = clock.now
        // Spins until the test is over: the pool gives up on the job, it cannot stop the thread.
        #expect(run([(0.2, { while !finished.isSet {} })]) == [true])
        #expect(clock.now - start < .seconds(2), "given up on by its CPU time, before the 2 s backstop")
        finished.set()
    }

    final class Flag: @unchecked Sendable {
        private let lock = NSLock()
        private var value = false
        var isSet: Bool { lock.withLock { value } }
        func set() { lock.withLock { value = true } }
    }
}
