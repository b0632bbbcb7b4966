// The examples that specify `StoredTaskNeverCancelled`: the registry tests run every one, and
// `actorlint rule` shows the first of each kind.
extension StoredTaskNeverCancelled {
    static let triggeringExamples: [RuleExample] = [
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
    ]

    static let nonTriggeringExamples: [RuleExample] = [
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
}
