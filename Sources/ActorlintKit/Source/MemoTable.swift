import Foundation

/// Values computed once under a key and shared by every thread that asks: a file's memos (the
/// nodes several rules look for) and an index's (facts derived from the whole module). `make`
/// runs outside the lock, so it may itself ask for other memos; two threads may both make a
/// value, and the last one stored wins (they are equal).
final class MemoTable: @unchecked Sendable {
    private let lock = NSLock()
    private var values: [String: Any] = [:]

    func value<T>(_ key: String, _ make: () -> T) -> T {
        // Looked up before the cast: a stored nil must not read as a missing entry, nor a
        // missing entry as a stored nil.
        if let stored = lock.withLock({ values[key] }), let value = stored as? T { return value }
        let value = make()
        lock.withLock { values[key] = value }
        return value
    }
}
