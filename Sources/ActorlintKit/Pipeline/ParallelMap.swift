import Foundation

/// Runs `work` for every index on all cores, each item under a time limit. An item that
/// overruns is given up on: its slot answers `nil`, a fresh worker takes over the remaining
/// items, and the stuck thread's result is discarded whenever it finishes. This keeps one
/// pathological file from hanging the run (SwiftParser has exponential inputs).
///
/// The limit counts the CPU time of the worker's thread, not wall time: on a loaded machine
/// (CI, other builds) a normal file can wait for a core far longer than it computes. A thread
/// that is blocked rather than computing is caught by a wall-clock backstop of
/// `wallFactor` × the limit.
enum ParallelMap {
    static let wallFactor = 10.0
    /// Worker threads get a large stack: syntax trees are walked recursively.
    static let stackSize = 64 << 20

    static func run<T: Sendable>(count: Int, threads: Int = ProcessInfo.processInfo.activeProcessorCount,
                                 timeout: @escaping @Sendable (Int) -> TimeInterval?,
                                 work: @escaping @Sendable (Int) -> T) -> [T?] {
        let state = State<T>(count: count)
        guard count > 0 else { return [] }
        let workers = max(1, min(threads, count))
        for _ in 0..<workers { state.startWorker(work) }
        state.lock.lock()
        while state.finished < count {
            _ = state.lock.wait(until: Date(timeIntervalSinceNow: 0.05))
            let now = Date()
            for (worker, running) in state.running {
                guard let limit = timeout(running.item),
                      cpuSeconds(running.clock) - running.cpuStart > limit
                        || now.timeIntervalSince(running.started) > limit * wallFactor,
                      // The lock is released below while a replacement starts; meanwhile this
                      // worker may have finished its item and taken another. Give up only on
                      // the item it is still running, or a finished item is counted twice.
                      state.running[worker]?.item == running.item else { continue }
                state.running[worker] = nil
                state.timedOut.insert(running.item)
                state.finished += 1
                state.lock.unlock()
                state.startWorker(work)
                state.lock.lock()
            }
        }
        let results = state.results
        state.lock.unlock()
        return results
    }

    /// The CPU time a thread has used, by its CPU-time clock.
    static func cpuSeconds(_ clock: clockid_t) -> Double {
        var time = timespec()
        guard clock_gettime(clock, &time) == 0 else { return 0 }
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }

    private final class State<T: Sendable>: @unchecked Sendable {
        /// Guards every field below and wakes the coordinator when an item finishes.
        let lock = NSCondition()
        var next = 0
        var finished = 0
        var results: [T?]
        var timedOut: Set<Int> = []
        var running: [Int: (item: Int, started: Date, clock: clockid_t, cpuStart: Double)] = [:]
        var nextWorker = 0

        init(count: Int) { results = Array(repeating: nil, count: count) }

        func startWorker(_ work: @escaping @Sendable (Int) -> T) {
            lock.lock()
            let id = nextWorker
            nextWorker += 1
            lock.unlock()
            let thread = Thread { [self] in
                while true {
                    lock.lock()
                    guard next < results.count else { lock.unlock(); return }
                    let item = next
                    next += 1
                    var clock = clockid_t()
                    pthread_getcpuclockid(pthread_self(), &clock)
                    running[id] = (item, Date(), clock, ParallelMap.cpuSeconds(clock))
                    lock.unlock()
                    let value = work(item)
                    lock.lock()
                    let abandoned = running[id] == nil
                    if !abandoned {
                        running[id] = nil
                        results[item] = value
                        finished += 1
                    }
                    lock.broadcast()
                    lock.unlock()
                    // A worker that was given up on stops; its replacement carries on.
                    if abandoned { return }
                }
            }
            thread.stackSize = ParallelMap.stackSize
            thread.start()
        }
    }
}
