/// `path:line:col: warning: message [rule-id]`: Xcode and most editors turn these into issues.
public struct XcodeReporter: Reporter {
    public init() {}

    public func render(_ report: Report) -> String {
        var lines = report.findings.map { finding in
            "\(finding.path):\(finding.range.start.line):\(finding.range.start.column): \(finding.severity.rawValue): \(finding.message) [\(finding.ruleID)]"
        }
        lines += report.failures.map { "\($0.path): error: could not analyse: \($0.reason)" }
        return lines.map { $0 + "\n" }.joined()
    }
}

/// GitHub Actions workflow commands: findings become annotations on the pull request.
public struct GitHubReporter: Reporter {
    public init() {}

    /// Workflow command values escape %, CR and LF; properties also escape : and ,.
    static func escape(_ text: String, property: Bool = false) -> String {
        var out = text.replacingOccurrences(of: "%", with: "%25")
            .replacingOccurrences(of: "\r", with: "%0D").replacingOccurrences(of: "\n", with: "%0A")
        if property { out = out.replacingOccurrences(of: ":", with: "%3A").replacingOccurrences(of: ",", with: "%2C") }
        return out
    }

    public func render(_ report: Report) -> String {
        var lines = report.findings.map { finding in
            let level = finding.severity == .error ? "error" : finding.severity == .warning ? "warning" : "notice"
            let properties = [
                "file=\(Self.escape(finding.path, property: true))",
                "line=\(finding.range.start.line)", "col=\(finding.range.start.column)",
                "endLine=\(finding.range.end.line)", "endColumn=\(finding.range.end.column)",
                "title=\(Self.escape("actorlint: \(finding.ruleID)", property: true))",
            ]
            return "::\(level) \(properties.joined(separator: ","))::\(Self.escape(finding.message))"
        }
        lines += report.failures.map {
            "::error file=\(Self.escape($0.path, property: true)),title=actorlint::\(Self.escape("could not analyse: \($0.reason)"))"
        }
        return lines.map { $0 + "\n" }.joined()
    }
}

import Foundation
