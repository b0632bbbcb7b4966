// The examples that specify `ActorReentrancyStaleState`: the registry tests run every one, and
// `actorlint rule` shows the first of each kind.
extension ActorReentrancyStaleState {
    static let triggeringExamples: [RuleExample] = [
        // The classic: "not cached, so load and store", while another method stores under the
        // same key (a prefetch finishing meanwhile is overwritten).
        """
        actor ThumbnailCache {
            private var images: [URL: Data] = [:]
            func image(for url: URL, loader: Loader) async throws -> Data {
                if let cached = images[url] { return cached }
                let data = try await loader.load(url)
                ↓images[url] = data
                return data
            }
            func prefetched(_ data: Data, for url: URL) {
                images[url] = data
            }
        }
        """,
        // Check-then-act on a balance that another method lowers.
        """
        actor Account {
            var balance = 0
            func withdraw(_ amount: Int, bank: Bank) async throws {
                guard balance >= amount else { throw BankError.insufficientFunds }
                try await bank.authorize(amount)
                ↓balance -= amount
            }
            func charge(_ fee: Int) {
                balance -= fee
            }
        }
        """,
        // A local copy written back after the await undoes another method's change.
        """
        actor Counter {
            private var count = 0
            func incrementAfterLogging(_ log: Log) async {
                let current = count
                await log.write("incrementing from \\(current)")
                ↓count = current + 1
            }
            func reset() {
                count = 0
            }
        }
        """,
        // In an extension of an actor declared in the same file, with a mutating call; the
        // other writer adds names too.
        """
        actor Registry {
            var names: [String] = []
            func add(_ name: String) { names.append(name) }
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
        // The check found `.ready`; another method can set `.cancelled` meanwhile, and this
        // write would overwrite it.
        """
        actor Upload {
            enum Phase { case ready, cancelled, done }
            var phase = Phase.ready
            func run(client: Client) async throws {
                guard phase == .ready else { return }
                try await client.send()
                ↓phase = .done
            }
            func cancel() { phase = .cancelled }
        }
        """,
    ]

    static let nonTriggeringExamples: [RuleExample] = [
        // Only this method writes the cache: a second call of it could overlap only if callers
        // run it concurrently, which the code does not show (a serial queue may rule it out).
        """
        actor ThumbnailCache {
            private var images: [URL: Data] = [:]
            func image(for url: URL, loader: Loader) async throws -> Data {
                if let cached = images[url] { return cached }
                let data = try await loader.load(url)
                images[url] = data
                return data
            }
        }
        """,
        // The other method only removes entries: the check "nothing cached" still holds after it.
        """
        actor ThumbnailCache {
            private var images: [URL: Data] = [:]
            func image(for url: URL, loader: Loader) async throws -> Data {
                if let cached = images[url] { return cached }
                let data = try await loader.load(url)
                images[url] = data
                return data
            }
            func clear() { images.removeAll() }
        }
        """,
        // A stale-or-missing check; the other method only clears the cache, which keeps it true.
        """
        actor Contributors {
            private var cache: (names: [String], date: Date)?
            func names(api: API) async throws -> [String] {
                if let hit = cache, Date().timeIntervalSince(hit.date) < 3600 { return hit.names }
                let names = try await api.contributors()
                cache = (names, Date())
                return names
            }
            func clear() { cache = nil }
        }
        """,
        // Clearing what the check found: the entry is removed whatever ran meanwhile.
        """
        actor ProgressTracker {
            private var reporters: [Int: Reporter] = [:]
            func start(_ id: Int) { reporters[id] = Reporter() }
            func finish(_ id: Int) async {
                guard let reporter = reporters[id] else { return }
                await reporter.end()
                reporters[id] = nil
            }
        }
        """,
        // A request flag consumed after the await; the other writer only sets it again.
        """
        actor Job {
            private var rescheduleRequested = false
            func requestReschedule() { rescheduleRequested = true }
            func finish(callback: Callback) async -> Bool {
                if rescheduleRequested {
                    await callback.notify()
                    rescheduleRequested = false
                    return true
                }
                return false
            }
        }
        """,
        // The other writer stores the value the check found: it cannot undo the check.
        """
        actor Upload {
            enum Phase { case ready, done }
            var phase = Phase.ready
            func run(client: Client) async throws {
                guard phase == .ready else { return }
                try await client.send()
                phase = .done
            }
            func rearm() { phase = .ready }
        }
        """,
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
            func prefetched(_ data: Data, for url: URL) { images[url] = data }
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
            func charge(_ fee: Int) { balance -= fee }
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
            func reset() { isRefreshing = false; items = [] }
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
            func prefetch(_ url: URL, loader: Loader) { tasks[url] = Task { try await loader.load(url) } }
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
            func store(_ data: Data, for url: URL) { cache[url] = data }
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
            func store(_ data: Data, for url: URL) { images[url] = data }
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
            func set(_ newValue: Int) { value = newValue }
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
            func add(_ url: URL) { indexed[url] = Date() }
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
            func reset() { count = 0 }
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
            func stop() { started = false }
        }
        """,
    ]
}
