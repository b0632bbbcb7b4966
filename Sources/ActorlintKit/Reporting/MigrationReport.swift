import Foundation

/// The migration plan as text, Markdown or JSON (`actorlint migrate plan --format`); HTML is in
/// `MigrationHTMLReport`. The text lists every move of async code with its decision, and the
/// synchronous code that moves to the main actor by type; the JSON holds every move.
public enum MigrationReport {
    public static func json(_ plan: MigrationPlan) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        guard let data = try? encoder.encode(plan),
              var object = (try? JSONSerialization.jsonObject(with: data)) as? [String: Any] else { return "{}\n" }
        // What the Codable form leaves out because it is computed.
        object["order"] = plan.order
        object["blockers"] = plan.blockers
        object["redundantHops"] = plan.redundantHops.count
        guard let out = try? JSONSerialization.data(withJSONObject: object, options: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]) else {
            return "{}\n"
        }
        return String(decoding: out, as: UTF8.self) + "\n"
    }

    public static func text(_ plan: MigrationPlan) -> String {
        var out = header(plan) + "\n"
        for module in plan.modules {
            out += "\n\(module.name)  (\(module.role)\(module.project.map { ", " + $0 } ?? ""))\n"
            out += "  now:      Swift \(module.now.languageMode) mode, \(module.now.phrase)\n"
            out += "  proposed: " + (module.changes ? module.proposed.phrase : "no change") + "\n"
            out += "  why:      \(module.reason)\n"
            for blocker in module.blockers { out += "  blocked:  \(blocker)\n" }
            for note in module.notes { out += "  note:     \(note)\n" }
            guard module.changes else { continue }
            let asyncMoves = module.moves.filter { $0.decision != nil }
            if !asyncMoves.isEmpty { out += "  decisions (\(asyncMoves.count)):\n" }
            for move in asyncMoves {
                out += "    \(move.path):\(move.line)  \(move.name)  \(move.direction)\n"
                out += "      \(label(move.decision!.action)): \(move.decision!.reason)\n"
            }
            let other = module.moves.filter { $0.decision == nil }
            if !other.isEmpty {
                out += "  other code that moves (\(other.count)): " + grouped(other).map { "\($0.direction) \($0.owners)" }.joined(separator: "; ") + "\n"
            }
            let needing = module.types.filter { $0.needsNonisolated != nil }
            if !needing.isEmpty { out += "  types that need `nonisolated` (SE-0449):\n" }
            for type in needing {
                out += "    \(type.path):\(type.line)  \(type.kind) `\(type.name)`: \(type.needsNonisolated!)\n"
                if let why = type.notApplied { out += "      not applied: \(why)\n" }
            }
            let isolated = module.types.filter { $0.needsNonisolated == nil && !$0.conformances.isEmpty }
            if !isolated.isEmpty {
                out += "  conformances that become main-actor isolated (SE-0470): "
                    + isolated.prefix(12).map { "`\($0.name)`: \($0.conformances.joined(separator: ", "))" }.joined(separator: "; ")
                    + (isolated.count > 12 ? "; and \(isolated.count - 12) more types" : "") + "\n"
            }
            let protocols = module.types.filter { $0.kind == "protocol" && $0.needsNonisolated == nil }
            if !protocols.isEmpty {
                out += "  protocols that become main-actor isolated (their requirements and witnesses): "
                    + protocols.map { "`\($0.name)`" }.joined(separator: ", ") + "\n"
            }
            if !module.globals.isEmpty {
                out += "  globals and statics that become main-actor isolated: " + module.globals.prefix(12).map { global in
                    "`\(global.name)`" + (global.usedOffMain.map { " (used off the main actor in \($0))" } ?? "")
                }.joined(separator: ", ") + (module.globals.count > 12 ? ", and \(module.globals.count - 12) more" : "") + "\n"
            }
        }
        out += "\n" + findings(plan) + counts(plan)
        return out
    }

    static func header(_ plan: MigrationPlan) -> String {
        let changing = plan.order
        var out = "Migration plan (--to \(plan.goal.rawValue)): \(plan.modules.count) module\(plan.modules.count == 1 ? "" : "s"), "
        out += changing.isEmpty ? "none to change." : "\(changing.count) to change, one at a time in this order: \(changing.joined(separator: ", "))."
        if !plan.blockers.isEmpty { out += "\n`migrate apply` refuses while a module's settings cannot be resolved or placed (see `blocked:`)." }
        return out
    }

    static func label(_ action: Decision.Action) -> String {
        switch action {
        case .markConcurrent: "@concurrent"
        case .markNonisolated: "nonisolated"
        case .leave: "leave"
        case .review: "review"
        }
    }

    /// Moves by direction, each with its owners and counts: "nonisolated → MainActor", "`Feed` (4), `Item` (2)".
    static func grouped(_ moves: [MovedCode]) -> [(direction: String, owners: String)] {
        var directions: [String: [String: Int]] = [:]
        for move in moves { directions[move.direction, default: [:]][move.owner.map { "`\($0)`" } ?? "free code", default: 0] += 1 }
        return directions.keys.sorted().map { direction in
            let owners = directions[direction]!.sorted { $0.value != $1.value ? $0.value > $1.value : $0.key < $1.key }
            let shown = owners.prefix(8).map { "\($0.key) (\($0.value))" }.joined(separator: ", ")
            return (direction, "in " + shown + (owners.count > 8 ? ", and \(owners.count - 8) more" : ""))
        }
    }

    static func findings(_ plan: MigrationPlan) -> String {
        var out = ""
        if !plan.resolved.isEmpty {
            out += "Findings the change resolves (\(plan.resolved.count)):\n"
            for change in plan.resolved { out += "  \(change.path):\(change.line)  [\(change.rule)]\n" }
        }
        let hops = plan.redundantHops
        let others = plan.created.filter { !MigrationPlan.hopRules.contains($0.rule) }
        if !hops.isEmpty {
            out += "Hops the change makes redundant (\(hops.count); `migrate apply --unsafe-fixes` removes them):\n"
            for change in hops { out += "  \(change.path):\(change.line)  [\(change.rule)]\n" }
        }
        if !others.isEmpty {
            out += "Findings the change creates (\(others.count)):\n"
            for change in others { out += "  \(change.path):\(change.line)  [\(change.rule)] \(change.message)\n" }
        }
        return out
    }

    static func counts(_ plan: MigrationPlan) -> String {
        let totals = plan.totals
        return "Counts: \(totals.moved) functions and closures move; `@concurrent` added by actorlint: \(totals.concurrent) "
            + "(\(totals.left) left on their actor with a reason, \(totals.review) to review); by the blanket migration "
            + "(`swift package migrate --to-feature NonisolatedNonsendingByDefault`): \(totals.blanket); "
            + "`nonisolated` added (types and functions): \(totals.nonisolated).\n"
    }
}
