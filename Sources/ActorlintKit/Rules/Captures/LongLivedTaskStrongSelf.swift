import SwiftSyntax

/// A task stored in its owner, looping for ever, holding the owner strongly: neither is released.
struct LongLivedTaskStrongSelf: Rule {
    /// Its findings are task creations (`TaskCreation`: a callee starting with `Task`).
    static let triggers = ["Task"]

    static let description = RuleDescription(
        id: "long-lived-task-strong-self",
        category: .captures,
        summary: "A stored task with a long-lived loop captures `self` strongly: the owner is never released",
        rationale: """
            A task keeps its closure's captures until it finishes. When the task runs a \
            `for await` (or `while true`, `while !Task.isCancelled`) loop, it finishes only when \
            the sequence ends or someone cancels it, and the natural place to cancel it, the \
            owner's `deinit`, never runs while the task holds the owner: the object owns the \
            task through the property, the task owns the object through its closure. Capture \
            `self` weakly and unwrap it inside the loop, so the owner can go away between two \
            elements and the next unwrap ends the task. (seed 000, "when [weak self] still \
            matters", the ticker example and checklist 4)
            """,
        fix: FixInfo(.unsafe, """
            Adds `[weak self]` to the task's capture list and `guard let self else { return }` \
            as the first statement of the loop. Offered when the task has one such loop, uses \
            `self` only inside it, and is not in an actor (there a weak capture would take the \
            task off the actor). Unsafe: the task now ends when its owner goes away.
            """),
        triggering: [
            """
            final class PriceTicker {
                var price = 0
                var updates: Task<Void, Never>?
                func start(_ feed: AsyncStream<Int>) {
                    updates = ↓Task {
                        for await value in feed {
                            price = value
                        }
                    }
                }
            }
            """,
            """
            actor Heartbeat {
                private var loop: Task<Void, Never>?
                func start() {
                    self.loop = ↓Task.detached(priority: .background) {
                        while true {
                            try? await Task.sleep(for: .seconds(1))
                            await self.beat()
                        }
                    }
                }
                func beat() {}
            }
            """,
            // An explicit strong capture, and a task kept in a dictionary.
            """
            final class Presence {
                var watchers: [String: Task<Void, Never>] = [:]
                func watch(_ room: String, _ events: AsyncStream<String>) {
                    watchers[room] = ↓Task { [self] in
                        for await event in events { handle(event) }
                    }
                }
                func handle(_ event: String) {}
            }
            """,
            // Even a use before the loop keeps self alive: captures live as long as the task.
            """
            final class Recorder {
                let name = "mic"
                var session: Task<Void, Never>?
                func begin(_ levels: AsyncStream<Float>) {
                    session = ↓Task {
                        print(self.name)
                        for await level in levels { print(level) }
                    }
                }
            }
            """,
        ],
        nonTriggering: [
            // The recommended form: weak capture, unwrapped inside the loop.
            """
            final class PriceTicker {
                var price = 0
                var updates: Task<Void, Never>?
                func start(_ feed: AsyncStream<Int>) {
                    updates = Task { [weak self] in
                        for await value in feed {
                            guard let self else { return }
                            price = value
                        }
                    }
                }
                deinit { updates?.cancel() }
            }
            """,
            // The loop never touches self: only the stream and a local are captured.
            """
            final class Logger {
                var pump: Task<Void, Never>?
                func start(_ lines: AsyncStream<String>, sink: FileSink) {
                    pump = Task {
                        for await line in lines { await sink.write(line) }
                    }
                }
            }
            """,
            // A SwiftUI view is a value: there is no object to keep alive.
            """
            struct Clock: View {
                @State private var ticks: Task<Void, Never>?
                @State private var now = Date()
                var body: some View {
                    Text(now, style: .time).onAppear {
                        ticks = Task {
                            while !Task.isCancelled {
                                try? await Task.sleep(for: .seconds(1))
                                now = Date()
                            }
                        }
                    }
                }
            }
            """,
            // A finite body releases self when it ends.
            """
            final class Feed {
                var items: [Int] = []
                var loading: Task<Void, Never>?
                func reload() { loading = Task { items = await fetch() } }
            }
            """,
            // Unowned: no cycle (a crash instead if misused, but not a leak).
            """
            final class Meter {
                var level = 0
                var reader: Task<Void, Never>?
                func start(_ samples: AsyncStream<Int>) {
                    reader = Task { [unowned self] in
                        for await sample in samples { level = sample }
                    }
                }
            }
            """,
            // A local handle, not a property of the owner.
            """
            final class Probe {
                var last = 0
                func sample(_ values: AsyncStream<Int>) async {
                    let reading = Task { for await value in values { last = value } }
                    await reading.value
                }
            }
            """,
        ],
        corrections: [
            CorrectionExample(
                """
                import Foundation

                @MainActor final class PriceTicker {
                    var price = 0
                    var updates: Task<Void, Never>?

                    func start(_ feed: AsyncStream<Int>) {
                        updates = Task {
                            for await value in feed {
                                price = value
                            }
                        }
                    }

                    deinit { updates?.cancel() }
                }
                """,
                """
                import Foundation

                @MainActor final class PriceTicker {
                    var price = 0
                    var updates: Task<Void, Never>?

                    func start(_ feed: AsyncStream<Int>) {
                        updates = Task { [weak self] in
                            for await value in feed {
                                guard let self else { return }
                                price = value
                            }
                        }
                    }

                    deinit { updates?.cancel() }
                }
                """),
            CorrectionExample(
                """
                import Foundation

                @MainActor final class Presence {
                    var watchers: [String: Task<Void, Never>] = [:]
                    var seen: [String] = []

                    func handle(_ event: String) { seen.append(event) }

                    func watch(_ room: String, _ events: AsyncStream<String>) {
                        watchers[room] = Task { @MainActor [self] in
                            for await event in events { handle(event) }
                        }
                    }

                    func leave(_ room: String) { watchers[room]?.cancel() }
                }
                """,
                """
                import Foundation

                @MainActor final class Presence {
                    var watchers: [String: Task<Void, Never>] = [:]
                    var seen: [String] = []

                    func handle(_ event: String) { seen.append(event) }

                    func watch(_ room: String, _ events: AsyncStream<String>) {
                        watchers[room] = Task { @MainActor [weak self] in
                            for await event in events {
                                guard let self else { return }
                                handle(event)
                            }
                        }
                    }

                    func leave(_ room: String) { watchers[room]?.cancel() }
                }
                """),
        ]
    )

    func violations(in context: RuleContext) -> [Violation] {
        let facts = FileFacts(context.file)
        return context.file.functionCalls.compactMap { call in
            guard let task = TaskCreation(call), let stored = StoredTask(task, facts), stored.owner.isReferenceType,
                  !task.body.capturesSelfWithoutOwning, let loop = task.body.longLivedLoops.first else { return nil }
            let uses = strongSelfUses(in: task.body, owner: stored.owner)
            guard !uses.isEmpty || task.body.capturesSelfStrongExplicitly else { return nil }
            return context.violation(
                "This task is stored in `\(stored.property)` and runs a \(loop.loopKind) that ends only when " +
                "its sequence does or the task is cancelled, while its closure holds `self` strongly: the " +
                "object owns the task and the task owns the object, so neither is released and the " +
                "`deinit` that could cancel the task never runs. Capture `[weak self]` and unwrap it " +
                "inside the loop.",
                at: call.calledExpression, fix: fix(task, stored: stored, uses: uses, context))
        }
    }

    /// What makes the closure hold `self`: `self`/`super`, nested closures capturing `self`, and
    /// bare names of the owner's members (implicit `self`).
    private func strongSelfUses(in closure: ClosureExprSyntax, owner: OwnerType) -> [Syntax] {
        let members = owner.memberNames
        let locals = LocalNames(around: closure)
        let references = locals.selfReferences(in: closure.statements).filter { reference in
            if reference.isExplicitSelf { return true }
            guard let name = reference.as(DeclReferenceExprSyntax.self)?.baseName.text else { return false }
            return members.contains(name.replacingBackticks.replacingOccurrences(of: "$", with: ""))
        }
        let captures = collect(ClosureCaptureSyntax.self, in: closure.statements, within: .everything).filter(\.isSelf).map(Syntax.init)
        return references + captures
    }

    private func fix(_ task: TaskCreation, stored: StoredTask, uses: [Syntax], _ context: RuleContext) -> Fix? {
        let loops = task.body.longLivedLoops
        guard stored.owner.kind == .class, loops.count == 1, let body = loops[0].loopBody,
              uses.allSatisfy({ $0.isInside(body) }) else { return nil }
        // Bare names that might be members the file does not show (inherited ones) count too.
        let locals = LocalNames(around: task.body)
        guard locals.selfReferences(in: task.body.statements).allSatisfy({ $0.isInside(body) }) else { return nil }
        let builder = EditBuilder(context.file)
        return Fix(title: "Capture `self` weakly and unwrap it inside the loop", safety: .unsafe, edits: [
            builder.addWeakSelf(to: task.body),
            builder.insertFirst("guard let self else { return }", in: body),
        ])
    }
}
