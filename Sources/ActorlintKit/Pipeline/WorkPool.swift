import Foundation

/// Runs jobs on a fixed number of threads, each job under an optional time limit. A job that
/// overruns is given up on: `timedOut` records it, a fresh worker takes over, and the stuck
/// thread's result is discarded whenever it finishes. This keeps one pathological file from
/// hanging the run (SwiftParser has exponential inputs).
///
/// The limit counts the CPU time of the worker's thread, not wall time: on a loaded machine
/// (CI, other builds) a normal file can wait for a core far longer than it computes. A thread
/// that is blocked rather than computing is caught by a wall-clock backstop of `wallFactor` ×
/// the limit.
///
/// The owner hands out work through `next`, which runs under the pool's lock and may return nil
/// while jobs are pending on others (a module waits for its last file); a job's completion also
/// runs under the lock and may make new jobs ready. The calling thread only watches limits: it
/// sleeps until the earliest moment one could be reached, not on a polling interval.
final class WorkPool: @unchecked Sendable {
    static let wallFactor = 10.0

    struct Job {
        var limit: TimeInterval?
        /// Runs outside the lock; returns what to do, under the lock, when it finishes in time.
        var work: () -> () -> Void
        /// Runs under the lock when the job is given up on.
        var timedOut: () -> Void = {}
    }

    private struct Running {
        var limit: TimeInterval?
        var started: Date
        /// The worker thread's CPU-time clock, and its reading when the job started.
        var clock: clockid_t
        var cpuStart: Double
        var timedOut: () -> Void
    }

    /// Guards the owner's scheduling state and everything below.
    let lock = NSCondition()
    /// The jobs running now, by worker; a worker given up on is no longer here.
    private var running: [Int: Running] = [:]
    private var nextWorker = 0
    private var idleWorkers = 0
    /// When the watching thread will next look at the limits (distantFuture: only when woken).
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
                guard let limit = job.limit else { continue }
                let cpu = Self.cpuSeconds(job.clock) - job.cpuStart
                let wall = now.timeIntervalSince(job.started)
                if cpu > limit || wall > limit * Self.wallFactor {
                    running[worker] = nil
                    job.timedOut()
                    startWorker()
                    gaveUp = true
                } else {
                    // A thread's CPU time grows no faster than wall time: neither bound can be
                    // reached before this (at least a moment away, so the watcher never spins).
                    let left = min(limit - cpu, limit * Self.wallFactor - wall)
                    earliest = min(earliest, now.addingTimeInterval(max(left, 0.01)))
                }
            }
            // Giving up may have made other jobs ready (the rest of a module) or ended the run.
            if gaveUp { lock.broadcast() }
            if isFinished() { break }
            // The lock is released while waiting; a new job that could overrun sooner wakes us.
            watcherWakes = earliest
            // Foundation on Linux traps converting `distantFuture` to a timespec.
            if earliest == .distantFuture { lock.wait() } else { _ = lock.wait(until: earliest) }
        }
        lock.broadcast()
        lock.unlock()
    }

    /// The CPU time a thread has used, by its CPU-time clock.
    static func cpuSeconds(_ clock: clockid_t) -> Double {
        var time = timespec()
        guard clock_gettime(clock, &time) == 0 else { return 0 }
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }

    /// Called with the lock held.
    private func startWorker() {
        let id = nextWorker
        nextWorker += 1
        let thread = Thread { [self] in
            var clock = clockid_t()
            pthread_getcpuclockid(pthread_self(), &clock)
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
                running[id] = Running(limit: job.limit, started: Date(), clock: clock, cpuStart: Self.cpuSeconds(clock),
                                      timedOut: job.timedOut)
                if let limit = job.limit, Date(timeIntervalSinceNow: limit) < watcherWakes { lock.broadcast() }
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
