// The examples that specify `ActorReentrancyStaleState`: the registry tests run every one, and
// `actorlint rule` shows the first of each kind.
extension ActorReentrancyStaleState {
    static let triggeringExamples: [RuleExample] = [
        // The classic: two callers both miss the cache and both download.
        """
        actor ThumbnailCache {
            private var images: [URL: Data] = [:]
            func image(for url: URL, loader: Loader) async throws -> Data {
                if let cached = images[url] { return cached }
                let data = try await loader.load(url)
                ↓images[url] = data
                return data
            }
        }
        """,
        // Check-then-act on a balance: two withdrawals can both pass the check.
        """
        actor Account {
            var balance = 0
            func withdraw(_ amount: Int, bank: Bank) async throws {
                guard balance >= amount else { throw BankError.insufficientFunds }
                try await bank.authorize(amount)
                ↓balance -= amount
            }
        }
        """,
        // A local copy written back after the await undoes other calls' changes.
        """
        actor Counter {
            private var count = 0
            func incrementAfterLogging(_ log: Log) async {
                let current = count
                await log.write("incrementing from \\(current)")
                ↓count = current + 1
            }
        }
        """,
        // In an extension of an actor declared in the same file, with a mutating call.
        """
        actor Registry {
            var names: [String] = []
        }
        extension Registry {
            func register(_ name: String, validator: Validator) async {
                if !names.contains(name) {
                    let valid = await validator.check(name)
                    if valid { ↓names.append(name) }
                }
            }
        }
        """,
    ]

    static let nonTriggeringExamples: [RuleExample] = [
        // Re-checked after the await.
        """
        actor ThumbnailCache {
            private var images: [URL: Data] = [:]
            func image(for url: URL, loader: Loader) async throws -> Data {
                if let cached = images[url] { return cached }
                let data = try await loader.load(url)
                if let winner = images[url] { return winner }
                images[url] = data
                return data
            }
        }
        """,
        // No await between check and write: the actor runs this atomically.
        """
        actor Account {
            var balance = 0
            func withdraw(_ amount: Int) throws {
                guard balance >= amount else { throw BankError.insufficientFunds }
                balance -= amount
            }
        }
        """,
        // The state is claimed before the await, so a second call sees it.
        """
        actor Refresher {
            var isRefreshing = false
            var items: [String] = []
            func refresh(api: API) async {
                guard !isRefreshing else { return }
                isRefreshing = true
                items = await api.items()
                isRefreshing = false
            }
        }
        """,
        // Sharing the in-flight task: the recommended fix.
        """
        actor ThumbnailCache {
            private var tasks: [URL: Task<Data, Error>] = [:]
            func image(for url: URL, loader: Loader) async throws -> Data {
                if let task = tasks[url] { return try await task.value }
                let task = Task { try await loader.load(url) }
                tasks[url] = task
                return try await task.value
            }
        }
        """,
        // The decision is recorded before suspending (the in-flight task), so a second caller
        // joins it; storing the result afterwards acts on nothing stale. `data` is bound twice.
        """
        actor ImageLoader {
            private var cache: [URL: Data] = [:]
            private var inFlight: [URL: Task<Data, Error>] = [:]
            func image(_ url: URL, client: Client) async throws -> Data {
                if let data = cache[url] { return data }
                if let task = inFlight[url] { return try await task.value }
                let task = Task { try await client.get(url) }
                inFlight[url] = task
                let data = try await task.value
                cache[url] = data
                inFlight[url] = nil
                return data
            }
        }
        """,
        // Not an actor: a class has other problems, not this one.
        """
        final class Cache {
            var images: [URL: Data] = [:]
            func image(for url: URL, loader: Loader) async throws -> Data {
                if let cached = images[url] { return cached }
                let data = try await loader.load(url)
                images[url] = data
                return data
            }
        }
        """,
        // The await is in the other branch.
        """
        actor Store {
            var value = 0
            func update(_ remote: Remote) async {
                if value == 0 {
                    value = 1
                } else {
                    await remote.notify(value)
                }
            }
        }
        """,
        // After the await the method checks the actor's state again and leaves if the work
        // was overtaken (here: the file was removed meanwhile).
        """
        actor TestIndex {
            private var indexed: [URL: Date] = [:]
            private var removed: Set<URL> = []
            func rescan(_ url: URL, scanner: Scanner) async {
                guard indexed[url] == nil else { return }
                let date = await scanner.modificationDate(of: url)
                guard !removed.contains(url) else { return }
                indexed[url] = date
            }
        }
        """,
        // A fresh read after the await, written back: not stale.
        """
        actor Counter {
            private var count = 0
            func increment(_ log: Log) async {
                await log.write("incrementing")
                let current = count
                count = current + 1
            }
        }
        """,
        // The await happens only inside a task started here; this method never suspends.
        """
        actor Poller {
            var started = false
            func start(api: API) {
                if !started {
                    Task { await api.ping() }
                    started = true
                }
            }
        }
        """,
    ]
}
