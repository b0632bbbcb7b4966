import Foundation

/// Work split evenly between threads, for many small independent items (module digests, the
/// settle step's modules, the files `explain` summarizes), where `WorkPool`'s jobs would cost
/// more than they carry.
enum Parallel {
    /// `body(i)` for each `i` below `count`, in order, computed on up to `threads` threads (one
    /// for fewer than 64 items: below that, starting threads costs more than it gives). `body`
    /// must only read shared state, or write what no other index touches.
    static func map<T>(count: Int, threads: Int, _ body: (Int) -> T) -> [T] {
        var results = [T?](repeating: nil, count: count)
        let workers = max(1, min(threads, count / 64))
        results.withUnsafeMutableBufferPointer { buffer in
            // Each worker writes its own slots.
            nonisolated(unsafe) let slots = buffer
            nonisolated(unsafe) let body = body
            DispatchQueue.concurrentPerform(iterations: workers) { worker in
                for index in stride(from: worker, to: count, by: workers) { slots[index] = body(index) }
            }
        }
        return results.map { $0! }
    }
}
