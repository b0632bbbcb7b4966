/// Joins what each file's analysis found into the plan: the decisions that depend on other
/// files (who awaits a function, which types code off the main actor uses, the extensions of a
/// type) and the findings before and after.
struct MigrationPlanner {
    var goal: MigrationGoal
    /// By module key, in adoption order.
    var proposals: [(key: String, proposal: SettingsProposal, project: String?)]
    var files: [FileMigration]
    /// `check`'s findings with the settings now.
    var findingsNow: [Finding]
    /// The findings of files whose module changes, with the proposed settings, and those of
    /// the project files the settings edits touch.
    var findingsAfter: [Finding]
    /// The paths whose findings `findingsAfter` replaces.
    var comparedPaths: Set<String>

    /// The plan, and the source edits `apply` makes (`@concurrent`, `nonisolated`) by path.
    func plan() -> (plan: MigrationPlan, edits: [String: [TextEdit]]) {
        var callers: [String: FileMigration.CallerTally] = [:]
        var uses: [String: String] = [:]
        var functionValues: [String: String] = [:]
        var extensions: [String: [(path: String, offset: Int)]] = [:]
        var byModule: [String: [FileMigration]] = [:]
        for file in files {
            for (name, tally) in file.callers {
                callers[name, default: .init()].mayBeOnMain += tally.mayBeOnMain
                callers[name, default: .init()].offMain += tally.offMain
            }
            for (name, place) in file.offMainUses where uses[name] == nil { uses[name] = place }
            for (name, place) in file.functionValues where functionValues[name] == nil { functionValues[name] = place }
            for (name, offsets) in file.extensions {
                extensions[file.moduleKey + "#" + name, default: []] += offsets.map { (file.path, $0) }
            }
            byModule[file.moduleKey, default: []].append(file)
        }
        var edits: [String: [TextEdit]] = [:]
        var modules: [MigrationPlan.Module] = []
        for (key, proposal, project) in proposals {
            var module = MigrationPlan.Module(proposal, project: project)
            let members = (byModule[key] ?? []).sorted { $0.path < $1.path }
            for file in members {
                for var move in file.moves {
                    settleCallers(&move, callers: callers)
                    FunctionValues.decide(&move, values: functionValues)
                    if let edit = move.edit, [.markConcurrent, .markNonisolated].contains(move.decision?.action) {
                        edits[move.path, default: []].append(edit)
                    }
                    module.moves.append(move)
                }
                for var type in file.types {
                    decide(&type, uses: uses)
                    if type.needsNonisolated != nil, type.notApplied == nil, let insertions = type.insertions {
                        edits[type.path, default: []] += insertions.map { TextEdit(start: $0, end: $0, replacement: "nonisolated ") }
                        for site in extensions[key + "#" + type.name] ?? [] {
                            edits[site.path, default: []].append(TextEdit(start: site.offset, end: site.offset, replacement: "nonisolated "))
                        }
                    }
                    module.types.append(type)
                }
                for var global in file.globals {
                    global.usedOffMain = uses[String(global.name.split(separator: ".").last ?? "")]
                    module.globals.append(global)
                }
            }
            module.count(blanket: members.reduce(0) { $0 + $1.blanket })
            modules.append(module)
        }
        var plan = MigrationPlan(goal: goal, modules: modules)
        for module in modules { plan.totals.add(module.counts) }
        (plan.resolved, plan.created) = Self.findingChanges(now: findingsNow, after: findingsAfter, compared: comparedPaths)
        // An extension in two types' lists, or a type twice: one `nonisolated ` per place.
        for (path, list) in edits {
            var seen: Set<TextEdit> = []
            edits[path] = list.filter { seen.insert($0).inserted }
        }
        return (plan, edits)
    }

    /// A heavy function every one of whose known callers already runs off the main actor keeps
    /// running off it on its caller's actor: no attribute needed. Only for functions no code
    /// outside the checked files can call.
    private func settleCallers(_ move: inout MovedCode, callers: [String: FileMigration.CallerTally]) {
        guard move.decision?.action == .markConcurrent, move.to == Isolation.caller.jsonValue, !move.isVisibleOutside,
              let name = move.functionName, let tally = callers[name], tally.offMain > 0, tally.mayBeOnMain == 0 else { return }
        move.decision = Decision(action: .leave, reason: "it does heavy work, but every caller is already off the main actor "
            + "(\(tally.offMain) awaited call\(tally.offMain == 1 ? "" : "s") of `\(name)`, none from main-actor or caller's-actor code), "
            + "so on its caller's actor it stays off the main actor", evidence: move.decision?.evidence ?? [])
        move.edit = nil
    }

    /// Whether a type that becomes main-actor isolated should say `nonisolated` instead (SE-0449).
    private func decide(_ type: inout MovedType, uses: [String: String]) {
        if let place = uses[type.name] {
            type.needsNonisolated = "code that stays off the main actor uses it: \(place)"
        } else if type.declaresSendable, type.kind == "struct" || type.kind == "enum" {
            type.needsNonisolated = "it declares `Sendable`: data meant to cross actors, which main-actor isolation (inferred for it "
                + "before Swift 6.4, SE-0466) would keep from being used off the main actor"
        }
        if type.needsNonisolated != nil, type.insertions == nil {
            type.notApplied = "`nonisolated` cannot be added to it automatically: \(type.notInsertable ?? "no place for the word")"
        }
    }

    /// The findings that go away and those that appear, in the `compared` files.
    static func findingChanges(now findingsNow: [Finding], after findingsAfter: [Finding],
                               compared comparedPaths: Set<String>) -> (resolved: [FindingChange], created: [FindingChange]) {
        func key(_ finding: Finding) -> String {
            "\(finding.ruleID)|\(finding.path)|\(finding.range.start.line)|\(finding.range.start.column)"
        }
        let before = findingsNow.filter { comparedPaths.contains($0.path) }
        let beforeKeys = Set(before.map(key)), afterKeys = Set(findingsAfter.map(key))
        let change = { (finding: Finding) in
            FindingChange(rule: finding.ruleID, path: finding.path, line: finding.range.start.line, message: finding.message)
        }
        let resolved = before.filter { !afterKeys.contains(key($0)) }.map(change)
        let created = findingsAfter.filter { !beforeKeys.contains(key($0)) }.sorted().map(change)
        return (resolved, created)
    }
}
