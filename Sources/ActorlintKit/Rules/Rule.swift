import SwiftSyntax

/// Rules are grouped by what they are about (ruff groups by origin; ours by the habit).
public enum RuleCategory: String, Sendable, CaseIterable, Codable {
    case isolation, tasks, captures, structured, cancellation, continuations, settings, suppression
}

/// `default`: high precision, each finding worth a change. `modernize`: migration advice.
public enum RuleSet: String, Sendable, CaseIterable, Codable {
    case `default`, modernize
    /// Rules whose measured precision on real code is below the default set's bar: opt in with
    /// `"select": ["default", "preview"]` and expect some findings to be wrong.
    case preview
}

/// A rule: a pure function of one parsed file and its context. It reports `Violation`s; the
/// pipeline turns them into `Finding`s with the rule id, configured severity and path.
public protocol Rule: Sendable {
    static var description: RuleDescription { get }
    /// Words of which a file's text must contain at least one for the rule to report anything
    /// in it (the identifiers its findings are about): the pipeline does not run the rule on
    /// other files, most of a large code base. Empty: the rule runs on every file.
    static var triggers: [String] { get }
    init()
    func violations(in context: RuleContext) -> [Violation]
}

extension Rule {
    public static var triggers: [String] { [] }
}

/// What a rule found: the message that teaches, where, and the fix if there is one.
public struct Violation: Sendable {
    public var message: String
    public var range: SourceRange
    public var fix: Fix?

    public init(message: String, range: SourceRange, fix: Fix? = nil) {
        self.message = message
        self.range = range
        self.fix = fix
    }
}

/// Everything a rule may look at. Rules never read files or settings on their own.
public struct RuleContext: @unchecked Sendable {
    public let file: SourceFile
    public let module: ModuleSettings
    public let isolation: IsolationModel
    /// Every module of the run and its settings (settings rules read the manifests' modules).
    public let project: ProjectModel
    /// The index of each module of the run, by `ModuleSettings.key`.
    public let indexes: [String: ProjectIndex]
    /// What the rules asked of the cancellation reach, and the answers: a run checks them
    /// against the reach of the whole run once every module is indexed (`LintSession`).
    let reachAnswers = ReachAnswers()

    public init(file: SourceFile, module: ModuleSettings, isolation: IsolationModel,
                project: ProjectModel = ProjectModel(), indexes: [String: ProjectIndex] = [:]) {
        self.file = file
        self.module = module
        self.isolation = isolation
        self.project = project
        self.indexes = indexes
    }

    /// Why a function of this name runs in a task that gets cancelled, or nil (and noted).
    func cancellationReason(forFunction name: String) -> String? {
        let reason = isolation.index.cancellationReach.reason(forFunction: name)
        reachAnswers.answers[name] = reason ?? ""
        return reason
    }

    /// Notes that the findings read the summaries of the functions named `name` (`CallWork`):
    /// a later run analyses the file again when they changed.
    func noteFunctions(named name: String) {
        reachAnswers.answers[ReachAnswers.functionsPrefix + name] = isolation.index.functionsAnswer(named: name)
    }

    /// Why the task running `node` gets cancelled, in words, or nil (`CancellationSource`).
    func cancellationReason(for node: some SyntaxProtocol, selfCheckCounts: Bool = true) -> String? {
        CancellationSource.reason(for: node, in: file, selfCheckCounts: selfCheckCounts, reach: cancellationReason(forFunction:))
    }

    /// A violation spanning `node`, without trivia.
    public func violation(_ message: String, at node: some SyntaxProtocol, fix: Fix? = nil) -> Violation {
        Violation(message: message, range: file.range(of: node), fix: fix)
    }

    /// An edit replacing `node` (without its trivia) by `text`.
    public func replace(_ node: some SyntaxProtocol, with text: String) -> TextEdit {
        TextEdit(start: node.positionAfterSkippingLeadingTrivia.utf8Offset,
                 end: node.endPositionBeforeTrailingTrivia.utf8Offset, replacement: text)
    }
}

/// The cancellation-reach answers one file's rules got, by function name ("" for none). The
/// reach of a module depends on the modules that import it, which may be analysed after it:
/// findings whose answers the final reach confirms stand, the others are analysed again.
final class ReachAnswers: @unchecked Sendable {
    var answers: [String: String] = [:]

    /// Keys of answers about function summaries (`ProjectIndex.functionsAnswer(named:)`), not
    /// about the reach: no function name contains a colon.
    static let functionsPrefix = "functions:"

    /// Whether the answer recorded under `key` still holds for `index`.
    static func holds(_ key: String, _ value: String, in index: ProjectIndex) -> Bool {
        if key.hasPrefix(functionsPrefix) { return index.functionsAnswer(named: String(key.dropFirst(functionsPrefix.count))) == value }
        return (index.cancellationReach.reason(forFunction: key) ?? "") == value
    }
}
