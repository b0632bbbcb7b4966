import Foundation

/// `.actorlint.json`: which rules run, how severe they are, which paths are left out.
///
///     {
///       "select": ["default", "modernize"],          // rule ids, categories, sets or "all"
///       "ignore": ["reflexive-weak-self"],
///       "severity": { "continuation-misuse": "error" },
///       "exclude": ["Generated/**", "*.generated.swift"],
///       "per-path": { "Tests/**": ["task-in-on-appear"] },
///       "file-timeout": 10,
///       "swift-version": "6.4",                      // the compiler that builds the project
///       "compiler-covered": "quiet"                  // or "note", "report"
///     }
public struct Configuration: Sendable {
    public static let fileName = ".actorlint.json"
    public static let keys = ["select", "ignore", "severity", "exclude", "per-path", "file-timeout",
                              "swift-version", "compiler-covered"]

    /// What becomes of a finding that the project's compiler reports itself, in a diagnostic
    /// group (`RuleDescription.compilerGroup`), once the compiler is known to be new enough.
    public enum CompilerCovered: String, Sendable, CaseIterable {
        /// Not reported: the compiler's warning already says it (the default).
        case quiet
        /// Reported as a note that names the compiler's group.
        case note
        /// Reported as any finding, with the group named.
        case report
    }

    /// Selectors; the default set when absent.
    public var select: [String] = [RuleSet.default.rawValue]
    public var ignore: [String] = []
    public var severity: [String: Severity] = [:]
    public var exclude: [GlobPattern] = []
    public var perPath: [(pattern: GlobPattern, ignore: [String])] = []
    /// Seconds one file may take before it is reported as too slow to analyse.
    public var fileTimeout: Double?
    /// The compiler the project builds with, as the configuration states it ("6.4"); it
    /// outranks what the project's files tell (`CompilerVersion.stated`).
    public var swiftVersion: CompilerVersion?
    public var compilerCovered = CompilerCovered.quiet
    /// The file this configuration was read from, when it was read from one.
    public var path: String?

    public init() {}

    /// The ids of the rules that run, after `select` and `ignore`.
    public var enabledRuleIDs: Set<String> {
        let selected = select.reduce(into: Set<String>()) { $0.formUnion(Self.expand($1)) }
        let ignored = ignore.reduce(into: Set<String>()) { $0.formUnion(Self.expand($1)) }
        return selected.subtracting(ignored)
    }

    /// Whether a finding of `ruleID` in `path` (relative to the configuration's folder) is kept.
    public func keeps(_ ruleID: String, at path: String) -> Bool {
        !perPath.contains { entry in
            entry.pattern.matches(path) && entry.ignore.contains { Self.expand($0).contains(ruleID) }
        }
    }

    public func severity(of description: RuleDescription) -> Severity {
        severity[description.id] ?? description.defaultSeverity
    }

    /// The rule ids a selector names: an id, a category, a set, or `all`.
    static func expand(_ selector: String) -> Set<String> {
        let descriptions = RuleRegistry.descriptions
        if selector == "all" { return Set(RuleRegistry.allIDs) }
        if let set = RuleSet(rawValue: selector) {
            return Set(descriptions.filter { $0.set == set }.map(\.id)).union(selector == "default" ? [UnusedSuppression.description.id] : [])
        }
        if let category = RuleCategory(rawValue: selector) {
            return Set(descriptions.filter { $0.category == category }.map(\.id))
                .union(category == .suppression ? [UnusedSuppression.description.id] : [])
        }
        return RuleRegistry.allIDs.contains(selector) ? [selector] : []
    }

    /// A set or category is a valid selector even while no registered rule belongs to it yet.
    public static func isKnownSelector(_ selector: String) -> Bool {
        selector == "all" || RuleSet(rawValue: selector) != nil || RuleCategory(rawValue: selector) != nil
            || RuleRegistry.allIDs.contains(selector)
    }

    /// How narrow a selector is: `all` < set < category < rule id. Severity overrides apply
    /// broadest first, so `{"tasks": "note", "task-in-on-appear": "error"}` means what it says
    /// whatever order the JSON object's keys come in.
    static func specificity(_ selector: String) -> Int {
        if selector == "all" { return 0 }
        if RuleSet(rawValue: selector) != nil { return 1 }
        if RuleCategory(rawValue: selector) != nil { return 2 }
        return 3
    }
}
