import SwiftSyntax

/// A long-lived task kept in a property that its owner never cancels.
struct StoredTaskNeverCancelled: Rule {
    /// Its findings are task creations (`TaskCreation`: a callee starting with `Task`).
    static let triggers = ["Task"]

    static let description = RuleDescription(
        id: "stored-task-never-cancelled",
        category: .tasks,
        summary: "A `Task` with a long-lived loop is stored in a property that is never cancelled",
        rationale: """
            An unstructured task runs until its body returns; keeping its handle in a property \
            only makes cancelling it possible. A body that loops over an async sequence, or \
            `while true` / `while !Task.isCancelled`, returns only when the sequence ends or the \
            task is cancelled, so if the owner never calls `cancel()` the loop keeps running, \
            and keeps everything it captured alive, after the screen or object is gone. Setting \
            the property to `nil` or assigning a new task does not cancel the old one. Cancel it \
            where the owner's work ends (`deinit`, `viewDidDisappear`, `onDisappear`, a `stop()` \
            method); in SwiftUI, prefer `.task { }`, which is cancelled with the view. \
            (seed 000, the ticker example and checklist 5; seed 001, "Task" and cancellation)
            """,
        triggering: [
            """
            final class PriceTicker {
                var price = 0
                private var updates: Task<Void, Never>?
                func start(_ feed: AsyncStream<Int>) {
                    ↓updates = Task { [weak self] in
                        for await value in feed {
                            guard let self else { return }
                            price = value
                        }
                    }
                }
                func stop() { updates = nil }
            }
            """,
            """
            struct ClockFace: View {
                @State private var now = Date()
                @State private var ticking: Task<Void, Never>?
                var body: some View {
                    Text(now, style: .time).onAppear {
                        ↓ticking = Task {
                            while !Task.isCancelled {
                                try? await Task.sleep(for: .seconds(1))
                                now = Date()
                            }
                        }
                    }
                }
            }
            """,
            """
            actor Telemetry {
                private var flushers: [Task<Void, Never>] = []
                func start(_ batches: AsyncStream<[String]>) {
                    ↓flushers.append(Task {
                        for await batch in batches { await send(batch) }
                    })
                    ↓self.heartbeat = Task.detached {
                        repeat { try? await Task.sleep(for: .seconds(30)) } while true
                    }
                }
                var heartbeat: Task<Void, Never>?
                func send(_ batch: [String]) async {}
            }
            """,
        ],
        nonTriggering: [
            // Cancelled in deinit.
            """
            final class PriceTicker {
                private var updates: Task<Void, Never>?
                func start(_ feed: AsyncStream<Int>) {
                    updates = Task { for await value in feed { print(value) } }
                }
                deinit { updates?.cancel() }
            }
            """,
            // Cancelled when the screen goes away, and in a stop method in an extension.
            """
            final class TickerViewController: UIViewController {
                private var ticker: Task<Void, Never>?
                override func viewWillAppear(_ animated: Bool) {
                    super.viewWillAppear(animated)
                    ticker = Task { [weak self] in
                        for await tick in Clock.ticks { self?.show(tick) }
                    }
                }
                override func viewDidDisappear(_ animated: Bool) {
                    super.viewDidDisappear(animated)
                    ticker?.cancel()
                }
            }
            """,
            """
            final class Sync {
                var loop: Task<Void, Never>?
                func start() {
                    self.loop = Task { while true { await pull() } }
                }
            }
            extension Sync {
                func stop() {
                    self.loop?.cancel()
                    loop = nil
                }
            }
            """,
            // Collections of tasks cancelled in bulk.
            """
            final class Presence {
                var watchers: [String: Task<Void, Never>] = [:]
                var pollers: [Task<Void, Never>] = []
                func watch(_ room: String, _ events: AsyncStream<String>) {
                    watchers[room] = Task { for await event in events { print(event) } }
                    pollers.append(Task { while !Task.isCancelled { await poll() } })
                }
                func leaveAll() {
                    watchers.values.forEach { $0.cancel() }
                    for poller in pollers { poller.cancel() }
                }
            }
            """,
            // SwiftUI: cancelled in onDisappear, or the `.task` modifier does it.
            """
            struct ClockFace: View {
                @State private var now = Date()
                @State private var ticking: Task<Void, Never>?
                var body: some View {
                    Text(now, style: .time)
                        .onAppear {
                            ticking = Task {
                                while !Task.isCancelled {
                                    try? await Task.sleep(for: .seconds(1))
                                    now = Date()
                                }
                            }
                        }
                        .onDisappear { ticking?.cancel() }
                }
            }
            """,
            """
            struct ClockFace: View {
                @State private var now = Date()
                var body: some View {
                    Text(now, style: .time).task {
                        while !Task.isCancelled {
                            try? await Task.sleep(for: .seconds(1))
                            now = Date()
                        }
                    }
                }
            }
            """,
            // A finite body ends on its own.
            """
            final class Feed {
                var loading: Task<Void, Never>?
                func reload() { loading = Task { await refresh() } }
            }
            """,
        ]
    )

    func violations(in context: RuleContext) -> [Violation] {
        let facts = FileFacts(context.file)
        return context.file.functionCalls.compactMap { call in
            guard let task = TaskCreation(call), let stored = StoredTask(task, facts),
                  let loop = task.body.longLivedLoops.first, !stored.isCancelledByOwner else { return nil }
            let advice = stored.owner.isSwiftUIView
                ? "In a view, start the work with `.task { }`, which SwiftUI cancels when the view disappears, or cancel it in `.onDisappear`."
                : "Cancel it where the owner's work ends: `deinit`, `viewDidDisappear`, or a `stop()` method."
            return context.violation(
                "`\(stored.property)` keeps a task that runs a \(loop.loopKind), and nothing in `\(stored.owner.name)` " +
                "(in this file) cancels it. Replacing or dropping the handle does not stop a task: it keeps " +
                "running, and keeps what it captured alive, until its sequence ends. \(advice)",
                at: stored.target)
        }
    }
}
