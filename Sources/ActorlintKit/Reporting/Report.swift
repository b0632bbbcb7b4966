/// Everything a reporter needs from a run.
public struct Report: Sendable {
    public var findings: [Finding]
    public var failures: [AnalysisFailure]
    public var fileCount: Int
    /// The text of each line a finding starts on, by path and line number, for reporters that
    /// show the offending line (`CheckResult.sourceLines`).
    public var sourceLines: [String: [Int: String]]
    /// The failing severity: findings at or above it make the exit code 1.
    public var failOn: Severity

    public init(findings: [Finding], failures: [AnalysisFailure] = [], fileCount: Int,
                sourceLines: [String: [Int: String]] = [:], failOn: Severity = .warning) {
        self.findings = findings
        self.failures = failures
        self.fileCount = fileCount
        self.sourceLines = sourceLines
        self.failOn = failOn
    }

    public var fixableCount: (safe: Int, unsafe: Int) {
        (findings.filter { $0.fix?.safety == .safe }.count, findings.filter { $0.fix?.safety == .unsafe }.count)
    }

    /// 3 when an input could not be analysed, else 1 when a finding reaches `failOn`, else 0.
    public var exitCode: Int32 {
        if !failures.isEmpty { return 3 }
        return findings.contains { $0.severity >= failOn } ? 1 : 0
    }
}

/// Renders a report in one output format.
public protocol Reporter: Sendable {
    func render(_ report: Report) -> String
}

public enum OutputFormat: String, CaseIterable, Sendable {
    case text, xcode, json, sarif, github

    public func reporter(color: Bool) -> any Reporter {
        switch self {
        case .text: TextReporter(color: color)
        case .xcode: XcodeReporter()
        case .json: JSONReporter()
        case .sarif: SARIFReporter()
        case .github: GitHubReporter()
        }
    }
}
