import SwiftSyntax

/// `let a = try await f(); let b = try await g()` where `g` needs nothing from `f`, and both wait
/// on work outside the caller: the second waits for the first for no reason; `async let` runs
/// both at once.
struct SequentialIndependentAwaits: Rule {
    /// Its findings are runs of awaited statements.
    static let triggers = ["await"]

    static let description = RuleDescription(
        id: "sequential-independent-awaits",
        category: .structured,
        summary: "Consecutive awaits that wait on independent work: start them together with `async let`",
        rationale: """
            Each `await` suspends until its call has finished, so two awaited calls written one \
            after the other run one after the other even when the second does not need the \
            first: a screen that makes two independent requests this way takes the sum of both \
            latencies to load. `async let` starts each call as a child task right away and \
            suspends only where the value is read, so the wait is the longest call instead of \
            the sum; the child tasks stay structured (cancelled together, never outliving the \
            scope). The rule reports only calls it can follow into the module's own functions \
            (and those of the modules it imports) to something that waits: a URLSession \
            transfer, a sleep, or a callback through a continuation. It stays quiet when a later \
            call uses an earlier value or state an earlier call writes, when a call is a \
            `mutating` method, when an earlier call can throw and the later one is not known to \
            only read (an HTTP GET), when both run on one actor or wait for callbacks of one \
            object, when a comment asks for the order, inside loops, `defer` and tests. \
            (SE-0317)
            """,
        limits: """
            What it cannot follow carries no evidence, so it stays quiet about calls into \
            packages outside the run, framework APIs other than URLSession, closure \
            parameters, protocol requirements whose conformers disagree, and synchronous work \
            inside async functions. A callee that waits only inside a loop or on some of its \
            paths is not known to wait. Calls are resolved by name and argument labels, and by \
            the receiver's type where the code declares it. Work serialized inside a callee (a \
            lock, a serial queue) is not seen unless its callbacks come from the same object. A \
            plain `let` or an assignment between the calls is passed only when it calls nothing \
            with effects and the later call neither reads nor writes what it sets.
            """,
        fix: FixInfo(.unsafe, """
            Rewrites each `let x = try await call()` to `async let x = call()` and each \
            `x = try await call()` to `async let newX: T = call()` (`T` as `x` is declared) followed, after the last of \
            them, by `x = try await newX` (a statement between the calls that reads a value \
            moves there too); `try await` (or `await`) goes in front of the \
            statements that read the values. Offered only when every later read sits in a plain \
            statement (not in a closure or `defer`) and Swift 6 accepts the child tasks (Sendable \
            captures and results). Unsafe: the calls now run at the same time, so if the first \
            throws, the second has already started (it is cancelled and awaited when the scope \
            ends).
            """),
        triggering: triggeringExamples,
        nonTriggering: nonTriggeringExamples,
        corrections: correctionExamples
    )

    func violations(in context: RuleContext) -> [Violation] {
        // A block with two awaited statements is the nearest block of each of their `await`s.
        var seen: Set<SyntaxIdentifier> = []
        let lists = context.file.awaits.compactMap { awaited -> CodeBlockItemListSyntax? in
            var current = awaited.parent
            while let node = current, !node.isContextBoundary {
                if let list = node.as(CodeBlockItemListSyntax.self) { return seen.insert(list.id).inserted ? list : nil }
                current = node.parent
            }
            return nil
        }
        return lists.flatMap { violations(in: $0, context) }
    }

    private func violations(in list: CodeBlockItemListSyntax, _ context: RuleContext) -> [Violation] {
        let items = Array(list)
        let steps = items.map(AwaitedStep.init)
        // Most blocks have no two awaited statements; skip the ancestor walks below for them.
        guard steps.count(where: { $0 != nil }) >= 2 else { return [] }
        // Loops repeat the pair (often deliberately paced); `defer` bodies cannot keep child tasks.
        if list.nearest(within: .context, where: { Flow.isLoop($0) || $0.is(DeferStmtSyntax.self) }) != nil { return [] }
        // Tests sequence their awaits on purpose: the order is what they check.
        if TestCode.contains(list, in: context.file) { return [] }
        // A `mutating` method's (or a value's initializer's) `self` cannot go into a child task.
        if let function = list.nearest(FunctionDeclSyntax.self), function.modifiers.contains(where: { $0.name.text == "mutating" }) {
            return []
        }
        let overlap = AwaitOverlap(isolation: context.isolation, at: list, facts: FileFacts(context.file))
        // Each statement's evidence, worked out once when first asked for.
        var evidenceFound = [AwaitOverlap.Evidence?](repeating: nil, count: items.count)
        var evidenceAsked = [Bool](repeating: false, count: items.count)
        func evidence(_ index: Int) -> AwaitOverlap.Evidence? {
            if !evidenceAsked[index] {
                evidenceAsked[index] = true
                evidenceFound[index] = steps[index].flatMap(overlap.evidence)
            }
            return evidenceFound[index]
        }
        var violations: [Violation] = []
        var index = 0
        while index < items.count {
            guard let first = evidence(index) else { index += 1; continue }
            var group = [first]
            var gap: [CodeBlockItemSyntax] = [], pending: [CodeBlockItemSyntax] = []
            var gapNames: Set<String> = [], gapWrites: Set<String> = []
            var next = index + 1
            while next < items.count {
                if let later = evidence(next) {
                    // What the statements between write: the later call must neither read it nor write it again.
                    let touches = later.receiver == "self" ? later.effects.reads.union(later.effects.writes) : []
                    guard !later.step.mentions(gapNames.union(gapWrites)), touches.isDisjoint(with: gapWrites),
                          later.step.shape == .binding || gapWrites.isDisjoint(with: later.step.names),
                          group.allSatisfy({ overlap.dependency(of: later, on: $0) == nil }) else { break }
                    group.append(later)
                    gap += pending
                    pending = []
                } else if steps[next] == nil, let passable = overlap.passable(items[next]) {
                    pending.append(items[next])
                    gapNames.formUnion(passable.bound)
                    gapWrites.formUnion(passable.assigned)
                } else {
                    break
                }
                next += 1
            }
            // Plain `let`s and assignments after the last call are not part of the run.
            next -= pending.count
            guard group.count >= 2 else { index += 1; continue }
            if !asksForOrder(group.map(\.step), in: list) {
                violations.append(violation(for: group, gap: gap, rest: items[next...], context))
            }
            index = next
        }
        // The findings rest on the bodies of the functions looked up, wherever they are declared.
        for name in overlap.work.consulted.names { context.noteFunctions(named: name) }
        return violations
    }

    /// Words of a comment that asks for the order: "in a fixed order", "must run after", "needs
    /// the cookie the login sets".
    private static let orderWords = ["order", "sequen", "serial", "one at a time", "one after", "in turn", "before",
                                     "after", "must", "need", "concurren", "parallel"]

    /// A comment on the statements, or on the function around them, that speaks of their order.
    private func asksForOrder(_ steps: [AwaitedStep], in list: CodeBlockItemListSyntax) -> Bool {
        var trivia = steps.flatMap { Array($0.item.leadingTrivia) + Array($0.item.trailingTrivia) }
        if let function = list.nearest(FunctionDeclSyntax.self) { trivia += Array(function.leadingTrivia) }
        return trivia.contains { piece in
            switch piece {
            case .lineComment(let text), .blockComment(let text), .docLineComment(let text), .docBlockComment(let text):
                let lowered = text.lowercased()
                return Self.orderWords.contains { lowered.contains($0) }
            default:
                return false
            }
        }
    }

    private func violation(for group: [AwaitOverlap.Evidence], gap: [CodeBlockItemSyntax],
                           rest: ArraySlice<CodeBlockItemSyntax>, _ context: RuleContext) -> Violation {
        let first = group[0], second = group[1]
        // What the first statement produced: its names, or the part of a variable it assigns (`entry.solar`).
        let produced = first.step.target.flatMap { $0.is(TupleExprSyntax.self) ? nil : [$0.trimmedText] } ?? first.step.names
        let unused = produced.map { "`\($0)`" }.joined(separator: ", ")
        let count = group.count == 2 ? "Both" : "All \(group.count)"
        let waits: String
        if first.wait.leaf.text == second.wait.leaf.text {
            let places = [first, second].compactMap { $0.wait.through.last }.map { "`\($0)`" }
            waits = "both wait on \(first.leafPhrase)" + (places.isEmpty ? "" : " (in " + Set(places).sorted().joined(separator: ", ") + ")")
        } else {
            waits = "they wait on \(first.summary) and \(second.summary)"
        }
        let message = "`\(second.call)` does not use \(unused), yet starts only after `\(first.call)` returns, and " +
            "\(waits): the caller waits for the sum. \(count) can start at once with `async let` (SE-0317)."
        let sendability = AsyncLetSendability(file: context.file, index: context.isolation.index, module: context.module)
        var fix: Fix?
        if sendability.accepts(group, at: first.step.item),
           let edits = AsyncLetRewrite.edits(for: group.map(\.step), passing: gap, rest: rest) {
            fix = Fix(title: "Start the calls together with `async let`", safety: .unsafe, edits: edits)
        }
        return context.violation(message, at: first.step.node, fix: fix)
    }
}
