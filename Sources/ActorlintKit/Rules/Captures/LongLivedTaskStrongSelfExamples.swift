// The examples that specify `LongLivedTaskStrongSelf`: the registry tests run every one, and
// `actorlint rule` shows the first of each kind.
extension LongLivedTaskStrongSelf {
    static let triggeringExamples: [RuleExample] = [
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
        // Cancelled only in `deinit`, which the cycle keeps from running.
        """
        @MainActor final class SessionWatcher {
            var state = ""
            var watching: Task<Void, Never>?
            func start(_ changes: AsyncStream<String>) {
                watching?.cancel()
                watching = ↓Task {
                    for await change in changes { state = change }
                }
            }
            deinit { watching?.cancel() }
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
    ]

    static let nonTriggeringExamples: [RuleExample] = [
        // The owner has a stop method that cancels the task: whoever owns the object ends the
        // loop there, on purpose.
        """
        actor TokenRefresher {
            private var refreshing: Task<Void, Never>?
            func start() {
                refreshing?.cancel()
                refreshing = Task {
                    while !Task.isCancelled {
                        await refresh()
                        try? await Task.sleep(for: .seconds(30))
                    }
                }
            }
            func stop() { refreshing?.cancel() }
            func refresh() async {}
        }
        """,
        // A poll that ends when its own condition comes true.
        """
        final class ExportWatcher {
            var progress = 0.0
            var watching: Task<Void, Never>?
            func watch(_ job: ExportJob) {
                watching = Task {
                    while await job.isRunning() {
                        progress = await job.progress()
                    }
                }
            }
        }
        """,
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
    ]

    static let correctionExamples: [CorrectionExample] = [
        CorrectionExample(
            around: """
            import Foundation

            @MainActor final class PriceTicker {
                var price = 0
                var updates: Task<Void, Never>?

                func start(_ feed: AsyncStream<Int>) {

            """,
            before: """
                    updates = Task {
                        for await value in feed {
            """,
            after: """
                    updates = Task { [weak self] in
                        for await value in feed {
                            guard let self else { return }
            """,
            end: """

                            price = value
                        }
                    }
                }

                deinit { updates?.cancel() }
            }
            """),
        CorrectionExample(
            around: """
            import Foundation

            @MainActor final class Presence {
                var watchers: [String: Task<Void, Never>] = [:]
                var seen: [String] = []

                func handle(_ event: String) { seen.append(event) }

                func watch(_ room: String, _ events: AsyncStream<String>) {

            """,
            before: """
                    watchers[room] = Task { @MainActor [self] in
                        for await event in events { handle(event) }
            """,
            after: """
                    watchers[room] = Task { @MainActor [weak self] in
                        for await event in events {
                            guard let self else { return }
                            handle(event)
                        }
            """,
            end: """

                    }
                }

                deinit { watchers.values.forEach { $0.cancel() } }
            }
            """),
    ]
}
