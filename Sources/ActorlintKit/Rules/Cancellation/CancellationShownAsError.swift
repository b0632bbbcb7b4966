import SwiftSyntax

/// `do { try await … } catch { errorMessage = … }` with no branch for cancellation, where the
/// awaited work throws when cancelled and something cancels it: leaving the screen or typing the
/// next character flashes an error.
struct CancellationShownAsError: Rule {
    /// Its findings are catch-all clauses.
    static let triggers = ["catch"]

    static let description = RuleDescription(
        id: "cancellation-shown-as-error",
        category: .cancellation,
        summary: "A catch-all that shows or reports an error in code that runs in a task that gets cancelled, with no cancellation branch first",
        rationale: """
            Cancellation in Swift is delivered as an error: `Task.sleep` and \
            `Task.checkCancellation()` throw `CancellationError`, URLSession's async API throws \
            `URLError(.cancelled)`, and work bridged with `withTaskCancellationHandler` fails with \
            an error of its own. In some tasks cancellation is routine — SwiftUI cancels `.task` \
            and `.refreshable` when the view disappears and `.task(id:)` each time the id \
            changes, and code that keeps a `Task` handle cancels it to start over — so a \
            catch-all there that stores the error in UI state or presents an alert turns "the \
            user navigated away" into an error message. The rule reports a catch-all only when \
            both are shown: the awaited work throws when cancelled (the APIs above, or a function \
            of the run that lets their error out, followed through calls matched by receiver \
            type and through every implementation of a protocol requirement), and the code runs \
            in a task that gets cancelled (a `.task`, `.task(id:)` or `.refreshable` closure, a \
            `Task` kept in a property its owner cancels, or a function awaited from one of those, \
            up to three calls deep, resolved by receiver type) — or the `do` body checks \
            `Task.checkCancellation()` itself. A `Task { }` whose handle is dropped is never \
            cancelled. What counts as showing: assigning the error, an error message or a \
            failure state to a property (not clearing it), calling something that shows or \
            presents (`showError`, `present`, `alert`…), reporting (`record`, `capture`, \
            `report`), or a failure trap. Logging does not count. (SE-0304)
            """,
        limits: """
            Work whose behaviour on cancellation is not known stays unreported: calls into \
            libraries outside the run, closures and protocol requirements without an \
            implementation in the run, receivers whose type is not written down, streams \
            (`for try await` ends when cancelled). A function that converts the cancellation into \
            an app error of its own (`throw AppError.network(error)`) is left alone: \
            `catch is CancellationError` would not match that error, and which case would is the \
            app's to say. A catch-all that mentions cancellation, or follows `catch is \
            CancellationError` and the URLError branch it needs, is taken as handled.
            """,
        fix: FixInfo(.safe, """
            Inserts `catch is CancellationError { }` and, when the awaited work reaches \
            URLSession, `catch let error as URLError where error.code == .cancelled { }` before \
            the first `catch`; for work that fails with an error of its own, `catch _ where \
            Task.isCancelled { }`. Offered only when the catch-all does nothing but report the \
            error; when it also cleans up (`isLoading = false`), the cleanup must run on \
            cancellation too, so the branch is left to you.
            """),
        triggering: triggeringExamples,
        nonTriggering: nonTriggeringExamples,
        corrections: correctionExamples
    )

    func violations(in context: RuleContext) -> [Violation] {
        context.file.shared(DoStmtSyntax.self).compactMap { doStatement in
            violation(doStatement, context)
        }
    }

    private func violation(_ doStatement: DoStmtSyntax, _ context: RuleContext) -> Violation? {
        let clauses = Array(doStatement.catchClauses)
        guard let catchAllIndex = clauses.firstIndex(where: { catchAllErrorName($0) != nil }),
              let errorName = catchAllErrorName(clauses[catchAllIndex]) else { return nil }
        let catchAll = clauses[catchAllIndex]
        // What the awaited work throws when cancelled, with the call that shows it.
        let throwers = context.isolation.index.cancellationThrowers
        var kinds: CancellationKinds = []
        var shown: (call: FunctionCallExprSyntax, evidence: CancellationEvidence, direct: Bool)?
        var checksItself = false
        for (call, reference) in CancellationThrows.escapingCalls(in: doStatement.body, file: context.file) {
            guard let evidence = throwers.evidence(forReference: reference) else { continue }
            kinds.formUnion(evidence.kinds)
            if shown == nil { shown = (call, evidence, throwers.isLeaf(reference)) }
            if reference == "Task.checkCancellation" { checksItself = true }
        }
        guard let shown, !kinds.isEmpty else { return nil }

        let earlierTokens = Set(clauses[..<catchAllIndex].flatMap { $0.catchItems.tokens(viewMode: .sourceAccurate).map(\.text) })
        // `Task.isCancelled`, `error is CancellationError`, the app's own `isCanceled` flag or
        // `.cancelled` code: the catch-all already tells cancellation apart.
        let bodyMentionsCancellation = catchAll.body.tokens(viewMode: .sourceAccurate).contains { token in
            guard case .identifier(let name) = token.tokenKind else { return false }
            return name.lowercased().contains("cancel")
        }
        // `catch _ where Task.isCancelled` before it takes every error of a cancelled task.
        guard !bodyMentionsCancellation, !earlierTokens.contains("isCancelled") else { return nil }
        var missing: [String] = []
        if kinds.contains(.cancellationError) && !earlierTokens.contains("CancellationError") { missing.append("`CancellationError`") }
        if kinds.contains(.urlCancelled) && !earlierTokens.contains("URLError") { missing.append("`URLError.cancelled`") }
        let ownError = kinds == .other
        guard !missing.isEmpty || ownError else { return nil }
        guard !passesErrorOn(catchAll.body), !startsWithStalenessCheck(catchAll.body, doStatement),
              let shows = visibleReport(in: catchAll.body, error: errorName, doStatement) else { return nil }

        let cause = context.cancellationReason(for: doStatement, selfCheckCounts: false)
        // Without a caller that cancels, only the body's own `Task.checkCancellation()` says
        // cancellation is expected here.
        guard cause != nil || checksItself else { return nil }
        let what = ownError ? "the error" : "the " + missing.joined(separator: " or ")
        var message = "This catch-all \(shows) for every error, also \(what) that \(describe(shown.call)) throws when " +
            "cancelled\(shown.direct ? "" : " (it reaches \(CancellationThrows.describe(leaf: shown.evidence.leaf)))")"
        message += cause.map { "; \($0)." } ?? "."
        message += ownError
            ? " Check `Task.isCancelled` first and show nothing then."
            : " Catch \(missing.count == 1 ? "it" : "them") first and ignore \(missing.count == 1 ? "it" : "them")."
        let fix = reportsOnly(catchAll.body, error: errorName, doStatement)
            ? insertBranches(before: clauses[0], cancellation: missing.contains("`CancellationError`"),
                             url: missing.contains("`URLError.cancelled`"), anyWhileCancelled: ownError,
                             doStatement: doStatement, context)
            : nil
        return context.violation(message, at: catchAll.catchKeyword, fix: fix)
    }

    /// `` `client.get(endpoint:)` ``, or just its name when the receiver is long.
    private func describe(_ call: FunctionCallExprSyntax) -> String {
        let full = call.displayName
        return full.count <= 50 ? "`\(full)`" : "`\(call.calleeName ?? "the call")(…)`"
    }

    /// `error` for `catch { }`, `e` for `catch let e { }`, nil for any typed or filtered clause.
    private func catchAllErrorName(_ clause: CatchClauseSyntax) -> String? {
        if clause.catchItems.isEmpty { return "error" }
        guard clause.catchItems.count == 1, let item = clause.catchItems.first, item.whereClause == nil,
              let pattern = item.pattern else { return nil }
        if pattern.is(WildcardPatternSyntax.self) { return "_" }
        if let binding = pattern.as(ValueBindingPatternSyntax.self),
           let identifier = binding.pattern.as(IdentifierPatternSyntax.self) {
            return identifier.identifier.text
        }
        return nil
    }

    /// `guard self.generation == generation else { return }` first in the catch-all, where
    /// `generation` was captured before the task started: whoever cancels or replaces the task
    /// moves the counter on, so a cancelled task leaves here before showing anything.
    private func startsWithStalenessCheck(_ body: CodeBlockSyntax, _ doStatement: DoStmtSyntax) -> Bool {
        guard let first = body.statements.first.map({ Syntax($0.item) }) else { return false }
        let condition: Syntax
        if let guardStatement = first.as(GuardStmtSyntax.self) {
            condition = Syntax(guardStatement.conditions)
        } else if let expression = first.as(IfExprSyntax.self) ?? first.as(ExpressionStmtSyntax.self)?.expression.as(IfExprSyntax.self),
                  expression.elseBody == nil,
                  expression.body.statements.last?.item.is(ReturnStmtSyntax.self) == true {
            condition = Syntax(expression.conditions)
        } else {
            return false
        }
        let compares = condition.tokens(viewMode: .sourceAccurate).contains { ["==", "!=", "===", "!=="].contains($0.text) }
        guard compares, let closure = doStatement.nearest(where: \.isContextBoundary)?.as(ClosureExprSyntax.self),
              let outer = closure.nearest(where: \.isContextBoundary) else { return false }
        // Constants of the function around the task's closure, declared before it.
        let captured = Set(collect(VariableDeclSyntax.self, in: outer, within: .context).filter { declaration in
            declaration.bindingSpecifier.tokenKind == .keyword(.let) && declaration.endOffset <= closure.startOffset
        }.flatMap { $0.bindings.compactMap { $0.pattern.as(IdentifierPatternSyntax.self)?.identifier.text } })
        return !references(to: captured, in: condition, within: .declaration).isEmpty
    }

    private func passesErrorOn(_ body: CodeBlockSyntax) -> Bool {
        !collect(ThrowStmtSyntax.self, in: body, within: .context).isEmpty
    }

    // MARK: What counts as showing the error

    static let showingCalls = ["show", "present", "display", "alert", "toast", "banner", "notify"]
    static let reportingCalls: Set<String> = ["record", "recordError", "capture", "captureError", "captureException",
                                              "report", "reportError", "track", "trackError"]
    static let traps: Set<String> = ["fatalError", "assertionFailure", "preconditionFailure"]
    /// Logging, at any level: it reaches a log, not the user.
    static let logOutput: Set<String> = ["print", "debugPrint", "dump", "NSLog", "debug", "info", "notice",
                                         "trace", "log", "os_log", "error", "warning", "fault", "critical"]

    /// What the catch-all does that the user (or the error reports) will see, in words; nil when
    /// it does nothing visible.
    /// Closures in the catch body count: `await MainActor.run { errorMessage = … }` still shows it.
    private func visibleReport(in body: CodeBlockSyntax, error: String, _ doStatement: DoStmtSyntax) -> String? {
        for call in collect(FunctionCallExprSyntax.self, in: body, within: .declaration) {
            if let kind = visibleCall(call) { return kind }
        }
        for sequence in collect(SequenceExprSyntax.self, in: body, within: .declaration) {
            if let target = errorStateAssignment(sequence, error: error, doStatement) {
                let carriesError = sequence.elements.dropFirst(2).contains { !references(to: [error], in: $0, within: .declaration).isEmpty }
                return carriesError ? "stores the error in `\(target)`" : "sets `\(target)`"
            }
        }
        return nil
    }

    private func visibleCall(_ call: FunctionCallExprSyntax) -> String? {
        guard let name = call.calleeName else { return nil }
        // `.display(…)`, `.error(…)`: an enum case being built (a state), not a call that shows anything.
        if let member = call.calledExpression.as(MemberAccessExprSyntax.self), member.base == nil { return nil }
        let lowered = name.lowercased()
        if Self.traps.contains(name) { return "traps (`\(name)`)" }
        if Self.reportingCalls.contains(name) { return "reports the error (`\(call.calleeText)`)" }
        if Self.showingCalls.contains(where: { lowered.hasPrefix($0) }) || lowered.contains("alert") {
            return "shows the error (`\(call.calleeText)`)"
        }
        return nil
    }

    /// `errorMessage = …`, `self.error = error`, `state = .failed(error)`: a property assignment
    /// that carries the error or an error state. Returns the property's name.
    private func errorStateAssignment(_ sequence: SequenceExprSyntax, error: String, _ doStatement: DoStmtSyntax) -> String? {
        let elements = Array(sequence.elements)
        guard elements.count >= 3, elements[1].is(AssignmentExprSyntax.self),
              let root = Flow.rootName(of: elements[0]) else { return nil }
        if localNames(around: doStatement).contains(root), !elements[0].trimmedText.hasPrefix("self.") { return nil }
        let target = elements[0].trimmedText
        let value = elements[2...]
        // `errorMessage = nil`, `isSendingMessage = false`: clearing state shows nothing.
        if value.count == 1, let only = value.first,
           only.is(NilLiteralExprSyntax.self) || only.as(BooleanLiteralExprSyntax.self)?.literal.tokenKind == .keyword(.false) {
            return nil
        }
        let targetMentionsError = ["error", "alert", "message", "failure", "failed", "problem", "warning"].contains {
            target.lowercased().contains($0)
        }
        let valueCarriesError = value.contains { !references(to: [error], in: $0, within: .declaration).isEmpty }
            || value.contains { element in
                element.tokens(viewMode: .sourceAccurate).contains { ["failed", "failure", "error"].contains($0.text) }
            }
        return targetMentionsError || valueCarriesError ? target : nil
    }

    /// Parameters and locals of the function or closure around the `do`.
    private func localNames(around node: some SyntaxProtocol) -> Set<String> {
        guard let context = node.nearest(where: \.isContextBoundary) else {
            return Set(collect(IdentifierPatternSyntax.self, in: node.root, within: .everything).map(\.identifier.text))
        }
        var names = Set(collect(IdentifierPatternSyntax.self, in: context, within: .context).map(\.identifier.text))
        if let function = context.as(FunctionDeclSyntax.self) {
            names.formUnion(function.signature.parameterClause.parameters.map { ($0.secondName ?? $0.firstName).text })
        } else if let closure = context.as(ClosureExprSyntax.self) {
            names.formUnion(Flow.parameterNames(of: closure))
        }
        return names
    }

    // MARK: Fix

    /// Whether every statement of the catch-all only reports the error, so skipping it on
    /// cancellation skips nothing else. A property the code set before (`state = .loading`)
    /// is a state the catch-all also ends: skipping it would leave that state behind.
    private func reportsOnly(_ body: CodeBlockSyntax, error: String, _ doStatement: DoStmtSyntax) -> Bool {
        let earlier = doStatement.nearest(where: \.isContextBoundary)
            .map { assignedTargets(in: $0, within: .context, before: body.startOffset) } ?? []
        return body.statements.allSatisfy { item in
            if let sequence = item.item.as(SequenceExprSyntax.self) {
                guard let target = errorStateAssignment(sequence, error: error, doStatement) else { return false }
                return !earlier.contains(targetKey(target))
            }
            var expression = item.item.as(ExprSyntax.self)
            if let awaited = expression?.as(AwaitExprSyntax.self) { expression = awaited.expression }
            guard let call = expression?.as(FunctionCallExprSyntax.self) else { return false }
            return visibleCall(call) != nil || Self.logOutput.contains(call.calleeName ?? "")
        }
    }

    private func insertBranches(before first: CatchClauseSyntax, cancellation: Bool, url: Bool, anyWhileCancelled: Bool,
                                doStatement: DoStmtSyntax, _ context: RuleContext) -> Fix {
        let indentation = doStatement.lineIndentation
        let inner = indentation + context.file.indentUnit
        let singleLine = context.file.line(of: doStatement.doKeyword) == context.file.line(of: first.catchKeyword)
        var text = ""
        if cancellation {
            text += singleLine ? "catch is CancellationError {} " : "catch is CancellationError {\n" +
                "\(inner)// Cancelled (the screen went away, or newer work replaced this): not an error to show.\n" +
                "\(indentation)} "
        }
        if anyWhileCancelled {
            text += singleLine ? "catch _ where Task.isCancelled {} " : "catch _ where Task.isCancelled {\n" +
                "\(inner)// Cancelled (the screen went away, or newer work replaced this): not an error to show.\n" +
                "\(indentation)} "
        }
        if url {
            text += singleLine ? "catch let error as URLError where error.code == .cancelled {} "
                : "catch let error as URLError where error.code == .cancelled {\n" +
                "\(inner)// URLSession reports cancellation as URLError.cancelled.\n\(indentation)} "
        }
        let offset = first.catchKeyword.startOffset
        return Fix(title: "Ignore cancellation before the catch-all", safety: .safe,
                   edits: [TextEdit(start: offset, end: offset, replacement: text)])
    }
}
