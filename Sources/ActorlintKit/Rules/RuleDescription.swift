/// Everything a rule says about itself. `actorlint rule ID`, the README rule table, SARIF
/// metadata and the registry test are all generated from this one value.
public struct RuleDescription: Sendable {
    /// Stable kebab-case id, used in configuration and suppressions.
    public var id: String
    public var category: RuleCategory
    public var set: RuleSet
    public var defaultSeverity: Severity
    /// One line: what the rule flags.
    public var summary: String
    /// Why it is bad, citing the Swift Evolution proposal, the Swift book or Apple's documentation (clippy's "why").
    public var rationale: String
    /// What the rule does not see or deliberately leaves alone (clippy's "known problems"); nil
    /// when there is nothing to say.
    public var limits: String?
    /// The compiler's warning group that reports what this rule finds, from the group's first
    /// compiler on; nil when the compiler has none. Named in the docs and messages, and the
    /// pipeline leaves such findings to a compiler that has the group (`compiler-covered`).
    public var compilerGroup: CompilerDiagnosticGroup?
    /// The fix, if the rule offers one: its safety and what it does.
    public var fix: FixInfo?
    /// Code that must trigger; each expected finding's start is marked with `↓`.
    public var triggering: [RuleExample]
    /// Code that must not trigger, near misses first.
    public var nonTriggering: [RuleExample]
    /// Before → after pairs for the rule's fix.
    public var corrections: [CorrectionExample]

    public init(id: String, category: RuleCategory, set: RuleSet = .default,
                defaultSeverity: Severity = .warning, summary: String, rationale: String,
                limits: String? = nil, compilerGroup: CompilerDiagnosticGroup? = nil, fix: FixInfo? = nil,
                triggering: [RuleExample],
                nonTriggering: [RuleExample], corrections: [CorrectionExample] = []) {
        self.id = id
        self.category = category
        self.set = set
        self.defaultSeverity = defaultSeverity
        self.summary = summary
        self.rationale = rationale
        self.limits = limits
        self.compilerGroup = compilerGroup
        self.fix = fix
        self.triggering = triggering
        self.nonTriggering = nonTriggering
        self.corrections = corrections
    }
}

/// A piece of example code with the module settings it is analysed under.
public struct RuleExample: Sendable, ExpressibleByStringLiteral {
    /// The marker that shows where a triggering example's finding starts.
    public static let marker: Character = "↓"

    public var code: String
    public var settings: ModuleSettings
    /// The file name the example is analysed as (settings rules look at `Package.swift`).
    public var fileName: String
    /// Other files of the example's package, by path relative to `fileName`'s directory: the
    /// manifest rules tell UI targets from libraries by what their sources import.
    public var otherFiles: [(path: String, text: String)]

    public init(_ code: String, settings: ModuleSettings = .plainSwift6, fileName: String = "Example.swift",
                otherFiles: [(path: String, text: String)] = []) {
        self.code = code
        self.settings = settings
        self.fileName = fileName
        self.otherFiles = otherFiles
    }

    public init(stringLiteral value: String) { self.init(value) }

    /// The code without markers, and the UTF-8 offsets where the markers stood.
    public var markedOffsets: (code: String, offsets: [Int]) {
        var clean = ""
        var offsets: [Int] = []
        for character in code {
            if character == Self.marker { offsets.append(clean.utf8.count) } else { clean.append(character) }
        }
        return (clean, offsets)
    }
}

/// A fix example: analysing `before` and applying the rule's fixes must give `after`.
public struct CorrectionExample: Sendable {
    public var before: String
    public var after: String
    public var settings: ModuleSettings
    public var fileName: String
    /// As in `RuleExample`.
    public var otherFiles: [(path: String, text: String)]

    public init(_ before: String, _ after: String, settings: ModuleSettings = .plainSwift6,
                fileName: String = "Example.swift", otherFiles: [(path: String, text: String)] = []) {
        self.before = before
        self.after = after
        self.settings = settings
        self.fileName = fileName
        self.otherFiles = otherFiles
    }

    /// A correction whose code around the rewritten part is the same before and after:
    /// `around`, then `before` (or `after`), then `end`.
    public init(around: String, before: String, after: String, end: String = "", settings: ModuleSettings = .plainSwift6,
                fileName: String = "Example.swift", otherFiles: [(path: String, text: String)] = []) {
        self.init(around + before + end, around + after + end, settings: settings, fileName: fileName, otherFiles: otherFiles)
    }
}

/// What a rule's fix does and whether it keeps behaviour.
public struct FixInfo: Sendable {
    public var safety: FixSafety
    public var summary: String

    public init(_ safety: FixSafety, _ summary: String) {
        self.safety = safety
        self.summary = summary
    }
}
