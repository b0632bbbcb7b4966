import SwiftSyntax

/// A debounce built by hand in a SwiftUI view, where `.task(id:)` does the job.
struct DebounceWithTaskID: Rule {
    /// Its findings are task creations (`TaskCreation`: a callee starting with `Task`).
    static let triggers = ["Task"]

    static let description = RuleDescription(
        id: "debounce-with-task-id",
        category: .tasks,
        summary: "A hand-made debounce (`.onChange` + `Task` + `Task.sleep`, or a stored task cancelled and replaced) in a SwiftUI view: use `.task(id:)`",
        rationale: """
            `.task(id: value) { … }` (iOS 15+) starts its work when the view appears, cancels the \
            running task and starts a new one whenever `value` changes, and cancels the last one \
            when the view disappears. With `try await Task.sleep(for: …)` at the top of the body, \
            a change that arrives during the sleep cancels it (the sleep throws), so only the \
            value the user paused on does the work: a debounce. Built by hand, it needs a \
            `@State` task property, a `cancel()` before every new task and one more in \
            `onDisappear`; without the cancel it is not a debounce at all, only a delay, and \
            every change still does the work. Starting a task in `.onChange` without a sleep is \
            not a debounce and is left alone, unless it cancels and replaces a stored task, \
            which is again `.task(id:)`. (seed 001, ".task in SwiftUI"; seed 000, checklist 5)
            """,
        triggering: [
            // A delay, not a debounce: nothing is cancelled, every change searches.
            """
            struct SearchScreen: View {
                @State private var query = ""
                @State private var results: [String] = []
                var body: some View {
                    List(results, id: \\.self) { Text($0) }
                        .searchable(text: $query)
                        .onChange(of: query) { _, newValue in
                            ↓Task {
                                try await Task.sleep(for: .milliseconds(300))
                                results = await search(newValue)
                            }
                        }
                }
            }
            """,
            // The classic hand-stored debounce.
            """
            struct CitySearch: View {
                @State private var text = ""
                @State private var lookup: Task<Void, Never>?
                var body: some View {
                    TextField("City", text: $text)
                        .onChange(of: text) {
                            lookup?.cancel()
                            lookup = ↓Task {
                                do {
                                    try await Task.sleep(nanoseconds: 250_000_000)
                                    await suggest(text)
                                } catch {}
                            }
                        }
                        .onDisappear { lookup?.cancel() }
                }
            }
            """,
            // The same thing in a helper method of the view.
            """
            struct TagEditor: View {
                @State private var draft = ""
                @State private var validation: Task<Void, Never>?
                var body: some View {
                    TextField("Tag", text: $draft).onSubmit { scheduleValidation() }
                }
                private func scheduleValidation() {
                    validation?.cancel()
                    validation = ↓Task {
                        try? await Task.sleep(for: .seconds(1))
                        await validate(draft)
                    }
                }
            }
            """,
            // Cancel-and-restart on every change, without a sleep: still `.task(id:)`.
            """
            struct UserDetail: View {
                let userID: Int
                @State private var loading: Task<Void, Never>?
                var body: some View {
                    Text("User").onChange(of: userID, initial: true) {
                        loading?.cancel()
                        loading = ↓Task { await load(userID) }
                    }
                }
            }
            """,
        ],
        nonTriggering: [
            // The recommended form.
            """
            struct SearchScreen: View {
                @State private var query = ""
                @State private var results: [String] = []
                var body: some View {
                    List(results, id: \\.self) { Text($0) }
                        .searchable(text: $query)
                        .task(id: query) {
                            do {
                                try await Task.sleep(for: .milliseconds(300))
                                results = await search(query)
                            } catch {}
                        }
                }
            }
            """,
            // `.onChange` that starts work without sleeping is not a debounce.
            """
            struct Editor: View {
                @State private var draft = ""
                let store: DraftStore
                var body: some View {
                    TextEditor(text: $draft).onChange(of: draft) { Task { await store.save(draft) } }
                }
            }
            """,
            // A timed reset after a tap is a delay by design.
            """
            struct CopyButton: View {
                @State private var copied = false
                var body: some View {
                    Button(copied ? "Copied" : "Copy") {
                        copied = true
                        Task {
                            try? await Task.sleep(for: .seconds(2))
                            copied = false
                        }
                    }
                }
            }
            """,
            // Work first, then a pause: not a debounce.
            """
            struct Saver: View {
                @State private var text = ""
                @State private var saved = false
                var body: some View {
                    TextField("Note", text: $text).onChange(of: text) {
                        Task {
                            await persist(text)
                            saved = true
                            try? await Task.sleep(for: .seconds(1))
                            saved = false
                        }
                    }
                }
            }
            """,
            // A view model is not a view: `.task(id:)` is not available there.
            """
            @MainActor final class SearchModel {
                private var pending: Task<Void, Never>?
                func queryChanged(_ text: String) {
                    pending?.cancel()
                    pending = Task {
                        try? await Task.sleep(for: .milliseconds(300))
                        await run(text)
                    }
                }
            }
            """,
        ]
    )

    func violations(in context: RuleContext) -> [Violation] {
        let facts = FileFacts(context.file)
        return context.file.functionCalls.compactMap { call in
            guard let task = TaskCreation(call), let owner = OwnerType(enclosing: call, facts), owner.isSwiftUIView
            else { return nil }
            let modifier = task.call.enclosingClosure?.invocation?.call
            let modifierName = modifier.flatMap { modifier -> String? in
                guard modifier.calledExpression.is(MemberAccessExprSyntax.self),
                      let name = modifier.calleeName, ["onChange", "onSubmit"].contains(name) else { return nil }
                return name
            }
            let sleeps = startsWithSleep(task.body)
            let replaces = StoredTask(task, facts).map(cancelsBeforeReplacing) ?? false
            let message: String
            switch (sleeps, replaces) {
            case (true, true):
                message = "This is a hand-made debounce: cancel the stored task, start one that sleeps. " +
                    "`.task(id: value) { try await Task.sleep(for: …); … }` does the same, and also cancels " +
                    "when the view disappears, without a `@State` task property."
            case (true, false) where modifierName != nil:
                message = "Every change starts another task that sleeps and then does the work, and none " +
                    "is cancelled: this delays the work but does not debounce it. `.task(id: value) { try " +
                    "await Task.sleep(for: …); … }` cancels the previous run (its sleep throws) when the value " +
                    "changes, and the last one when the view disappears."
            case (false, true) where modifierName == "onChange":
                message = "Cancelling the stored task and starting a new one on every change is what " +
                    "`.task(id: value) { … }` does, tied to the view's lifetime and without a `@State` task property."
            default:
                return nil
            }
            return context.violation(message, at: call.calledExpression)
        }
    }

    /// The task's first suspension is a sleep (`Task.sleep`, `clock.sleep`), not inside a loop.
    private func startsWithSleep(_ body: ClosureExprSyntax) -> Bool {
        guard let first = collect(AwaitExprSyntax.self, in: body.statements, skippingNestedClosures: true).first,
              let call = first.expression.as(FunctionCallExprSyntax.self), call.isSleep else { return false }
        let inLoop = first.ancestorOrSelf { node in
            node.is(ForStmtSyntax.self) || node.is(WhileStmtSyntax.self) || node.is(RepeatStmtSyntax.self)
        }.map { $0.isInside(body) } ?? false
        return !inLoop
    }

    /// `x?.cancel()` in an earlier statement of the block where `x = Task { … }` happens.
    private func cancelsBeforeReplacing(_ stored: StoredTask) -> Bool {
        guard let item = stored.task.call.ancestorOrSelf(where: { $0.is(CodeBlockItemSyntax.self) }),
              let list = item.parent?.as(CodeBlockItemListSyntax.self) else { return false }
        return list.contains { earlier in
            earlier.position < item.position && collect(FunctionCallExprSyntax.self, in: earlier).contains { cancel in
                guard cancel.calleeName == "cancel", cancel.arguments.isEmpty,
                      let base = cancel.calledExpression.as(MemberAccessExprSyntax.self)?.base else { return false }
                return mentions(stored.property, in: base)
            }
        }
    }
}
