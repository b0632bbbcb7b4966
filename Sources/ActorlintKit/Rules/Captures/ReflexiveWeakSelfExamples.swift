// The examples that specify `ReflexiveWeakSelf`: the registry tests run every one, and
// `actorlint rule` shows the first of each kind.
extension ReflexiveWeakSelf {
    static let triggeringExamples: [RuleExample] = [
        """
        final class ProfileScreen {
            var name = ""
            let api = ProfileAPI()
            func reload() {
                Task { [↓weak self] in
                    let profile = await self?.api.fetch()
                    self?.name = profile?.name ?? ""
                }
            }
        }
        """,
        """
        final class Inbox {
            var unread = 0
            func refresh() {
                Task { @MainActor [↓weak self] in
                    guard let self else { return }
                    unread = await countUnread()
                }
            }
        }
        """,
        // Several captures, a priority, the old `guard let self = self` spelling.
        """
        final class Uploader {
            let queue = UploadQueue()
            func send(_ file: File) {
                Task(priority: .utility) { [↓weak self, queue] in
                    guard let self = self else { return }
                    await queue.upload(file)
                    self.didSend(file)
                }
            }
        }
        """,
        // Task.detached and a stored handle with a finite body.
        """
        final class Thumbnailer {
            var loading: Task<Void, Never>?
            func start(_ url: URL) {
                Task.detached { [↓weak self] in
                    await self?.render(url)
                }
                loading = Task { [↓weak self] in
                    guard let strongSelf = self else { return }
                    await strongSelf.prefetch(url)
                }
            }
        }
        """,
        // A task started from a closure that a queue runs once: that closure holds `self`
        // only until it runs, so nothing long-lived owns `self` either.
        """
        final class Gallery {
            var photos: [String] = []
            func didReceiveMemoryWarning() {
                DispatchQueue.main.async {
                    Task { [↓weak self] in
                        guard let self else { return }
                        photos = await reloadVisible()
                    }
                }
            }
        }
        """,
        // `self?.value ?? fallback`: reported, but no automatic fix (the types decide).
        """
        final class Meter {
            var reading: Int? = nil
            func poll() {
                Task { [↓weak self] in
                    let value = self?.reading ?? 0
                    print(value)
                }
            }
        }
        """,
        // An escaping closure that already captures weakly and unwraps before creating the
        // task: the task would capture that strong binding, and its work ends.
        """
        protocol Uploads { func onFinish(_ handler: @escaping (Int) -> Void) }
        final class UploadBadge {
            var count = 0
            func watch(_ uploads: Uploads) {
                uploads.onFinish { [weak self] total in
                    guard let self else { return }
                    Task { [↓weak self] in
                        await self?.refresh(total)
                    }
                }
            }
        }
        """,
        // A helper that waits for one event (its loop returns) ends: the task is finite.
        """
        final class Pairing {
            let states: AsyncStream<Int>
            func pair() {
                Task { [↓weak self] in
                    await self?.waitUntilConnected()
                }
            }
            private func waitUntilConnected() async {
                for await state in states where state == 2 { return }
            }
        }
        """,
        // `self` is first used after the first suspension: the message says what the weak
        // capture still does.
        """
        final class Exporter {
            func export() {
                Task { [↓weak self] in
                    let data = await Archive.shared.build()
                    guard let self else { return }
                    write(data)
                }
            }
        }
        """,
        // Reading some other `value` is not waiting for a task.
        """
        final class Totals {
            let store = Store()
            func save() {
                Task { [↓weak self] in
                    await self?.store.value.persist()
                }
            }
        }
        """,
        // In an actor the message says what the strong capture changes.
        """
        actor Cache {
            var entries: [String: Int] = [:]
            func prefetch(_ keys: [String]) {
                Task { [↓weak self] in
                    await self?.load(keys)
                }
            }
        }
        """,
    ]

    static let nonTriggeringExamples: [RuleExample] = [
        // It waits for an event of unknown length, then updates an owner that may be gone.
        """
        @MainActor final class VoiceSession {
            let player = Player()
            var phase = "speaking"
            func reply() {
                Task { [weak self] in
                    await self?.player.waitUntilPlaybackFinishes()
                    self?.phase = "listening"
                }
            }
        }
        """,
        // The body runs a helper of the same type whose loop lives until cancelled.
        """
        final class SocketClient {
            var task: Task<Void, Never>?
            func connect() {
                task = Task { [weak self] in
                    await self?.listen()
                }
            }
            private func listen() async {
                while !Task.isCancelled { await receiveNext() }
            }
        }
        """,
        // The owner stores the task and cancels it in deinit: the weak capture lets it go first.
        """
        final class ArticleController {
            var imageTask: Task<Void, Never>?
            func loadImage(_ url: URL) {
                imageTask = Task { [weak self] in
                    let image = await ImageLoader.shared.image(at: url)
                    self?.show(image)
                }
            }
            deinit { imageTask?.cancel() }
        }
        """,
        // Without an unwrap, the task's own weak capture is what spares it from capturing the
        // escaping closure's weak variable.
        """
        protocol Uploads { func onFinish(_ handler: @escaping (Int) -> Void) }
        final class UploadBadge {
            func watch(_ uploads: Uploads) {
                uploads.onFinish { [weak self] total in
                    Task { [weak self] in await self?.refresh(total) }
                }
            }
        }
        """,
        // Long-lived loop: weak capture with the unwrap inside the loop is the right tool.
        """
        final class Ticker {
            var last = 0
            var task: Task<Void, Never>?
            func start(_ prices: AsyncStream<Int>) {
                task = Task { [weak self] in
                    for await price in prices {
                        guard let self else { return }
                        last = price
                    }
                }
            }
            deinit { task?.cancel() }
        }
        """,
        // A polling loop that awaits, with any condition.
        """
        final class Poller {
            var running = true
            func start() {
                Task { [weak self] in
                    while self?.running == true {
                        await self?.poll()
                    }
                }
            }
        }
        """,
        // A delayed action: weak self deliberately skips the work for an owner that is gone.
        """
        final class Toast {
            var visible = true
            func show() {
                Task { [weak self] in
                    try? await Task.sleep(for: .seconds(3))
                    self?.visible = false
                }
            }
        }
        """,
        // Queued behind the previous task: the wait has no bound, and the work should be
        // skipped for an owner that went away in the meantime.
        """
        final class Connection {
            private var lastStep: Task<Void, Never>?
            func enqueue(_ step: Step) {
                let previous = lastStep
                lastStep = Task { [weak self] in
                    await previous?.value
                    await self?.apply(step)
                }
            }
        }
        """,
        // The body runs work it was handed: whether that ever ends is the caller's business.
        """
        final class Jobs {
            func schedule(_ job: @escaping @Sendable () async -> Void) {
                Task { [weak self] in
                    await job()
                    self?.finished += 1
                }
            }
        }
        """,
        // Escaping non-Task closures can form real cycles: not this rule's business.
        """
        final class Settings {
            var token: NSObjectProtocol?
            var theme = ""
            func observe() {
                token = NotificationCenter.default.addObserver(forName: .themeChanged, object: nil, queue: .main) { [weak self] note in
                    self?.theme = note.object as? String ?? ""
                }
            }
        }
        """,
        """
        final class SearchModel {
            var bag = Set<AnyCancellable>()
            var results: [String] = []
            func bind(_ query: AnyPublisher<String, Never>) {
                query.sink { [weak self] text in self?.results = [text] }.store(in: &bag)
            }
        }
        """,
        // The task sits in an escaping closure: `weak-self-inner-only` decides there.
        """
        final class Loader {
            func load(_ api: API) {
                api.fetch { result in
                    Task { @MainActor [weak self] in self?.apply(result) }
                }
            }
        }
        """,
        // Bound to a local first: still inside the observer block, which is kept for good.
        """
        final class Uploader {
            var observer: NSObjectProtocol?
            func watch(_ center: NotificationCenter) {
                observer = center.addObserver(forName: .retry, object: nil, queue: .main) { _ in
                    let retry = Task { [weak self] in await self?.upload() }
                    _ = retry
                }
            }
        }
        """,
        // The enclosing closure already captures weakly: self is optional out there.
        """
        final class Loader {
            func load(_ api: API) {
                api.fetch { [weak self] result in
                    Task { [weak self] in self?.apply(result) }
                }
            }
        }
        """,
        // In deinit a strong capture would let self escape its own deinitialization.
        """
        final class Session {
            let store = Store()
            deinit {
                Task { [weak self] in await self?.store.flush() }
            }
        }
        """,
        // A strong task capture is already the recommended form.
        """
        final class Inbox {
            var unread = 0
            func refresh() { Task { unread = await countUnread() } }
        }
        """,
        "// Task { [weak self] in self?.load() } appears only in a comment",
    ]
}
