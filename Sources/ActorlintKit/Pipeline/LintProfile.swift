import Foundation

/// Where a run's time goes, measured only when asked for (`Linter.profile`): CPU seconds of the
/// threads that did the work, per rule and per pipeline phase, summed over threads, plus counts
/// (files parsed, parsed again, answered from the cache). Thread CPU time, not wall time, so
/// other processes on a busy machine do not inflate it.
public final class LintProfile: @unchecked Sendable {
    private let lock = NSLock()
    private var rules: [String: Double] = [:]
    private var phases: [String: Double] = [:]
    private var counts: [Counter: Int] = [:]

    public init() {}

    public var ruleSeconds: [String: Double] { lock.withLock { rules } }
    public var phaseSeconds: [String: Double] { lock.withLock { phases } }
    public var counters: [Counter: Int] { lock.withLock { counts } }

    /// What a run counts. An enum, so a test that reads a counter fails to build, rather than
    /// passing on a default of 0, when the counter is renamed; the raw values are what the
    /// benchmark prints.
    public enum Counter: String, CaseIterable, Sendable {
        case filesParsed = "files parsed"
        case filesParsedAgain = "files parsed again"
        case manifestsParsedAgain = "manifests parsed again"
        /// Files whose findings are known to be none from their text (`Linter.mayReport`).
        case filesNoRuleRunsOn = "files no rule runs on"
        case summariesFromCache = "summaries from cache"
        case filesNotRead = "files not read (stamp unchanged)"
        case findingsFromCache = "findings from cache"
        case filesAnalysedAgainForReach = "files analysed again for the cancellation reach"
        case treesDroppedBeforeAnalysis = "trees dropped before analysis"
        case heldTreesGivenUp = "held trees given up for room"
        /// High-water marks (`count(highest:)`), in KiB.
        case mostTreesHeldKiB = "most KiB of trees held"
        case mostTreesHeldOrInFlightKiB = "most KiB of trees held or in flight"
        case mostKeptKiB = "most KiB kept: project, files, summaries, indexes (estimated)"
        /// What the run keeps at its end (`MemoryEstimate`), in bytes.
        case bytesKeptAtEnd = "bytes kept at the end (estimated)"
    }

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

    func count(_ counter: Counter, _ amount: Int = 1) {
        lock.withLock { counts[counter, default: 0] += amount }
    }

    /// Keeps the largest `value` seen under `counter` (a high-water mark, not a sum).
    func count(highest counter: Counter, _ value: Int) {
        lock.withLock { counts[counter] = max(counts[counter] ?? 0, value) }
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
