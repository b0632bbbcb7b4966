import SwiftSyntax

/// `[weak self]` only on an inner closure: the escaping closure around it captures self strongly.
struct WeakSelfInnerOnly: Rule {
    /// Its findings are `[weak self]` captures.
    static let triggers = ["weak"]

    static let description = RuleDescription(
        id: "weak-self-inner-only",
        category: .captures,
        summary: "`[weak self]` only on an inner closure while the escaping closure around it captures self strongly",
        rationale: """
            A closure captures what its nested closures capture, at the moment it is created: to \
            hand `self` to an inner `[weak self]` closure later, the outer closure must hold \
            `self` itself, strongly. So `api.load { result in Task { [weak self] in … } }` keeps \
            the owner alive for as long as `load` keeps its completion handler (until the \
            response arrives, or for ever for observers and Combine sinks), and the inner weak \
            capture protects nothing. Put `[weak self]` on the outermost escaping closure; the \
            inner closures then see the outer weak reference. Closures the API runs before \
            returning (`map`, `forEach`, `withTaskGroup`, `withCheckedContinuation`…) are \
            looked through, and a surrounding `Task` body is left to `reflexive-weak-self`. So \
            are closures a queue runs once, right away (`DispatchQueue.main.async`, \
            `asyncAfter`, `OperationQueue.addOperation`), and closures called on the spot \
            (`lazy var x = { … }()`): they hold `self` only until they have run, while the inner \
            closure they create (an alert action, a completion, a stored callback) may be kept \
            much longer, so its own weak capture is the one that matters. Nor does it report \
            when the outer closure uses `self` itself: its strong capture is then its own \
            choice, not a side effect of the inner closure. \
            The seed notes that newer compilers (Swift 6.4) diagnose this shape too; Swift 6.3 \
            compiles it silently. (seed 000, pitfall 2)
            """,
        fix: FixInfo(.safe, """
            Adds `weak self` to the outermost escaping closure (merging into its capture list) \
            and removes it from the inner closures, unless an inner closure unwraps with \
            `guard let self` and needs its own capture for implicit `self`. Offered when the \
            outer closures use `self` nowhere else.
            """),
        triggering: [
            """
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
        ],
        nonTriggering: [
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
        ],
        corrections: [
            CorrectionExample(
                """
                import Foundation

                final class ImageLoader: Sendable {
                    func load(_ completion: @escaping @Sendable (Int) -> Void) { completion(1) }
                }

                @MainActor final class AvatarView {
                    var shown = 0
                    let loader = ImageLoader()

                    func show(_ size: Int) { shown = size }

                    func reload() {
                        loader.load { size in
                            Task { @MainActor [weak self] in
                                self?.show(size)
                            }
                        }
                    }
                }
                """,
                """
                import Foundation

                final class ImageLoader: Sendable {
                    func load(_ completion: @escaping @Sendable (Int) -> Void) { completion(1) }
                }

                @MainActor final class AvatarView {
                    var shown = 0
                    let loader = ImageLoader()

                    func show(_ size: Int) { shown = size }

                    func reload() {
                        loader.load { [weak self] size in
                            Task { @MainActor in
                                self?.show(size)
                            }
                        }
                    }
                }
                """),
            // The inner guard needs its own capture for implicit self; the outer list is merged.
            CorrectionExample(
                """
                import Foundation

                final class Pinger {
                    func ping(_ completion: @escaping (Int) -> Void) { completion(200) }
                }

                @MainActor final class StatusPanel {
                    let pinger = Pinger()
                    let label = "status"
                    var status = 0

                    func update(_ code: Int) { status = code }

                    func check() {
                        pinger.ping { [label] code in
                            print(label)
                            DispatchQueue.main.async { [weak self] in
                                guard let self else { return }
                                update(code)
                            }
                        }
                        pinger.ping {
                            print("pinged", $0)
                            DispatchQueue.main.async { [weak self] in self?.update(0) }
                        }
                    }
                }
                """,
                """
                import Foundation

                final class Pinger {
                    func ping(_ completion: @escaping (Int) -> Void) { completion(200) }
                }

                @MainActor final class StatusPanel {
                    let pinger = Pinger()
                    let label = "status"
                    var status = 0

                    func update(_ code: Int) { status = code }

                    func check() {
                        pinger.ping { [weak self, label] code in
                            print(label)
                            DispatchQueue.main.async { [weak self] in
                                guard let self else { return }
                                update(code)
                            }
                        }
                        pinger.ping { [weak self] in
                            print("pinged", $0)
                            DispatchQueue.main.async { self?.update(0) }
                        }
                    }
                }
                """),
        ]
    )

    func violations(in context: RuleContext) -> [Violation] {
        let facts = FileFacts(context.file)
        return context.file.closures.compactMap { inner in
            guard let capture = inner.weakSelfCapture, let outer = strongEscapingOuterClosure(of: inner, facts),
                  !usesSelfItself(outer, facts) else { return nil }
            let line = context.file.line(of: outer)
            return context.violation(
                "Only this inner closure captures `self` weakly: the escaping \(outer.displayName) on line " +
                "\(line) must hold `self` strongly to pass it in, and keeps it alive for as long as it " +
                "is stored. Put `[weak self]` on that outer closure; the inner one then sees the weak reference.",
                at: capture, fix: fix(outer, facts, context))
        }
    }

    /// Whether the outer closures use `self` themselves (`self.x`, `super`, or a member of the
    /// owner by its bare name), outside inner closures that capture `self` on their own: then
    /// their strong capture is their own choice, not a side effect of the inner closure, and the
    /// inner weak capture is about the inner closure's own, possibly longer, life.
    private func usesSelfItself(_ outer: ClosureExprSyntax, _ facts: FileFacts) -> Bool {
        let members = OwnerType(enclosing: outer, facts)?.memberNames ?? []
        return LocalNames(around: outer).selfReferences(in: outer.statements).contains { reference in
            guard !reference.isInOwnCapture(of: outer) else { return false }
            if reference.isExplicitSelf { return true }
            guard let name = reference.as(DeclReferenceExprSyntax.self)?.baseName.text else { return false }
            return members.contains(name.replacingBackticks)
        }
    }

    private func fix(_ outer: ClosureExprSyntax, _ facts: FileFacts, _ context: RuleContext) -> Fix? {
        // Everything in the outer closures that would now see an optional `self`.
        let locals = LocalNames(around: outer)
        let uses = locals.selfReferences(in: outer.statements).filter { !$0.isInOwnCapture(of: outer) }
        guard uses.isEmpty else { return nil }
        let builder = EditBuilder(context.file)
        var edits = [builder.addWeakSelf(to: outer)]
        for inner in collect(ClosureExprSyntax.self, in: outer.statements, within: .everything) {
            guard let capture = inner.weakSelfCapture, strongEscapingOuterClosure(of: inner, facts)?.id == outer.id else { continue }
            // `guard let self` enables implicit self only with the closure's own weak capture.
            if SelfUnwrap.all(in: inner).contains(where: { $0.name == "self" }) { continue }
            // Across a `@Sendable` closure (`DispatchQueue.global().async`) the inner closure
            // would read the outer weak `self`, a captured `var`, concurrently: an error.
            if crossesSendableClosure(from: inner, to: outer) { return nil }
            edits += builder.removeCapture(capture, from: inner)
        }
        return Fix(title: "Move `[weak self]` to the outer closure", safety: .safe, edits: edits)
    }

    private func crossesSendableClosure(from inner: ClosureExprSyntax, to outer: ClosureExprSyntax) -> Bool {
        var current = inner.enclosingClosure
        while let closure = current, closure.id != outer.id {
            if let call = closure.invocation?.call,
               IsolationModel.behaviour(of: call, callee: call.calleeText)?.kind == .nonisolated {
                return true
            }
            current = closure.enclosingClosure
        }
        return false
    }
}

private extension ClosureExprSyntax {
    /// "closure passed to `load`", "closure stored in `onChange`".
    var displayName: String {
        if let (call, _) = invocation, let name = call.calleeName { return "closure passed to `\(name)`" }
        if let target = assignmentTarget(of: ExprSyntax(self)), let name = target.propertyName {
            return "closure stored in `\(name)`"
        }
        return "closure"
    }
}

/// For a closure with `[weak self]`: the outermost escaping closure around it that captures self
/// strongly, if the search can tell. Walks out through non-escaping closures and closures queued
/// to run once (a dispatch holds `self` only until it runs, while the inner closure it creates may
/// be kept much longer: its own weak capture is the one that matters); stops at a `Task` body (its
/// own capture is `reflexive-weak-self`'s concern), at a closure that already does not own self,
/// at an explicit `[self]`, and at anything it cannot place.
private func strongEscapingOuterClosure(of inner: ClosureExprSyntax, _ facts: FileFacts) -> ClosureExprSyntax? {
    var outermost: ClosureExprSyntax?
    var current = inner.enclosingClosure
    while let closure = current {
        if closure.capturesSelfWithoutOwning || closure.capturesSelfStrongExplicitly { return nil }
        switch closure.role(facts) {
        case .task: return outermost
        case .nonEscaping, .runsOnce: break
        case .escaping: outermost = closure
        case .unknown: return outermost
        }
        current = closure.enclosingClosure
    }
    return outermost
}
