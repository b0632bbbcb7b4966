import Foundation

/// SARIF 2.1.0, for code-scanning dashboards: rule metadata, results with regions, and fixes.
public struct SARIFReporter: Reporter {
    public init() {}

    static func level(_ severity: Severity) -> String {
        switch severity {
        case .error: "error"
        case .warning: "warning"
        case .note: "note"
        }
    }

    /// SARIF locations are URI references: a path with a space or `%` must be percent-encoded
    /// or code-scanning tools reject (or mis-place) the result.
    static func uri(_ path: String) -> String {
        path.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed) ?? path
    }

    /// A rule's own metadata; the compiler's warning group when the compiler reports the same.
    static func properties(_ rule: RuleDescription) -> [String: Any] {
        var properties: [String: Any] = ["category": rule.category.rawValue, "set": rule.set.rawValue]
        if let group = rule.compilerGroup {
            properties["compilerDiagnosticGroup"] = ["name": group.name, "since": group.sinceVersion,
                                                     "documentation": group.documentation]
        }
        return properties
    }

    public func render(_ report: Report) -> String {
        let descriptions = RuleRegistry.descriptions + [UnusedSuppression.description]
        let ruleIndex = Dictionary(uniqueKeysWithValues: descriptions.enumerated().map { ($1.id, $0) })
        let rules: [[String: Any]] = descriptions.map { rule in
            [
                "id": rule.id,
                "shortDescription": ["text": rule.summary],
                "fullDescription": ["text": rule.rationale],
                "help": ["text": rule.rationale + (rule.fix.map { "\n\nFix (\($0.safety.rawValue)): \($0.summary)" } ?? ""),
                         "markdown": RuleDocumentation.markdown(rule)],
                "defaultConfiguration": ["level": Self.level(rule.defaultSeverity)],
                "properties": Self.properties(rule),
            ]
        }
        let results: [[String: Any]] = report.findings.map { finding in
            var result: [String: Any] = [
                "ruleId": finding.ruleID,
                "level": Self.level(finding.severity),
                "message": ["text": finding.message],
                "locations": [["physicalLocation": [
                    "artifactLocation": ["uri": Self.uri(finding.path)],
                    "region": [
                        "startLine": finding.range.start.line, "startColumn": finding.range.start.column,
                        "endLine": finding.range.end.line, "endColumn": finding.range.end.column,
                    ],
                ]]],
            ]
            if let index = ruleIndex[finding.ruleID] { result["ruleIndex"] = index }
            if let fix = finding.fix {
                result["fixes"] = [[
                    "description": ["text": "\(fix.title) (\(fix.safety.rawValue))"],
                    "artifactChanges": [[
                        "artifactLocation": ["uri": Self.uri(finding.path)],
                        "replacements": fix.edits.map { edit in
                            [
                                "deletedRegion": ["byteOffset": edit.start, "byteLength": edit.end - edit.start],
                                "insertedContent": ["text": edit.replacement],
                            ]
                        },
                    ]],
                ]]
            }
            return result
        }
        let notifications: [[String: Any]] = report.failures.map { failure in
            [
                "level": "error",
                "message": ["text": "could not analyse: \(failure.reason)"],
                "locations": [["physicalLocation": ["artifactLocation": ["uri": Self.uri(failure.path)]]]],
            ]
        }
        let root: [String: Any] = [
            "$schema": "https://json.schemastore.org/sarif-2.1.0.json",
            "version": "2.1.0",
            "runs": [[
                "tool": ["driver": [
                    "name": "actorlint",
                    "version": ActorlintVersion.current,
                    "semanticVersion": ActorlintVersion.current,
                    "rules": rules,
                ]],
                "invocations": [[
                    "executionSuccessful": report.failures.isEmpty,
                    "toolExecutionNotifications": notifications,
                ]],
                "results": results,
            ]],
        ]
        return JSONReporter.serialize(root)
    }
}
