import Foundation

/// Runs jobs on a fixed number of threads, each job under an optional time limit. A job that
/// overruns is given up on: `timedOut` records it, a fresh worker takes over, and the stuck
/// thread's result is discarded whenever it finishes. This keeps one pathological file from
/// hanging the run (SwiftParser has exponential inputs).
///
/// The owner hands out work through `next`, which runs under the pool's lock and may return nil
/// while jobs are pending on others (a module waits for its last file); a job's completion also
/// runs under the lock and may make new jobs ready. The calling thread only watches deadlines:
/// it sleeps until the earliest one, not on a polling interval.
final class WorkPool: @unchecked Sendable {
    struct Job {
        var limit: TimeInterval?
        /// Runs outside the lock; returns what to do, under the lock, when it finishes in time.
        var work: () -> () -> Void
        /// Runs under the lock when the job is given up on.
        var timedOut: () -> Void = {}
    }

    /// Guards the owner's scheduling state and everything below.
    let lock = NSCondition()
    private var running: [Int: (deadline: Date?, timedOut: () -> Void)] = [:]
    private var nextWorker = 0
    private var idleWorkers = 0
    /// When the watching thread will next look at deadlines (distantFuture: only when woken).
    private var watcherWakes = Date.distantFuture
    private var next: () -> Job? = { nil }
    private var isFinished: () -> Bool = { true }

    /// Runs until `isFinished` (checked under the lock) holds; returns on the calling thread.
    func run(threads: Int, next: @escaping () -> Job?, isFinished: @escaping () -> Bool) {
        self.next = next
        self.isFinished = isFinished
        lock.lock()
        for _ in 0..<max(1, threads) { startWorker() }
        while !isFinished() {
            let now = Date()
            var earliest = Date.distantFuture
            var gaveUp = false
            for (worker, job) in running {
                guard let deadline = job.deadline else { continue }
                if deadline <= now {
                    running[worker] = nil
                    job.timedOut()
                    startWorker()
                    gaveUp = true
                } else {
                    earliest = min(earliest, deadline)
                }
            }
            // Giving up may have made other jobs ready (the rest of a module) or ended the run.
            if gaveUp { lock.broadcast() }
            if isFinished() { break }
            // The lock is released while waiting; a new job with an earlier deadline wakes us.
            watcherWakes = earliest
            // Foundation on Linux traps converting `distantFuture` to a timespec.
            if earliest == .distantFuture { lock.wait() } else { _ = lock.wait(until: earliest) }
        }
        lock.broadcast()
        lock.unlock()
    }

    /// Called with the lock held.
    private func startWorker() {
        let id = nextWorker
        nextWorker += 1
        let thread = Thread { [self] in
            lock.lock()
            while true {
                guard let job = next() else {
                    if isFinished() {
                        lock.broadcast()
                        lock.unlock()
                        return
                    }
                    idleWorkers += 1
                    lock.wait()
                    idleWorkers -= 1
                    continue
                }
                let deadline = job.limit.map { Date(timeIntervalSinceNow: $0) }
                running[id] = (deadline, job.timedOut)
                if let deadline, deadline < watcherWakes { lock.broadcast() }
                lock.unlock()
                let finish = job.work()
                lock.lock()
                // Given up on while it ran: its replacement carries on; this thread stops.
                guard running[id] != nil else {
                    lock.unlock()
                    return
                }
                running[id] = nil
                finish()
                if idleWorkers > 0 || isFinished() { lock.broadcast() }
            }
        }
        // Syntax trees are walked recursively.
        thread.stackSize = 64 << 20
        thread.start()
    }
}
