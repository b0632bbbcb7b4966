import SwiftSyntax

/// Every path through a `with…Continuation` body, and through the callbacks it hands the
/// continuation to, counting resumes (0, 1, "2 or more") — through `if`, `guard`, `switch`,
/// `do`/`catch`, loops, `defer` and early exits (SE-0300). What it models:
/// - a callback is called once, later, unless the API calls it again and again
///   (`CallbackCatalogue.repeating`): then a call that does not resume waits for the next;
/// - callbacks kept for events or handed to the same call, and the success and failure
///   handlers of a promise chain, are alternatives: one of them runs;
/// - a local closure or function runs where it is called; a `try` in it throws from there;
/// - a stored handler that fires only once its object is started resumes at the start call;
/// - resumes and exits behind a once-guard (`ResumeGuards`) are not second resumes or misses;
/// - a Combine `first()` may finish without a value; a file coordinator's block does not run
///   when coordination fails;
/// - a timeout that resumes (`ResumeTimeout`) bounds every path that does not.
/// A continuation stored or passed on is resumed by code this cannot see: `escaped`, no findings.
struct ResumePaths {
    /// How a path that does not resume is reached, for the message.
    enum Path {
        case guardElse(GuardStmtSyntax)
        case ifBranch(IfExprSyntax)
        case ifFalse(IfExprSyntax)
        case elseBranch(IfExprSyntax)
        case switchCase(SwitchCaseSyntax)
        case catchClause(CatchClauseSyntax)
        case loopFinishes(keyword: String, loop: Syntax)
        case optionalNil(OptionalChainingExprSyntax)
        /// A `try` in a callback throws; `droppedBy` is the `Task` whose closure drops the error.
        case thrown(TryExprSyntax, droppedBy: TaskCreation?)
        /// A call that does not run its block on failure (`CallbackCatalogue.blockOnlyOnSuccess`).
        case blockSkipped(FunctionCallExprSyntax, errorArgument: String)
        /// A Combine `first()` (or `first(where:)`, `prefix(1)`: `taking`) that finishes without a value.
        case finishedWithoutValue(sink: FunctionCallExprSyntax, taking: FunctionCallExprSyntax)

        /// Where a finding about this path is reported.
        var node: Syntax {
            switch self {
            case .guardElse(let statement): Syntax(statement.guardKeyword)
            case .ifBranch(let branch), .ifFalse(let branch): Syntax(branch.ifKeyword)
            case .elseBranch(let branch): Syntax(branch.elseKeyword ?? branch.ifKeyword)
            case .switchCase(let switchCase): Syntax(switchCase.label)
            case .catchClause(let clause): Syntax(clause.catchKeyword)
            case .loopFinishes(_, let loop): loop
            case .optionalNil(let chain): Syntax(chain)
            case .thrown(let tried, _):
                // The closure (or local function) the `try` throws out of.
                tried.nearest(where: \.isContextBoundary).map { context in
                    context.as(ClosureExprSyntax.self).map { Syntax($0.leftBrace) }
                        ?? context.as(FunctionDeclSyntax.self).map { Syntax($0.name) } ?? context
                } ?? Syntax(tried)
            case .blockSkipped(let call, _), .finishedWithoutValue(let call, _):
                call.calledExpression.as(MemberAccessExprSyntax.self).map { Syntax($0.declName) } ?? Syntax(call.calledExpression)
            }
        }
    }

    /// A path that ends, returns or throws without resuming.
    struct Miss {
        /// How it is reached; nil for the straight path through the closure.
        var path: Path?
        /// In a callback the body hands the continuation to, not the body itself.
        var inCallback: Bool
        /// No path through the closure resumes.
        var everyPath: Bool
        /// In the completion handler of a Combine `first()`: the path where no value came.
        var afterNoValue: Bool = false
    }

    enum Problem {
        case missed(Miss)
        /// A second resume; `first` is the one before it, `path` the last branch taken.
        case resumedTwice(first: Syntax, path: Path?, nextIterationOf: Syntax?)
        /// A resume in a closure that runs once per element.
        case perElement(callee: String)
        /// An unguarded resume in a closure `api` calls for every update, which nothing in it
        /// stops and no particular state selects: the next update resumes again.
        case resumedOnEveryUpdate(api: String)
        /// A PromiseKit `catch` that skips cancellation errors (its default policy): neither the
        /// success handler `success` nor `failure` runs for a cancelled promise.
        case cancelledPromise(success: String, failure: FunctionCallExprSyntax)
    }

    struct Finding {
        let node: Syntax
        let problem: Problem

        var isMiss: Bool {
            if case .missed = problem { return true }
            return false
        }
    }

    /// The continuation is stored or passed on: its resumes are not all here.
    let escaped: Bool
    /// In source order.
    let findings: [Finding]

    init(call: FunctionCallExprSyntax, body: ClosureExprSyntax, continuation name: String, file: SourceFile,
         helpers: ResumeHelpers = ResumeHelpers()) {
        let flow = ResumeFlow(name: name, body: body, file: file,
                              guards: ResumeGuards(body: body, call: call, continuation: name, file: file,
                                                   moduleOnceHelpers: helpers.once), repeating: helpers.repeating)
        let outcome = flow.run(body.statements, [ResumeFlow.State()])
        flow.finish()
        var bodyOutcome = outcome
        bodyOutcome.thrown = []   // the body cannot throw: its `try`s are caught inside it
        if !flow.escaped { flow.report(bodyOutcome, closure: body, inCallback: false, fallback: Syntax(call.calledExpression)) }
        escaped = flow.escaped
        var found = flow.escaped ? [] : flow.findings.values.sorted { $0.node.position < $1.node.position }
        // A path that does not resume waits for a timeout that resumes, not forever.
        if found.contains(where: \.isMiss), ResumeTimeout.exists(in: body, using: [name]) { found.removeAll(where: \.isMiss) }
        findings = found
    }
}

/// The walk behind `ResumePaths`: its state here; statements in `ResumePaths+Statements.swift`,
/// expressions and callbacks in `+Expressions`, calls whose closures run in an order the API
/// sets, and the reports, in `+Chains`.
final class ResumeFlow {
    let name: String
    let body: ClosureExprSyntax
    let file: SourceFile
    let guards: ResumeGuards
    var escaped = false
    var findings: [Int: ResumePaths.Finding] = [:]
    /// The loop whose body is being run a second time, to word a double resume.
    var rerunLoop: Syntax?
    /// Inside a callback an API calls many times: its paths that do not resume are not reported.
    var repeatingDepth = 0
    /// Local closures and functions that use the continuation, run where they are called.
    var localRoutines: [String: Syntax] = [:]
    /// Promise chains (by the node they start from) whose success handler resumed, and whether
    /// it can throw after resuming (then the failure handler runs as well).
    var promiseResumes: [SyntaxIdentifier: Bool] = [:]
    /// PromiseKit `catch` handlers without a policy, to report unless something else resumes.
    var promiseGaps: [(chain: Syntax, success: String, failure: FunctionCallExprSyntax)] = []
    /// Resumes outside promise chains (a timeout): they bound a promise's cancellation gap.
    var resumesOutsidePromises = 0
    /// Handlers assigned to an object that calls them only once started, by the object's name:
    /// the resume they make, at the start call (`CallbackCatalogue.startedBy`).
    var startedHandlers: [String: (resume: Syntax, guarded: Bool, starts: Set<String>)] = [:]
    /// The call of the local routine being run, where its resumes happen.
    var routineCallSite: Syntax?
    /// The file imports PromiseKit, whose `catch` skips cancellation errors by default.
    lazy var importsPromiseKit: Bool = file.tree.statements.contains { item in
        item.item.as(ImportDeclSyntax.self)?.path.first?.name.text == "PromiseKit"
    }
    /// Completion handlers of a Combine `first()`: their paths that do not resume are those
    /// where the publisher finished without a value.
    var completionsAfterFirst: Set<SyntaxIdentifier> = []

    /// Functions of the module that hand their closure to something that calls it again and again.
    let moduleRepeating: Set<String>

    init(name: String, body: ClosureExprSyntax, file: SourceFile, guards: ResumeGuards, repeating: Set<String>) {
        moduleRepeating = repeating
        self.name = name
        self.body = body
        self.file = file
        self.guards = guards
        collectLocalRoutines()
    }

    /// A path's state: how often it has resumed, its last branch, its first resume.
    struct State {
        var count = 0
        /// Every resume so far ran behind a once-guard: none of them can be a second one.
        var guarded = false
        var branch: ResumePaths.Path?
        var firstResume: Syntax?
        /// The label of a `break outer` / `continue outer` on its way to that loop.
        var jumpLabel: String?
        /// The callback the resume so far happened in (its alternatives' key, `callbackKey`).
        var resumedInCallback: String?
        /// On a thrown exit: the `try` that threw.
        var thrownBy: TryExprSyntax?
        /// Optionals known to be nil (true) or not (false) on this path.
        var nilFacts: [String: Bool] = [:]

        var mergeKey: String {
            "\(count)\(guarded ? "g" : "")" + nilFacts.sorted { $0.key < $1.key }.map { "\($0.key)\($0.value)" }.joined()
        }
    }

    /// Where the paths go after a piece of code.
    struct Outcome {
        var normal: [State] = []
        var returned: [(State, Syntax)] = []
        var broke: [State] = []
        var continued: [State] = []
        var thrown: [State] = []

        mutating func absorbExits(_ other: Outcome) {
            returned += other.returned
            broke += other.broke
            continued += other.continued
            thrown += other.thrown
        }

        var all: [State] { normal + returned.map(\.0) + broke + continued + thrown }

        func dropping(_ drop: (State) -> Bool) -> Outcome {
            Outcome(normal: normal.filter { !drop($0) }, returned: returned.filter { !drop($0.0) },
                    broke: broke.filter { !drop($0) }, continued: continued.filter { !drop($0) },
                    thrown: thrown.filter { !drop($0) })
        }
    }

    func line(_ node: some SyntaxProtocol) -> Int { file.line(of: node) }

    func add(_ problem: ResumePaths.Problem, at node: some SyntaxProtocol) {
        let offset = node.positionAfterSkippingLeadingTrivia.utf8Offset
        if findings[offset] == nil { findings[offset] = ResumePaths.Finding(node: Syntax(node), problem: problem) }
    }

    /// One state per resume count (and guard and facts): paths alike from here on.
    func merge(_ states: [State]) -> [State] {
        var seen: Set<String> = []
        return states.filter { seen.insert($0.mergeKey).inserted }
    }

    func labelled(_ states: [State], _ path: ResumePaths.Path) -> [State] {
        states.map { state in
            var state = state
            state.branch = path
            return state
        }
    }

    /// A branch none of whose paths resumes misses as a whole: name it, not a branch inside it
    /// (the whole `default:` case, not its first `if`).
    func wholeBranch(_ outcome: Outcome, _ path: ResumePaths.Path) -> Outcome {
        guard !outcome.all.contains(where: { $0.count > 0 }) else { return outcome }
        var result = outcome
        result.normal = labelled(outcome.normal, path)
        result.returned = outcome.returned.map { state, node in (labelled([state], path)[0], node) }
        return result
    }
}
