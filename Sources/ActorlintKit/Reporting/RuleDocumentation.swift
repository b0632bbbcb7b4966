/// Rule docs generated from the rule descriptions: `actorlint rule ID`, `actorlint rules`,
/// and the README table (`actorlint rules --format markdown`).
public enum RuleDocumentation {
    /// clippy-style: what it does, why it is bad, one example, what to use instead. The full
    /// example sets are the rule's tests (`<Rule>Examples.swift`), not its documentation.
    public static func text(_ rule: RuleDescription) -> String {
        var out = "\(rule.id)  [\(rule.category.rawValue), \(rule.set.rawValue) set, \(rule.defaultSeverity.rawValue)]\n\n"
        out += "What it does\n  \(rule.summary)\n\nWhy it matters\n\(wrap(rule.rationale, indent: "  "))\n"
        if let limits = rule.limits { out += "\nKnown limits\n\(wrap(limits, indent: "  "))\n" }
        if let group = rule.compilerGroup { out += "\nThe compiler\n\(wrap(compilerNote(group), indent: "  "))\n" }
        out += "\nMeasured precision\n  \(precision(rule))\n"
        out += "\nFix\n\(wrap(rule.fix.map { "\($0.safety.rawValue): \($0.summary)" } ?? "none: the change needs a person's judgement.", indent: "  "))\n"
        if let example = rule.triggering.first {
            out += "\nExample (↓ marks the finding)\n\(indent(example.code))\n\(files(example.otherFiles))"
        }
        if let correction = rule.corrections.first {
            out += "\nUse instead\n\(indent(correction.after))\n\(files(correction.otherFiles))"
        } else if let example = rule.nonTriggering.first {
            out += "\nDoes not trigger\n\(indent(example.code))\n\(files(example.otherFiles))"
        }
        let total = rule.triggering.count + rule.nonTriggering.count + rule.corrections.count
        out += "\n\(total) examples in all (triggering, near misses, fixes) specify the rule: see its tests.\n"
        return out
    }

    /// One rule in Markdown, as clippy documents a lint: what it does, why, known limits, an
    /// example and what to use instead.
    public static func markdown(_ rule: RuleDescription) -> String {
        var out = "## `\(rule.id)`\n\n*\(rule.category.rawValue), \(rule.set.rawValue) set.* \(rule.summary)\n"
        out += "\n**Why it matters.** \(rule.rationale)\n"
        if let limits = rule.limits { out += "\n**Known limits.** \(limits)\n" }
        if let group = rule.compilerGroup { out += "\n**The compiler.** \(compilerNote(group))\n" }
        out += "\n**Measured precision:** \(precision(rule))\n"
        if let example = rule.triggering.first { out += "\n**Example** (↓ marks the finding):\n\n```swift\n\(example.code)\n```\n" }
        if let fix = rule.fix { out += "\n**Fix (\(fix.safety.rawValue)).** \(fix.summary)\n" }
        if let correction = rule.corrections.first { out += "\n**Use instead:**\n\n```swift\n\(correction.after)\n```\n" }
        return out
    }

    /// docs/rules.md: every rule, grouped as `actorlint rules` lists them.
    public static func document(_ rules: [RuleDescription]) -> String {
        var out = "# Rules\n\n<!-- Generated from the rule descriptions: ACTORLINT_UPDATE_GOLDEN=1 swift test --filter ReadmeTests -->\n\n"
        out += "Sets: `default` (measured right at least 90% of the time on public apps), `preview` (opt in; "
        out += "below that bar or not yet measured enough, see [precision.md](precision.md)) and `modernize` "
        out += "(migration advice). Fixes are safe (`actorlint fix`) or unsafe (`--unsafe-fixes`).\n"
        return out + rules.map { "\n" + markdown($0) }.joined()
    }

    /// The README rule table.
    public static func markdownTable(_ rules: [RuleDescription]) -> String {
        var out = "| id | category | set | precision | summary | fix |\n|---|---|---|---:|---|---|\n"
        for rule in rules {
            let fix = rule.fix?.safety.rawValue ?? "—"
            let measured = MeasuredPrecision.of(rule.id).map { "\(Int(($0.precision * 100).rounded()))% of \($0.truePositives + $0.falsePositives)" } ?? "–"
            out += "| `\(rule.id)` | \(rule.category.rawValue) | \(rule.set.rawValue) | \(measured) | \(rule.summary.replacingOccurrences(of: "|", with: "\\|")) | \(fix) |\n"
        }
        return out
    }

    /// What the compiler's own warning group means for the rule's findings.
    public static func compilerNote(_ group: CompilerDiagnosticGroup) -> String {
        "Swift \(group.sinceVersion) and later report this too, as warning group `\(group.name)` " +
            "(\(group.documentation)). Where the project's compiler is known to be that new, actorlint " +
            "leaves the finding to the compiler: `\"compiler-covered\"` in `.actorlint.json` is `\"quiet\"` " +
            "(the default), `\"note\"` or `\"report\"`. `@diagnose(\(group.name), as: ignored)` on a " +
            "declaration (SE-0522) silences these findings inside it, as it silences the compiler's warnings."
    }

    /// The rule's measured precision, or why there is none.
    public static func precision(_ rule: RuleDescription) -> String {
        if let measured = MeasuredPrecision.of(rule.id) { return measured.summary + " on public apps (docs/precision.md)" }
        return "not measured: no judged finding on the public apps reviewed so far"
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
