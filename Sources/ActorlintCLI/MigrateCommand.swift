import ActorlintKit
import Foundation

/// `actorlint migrate plan|apply` (`Actorlint.migrationPlan`, `Actorlint.migrate`).
struct MigrateCommand {
    let arguments: Arguments
    let console: Console

    func run() throws -> Int32 {
        let actorlint = Actorlint(arguments.options(environment: console.environment))
        let options = MigrateOptions(goal: arguments.migrationGoal, targets: arguments.targets,
                                     unsafe: arguments.unsafeFixes, diff: arguments.diff)
        do {
            switch arguments.migrateAction ?? .plan {
            case .plan:
                let plan = try actorlint.migrationPlan(arguments.paths, options)
                switch arguments.format {
                case "json": console.out(MigrationReport.json(plan))
                case "markdown": console.out(MigrationReport.markdown(plan))
                case "html": console.out(MigrationHTMLReport.render(plan))
                default: console.out(MigrationReport.text(plan))
                }
                return 0
            case .apply:
                return apply(try actorlint.migrate(arguments.paths, options))
            }
        } catch MigrationError.unknownTarget(let name, let suggestion) {
            throw UsageError("no module named '\(name)' among the checked files.\(suggestion.map { " Did you mean '\($0)'?" } ?? "")")
        } catch MigrationError.blocked(let reasons) {
            console.err("error: nothing was changed: the migration needs settings that cannot be resolved or placed statically:\n")
            for reason in reasons { console.err("  \(reason)\n") }
            console.err("Fix or remove those settings (or leave the modules out with --target), then run it again.\n")
            return 2
        }
    }

    private func apply(_ result: MigrationResult) -> Int32 {
        if arguments.diff {
            for change in result.changes { console.out(UnifiedDiff.make(old: change.original, new: change.fixed, path: change.path)) }
        }
        for failure in result.failures { console.err("\(failure.path): error: \(failure.reason)\n") }
        let totals = result.plan.totals
        let verb = arguments.diff ? "Would change" : result.failures.isEmpty ? "Changed" : "Changed nothing in"
        let files = result.failures.isEmpty ? result.changes.count : 0
        console.err("\(verb) \(files) file\(files == 1 ? "" : "s"): settings of \(result.plan.order.count) module\(result.plan.order.count == 1 ? "" : "s")"
            + (result.plan.order.isEmpty ? "" : " (\(result.plan.order.joined(separator: ", ")))")
            + ", \(totals.concurrent) `@concurrent` (the blanket migration would add \(totals.blanket)), \(totals.nonisolated) `nonisolated`" + (arguments.unsafeFixes ? ", \(result.hopsRemoved) redundant hop\(result.hopsRemoved == 1 ? "" : "s") removed" : "")
            + ".\n")
        if !arguments.unsafeFixes, !result.plan.redundantHops.isEmpty {
            console.err("\(result.plan.redundantHops.count) hop\(result.plan.redundantHops.count == 1 ? "" : "s") became redundant; `--unsafe-fixes` removes them.\n")
        }
        return result.failures.isEmpty ? 0 : 3
    }
}
