import ActorlintKit
import Foundation

/// `actorlint rules` (the list) and `actorlint rule ID` (one rule's documentation).
enum RulesCommand {
    static var descriptions: [RuleDescription] { RuleRegistry.descriptions + [UnusedSuppression.description] }

    static func list(format: String, console: Console) -> Int32 {
        switch format {
        case "markdown":
            console.out(RuleDocumentation.markdownTable(descriptions))
        case "json":
            let rules = descriptions.map { rule -> [String: Any] in
                ["id": rule.id, "category": rule.category.rawValue, "set": rule.set.rawValue,
                 "severity": rule.defaultSeverity.rawValue, "summary": rule.summary,
                 "fix": rule.fix?.safety.rawValue ?? NSNull(),
                 "compilerGroup": rule.compilerGroup.map { ["name": $0.name, "since": $0.sinceVersion] as [String: Any] } ?? NSNull(),
                 "precision": MeasuredPrecision.of(rule.id).map { ["truePositives": $0.truePositives, "falsePositives": $0.falsePositives,
                                                                 "debatable": $0.debatable, "apps": $0.apps] as [String: Any] } ?? NSNull()]
            }
            let data = (try? JSONSerialization.data(withJSONObject: rules, options: [.prettyPrinted, .sortedKeys])) ?? Data()
            console.out(String(decoding: data, as: UTF8.self) + "\n")
        default:
            let width = descriptions.map(\.id.count).max() ?? 0
            for rule in descriptions {
                let fix = rule.fix.map { "fix: \($0.safety.rawValue)" } ?? ""
                let measured = MeasuredPrecision.of(rule.id).map { "\(Int(($0.precision * 100).rounded()))%" } ?? "–"
                let columns = [rule.id.padding(toLength: width, withPad: " ", startingAt: 0),
                               rule.category.rawValue.padding(toLength: 13, withPad: " ", startingAt: 0),
                               rule.set.rawValue.padding(toLength: 9, withPad: " ", startingAt: 0),
                               measured.padding(toLength: 4, withPad: " ", startingAt: 0),
                               fix.padding(toLength: 11, withPad: " ", startingAt: 0), rule.summary]
                console.out(columns.joined(separator: "  ") + "\n")
            }
        }
        return 0
    }

    static func show(_ ids: [String], console: Console) throws(UsageError) -> Int32 {
        guard ids.count == 1, let id = ids.first else { throw UsageError("'actorlint rule' takes one rule id; 'actorlint rules' lists them.") }
        guard let rule = descriptions.first(where: { $0.id == id }) else {
            let hint = Suggestion.closest(to: id, in: descriptions.map(\.id)).map { " Did you mean '\($0)'?" } ?? ""
            throw UsageError("unknown rule '\(id)'.\(hint) 'actorlint rules' lists them.")
        }
        console.out(RuleDocumentation.text(rule))
        return 0
    }
}
