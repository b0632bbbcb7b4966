// The examples that specify `WeakSelfInnerOnly`: the registry tests run every one, and
// `actorlint rule` shows the first of each kind.
extension WeakSelfInnerOnly {
    static let triggeringExamples: [RuleExample] = [
        // The module declares the completion handler `@escaping` and the loader keeps it.
        """
        protocol ImageLoader { func load(_ completion: @escaping (Image) -> Void) }
        final class AvatarView {
            func load(_ loader: ImageLoader) {
                loader.load { result in
                    Task { @MainActor [↓weak self] in
                        self?.show(result)
                    }
                }
            }
        }
        """,
        """
        final class FeedController {
            func refresh(_ url: URL) {
                URLSession.shared.dataTask(with: url) { data, _, _ in
                    DispatchQueue.main.async { [↓weak self] in
                        self?.render(data)
                    }
                }.resume()
            }
        }
        """,
        // Looked through a non-escaping `forEach`; the observer block lives until removed.
        """
        final class Badge {
            var observer: NSObjectProtocol?
            func observe(_ counters: [Counter]) {
                observer = NotificationCenter.default.addObserver(forName: .changed, object: nil, queue: nil) { _ in
                    counters.forEach { counter in
                        DispatchQueue.main.async { [↓weak self, counter] in self?.update(counter) }
                    }
                }
            }
        }
        """,
        // Looked through a closure queued once: the sink that creates it is kept for good.
        """
        final class FeedbackBanner {
            var subscription: AnyCancellable?
            func listen() {
                subscription = NotificationCenter.default.publisher(for: .feedbackSent).sink { _ in
                    DispatchQueue.main.async {
                        Banner.show(onTap: { [↓weak self] in self?.openForm() })
                    }
                }
            }
        }
        """,
        // A closure stored in a property, and a Combine sink.
        """
        final class Player {
            var onProgress: ((Double) -> Void)?
            var bag: Set<AnyCancellable> = []
            func bind(_ status: AnyPublisher<Int, Never>) {
                onProgress = { value in
                    DispatchQueue.main.async { [↓weak self] in self?.draw(value) }
                }
                status.sink { code in
                    Task { [↓weak self] in await self?.handle(code) }
                }.store(in: &bag)
            }
        }
        """,
        // The outer closure uses `self` itself and `self` keeps it: a cycle the inner weak
        // capture cannot break.
        """
        final class SearchModel {
            var cancellables: Set<AnyCancellable> = []
            var results: [String] = []
            func bind(_ query: AnyPublisher<String, Never>) {
                query.sink { text in
                    self.results = []
                    Task { [↓weak self] in await self?.search(text) }
                }.store(in: &cancellables)
            }
        }
        """,
        """
        final class ReachabilityBanner {
            var token: NSObjectProtocol?
            func watch() {
                token = NotificationCenter.default.addObserver(forName: .reachabilityChanged, object: nil, queue: .main) { _ in
                    self.refresh()
                    DispatchQueue.main.asyncAfter(deadline: .now() + 1) { [↓weak self] in self?.hide() }
                }
            }
        }
        """,
    ]

    static let nonTriggeringExamples: [RuleExample] = [
        // A callee actorlint cannot see (another package's SDK): whether it keeps the closure is
        // unknown, so the rule stays quiet.
        """
        final class AvatarView {
            func load(_ loader: ImageLoader) {
                loader.load { result in
                    Task { @MainActor [weak self] in self?.show(result) }
                }
            }
        }
        """,
        // `@escaping`, but the callee only calls it before returning: nothing is kept.
        """
        final class Menu {
            func section(_ items: @escaping () -> [Item]) -> Section { Section(items: items()) }
            func build() -> Section {
                section {
                    [Item(title: "Play", action: { [weak self] in self?.play() })]
                }
            }
        }
        """,
        // Builders and resolver bodies run in place; a dispatch group's notification runs once.
        """
        final class Sheet {
            func body() -> some View {
                VStack {
                    Button("Close") { [weak self] in self?.close() }
                }
            }
            func resolve() -> Promise<Int> {
                Promise { seal in
                    DispatchQueue.main.async { [weak self] in seal.fulfill(self?.count ?? 0) }
                }
            }
            func finish(_ group: DispatchGroup) {
                group.notify(queue: .main) {
                    self.timer = Timer(fire: { [weak self] in self?.tick() })
                }
            }
        }
        """,
        // The outer closure uses `self`, but nothing shows that `self` keeps it.
        """
        protocol Feed { func observe(_ handler: @escaping (Int) -> Void) }
        final class Counter {
            func start(_ feed: Feed) {
                feed.observe { value in
                    self.count = value
                    DispatchQueue.main.async { [weak self] in self?.redraw() }
                }
            }
        }
        """,
        // The recommended shape: weak on the outermost escaping closure.
        """
        final class AvatarView {
            func load(_ loader: ImageLoader) {
                loader.load { [weak self] result in
                    Task { @MainActor in self?.show(result) }
                }
            }
        }
        """,
        """
        final class AvatarView {
            func load(_ loader: ImageLoader) {
                loader.load { [unowned self] result in
                    DispatchQueue.main.async { [weak self] in self?.show(result) }
                }
            }
        }
        """,
        // Only non-escaping closures around: nothing outlives the call.
        """
        final class Grid {
            func redraw(_ cells: [Cell]) {
                cells.forEach { cell in
                    DispatchQueue.main.async { [weak self] in self?.draw(cell) }
                }
            }
        }
        """,
        """
        final class Bridge {
            func value() async -> Int {
                await withCheckedContinuation { continuation in
                    DispatchQueue.main.async { [weak self] in
                        continuation.resume(returning: self?.current ?? 0)
                    }
                }
            }
        }
        """,
        // A non-escaping parameter of a function declared in this file.
        """
        func measure(_ body: () -> Void) { body() }
        final class Bench {
            func run() {
                measure {
                    DispatchQueue.main.async { [weak self] in self?.report() }
                }
            }
        }
        """,
        // The outer closure is a Task's own body: reflexive-weak-self territory.
        """
        final class Sync {
            func start() {
                Task {
                    await upload()
                    DispatchQueue.main.async { [weak self] in self?.finish() }
                }
            }
        }
        """,
        // The outer closure uses `self` itself: its strong capture is its own choice, and
        // the inner closure (kept by the debugger it is handed to) has a life of its own.
        """
        final class Editor {
            var text = ""
            func binding() -> Binding<String> {
                Binding(get: { self.text }, set: { value in
                    self.text = value
                    let probe = ChangeProbe(isStale: { [weak self] in self == nil })
                    probe.record(value)
                })
            }
        }
        """,
        // An explicit strong capture outside is a deliberate choice.
        """
        final class Cache {
            func warm(_ loader: Loader) {
                loader.load { [self] data in
                    store(data)
                    DispatchQueue.main.async { [weak self] in self?.notify() }
                }
            }
        }
        """,
        // The outer closure is queued to run once, soon; the inner one is stored in the
        // alert for as long as it is shown, and its weak capture is what keeps that short.
        """
        final class Checkout {
            var alert: Alert?
            func confirmLater() {
                DispatchQueue.main.asyncAfter(deadline: .now() + 0.5) {
                    self.alert = Alert(title: "Pay?", onConfirm: { [weak self] in self?.pay() })
                }
            }
        }
        """,
        """
        final class Composer {
            func attach(_ editor: Editor) {
                DispatchQueue.main.async {
                    editor.onSubmit = { [weak self] in self?.send() }
                }
            }
        }
        """,
        // A closure called on the spot (a lazy initializer) keeps nothing.
        """
        final class BookmarksScreen {
            lazy var source: BookmarkSource = {
                let source = BookmarkSource()
                source.onMissingIcon = { [weak self] _ in self?.fetchIcons() }
                return source
            }()
        }
        """,
        """
        final class Settings {
            func open(_ row: Int) {
                let screen: Screen? = {
                    switch row {
                    case 0: return Screen(onClose: { [weak self] in self?.dismiss() })
                    default: return nil
                    }
                }()
                show(screen)
            }
        }
        """,
        // A `with…` helper runs its body before it returns (Swift's naming convention).
        """
        final class Store {
            var subscriptions: [UUID: AnyCancellable] = [:]
            func start(_ effect: AnyPublisher<Int, Never>, id: UUID) {
                withSpan("effect") {
                    subscriptions[id] = effect.sink { [weak self] value in self?.receive(value) }
                }
            }
        }
        """,
        // A local closure that never leaves the function.
        """
        final class Form {
            func submit() {
                let work = { DispatchQueue.main.async { [weak self] in self?.close() } }
                work()
            }
        }
        """,
    ]
}
