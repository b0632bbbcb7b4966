import SwiftSyntax

/// `do { try await … } catch { errorMessage = … }` with no branch for cancellation: leaving the
/// screen or typing the next character flashes an error.
struct CancellationShownAsError: Rule {
    /// Its findings are catch-all clauses.
    static let triggers = ["catch"]

    static let description = RuleDescription(
        id: "cancellation-shown-as-error",
        category: .cancellation, set: .preview,
        summary: "A catch-all that shows or reports an error in code that runs in a task that gets cancelled, with no cancellation branch first",
        rationale: """
            Cancellation in Swift is delivered as an error: `Task.sleep`, `Task.checkCancellation()` \
            and most async APIs throw `CancellationError`, and URLSession throws \
            `URLError(.cancelled)`. In some tasks cancellation is routine — SwiftUI cancels \
            `.task` and `.refreshable` when the view disappears and `.task(id:)` on every change, \
            and code that keeps a `Task` handle cancels it to start over — so a catch-all there \
            that stores the error in UI state or presents an alert turns "the user navigated \
            away" into an error message. Catch `CancellationError` (and `URLError` with code \
            `.cancelled` where URLSession is awaited) before the catch-all and ignore it. \
            The rule reports a catch-all only where cancellation happens: inside a `.task`, \
            `.task(id:)` or `.refreshable` closure; inside a `Task` kept in a property that its \
            owner cancels; in a function that checks `Task.isCancelled` itself; or in a function \
            awaited (up to three calls deep, matched by name across the module and the run) from \
            one of those. A `Task { }` whose handle is dropped — a button action, a \
            fire-and-forget save — is never cancelled, so its catch-all never sees cancellation. \
            What counts as showing: assigning the error, an error message or a failure state to \
            a property (not clearing it with `nil` or `false`), calling something that shows or \
            presents (`showError`, `present`, `alert`…), reporting (`record`, `capture`, \
            `report`), or a failure trap. Logging, at any level, does not count: the user never \
            sees it. A catch-all that mentions cancellation itself (`Task.isCancelled`, \
            `error is CancellationError`, its own `isCanceled` flag) is left alone. \
            (SE-0304)
            """,
        fix: FixInfo(.safe, """
            Inserts `catch is CancellationError { }` — and, when the `do` body awaits URLSession, \
            `catch let error as URLError where error.code == .cancelled { }` — before the first \
            `catch`. Offered only when the catch-all does nothing but report the error; when it \
            also cleans up (`isLoading = false`), the cleanup must run on cancellation too, so \
            the branch is left to you.
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
              let errorName = catchAllErrorName(clauses[catchAllIndex]),
              awaitsThrowingWork(doStatement.body) else { return nil }
        let catchAll = clauses[catchAllIndex]
        let earlier = clauses[..<catchAllIndex]
        let earlierTokens = Set(earlier.flatMap { $0.catchItems.tokens(viewMode: .sourceAccurate).map(\.text) })

        // `Task.isCancelled`, `error is CancellationError`, the app's own `isCanceled` flag or
        // `.cancelled` code: the catch-all already tells cancellation apart.
        let bodyMentionsCancellation = catchAll.body.tokens(viewMode: .sourceAccurate).contains { token in
            guard case .identifier(let name) = token.tokenKind else { return false }
            return name.lowercased().contains("cancel")
        }
        let cancellationHandled = bodyMentionsCancellation || earlierTokens.contains("CancellationError")
        let usesURLSession = awaitsURLSession(doStatement.body)
        // An earlier `catch … as URLError` takes URLError.cancelled away from the catch-all.
        let urlCancellationHandled = !usesURLSession || bodyMentionsCancellation || earlierTokens.contains("URLError")
        guard !cancellationHandled || !urlCancellationHandled else { return nil }
        guard !passesErrorOn(catchAll.body), !startsWithStalenessCheck(catchAll.body, doStatement),
              let shown = visibleReport(in: catchAll.body, error: errorName, doStatement)
        else { return nil }
        guard let cancelledBecause = context.cancellationReason(for: doStatement) else { return nil }

        var missing: [String] = []
        if !cancellationHandled { missing.append("`CancellationError`") }
        if !urlCancellationHandled { missing.append("`URLError.cancelled`") }
        let message = "This catch-all \(shown) for every error, including cancellation, and this code runs in a " +
            "task that gets cancelled: \(cancelledBecause). When that happens the awaited work throws " +
            "\(missing.joined(separator: " or ")), and the user gets an error for something they did (leaving " +
            "the screen, typing on, refreshing again). Catch \(missing.joined(separator: " and ")) first and " +
            "ignore \(missing.count == 1 ? "it" : "them")."
        let fix = reportsOnly(catchAll.body, error: errorName, doStatement)
            ? insertBranches(before: clauses[0], cancellation: !cancellationHandled, url: !urlCancellationHandled,
                             doStatement: doStatement, context)
            : nil
        return context.violation(message, at: catchAll.catchKeyword, fix: fix)
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

    /// A `try` that awaits (`try await f()`, `for try await`), or `try Task.checkCancellation()`.
    private func awaitsThrowingWork(_ body: CodeBlockSyntax) -> Bool {
        !collect(in: body, within: .context) { node in
            if let loop = node.as(ForStmtSyntax.self) { return loop.tryKeyword != nil && loop.awaitKeyword != nil }
            guard let tried = node.as(TryExprSyntax.self), tried.questionOrExclamationMark == nil else { return false }
            return tried.containsAwait || tried.expression.is(AwaitExprSyntax.self)
                || tried.expression.trimmedText.hasPrefix("Task.checkCancellation")
        }.isEmpty
    }

    /// `URLSession.shared.data(from:)`, `session.download(for:)`, `session.bytes(from:)`…
    private func awaitsURLSession(_ body: CodeBlockSyntax) -> Bool {
        collect(FunctionCallExprSyntax.self, in: body, within: .context).contains { call in
            if call.calleeText.contains("URLSession") { return true }
            guard let name = call.calleeName, ["data", "download", "upload", "bytes"].contains(name),
                  call.calledExpression.is(MemberAccessExprSyntax.self),
                  let label = call.arguments.first?.label?.text else { return false }
            return label == "from" || label == "for"
        }
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
    /// cancellation skips nothing else.
    private func reportsOnly(_ body: CodeBlockSyntax, error: String, _ doStatement: DoStmtSyntax) -> Bool {
        body.statements.allSatisfy { item in
            if let sequence = item.item.as(SequenceExprSyntax.self) {
                return errorStateAssignment(sequence, error: error, doStatement) != nil
            }
            var expression = item.item.as(ExprSyntax.self)
            if let awaited = expression?.as(AwaitExprSyntax.self) { expression = awaited.expression }
            guard let call = expression?.as(FunctionCallExprSyntax.self) else { return false }
            return visibleCall(call) != nil || Self.logOutput.contains(call.calleeName ?? "")
        }
    }

    private func insertBranches(before first: CatchClauseSyntax, cancellation: Bool, url: Bool,
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
