/// Findings that the project's compiler reports itself, in a warning group it has
/// (`RuleDescription.compilerGroup`): once the compiler is known to have the group, the finding
/// is the compiler's job and is not reported twice (`compiler-covered`: quiet by default, or a
/// note, or reported). Where the compiler is older or unknown the finding stands and names the
/// group, so the user knows what will take over (and what `@diagnose` silences, SE-0522).
struct CompilerCoverage {
    /// The compiler group of each rule that has one, by rule id.
    let groups: [String: CompilerDiagnosticGroup]
    let module: ModuleSettings
    let policy: Configuration.CompilerCovered

    init(rules: [any Rule.Type], module: ModuleSettings, policy: Configuration.CompilerCovered) {
        var groups: [String: CompilerDiagnosticGroup] = [:]
        for rule in rules { if let group = rule.description.compilerGroup { groups[rule.description.id] = group } }
        self.groups = groups
        self.module = module
        self.policy = policy
    }

    func apply(to findings: [Finding]) -> [Finding] {
        guard !groups.isEmpty else { return findings }
        return findings.compactMap { finding in
            guard let group = groups[finding.ruleID] else { return finding }
            var changed = finding
            // Left to the compiler only when the build enforces it: a probable compiler (a project
            // last upgraded in a newer Xcode) may still be the older one, which stays silent.
            guard let compiler = module.compiler, compiler.certainty != .likely, module.compilerSupports(group.since) == true else {
                changed.message += " Swift \(group.sinceVersion) and later warn about this too (warning group `\(group.name)`)."
                return changed
            }
            switch policy {
            case .quiet: return nil
            case .note: changed.severity = .note
            case .report: break
            }
            changed.message += " The compiler reports this itself (warning group `\(group.name)`, Swift \(group.sinceVersion) " +
                "and later), and this project builds with \(compiler.phrase)."
            return changed
        }
    }
}
