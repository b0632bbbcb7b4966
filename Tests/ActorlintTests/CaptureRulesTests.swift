import ActorlintKit
import Testing

/// Edge cases of the capture and task-lifetime rules that the rules' own examples cannot state:
/// findings reported without a fix, fixes across several findings, other spellings.
@Suite struct CaptureRulesTests {
    static func findings(_ code: String, _ id: String) -> [Finding] {
        Linter(ruleIDs: [id]).findings(in: SourceFile(path: "Example.swift", text: code), module: .plainSwift6)
            .filter { $0.ruleID == id }
    }

    static func fixed(_ code: String, _ id: String, unsafe: Bool = true) -> String {
        Fixer(linter: Linter(ruleIDs: [id]), includeUnsafe: unsafe)
            .fix(SourceFile(path: "Example.swift", text: code), module: .plainSwift6).text
    }

    // MARK: reflexive-weak-self

    @Test func reflexiveReportsWithoutFixWhenSelfIsUsedAsAValue() {
        let cases = [
            // The optional result of the chain is used.
            "final class A { var x: Int? = nil; func f() { Task { [weak self] in let y = self?.x ?? 0; print(y) } } }",
            // `self` compared to nil.
            "final class A { func f() { Task { [weak self] in if self == nil { return }; await self?.g() } } }",
            // `if let self` is not rewritten.
            "final class A { func f() { Task { [weak self] in if let self { await g() } } } }",
            // A single-expression body whose value the (local) handle exposes.
            "final class A { func v() -> Int { 1 }; func f() async { let t = Task { [weak self] in self?.v() }; _ = await t.value } }",
            // An unwrap in a nested closure would unwrap a non-optional `self` after the fix.
            "final class A { func g() {}; func f() { Task { [weak self] in [1].forEach { _ in guard let self else { return }; g() } } } }",
            // A nested task that captures weakly too would be reported only after the fix.
            "final class A { func g() async {}; func f() { Task { [weak self] in await self?.g(); Task { [weak self] in await self?.g() } } } }",
            // A chain that is the value of a `map` closure changes the mapped type.
            "final class A { func g(_ i: Int) -> Int { i }; func f() { Task { [weak self] in let r = [1].map { self?.g($0) }; print(r) } } }",
        ]
        for code in cases {
            let found = Self.findings(code, "reflexive-weak-self")
            #expect(found.count == 1, "\(code)")
            #expect(found.first?.fix == nil, "\(code)")
        }
    }

    @Test func innerOnlyHasNoFixAcrossASendableClosure() {
        // Moved outward, the weak `self` (a captured var) would be read inside the global
        // queue's @Sendable closure: "reference to captured var 'self' in concurrently-executing code".
        let code = """
            final class ImageView {
                var image: Data?
                var cancellable: AnyCancellable?
                func load(_ publisher: AnyPublisher<Data, Never>) {
                    cancellable = publisher.sink { data in
                        DispatchQueue.global().async {
                            DispatchQueue.main.async { [weak self] in self?.image = data }
                        }
                    }
                }
            }
            """
        let found = Self.findings(code, "weak-self-inner-only")
        #expect(found.count == 1)
        #expect(found.first?.fix == nil)
    }

    @Test func reflexiveNotesTheSkippedWorkOnlyWhenSelfIsUsedWeaklyAfterAnAwait() {
        let note = "only skips the work after the first `await`"
        func message(_ body: String) -> String {
            let code = "@MainActor final class A { var s = 0; func load() async -> Int { 1 }; func f() { Task { [weak self] in \(body) } } }"
            return Self.findings(code, "reflexive-weak-self").first?.message ?? "no finding"
        }
        // Read before the await and again after it: the second use is skipped if `self` is gone.
        #expect(message("let v = await self?.load(); self?.s = v ?? 0").contains(note))
        // `guard let self` first: strong from there on, nothing after the await is skipped.
        #expect(!message("guard let self else { return }; s = await load()").contains(note))
        #expect(message("guard let self else { return }; s = await load()") != "no finding")
        // Only read where the await starts.
        #expect(!message("_ = await self?.load()").contains(note))
    }

    @Test func reflexiveHasNoFixInActors() {
        // A strong capture would make the task isolated to the actor; the weak one was not.
        let code = """
            actor Store {
                func bump() {}
                func f() { Task { [weak self] in await self?.bump() } }
            }
            """
        let found = Self.findings(code, "reflexive-weak-self")
        #expect(found.count == 1)
        #expect(found.first?.fix == nil)
    }

    @Test func reflexiveDetachedTaskKeepsNoFixWhenMembersAreUsedBare() {
        // Detached closures have no implicit self; after `guard let self` they do (SE-0365).
        let code = """
            final class R: Sendable {
                func render() async {}
                func f() { Task.detached { [weak self] in guard let self else { return }; await render() } }
            }
            """
        let found = Self.findings(code, "reflexive-weak-self")
        #expect(found.count == 1)
        #expect(found.first?.fix == nil)
        // The same body in a plain `Task` can drop the guard: Task closures take self implicitly.
        let plain = code.replacingOccurrences(of: "Task.detached", with: "Task")
        #expect(Self.fixed(plain, "reflexive-weak-self").contains("Task { await render() }"))
    }

    @Test func reflexiveLeavesNestedClosuresWithTheirOwnCaptureAlone() {
        let code = """
            final class A {
                func g() {}
                func f() {
                    Task { [weak self] in
                        self?.g()
                        DispatchQueue.main.async { [weak self] in self?.g() }
                        [1].forEach { _ in self?.g() }
                    }
                }
            }
            """
        let expected = """
            final class A {
                func g() {}
                func f() {
                    Task {
                        self.g()
                        DispatchQueue.main.async { [weak self] in self?.g() }
                        [1].forEach { _ in self.g() }
                    }
                }
            }
            """
        #expect(Self.fixed(code, "reflexive-weak-self") == expected)
    }

    @Test func reflexiveRecognisesOtherTaskSpellings() {
        let spellings = [
            "Task<Void, Never> { [weak self] in self?.g() }",
            "Task(name: \"sync\", priority: .high) { [weak self] in self?.g() }",
            "Task.immediate { [weak self] in self?.g() }",
            "Task(operation: { [weak self] in self?.g() })",
        ]
        for spelling in spellings {
            let code = "final class A { func g() {}; func f() { \(spelling) } }"
            #expect(Self.findings(code, "reflexive-weak-self").count == 1, "\(spelling)")
        }
    }

    @Test func reflexiveStaysQuietForQueuedWorkAndWorkHandedIn() {
        let quiet = [
            // Waits for another task first, spelled with `result`.
            "final class A { var prev: Task<Int, Error>?; func f() { Task { [weak self] in _ = try await prev?.result.get(); self?.g() } } }",
            // Runs an optional closure it was handed.
            "final class A { func f(_ work: (() async -> Void)?) { Task { [weak self] in await work?(); self?.g() } } }",
            // Runs a closure bound by a `case let`.
            "final class A { func f(_ e: Effect) { if case let .run(op) = e { Task { [weak self] in await op(); self?.g() } } } }",
        ]
        for code in quiet { #expect(Self.findings(code, "reflexive-weak-self").isEmpty, "\(code)") }
        // Awaiting a method or a function is ordinary finite work.
        let finite = [
            "final class A { func f(_ api: API) { Task { [weak self] in await api.load(); self?.g() } } }",
            "final class A { func op() async {}; func f() { Task { [weak self] in await op(); self?.g() } } }",
        ]
        for code in finite { #expect(Self.findings(code, "reflexive-weak-self").count == 1, "\(code)") }
    }

    @Test func reflexiveSeesATaskBoundToALocalInsideAClosure() {
        // A `let` inside a closure is still inside that closure.
        let inForEach = """
            final class A {
                func f(_ ids: [Int]) {
                    ids.forEach { id in
                        let t = Task { [weak self] in await self?.load(id) }
                        _ = t
                    }
                }
            }
            """
        #expect(Self.findings(inForEach, "reflexive-weak-self").count == 1)
        let inSink = inForEach.replacingOccurrences(of: "ids.forEach { id in", with: "api.onChange { id in")
        #expect(Self.findings(inSink, "reflexive-weak-self").isEmpty)
    }

    @Test func reflexiveFixIsUnsafeOnly() {
        let code = "final class A { func g() {}; func f() { Task { [weak self] in self?.g() } } }"
        #expect(Self.fixed(code, "reflexive-weak-self", unsafe: false) == code)
        #expect(Self.fixed(code, "reflexive-weak-self") == "final class A { func g() {}; func f() { Task { self.g() } } }")
    }

    // MARK: weak-self-strong-before-loop

    @Test func strongBeforeLoopWithholdsTheFixWhenSelfIsNeededOutsideTheLoop() {
        let cases = [
            // Between the guard and the loop.
            """
            final class A {
                var count = 0
                func f(_ s: AsyncStream<Int>) {
                    Task { [weak self] in
                        guard let self else { return }
                        count = 0
                        for await x in s { count += x }
                    }
                }
            }
            """,
            // After the loop.
            """
            final class A {
                func done() {}
                func f(_ s: AsyncStream<Int>) {
                    Task { [weak self] in
                        guard let self else { return }
                        for await x in s { print(x) }
                        self.done()
                    }
                }
            }
            """,
            // The guard unwraps more than self.
            """
            final class A {
                func f(_ s: AsyncStream<Int>, _ token: String?) {
                    Task { [weak self] in
                        guard let self, let token else { return }
                        for await x in s { print(x, token) }
                    }
                }
            }
            """,
            // `if let self` wraps the loop.
            """
            final class A {
                func use(_ x: Int) {}
                func f(_ s: AsyncStream<Int>) {
                    Task { [weak self] in
                        if let self { for await x in s { use(x) } }
                    }
                }
            }
            """,
        ]
        for code in cases {
            let found = Self.findings(code, "weak-self-strong-before-loop")
            #expect(found.count == 1, "\(code)")
            #expect(found.first?.fix == nil, "\(code)")
        }
    }

    @Test func strongBeforeLoopFixesAOneLiner() {
        let code = """
            final class A {
                func use(_ x: Int) {}
                func f(_ s: AsyncStream<Int>) {
                    Task { [weak self] in guard let self else { return }; for await x in s { use(x) } }
                }
            }
            """
        let expected = """
            final class A {
                func use(_ x: Int) {}
                func f(_ s: AsyncStream<Int>) {
                    Task { [weak self] in for await x in s {
                        guard let self else { return }
                        use(x)
                    } }
                }
            }
            """
        #expect(Self.fixed(code, "weak-self-strong-before-loop") == expected)
        #expect(Self.findings(expected, "weak-self-strong-before-loop").isEmpty)
    }

    @Test func strongBeforeLoopDropsTheOuterGuardWhenTheLoopAlreadyUnwraps() {
        let code = """
            final class A {
                func use(_ x: Int) {}
                func f(_ s: AsyncStream<Int>) {
                    Task { [weak self] in
                        guard let self else { return }
                        for await x in s {
                            guard let self else { return }
                            use(x)
                        }
                    }
                }
            }
            """
        let fixed = Self.fixed(code, "weak-self-strong-before-loop")
        #expect(fixed.components(separatedBy: "guard let self").count == 2)
        #expect(Self.findings(fixed, "weak-self-strong-before-loop").isEmpty)
    }

    @Test func fixesKeepNonASCIITextAndWindowsLineBreaks() {
        let code = """
            // Überprüfung der Kurse 🚀
            final class A {
                var last = 0
                func f(_ s: AsyncStream<Int>) {
                    Task { [weak self] in
                        guard let self else { return } // Ç
                        for await x in s { last = x }
                    }
                }
            }
            """
        // The trailing comment keeps the guard from owning its line; the rest moves intact.
        let fixed = Self.fixed(code, "weak-self-strong-before-loop")
        #expect(fixed.hasPrefix("// Überprüfung der Kurse 🚀\n"))
        #expect(fixed.contains("for await x in s {\n                guard let self else { return }\n                last = x\n            }"))
        let windows = code.replacingOccurrences(of: " // Ç", with: "").replacingOccurrences(of: "\n", with: "\r\n")
        let fixedWindows = Self.fixed(windows, "weak-self-strong-before-loop")
        #expect(!fixedWindows.replacingOccurrences(of: "\r\n", with: "").contains("\n"))
        #expect(fixedWindows.contains("Task { [weak self] in\r\n            for await x in s {\r\n                guard let self else { return }\r\n"))
    }

    @Test func strongBeforeLoopSeesAWeakCaptureOfAnEnclosingClosure() {
        let code = """
            final class A {
                func use(_ x: Int) {}
                func f(_ api: API, _ s: AsyncStream<Int>) {
                    api.onReady { [weak self] in
                        Task {
                            guard let self else { return }
                            for await x in s { use(x) }
                        }
                    }
                }
            }
            """
        #expect(Self.findings(code, "weak-self-strong-before-loop").count == 1)
        // An enclosing strong `[self]` means there is no weak reference to keep.
        let strong = code.replacingOccurrences(of: "[weak self]", with: "[self]")
        #expect(Self.findings(strong, "weak-self-strong-before-loop").isEmpty)
    }

    // MARK: weak-self-inner-only

    @Test func innerOnlyLeavesOuterClosuresThatUseSelfThemselves() {
        // The outer closure holds `self` for its own use, explicitly or by a member's bare name.
        for use in ["self.g()", "g()", "count += 1"] {
            let code = """
                protocol API { func load(_ done: @escaping (Int) -> Void) }
                final class A {
                    var count = 0
                    func g() {}
                    func f(_ api: API) {
                        api.load { value in
                            \(use)
                            DispatchQueue.main.async { [weak self] in self?.g() }
                        }
                    }
                }
                """
            #expect(Self.findings(code, "weak-self-inner-only").isEmpty, "\(use)")
        }
        // A bare name that is not a member of the type (a free function) is no use of `self`;
        // the finding stays, without a fix, since the name might be an inherited member.
        let code = """
            protocol API { func load(_ done: @escaping (Int) -> Void) }
            final class A {
                func g() {}
                func f(_ api: API) {
                    api.load { value in
                        log(value)
                        DispatchQueue.main.async { [weak self] in self?.g() }
                    }
                }
            }
            """
        let found = Self.findings(code, "weak-self-inner-only")
        #expect(found.count == 1)
        #expect(found.first?.fix == nil)
    }

    @Test func innerOnlyMovesSeveralInnerCapturesInOneFix() {
        let code = """
            protocol API { func load(_ done: @escaping (Int) -> Void); func track(_ done: @escaping (Int) -> Void) }
            final class A {
                func g() {}
                func f(_ api: API) {
                    api.load { value in
                        DispatchQueue.main.async { [weak self] in self?.g() }
                        api.track { _ in
                            DispatchQueue.main.async { [weak self] in self?.g() }
                        }
                    }
                }
            }
            """
        // The queue's blocks keep their own capture: they may not read the outer weak variable.
        let expected = """
            protocol API { func load(_ done: @escaping (Int) -> Void); func track(_ done: @escaping (Int) -> Void) }
            final class A {
                func g() {}
                func f(_ api: API) {
                    api.load { [weak self] value in
                        DispatchQueue.main.async { [weak self] in self?.g() }
                        api.track { _ in
                            DispatchQueue.main.async { [weak self] in self?.g() }
                        }
                    }
                }
            }
            """
        #expect(Self.findings(code, "weak-self-inner-only").count == 2)
        #expect(Self.fixed(code, "weak-self-inner-only", unsafe: false) == expected)
    }

    @Test func innerOnlyLooksThroughNonEscapingButNotLazyClosures() {
        let lazy = """
            final class A {
                func g(_ x: Int) -> Int { x }
                func f(_ xs: [Int]) -> LazyMapSequence<[Int], Void> {
                    xs.lazy.map { x in DispatchQueue.main.async { [weak self] in _ = self?.g(x) } }
                }
            }
            """
        #expect(Self.findings(lazy, "weak-self-inner-only").count == 1)
        let eager = lazy.replacingOccurrences(of: "xs.lazy.map", with: "xs.map")
        #expect(Self.findings(eager, "weak-self-inner-only").isEmpty)
    }

    @Test func innerOnlyTreatsWithHelperBodiesAsScopedButNotTheirHandlers() {
        let body = """
            final class A {
                var bag: [AnyCancellable] = []
                func f(_ p: AnyPublisher<Int, Never>) {
                    withLogging("subscribe") {
                        bag.append(p.sink { [weak self] in self?.g($0) })
                    }
                }
            }
            """
        #expect(Self.findings(body, "weak-self-inner-only").isEmpty)
        // The `onChange:` handler is kept by the observation: an escaping closure.
        let handler = """
            final class A {
                func f(_ m: Model) {
                    withObservationTracking { _ = m.value } onChange: {
                        Task { @MainActor [weak self] in self?.refresh() }
                    }
                }
            }
            """
        #expect(Self.findings(handler, "weak-self-inner-only").count == 1)
        // A helper declared in the file says for itself whether its closure escapes.
        let declared = """
            func withRetry(_ body: @escaping () -> Void) { }
            final class A {
                func f(_ p: AnyPublisher<Int, Never>) {
                    withRetry { DispatchQueue.main.async { [weak self] in self?.g(0) } }
                }
            }
            """
        #expect(Self.findings(declared, "weak-self-inner-only").count == 1)
    }

    @Test func innerOnlyLooksThroughQueuedAndImmediatelyCalledClosures() {
        let queued = """
            final class A {
                func f(_ api: API) {
                    OperationQueue.main.addOperation {
                        api.onDone = { [weak self] in self?.g() }
                    }
                }
            }
            """
        #expect(Self.findings(queued, "weak-self-inner-only").isEmpty)
        // The queued closure is looked through, not a stopping point: the stored observer
        // around it still holds `self`.
        let observed = """
            final class A {
                var token: Any?
                func f(_ api: API) {
                    token = NotificationCenter.default.addObserver(forName: .x, object: nil, queue: nil) { _ in
                        DispatchQueue.main.async { api.onDone = { [weak self] in self?.g() } }
                    }
                }
            }
            """
        #expect(Self.findings(observed, "weak-self-inner-only").count == 1)
        let calledOnTheSpot = """
            final class A {
                func f() -> Handler {
                    let make = { Handler(onTap: { [weak self] in self?.g() }) }()
                    return make
                }
            }
            """
        #expect(Self.findings(calledOnTheSpot, "weak-self-inner-only").isEmpty)
    }

    // MARK: long-lived-task-strong-self

    @Test func longLivedWithholdsTheFixWhenSelfIsNeededOutsideTheLoop() {
        let cases = [
            // The sequence is a member.
            """
            final class A {
                var last = 0
                let updates = AsyncStream<Int> { _ in }
                var task: Task<Void, Never>?
                func f() { task = Task { for await x in updates { last = x } } }
            }
            """,
            // Two loops.
            """
            final class A {
                var last = 0
                var task: Task<Void, Never>?
                func f(_ a: AsyncStream<Int>, _ b: AsyncStream<Int>) {
                    task = Task {
                        for await x in a { last = x }
                        for await x in b { last = x }
                    }
                }
            }
            """,
            // An actor: a weak capture would take the task off the actor.
            """
            actor A {
                var last = 0
                var task: Task<Void, Never>?
                func f(_ s: AsyncStream<Int>) { task = Task { for await x in s { last = x } } }
            }
            """,
        ]
        for code in cases {
            let found = Self.findings(code, "long-lived-task-strong-self")
            #expect(found.count == 1, "\(code)")
            #expect(found.first?.fix == nil, "\(code)")
        }
    }

    @Test func longLivedSeesSelfCapturedByANestedClosure() {
        // The task must hold self to hand it to the inner weak capture.
        let code = """
            final class A {
                func g() {}
                var task: Task<Void, Never>?
                func f(_ s: AsyncStream<Int>) {
                    task = Task {
                        for await _ in s { DispatchQueue.main.async { [weak self] in self?.g() } }
                    }
                }
            }
            """
        #expect(Self.findings(code, "long-lived-task-strong-self").count == 1)
    }

    @Test func longLivedIgnoresLocalsShadowingMembers() {
        let code = """
            final class A {
                var last = 0
                var task: Task<Void, Never>?
                func f(_ s: AsyncStream<Int>) {
                    task = Task {
                        var last = 0
                        for await x in s { last = x }
                        print(last)
                    }
                }
            }
            """
        #expect(Self.findings(code, "long-lived-task-strong-self").isEmpty)
    }

    // MARK: stored-task-never-cancelled

    @Test func storedTaskAcceptsCancellationThroughSelfAndSubscripts() {
        let code = """
            final class A {
                var tasks: [Int: Task<Void, Never>] = [:]
                func start(_ id: Int, _ s: AsyncStream<Int>) {
                    self.tasks[id] = Task { for await x in s { print(x) } }
                }
                func stop(_ id: Int) { self.tasks[id]?.cancel() }
            }
            """
        #expect(Self.findings(code, "stored-task-never-cancelled").isEmpty)
        let uncancelled = code.replacingOccurrences(of: "self.tasks[id]?.cancel()", with: "tasks[id] = nil")
        #expect(Self.findings(uncancelled, "stored-task-never-cancelled").count == 1)
    }

    @Test func storedTaskAcceptsAPropertyThatCancelsWhatItReplaces() {
        let code = """
            final class A {
                var watcher: Task<Void, Never>? { didSet { oldValue?.cancel() } }
                func f(_ s: AsyncStream<Int>) { watcher = Task { for await x in s { print(x) } } }
                func stop() { watcher = nil }
            }
            """
        #expect(Self.findings(code, "stored-task-never-cancelled").isEmpty)
    }

    @Test func storedTaskIgnoresLocalsNamedLikeProperties() {
        let code = """
            final class A {
                var task: Task<Void, Never>?
                func f(_ s: AsyncStream<Int>) {
                    var task: Task<Void, Never>?
                    task = Task { for await x in s { print(x) } }
                    _ = task
                }
            }
            """
        #expect(Self.findings(code, "stored-task-never-cancelled").isEmpty)
    }

    // MARK: debounce-with-task-id

    @Test func debounceRecognisesThePerformLabelAndClockSleep() {
        let code = """
            struct S: View {
                @State private var q = ""
                let clock = ContinuousClock()
                var body: some View {
                    TextField("", text: $q).onChange(of: q, perform: { value in
                        Task {
                            try? await clock.sleep(for: .milliseconds(200))
                            await find(value)
                        }
                    })
                }
            }
            """
        #expect(Self.findings(code, "debounce-with-task-id").count == 1)
    }

    @Test func debounceIgnoresPollingLoopsAndNonViews() {
        let polling = """
            struct S: View {
                @State private var on = false
                var body: some View {
                    Toggle("", isOn: $on).onChange(of: on) {
                        Task { while on { try? await Task.sleep(for: .seconds(1)); await ping() } }
                    }
                }
            }
            """
        #expect(Self.findings(polling, "debounce-with-task-id").isEmpty)
        let notAView = """
            struct Debouncer {
                var pending: Task<Void, Never>?
                mutating func changed() {
                    pending?.cancel()
                    pending = Task { try? await Task.sleep(for: .seconds(1)) }
                }
            }
            """
        #expect(Self.findings(notAView, "debounce-with-task-id").isEmpty)
    }

    @Test func debounceAppliesToViewModifiersToo() {
        let code = """
            struct Autosave: ViewModifier {
                let text: String
                func body(content: Content) -> some View {
                    content.onChange(of: text) {
                        Task {
                            try? await Task.sleep(for: .seconds(1))
                            await save(text)
                        }
                    }
                }
            }
            """
        #expect(Self.findings(code, "debounce-with-task-id").count == 1)
    }

    @Test func debounceLeavesTransitionsAloneButSeesACancelInAPlainIf() {
        let transition = """
            struct S: View {
                @State private var n = 0
                @State private var top: Int?
                var body: some View {
                    Text("").onChange(of: n) {
                        if $0 < $1 { Task { try? await Task.sleep(for: .seconds(1)); top = n } }
                    }
                }
            }
            """
        #expect(Self.findings(transition, "debounce-with-task-id").isEmpty)
        let plainIf = """
            struct S: View {
                @State private var q = ""
                @State private var job: Task<Void, Never>?
                var body: some View {
                    TextField("", text: $q).onChange(of: q) {
                        if job != nil { job?.cancel() }
                        job = Task { try? await Task.sleep(for: .seconds(1)); await find(q) }
                    }
                }
            }
            """
        #expect(Self.findings(plainIf, "debounce-with-task-id").count == 1)
    }

    // MARK: task-in-on-appear

    @Test func onAppearInAMenuLabelIsStillAView() {
        let code = """
            struct S: View {
                let m: Model
                var body: some View {
                    Menu { Button("A") {} } label: {
                        Image(systemName: "ellipsis").onAppear { Task { await m.load() } }
                    }
                }
            }
            """
        #expect(Self.findings(code, "task-in-on-appear").count == 1)
    }

    // MARK: prefer-concurrent-over-detached

    @Test func detachedReportsOnlyWorkWhoseResultComesBack() {
        let reported = [
            "@MainActor func f() async throws -> Int { try await Task.detached { try parse() }.result.get() }",
            """
            @MainActor final class A {
                var rows: [Row] = []
                func f(_ data: Data) {
                    Task.detached { let rows = decode(data); DispatchQueue.main.async { self.rows = rows } }
                }
            }
            """,
            "@MainActor func f() { Task.detached { let x = build(); Task { @MainActor in show(x) } } }",
        ]
        for code in reported { #expect(Self.findings(code, "prefer-concurrent-over-detached").count == 1, "\(code)") }
        // The same awaited task from code that already runs on the concurrent executor.
        let concurrent = "func f() async throws -> Int { try await Task.detached { try parse() }.result.get() }"
        #expect(Self.findings(concurrent, "prefer-concurrent-over-detached").isEmpty)
        let quiet = [
            // A local handle that is only cancelled: nobody waits for its result.
            "func f() throws { let w = Task.detached { writeFIFO() }; defer { w.cancel() }; try read() }",
            // Fire-and-forget synchronous work from synchronous code.
            "final class A { deinit { Task.detached { [h] in h.close() } } }",
            // A synchronous method of a nonisolated class: nobody could await a function, and a
            // plain `Task` would inherit nothing either.
            "final class A { var rows: [Row] = []; func f(_ d: Data) { Task.detached { let r = decode(d); DispatchQueue.main.async { self.rows = r } } } }",
        ]
        for code in quiet { #expect(Self.findings(code, "prefer-concurrent-over-detached").isEmpty, "\(code)") }
    }
}
