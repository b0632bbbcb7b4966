/// Human output: location, message, the source line with a caret, rule id and fix availability,
/// then a summary (ruff and rustc style).
public struct TextReporter: Reporter {
    public var color: Bool

    public init(color: Bool) { self.color = color }

    private func paint(_ text: String, _ code: String) -> String { color ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text }

    public func render(_ report: Report) -> String {
        var out = ""
        for finding in report.findings {
            let level = paint(finding.severity.rawValue, finding.severity == .error ? "1;31" : finding.severity == .warning ? "1;33" : "1;36")
            out += "\(paint("\(finding.path):\(finding.range.start.line):\(finding.range.start.column)", "1")): \(level): \(finding.message) \(paint("[\(finding.ruleID)]", "2"))\n"
            if let line = report.sourceLines[finding.path]?[finding.range.start.line] {
                let gutter = String(finding.range.start.line)
                let pad = String(repeating: " ", count: gutter.count)
                out += "\(paint("\(pad) |", "34"))\n"
                out += "\(paint("\(gutter) |", "34")) \(line)\n"
                let prefix = String(decoding: line.utf8.prefix(finding.range.start.column - 1), as: UTF8.self)
                let indent = String(prefix.map { $0 == "\t" ? "\t" : " " })
                let width = finding.range.end.line == finding.range.start.line
                    ? max(1, String(decoding: line.utf8.dropFirst(finding.range.start.column - 1).prefix(finding.range.end.column - finding.range.start.column), as: UTF8.self).count)
                    : 1
                out += "\(paint("\(pad) |", "34")) \(indent)\(paint(String(repeating: "^", count: width), "1;33"))\n"
            }
            if let fix = finding.fix {
                out += "  \(paint("fix", "32")) (\(fix.safety.rawValue)\(fix.safety == .unsafe ? ", with --unsafe-fixes" : "")): \(fix.title)\n"
            }
            out += "\n"
        }
        for failure in report.failures {
            out += "\(paint(failure.path, "1")): \(paint("error", "1;31")): could not analyse: \(failure.reason)\n"
        }
        out += summary(report) + "\n"
        return out
    }

    func summary(_ report: Report) -> String {
        let files = report.fileCount == 1 ? "1 file" : "\(report.fileCount) files"
        var parts: [String] = []
        if report.findings.isEmpty {
            parts.append("No findings in \(files).")
        } else {
            let count = report.findings.count
            parts.append("Found \(count) finding\(count == 1 ? "" : "s") in \(files).")
            let fixable = report.fixableCount
            if fixable.safe > 0 { parts.append("\(fixable.safe) fixable with `actorlint fix`.") }
            if fixable.unsafe > 0 { parts.append("\(fixable.unsafe) more with `actorlint fix --unsafe-fixes`.") }
        }
        if !report.failures.isEmpty {
            parts.append("\(report.failures.count) file\(report.failures.count == 1 ? "" : "s") could not be analysed.")
        }
        return parts.joined(separator: " ")
    }
}
