import SwiftSyntax

/// A loop in async code that never looks at the cancellation flag: cancelling the task does not
/// stop it.
struct LoopWithoutCancellationCheck: Rule {
    static let description = RuleDescription(
        id: "loop-without-cancellation-check",
        category: .cancellation,
        set: .modernize,
        summary: "A long loop in async code that never checks `Task.checkCancellation()` / `Task.isCancelled`",
        rationale: """
            Cancellation is cooperative: `cancel()` only sets a flag on the task, and code stops \
            only where something looks at that flag — `Task.checkCancellation()`, \
            `Task.isCancelled`, or an API that throws `CancellationError` such as `Task.sleep` \
            or URLSession. A loop whose body awaits only non-throwing work (or swallows the \
            error with `try?`) never looks, so a cancelled task keeps processing every remaining \
            item, or runs forever in a `while true`; the same holds for nested synchronous loops \
            in an async function. Check once per iteration. \
            The rule trusts a loop whose body makes a throwing `try await` call (such calls \
            usually propagate cancellation), `for await` loops over async sequences and \
            `while await group.next() != nil` drains, which end when the task is cancelled by \
            convention. It leaves alone loops over a handful of fixed items, nested loops that \
            walk each element's own children, and test sources. \
            A check only matters where cancellation happens, so a finite loop is reported only \
            in code that runs in a task that gets cancelled — a SwiftUI `.task`/`.refreshable` \
            closure, a `Task` its owner keeps and cancels, a function that checks for \
            cancellation elsewhere, or a function awaited (up to three calls deep) from one of \
            those; an endless `while true` loop in an async function is reported wherever it \
            is, except inside a `Task { }` whose handle is dropped, which nothing can cancel. \
            (SE-0304)
            """,
        triggering: triggeringExamples,
        nonTriggering: nonTriggeringExamples
    )

    /// Async code says one of these: an `async` function or closure, an `await`, a `Task`, a
    /// `.task` or `.refreshable` closure, an `AsyncStream`'s unfolding closure.
    static let triggers = ["async", "await", "Task", "task", "refreshable", "Async"]

    func violations(in context: RuleContext) -> [Violation] {
        let loops = collect(StmtSyntax.self, in: context.file.tree, within: .everything).filter { Flow.isLoop(Syntax($0)) }
        var flagged: [(loop: StmtSyntax, message: String)] = []
        var facts: FileFacts?
        for loop in loops {
            // Tests and their helpers are never cancelled.
            guard !TestCode.contains(loop, in: context.file), let message = problem(with: loop) else { continue }
            if facts == nil { facts = FileFacts(context.file) }
            if runsInTaskNobodyCancels(loop, facts: facts!) { continue }
            // A finite loop only needs the check where something cancels its task.
            if !isEndless(loop) && context.cancellationReason(for: loop) == nil { continue }
            flagged.append((loop, message))
        }
        // One finding per loop nest: the outermost loop is where the check belongs.
        let flaggedIDs = Set(flagged.map { Syntax($0.loop).id })
        return flagged.compactMap { loop, message in
            if loop.nearest(within: .context, where: { Flow.isLoop($0) && flaggedIDs.contains($0.id) }) != nil { return nil }
            guard let keyword = loop.firstToken(viewMode: .sourceAccurate) else { return nil }
            return context.violation(message, at: keyword)
        }
    }

    /// `Task { while true { … } }` with the handle dropped: nothing can cancel that task, so a
    /// check would never fire (the loop's real problem, if any, is that it never ends).
    private func runsInTaskNobodyCancels(_ loop: StmtSyntax, facts: FileFacts) -> Bool {
        var current = loop.parent
        while let node = current {
            if let closure = node.as(ClosureExprSyntax.self) {
                switch CancellationSource.kind(of: closure, facts: facts) {
                case .neverCancelled, .shielded: return true
                case .swiftUI, .storedAndCancelled: return false
                case .inherits: break
                }
            } else if node.isDeclarationBoundary {
                return false
            }
            current = node.parent
        }
        return false
    }

    private func problem(with loop: StmtSyntax) -> String? {
        if let forLoop = loop.as(ForStmtSyntax.self), forLoop.awaitKeyword != nil { return nil }
        if let forLoop = loop.as(ForStmtSyntax.self), isFixedHandful(forLoop.sequence, in: loop) { return nil }
        if let whileLoop = loop.as(WhileStmtSyntax.self), iteratesAsyncSequence(whileLoop) { return nil }
        if checksCancellation(loop) { return nil }
        let awaits = repeatedParts(of: loop).flatMap { collect(AwaitExprSyntax.self, in: $0, within: .context) }
        if !awaits.isEmpty {
            if propagatesCancellation(loop) { return nil }
            return awaitingMessage(loop, awaits: awaits)
        }
        return heavySynchronousWork(loop) ? heavyMessage : nil
    }

    /// What runs on every iteration: the body and the condition, not a `for` loop's sequence
    /// (`for x in await load()` awaits once).
    private func repeatedParts(of loop: StmtSyntax) -> [Syntax] {
        if let forLoop = loop.as(ForStmtSyntax.self) {
            return [Syntax(forLoop.body)] + [forLoop.whereClause.map(Syntax.init)].compactMap { $0 }
        }
        if let whileLoop = loop.as(WhileStmtSyntax.self) { return [Syntax(whileLoop.conditions), Syntax(whileLoop.body)] }
        if let repeatLoop = loop.as(RepeatStmtSyntax.self) { return [Syntax(repeatLoop.body), Syntax(repeatLoop.condition)] }
        return []
    }

    /// `[.a, .b, .c]`, a local `let` holding such a literal, `0..<3`, or `0..<list.count` over
    /// such a list: a few iterations, known in advance.
    private func isFixedHandful(_ sequence: ExprSyntax, in loop: StmtSyntax) -> Bool {
        if let array = sequence.as(ArrayExprSyntax.self) { return array.elements.count <= 10 }
        if isSmallLiteralRange(sequence) { return true }
        var name: String?
        if let reference = sequence.as(DeclReferenceExprSyntax.self) { name = reference.baseName.text }
        // `0..<items.count`
        if let elements = sequence.as(SequenceExprSyntax.self)?.elements, elements.count == 3,
           elements.first?.as(IntegerLiteralExprSyntax.self) != nil,
           let count = elements.last?.as(MemberAccessExprSyntax.self), count.declName.baseName.text == "count",
           let base = count.base?.as(DeclReferenceExprSyntax.self) {
            name = base.baseName.text
        }
        guard let name, let context = loop.nearest(where: \.isContextBoundary) else { return false }
        return collect(VariableDeclSyntax.self, in: context, within: .context).contains { declaration in
            declaration.bindingSpecifier.tokenKind == .keyword(.let) && declaration.bindings.contains { binding in
                binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text == name
                    && (binding.initializer?.value.as(ArrayExprSyntax.self)?.elements.count ?? .max) <= 10
            }
        }
    }

    /// `while let x = await iterator.next()`, `while await group.next() != nil`: the sequence's
    /// iterator ends on cancellation, and a task group's `next()` returns nil once its children
    /// (cancelled with it) are done.
    private func iteratesAsyncSequence(_ loop: WhileStmtSyntax) -> Bool {
        let nextCalls = collect(AwaitExprSyntax.self, in: loop.conditions, within: .context).contains { awaited in
            awaited.expression.as(FunctionCallExprSyntax.self)?.calleeName == "next"
        }
        if nextCalls { return true }
        return loop.conditions.contains { element in
            guard let binding = element.condition.as(OptionalBindingConditionSyntax.self),
                  let value = binding.initializer?.value.peeled(.try) else { return false }
            guard let awaited = value.as(AwaitExprSyntax.self),
                  let call = awaited.expression.as(FunctionCallExprSyntax.self) else { return false }
            return call.calleeName == "next"
        }
    }

    /// `Task.isCancelled`, `Task.checkCancellation()`, `withTaskCancellationHandler` anywhere in
    /// the loop (condition included).
    private func checksCancellation(_ loop: StmtSyntax) -> Bool {
        loop.tokens(viewMode: .sourceAccurate).contains {
            ["isCancelled", "checkCancellation", "withTaskCancellationHandler"].contains($0.text)
        }
    }

    /// A plain `try` around an await in the loop (outside closures): the awaited call can throw
    /// `CancellationError` and leave the loop.
    private func propagatesCancellation(_ loop: StmtSyntax) -> Bool {
        !collect(in: loop, within: .context) { node in
            if let nested = node.as(ForStmtSyntax.self) { return nested.tryKeyword != nil && nested.awaitKeyword != nil }
            guard let tried = node.as(TryExprSyntax.self), tried.questionOrExclamationMark == nil else { return false }
            return tried.expression.is(AwaitExprSyntax.self) || tried.containsAwait
        }.isEmpty
    }

    private func awaitingMessage(_ loop: StmtSyntax, awaits: [AwaitExprSyntax]) -> String {
        let swallowedSleep = collect(TryExprSyntax.self, in: loop, within: .context).contains { tried in
            tried.questionOrExclamationMark != nil && tried.expression.trimmedText.contains("Task.sleep")
        }
        let endless = isEndless(loop)
        let awaited = awaits.compactMap(\.expression.awaitedCall).first
            .map { " (awaiting `\($0.displayName)` each time)" } ?? ""
        if swallowedSleep {
            return "`try?` throws away the `CancellationError` that `Task.sleep` raises when the task is " +
                "cancelled; from then on the sleep returns at once and this loop \(endless ? "spins forever" : "keeps running") " +
                "without pausing. Check `Task.isCancelled` (or use `try await Task.sleep` and let the error end the loop)."
        }
        return "Cancellation is cooperative: cancelling a task only sets a flag, and nothing in this loop looks " +
            "at it — no `Task.checkCancellation()`, no `Task.isCancelled`, no throwing `try await` — so a cancelled " +
            "task \(endless ? "keeps looping forever" : "still runs every remaining iteration")\(awaited). Add " +
            "`try Task.checkCancellation()` (or `if Task.isCancelled { break }`) at the top of the body."
    }

    private var heavyMessage: String {
        "This loop and the loop nested in it run synchronously inside an async function: nothing in them looks " +
            "at the task's cancellation flag, so a cancelled caller still pays for every iteration. Check " +
            "`Task.isCancelled` (or `try Task.checkCancellation()`) once per outer iteration."
    }

    private func isEndless(_ loop: StmtSyntax) -> Bool {
        if let whileLoop = loop.as(WhileStmtSyntax.self) {
            return whileLoop.conditions.count == 1 && whileLoop.conditions.first?.condition.trimmedText == "true"
        }
        if let repeatLoop = loop.as(RepeatStmtSyntax.self) { return repeatLoop.condition.trimmedText == "true" }
        return false
    }

    /// A `for` loop over a collection in an `async` function whose body runs another loop:
    /// quadratic synchronous work that cancellation cannot interrupt.
    private func heavySynchronousWork(_ loop: StmtSyntax) -> Bool {
        guard let forLoop = loop.as(ForStmtSyntax.self), !isSmallLiteralRange(forLoop.sequence),
              let function = loop.nearest(where: \.isContextBoundary)?.as(FunctionDeclSyntax.self),
              function.signature.effectSpecifiers?.asyncSpecifier != nil else { return false }
        let outerNames = Set(collect(IdentifierPatternSyntax.self, in: forLoop.pattern, within: .context).map(\.identifier.text))
        return collect(in: forLoop.body, within: .context) { Flow.isLoop($0) }.contains { inner in
            guard let innerFor = inner.as(ForStmtSyntax.self) else { return true }
            // `for child in item.children`: the nested data of one element, not the whole list again.
            if let root = Flow.rootName(of: innerFor.sequence), outerNames.contains(root) { return false }
            return !isSmallLiteralRange(innerFor.sequence)
        }
    }

    /// `0..<3`, `1...10`: a fixed handful of iterations.
    private func isSmallLiteralRange(_ sequence: ExprSyntax) -> Bool {
        guard let elements = sequence.as(SequenceExprSyntax.self)?.elements, elements.count == 3,
              let upper = elements.last?.as(IntegerLiteralExprSyntax.self),
              elements.first?.is(IntegerLiteralExprSyntax.self) == true,
              let bound = Int(upper.literal.text.filter { $0 != "_" }) else { return false }
        return bound <= 100
    }
}
