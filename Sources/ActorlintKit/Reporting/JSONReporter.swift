import Foundation

public enum ActorlintVersion {
    public static let current = "0.1.0"
}

/// The machine-readable format other tools read. The keys are a contract: version, findings
/// (rule, severity, message, path, line, column, endLine, endColumn, fix), failures, summary.
public struct JSONReporter: Reporter {
    public init() {}

    public func render(_ report: Report) -> String {
        let findings: [[String: Any]] = report.findings.map { finding in
            [
                "rule": finding.ruleID, "severity": finding.severity.rawValue, "message": finding.message,
                "path": finding.path,
                "line": finding.range.start.line, "column": finding.range.start.column,
                "endLine": finding.range.end.line, "endColumn": finding.range.end.column,
                "fix": finding.fix.map { fix -> Any in
                    [
                        "safety": fix.safety.rawValue, "title": fix.title,
                        "edits": fix.edits.map { ["start": $0.start, "end": $0.end, "replacement": $0.replacement] },
                    ] as [String: Any]
                } ?? NSNull(),
            ]
        }
        let fixable = report.fixableCount
        let root: [String: Any] = [
            "version": ActorlintVersion.current,
            "findings": findings,
            "failures": report.failures.map { ["path": $0.path, "reason": $0.reason] },
            "summary": [
                "files": report.fileCount, "findings": report.findings.count,
                "errors": report.findings.filter { $0.severity == .error }.count,
                "warnings": report.findings.filter { $0.severity == .warning }.count,
                "notes": report.findings.filter { $0.severity == .note }.count,
                "fixable": ["safe": fixable.safe, "unsafe": fixable.unsafe],
                "failures": report.failures.count,
            ] as [String: Any],
        ]
        return Self.serialize(root)
    }

    static func serialize(_ object: Any) -> String {
        let data = (try? JSONSerialization.data(withJSONObject: object, options: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes])) ?? Data()
        return String(decoding: data, as: UTF8.self) + "\n"
    }
}
