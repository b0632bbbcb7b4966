/// Rule docs generated from the rule descriptions: `actorlint rule ID`, `actorlint rules`,
/// and the README table (`actorlint rules --format markdown`).
public enum RuleDocumentation {
    /// clippy-style: what it does, why it is bad, examples, the fix.
    public static func text(_ rule: RuleDescription) -> String {
        var out = "\(rule.id)  [\(rule.category.rawValue), \(rule.set.rawValue) set, \(rule.defaultSeverity.rawValue)]\n\n"
        out += "What it does\n  \(rule.summary)\n\nWhy it matters\n\(wrap(rule.rationale, indent: "  "))\n"
        out += "\nFix\n\(wrap(rule.fix.map { "\($0.safety.rawValue): \($0.summary)" } ?? "none: the change needs a person's judgement.", indent: "  "))\n"
        for example in rule.triggering {
            out += "\nTriggers (↓ marks the finding)\n\(indent(example.code))\n\(files(example.otherFiles))"
        }
        for example in rule.nonTriggering {
            out += "\nDoes not trigger\n\(indent(example.code))\n\(files(example.otherFiles))"
        }
        for correction in rule.corrections {
            out += "\nBefore\n\(indent(correction.before))\n\(files(correction.otherFiles))After\n\(indent(correction.after))\n"
        }
        return out
    }

    public static func markdown(_ rule: RuleDescription) -> String {
        var out = "## `\(rule.id)`\n\n\(rule.summary)\n\n\(rule.rationale)\n"
        if let fix = rule.fix { out += "\n**Fix (\(fix.safety.rawValue)):** \(fix.summary)\n" }
        if let example = rule.triggering.first { out += "\n```swift\n\(example.code)\n```\n" }
        return out
    }

    /// The README rule table.
    public static func markdownTable(_ rules: [RuleDescription]) -> String {
        var out = "| id | category | set | summary | fix |\n|---|---|---|---|---|\n"
        for rule in rules {
            let fix = rule.fix?.safety.rawValue ?? "—"
            out += "| `\(rule.id)` | \(rule.category.rawValue) | \(rule.set.rawValue) | \(rule.summary.replacingOccurrences(of: "|", with: "\\|")) | \(fix) |\n"
        }
        return out
    }

    /// The other files of an example's package (what a manifest rule judges targets by).
    static func files(_ files: [(path: String, text: String)]) -> String {
        files.map { "  with \($0.path):\n\(indent($0.text.hasSuffix("\n") ? String($0.text.dropLast()) : $0.text))\n" }.joined()
    }

    static func indent(_ text: String) -> String {
        text.split(separator: "\n", omittingEmptySubsequences: false).map { "    " + $0 }.joined(separator: "\n")
    }

    static func wrap(_ text: String, indent: String, width: Int = 96) -> String {
        var lines: [String] = []
        var line = indent
        for word in text.split(separator: " ") {
            if line.count + word.count + 1 > width, line != indent {
                lines.append(line)
                line = indent
            }
            line += (line == indent ? "" : " ") + word
        }
        lines.append(line)
        return lines.joined(separator: "\n")
    }
}
