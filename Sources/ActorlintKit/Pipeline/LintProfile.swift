import Foundation

/// Where a run's time goes, measured only when asked for (`Linter.profile`): CPU seconds of the
/// threads that did the work, per rule and per pipeline phase, summed over threads, plus counts
/// (files parsed, parsed again, answered from the cache). Thread CPU time, not wall time, so
/// other processes on a busy machine do not inflate it.
public final class LintProfile: @unchecked Sendable {
    private let lock = NSLock()
    private var rules: [String: Double] = [:]
    private var phases: [String: Double] = [:]
    private var counts: [String: Int] = [:]

    public init() {}

    public var ruleSeconds: [String: Double] { lock.withLock { rules } }
    public var phaseSeconds: [String: Double] { lock.withLock { phases } }
    public var counters: [String: Int] { lock.withLock { counts } }

    /// This thread's CPU time so far, in seconds.
    public static func threadTime() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }

    func add(rule id: String, seconds: Double) {
        lock.withLock { rules[id, default: 0] += seconds }
    }

    func add(rules times: [(String, Double)]) {
        lock.withLock { for (id, seconds) in times { rules[id, default: 0] += seconds } }
    }

    func add(phase name: String, seconds: Double) {
        lock.withLock { phases[name, default: 0] += seconds }
    }

    func count(_ name: String, _ amount: Int = 1) {
        lock.withLock { counts[name, default: 0] += amount }
    }

    /// Keeps the largest `value` seen under counter `name` (a high-water mark, not a sum).
    func count(highest name: String, _ value: Int) {
        lock.withLock { counts[name] = max(counts[name] ?? 0, value) }
    }

    /// Runs `body` and adds its thread CPU time to phase `name`; without a profile, only runs it.
    @inline(__always)
    static func measure<T>(_ profile: LintProfile?, _ name: String, _ body: () throws -> T) rethrows -> T {
        guard let profile else { return try body() }
        let start = threadTime()
        defer { profile.add(phase: name, seconds: threadTime() - start) }
        return try body()
    }
}
