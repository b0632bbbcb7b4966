// The examples that specify `WeakSelfStrongBeforeLoop`: the registry tests run every one, and
// `actorlint rule` shows the first of each kind.
extension WeakSelfStrongBeforeLoop {
    static let triggeringExamples: [RuleExample] = [
        """
        final class PriceBoard {
            var latest = 0
            var feed: Task<Void, Never>?
            func start(_ prices: AsyncStream<Int>) {
                feed = Task { [weak self] in
                    ↓guard let self else { return }
                    for await price in prices {
                        latest = price
                    }
                }
            }
        }
        """,
        """
        final class HeartbeatMonitor {
            func start() {
                Task { [weak self] in
                    ↓guard let self = self else { return }
                    while !Task.isCancelled {
                        try? await Task.sleep(for: .seconds(5))
                        self.beat()
                    }
                }
            }
        }
        """,
        """
        final class ChatRoom {
            func join(_ messages: AsyncThrowingStream<String, Error>) {
                Task { @MainActor [weak self] in
                    ↓guard let strongSelf = self else { return }
                    do {
                        for try await message in messages { strongSelf.append(message) }
                    } catch {
                        print(error)
                    }
                }
            }
        }
        """,
        // A `catch` that returns is where a cancelled sleep goes: no exit of the loop's own.
        """
        final class Clock {
            func tick() {
                Task { [weak self] in
                    ↓guard let self else { return }
                    while true {
                        do { try await Task.sleep(for: .seconds(1)) } catch { return }
                        advance()
                    }
                }
            }
        }
        """,
        // `if let self` around the loop has the same effect.
        """
        final class LocationTracker {
            func track(_ updates: AsyncStream<Double>) {
                Task { [weak self] in
                    ↓if let self {
                        for await update in updates { record(update) }
                    }
                }
            }
        }
        """,
        // Reported without a fix: the sequence itself comes from self.
        """
        final class Downloader {
            let progress = AsyncStream<Double> { _ in }
            func observe() {
                Task { [weak self] in
                    ↓guard let self else { return }
                    for await value in progress { show(value) }
                }
            }
        }
        """,
    ]

    static let nonTriggeringExamples: [RuleExample] = [
        // The creating method awaits the task: `self` is held by that call for the whole loop.
        """
        final class Uploader {
            func upload(_ parts: AsyncStream<Int>) async {
                let sending = Task { [weak self] in
                    guard let self else { return }
                    for await part in parts { await send(part) }
                }
                await sending.value
            }
        }
        """,
        """
        final class Syncer {
            func drain(_ changes: AsyncStream<Int>) async {
                await Task { [weak self] in
                    guard let self else { return }
                    for await change in changes { apply(change) }
                }.value
            }
        }
        """,
        // A polling loop with an exit condition of its own ends by itself: not a sequence that
        // the owner holds open.
        """
        final class ExportProgress {
            func watch(_ job: ExportJob) {
                Task { [weak self] in
                    guard let self else { return }
                    while await job.isRunning() {
                        show(await job.progress())
                        try? await Task.sleep(for: .seconds(1))
                    }
                }
            }
        }
        """,
        """
        final class StatusPoller {
            func poll(_ server: Server) {
                Task { [weak self] in
                    guard let self else { return }
                    while true {
                        let status = await server.status()
                        update(status)
                        if status.isFinal { break }
                        try? await Task.sleep(for: .seconds(2))
                    }
                }
            }
        }
        """,
        // The recommended shape: unwrap per element, inside the loop.
        """
        final class PriceBoard {
            var latest = 0
            func start(_ prices: AsyncStream<Int>) {
                Task { [weak self] in
                    for await price in prices {
                        guard let self else { return }
                        latest = price
                    }
                }
            }
        }
        """,
        // A finite body: the unwrap ends with the task (reflexive-weak-self covers the capture).
        """
        final class Profile {
            func reload() {
                Task { [weak self] in
                    guard let self else { return }
                    await refresh()
                }
            }
        }
        """,
        // A loop over an array is not long-lived.
        """
        final class Importer {
            func run(_ files: [String]) {
                Task { [weak self] in
                    guard let self else { return }
                    for file in files { await importFile(file) }
                }
            }
        }
        """,
        // The unwrap lives in a nested closure, not around the loop.
        """
        final class Feed {
            func start(_ items: AsyncStream<Int>) {
                Task { [weak self] in
                    for await item in items {
                        await MainActor.run { [weak self] in
                            guard let self else { return }
                            show(item)
                        }
                    }
                }
            }
        }
        """,
        // A strong capture is a different finding (long-lived-task-strong-self).
        """
        final class PriceBoard {
            var latest = 0
            func start(_ prices: AsyncStream<Int>) {
                Task {
                    for await price in prices { latest = price }
                }
            }
        }
        """,
        // The guard comes after the loop.
        """
        final class Recorder {
            func record(_ samples: AsyncStream<Int>) {
                Task { [weak self] in
                    var total = 0
                    for await sample in samples { total += sample }
                    guard let self else { return }
                    save(total)
                }
            }
        }
        """,
    ]

    static let correctionExamples: [CorrectionExample] = [
        CorrectionExample(
            around: """
            import Foundation

            @MainActor final class PriceBoard {
                var latest = 0
                var feed: Task<Void, Never>?

                func start(_ prices: AsyncStream<Int>) {
                    feed = Task { [weak self] in

            """,
            before: """
                        guard let self else { return }
                        for await price in prices {
            """,
            after: """
                        for await price in prices {
                            guard let self else { return }
            """,
            end: """

                            latest = price
                        }
                    }
                }

                deinit { feed?.cancel() }
            }
            """),
        CorrectionExample(
            around: """
            import Foundation

            @MainActor final class ChatRoom {
                var lines: [String] = []
                var listener: Task<Void, Never>?

                func join(_ messages: AsyncThrowingStream<String, Error>) {
                    listener = Task { [weak self] in
                        print("joined")

            """,
            before: """
                        guard let strongSelf = self else {
                            return
                        }
                        do {
                            for try await message in messages { strongSelf.lines.append(message) }
            """,
            after: """
                        do {
                            for try await message in messages {
                                guard let strongSelf = self else {
                                    return
                                }
                                strongSelf.lines.append(message)
                            }
            """,
            end: """

                        } catch {
                            print(error)
                        }
                    }
                }

                func leave() { listener?.cancel() }
            }
            """),
    ]
}
