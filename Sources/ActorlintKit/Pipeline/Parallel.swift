import Foundation

/// Work split between threads, for many small independent items (module digests, the files of
/// the import-line pass, the settle step's modules, the files `explain` summarizes), where
/// `WorkPool`'s jobs would cost more than they carry.
enum Parallel {
    /// `body(i)` for each `i` below `count`, in order, computed on up to `threads` threads.
    /// Threads take runs of `run` neighbouring indices: one run needs no second thread, and
    /// neighbours (the files of one module) stay together. `body` must only read shared state,
    /// or write what no other index touches.
    static func map<T>(count: Int, threads: Int, run: Int = 64, _ body: (Int) -> T) -> [T] {
        map(count: count, threads: threads, run: run, scratch: {}) { index, _ in body(index) }
    }

    /// The same, with `scratch()` made once per thread and lent to each of its items (a buffer
    /// to read into, instead of one per item).
    static func map<T, Scratch>(count: Int, threads: Int, run: Int = 64, scratch: () -> Scratch,
                                _ body: (Int, inout Scratch) -> T) -> [T] {
        let workers = max(1, min(threads, (count + run - 1) / run))
        let runs = Runs(count: count, length: run)
        // Written in place, not through an array of optionals unwrapped after: that copied
        // every result once more (a warm run's cache entries, each a few dozen references).
        return [T](unsafeUninitializedCapacity: count) { buffer, initialized in
            // Each index is computed and written by one thread, exactly once.
            nonisolated(unsafe) let slots = buffer
            nonisolated(unsafe) let body = body
            nonisolated(unsafe) let scratch = scratch
            DispatchQueue.concurrentPerform(iterations: workers) { _ in
                var own = scratch()
                while let indices = runs.next() {
                    for index in indices { (slots.baseAddress! + index).initialize(to: body(index, &own)) }
                }
            }
            initialized = count
        }
    }

    /// Hands out `0..<count` in runs of `length`, each once.
    private final class Runs: @unchecked Sendable {
        private let lock = NSLock()
        private let count: Int
        private let length: Int
        private var start = 0

        init(count: Int, length: Int) {
            self.count = count
            self.length = max(1, length)
        }

        func next() -> Range<Int>? {
            lock.withLock {
                guard start < count else { return nil }
                defer { start = min(count, start + length) }
                return start..<min(count, start + length)
            }
        }
    }
}
