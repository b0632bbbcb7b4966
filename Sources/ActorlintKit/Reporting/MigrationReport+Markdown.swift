/// The migration plan as Markdown: a pull request's description or a tracking issue.
extension MigrationReport {
    public static func markdown(_ plan: MigrationPlan) -> String {
        var out = "# Swift 6.2 migration plan\n\n" + header(plan) + "\n\n"
        out += "| module | role | now | proposed | moves | `@concurrent` | blanket | `nonisolated` |\n"
        out += "|---|---|---|---|---:|---:|---:|---:|\n"
        for module in plan.modules {
            out += "| `\(module.name)` | \(cell(module.role)) | \(module.now.phrase) | \(module.changes ? module.proposed.phrase : "no change") "
                + "| \(module.counts.moved) | \(module.counts.concurrent) | \(module.counts.blanket) | \(module.counts.nonisolated) |\n"
        }
        for module in plan.modules where module.changes || !module.blockers.isEmpty {
            out += "\n## `\(module.name)`\n\n\(module.reason).\n"
            for blocker in module.blockers { out += "\n**Blocked:** \(blocker)\n" }
            for note in module.notes { out += "\n*Note:* \(note)\n" }
            let asyncMoves = module.moves.filter { $0.decision != nil }
            if !asyncMoves.isEmpty {
                out += "\n| where | code | moves | decision | why |\n|---|---|---|---|---|\n"
                for move in asyncMoves {
                    out += "| `\(move.path):\(move.line)` | \(cell(move.name)) | \(move.direction) | \(label(move.decision!.action)) | \(cell(move.decision!.reason)) |\n"
                }
            }
            for group in grouped(module.moves.filter { $0.decision == nil }) { out += "\n- \(group.direction): \(group.owners)\n" }
            let needing = module.types.filter { $0.needsNonisolated != nil }
            if !needing.isEmpty {
                out += "\nTypes that need `nonisolated` (SE-0449):\n\n"
                for type in needing {
                    out += "- \(type.kind) `\(type.name)` (`\(type.path):\(type.line)`): \(type.needsNonisolated!)"
                        + (type.notApplied.map { " — not applied: \($0)" } ?? "") + "\n"
                }
            }
        }
        let findings = findings(plan)
        if !findings.isEmpty { out += "\n## Findings\n\n```\n\(findings)```\n" }
        return out + "\n" + counts(plan)
    }

    /// Text safe inside a table cell.
    static func cell(_ text: String) -> String {
        text.replacingOccurrences(of: "|", with: "\\|").replacingOccurrences(of: "\n", with: " ")
    }
}
