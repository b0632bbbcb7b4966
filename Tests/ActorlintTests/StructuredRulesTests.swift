@testable import ActorlintKit
import Foundation
import Testing

/// Edge cases of the structured, cancellation and continuation rules that the rules' own
/// examples cannot express. (FixCompileTests type-checks their correction examples.)
@Suite struct StructuredRulesTests {
    static func findings(_ code: String, rule id: String) -> [Finding] {
        Linter(ruleIDs: [id]).findings(in: SourceFile(path: "Example.swift", text: code), module: .plainSwift6)
            .filter { $0.ruleID == id }
    }

    static func fixed(_ code: String, rule id: String) -> String {
        Fixer(linter: Linter(ruleIDs: [id]), includeUnsafe: true)
            .fix(SourceFile(path: "Example.swift", text: code), module: .plainSwift6).text
    }

    // MARK: sequential-independent-awaits

    /// A service whose calls are GET requests; `merge` does no waiting of its own.
    static let api = """
        struct API: Sendable {
            func first() async throws -> Int { try await URLSession.shared.data(from: URL(string: "https://a.example")!).0.count }
            func second() async throws -> Int { try await URLSession.shared.data(from: URL(string: "https://b.example")!).0.count }
            func merge(_ a: Int, _ b: Int) async -> Int { a + b }
        }

        """

    @Test func asyncLetFixAddsTryBeforeAnExistingAwaitAndAfterAnAssignment() {
        let code = Self.api + """
            func combine(api: API) async throws -> Int {
                var total = 0
                let a = try await api.first()
                let b = try await api.second()
                let c = await api.merge(a, b)
                total = a + c
                return total
            }
            """
        #expect(Self.fixed(code, rule: "sequential-independent-awaits") == Self.api + """
            func combine(api: API) async throws -> Int {
                var total = 0
                async let a = api.first()
                async let b = api.second()
                let c = try await api.merge(a, b)
                total = try await a + c
                return total
            }
            """)
    }

    @Test func asyncLetFixIsWithheldWhenAValueIsReadInAClosureOrNeverRead() {
        let inClosure = Self.api + """
            func load(api: API) async throws -> [Int] {
                let a = try await api.first()
                let b = try await api.second()
                return [b].map { $0 + a }
            }
            """
        let unread = Self.api + """
            func load(api: API) async throws -> Int {
                let a = try await api.first()
                let b = try await api.second()
                return b
            }
            """
        for code in [inClosure, unread] {
            let found = Self.findings(code, rule: "sequential-independent-awaits")
            #expect(found.count == 1)
            #expect(found.first?.fix == nil)
        }
    }

    @Test func asyncLetFixIsWithheldForNonSendableStateOfAMainActorType() {
        // swiftc: "non-Sendable type 'Client' of property 'client' cannot exit main actor-isolated context".
        let code = """
            final class Client {
                func profile() async throws -> Data { try await URLSession.shared.data(from: URL(string: "https://a.example")!).0 }
                func posts() async throws -> Data { try await URLSession.shared.data(from: URL(string: "https://b.example")!).0 }
            }
            @MainActor final class ProfileModel {
                let client = Client()
                func load() async throws -> Int {
                    let profile = try await client.profile()
                    let posts = try await client.posts()
                    return profile.count + posts.count
                }
            }
            """
        let found = Self.findings(code, rule: "sequential-independent-awaits")
        #expect(found.count == 1)
        #expect(found.first?.fix == nil)
    }

    // MARK: task-group-unordered-results

    @Test func groupBodyPassedAsLabeledArgumentIsFollowed() {
        let code = """
            func load(_ ids: [Int], api: API) async -> [Item] {
                await withTaskGroup(of: Item.self, returning: [Item].self, body: { group in
                    for id in ids { group.addTask { await api.item(id) } }
                    var items: [Item] = []
                    for await item in group { items.append(item) }
                    return items
                })
            }
            """
        let found = Self.findings(code, rule: "task-group-unordered-results")
        #expect(found.map(\.range.start.line) == [5])
    }

    @Test func resultHandedToAnotherFunctionIsNotJudged() {
        // The receiver may well order the values; only returns and stores are reported.
        let code = """
            func show(_ ids: [Int], api: API, screen: Screen) async {
                screen.present(await withTaskGroup(of: Item.self) { group in
                    for id in ids { group.addTask { await api.item(id) } }
                    var items: [Item] = []
                    for await item in group { items.append(item) }
                    return items
                })
            }
            """
        #expect(Self.findings(code, rule: "task-group-unordered-results").isEmpty)
    }

    // MARK: actor-reentrancy-stale-state

    @Test func suspensionInsideTheWrittenValueCounts() {
        // A token adopted meanwhile is overwritten by the refresh.
        let code = """
            actor Session {
                var token: String?
                func validToken(auth: Auth) async throws -> String {
                    if token == nil {
                        token = try await auth.refresh()
                    }
                    return token!
                }
                func adopt(_ newToken: String) { token = newToken }
            }
            """
        let found = Self.findings(code, rule: "actor-reentrancy-stale-state")
        #expect(found.map(\.range.start.line) == [5])
        #expect(found.first?.message.contains("checked on line 4") == true)
    }

    @Test func aStaleOrMissingCheckIsUndoneOnlyByAWriteThatStoresSomething() throws {
        // The rule's own near miss (the other method clears the cache), with a writer that stores instead.
        let clearing = try #require(ActorReentrancyStaleState.nonTriggeringExamples.map(\.code).first { $0.contains("actor Contributors") })
        #expect(Self.findings(clearing, rule: "actor-reentrancy-stale-state").isEmpty)
        let storing = clearing.replacingOccurrences(of: "func clear() { cache = nil }",
                                                    with: "func seed(_ names: [String]) { cache = (names, Date()) }")
        let found = Self.findings(storing, rule: "actor-reentrancy-stale-state")
        #expect(found.map(\.range.start.line) == [6])
        #expect(found.first?.message.contains("`seed(_:)` (line 9)") == true)
    }

    @Test func claimingStateBeforeSuspendingWithDeferredCleanupIsClean() {
        let code = """
            actor Downloader {
                private var active: Set<URL> = []
                func download(_ url: URL, client: Client) async throws {
                    guard !active.contains(url) else { return }
                    active.insert(url)
                    defer { active.remove(url) }
                    try await client.fetch(url)
                }
            }
            """
        #expect(Self.findings(code, rule: "actor-reentrancy-stale-state").isEmpty)
    }

    // MARK: cancellation-shown-as-error

    @Test func catchAllThatAlsoCleansUpIsReportedWithoutFix() {
        // Skipping the catch-all on cancellation would leave the spinner on.
        let code = """
            @MainActor final class Model {
                var isLoading = false
                var errorMessage: String?
                private var loading: Task<Void, Never>?
                func reload(api: API) {
                    loading?.cancel()
                    loading = Task { await load(api: api) }
                }
                func load(api: API) async {
                    do {
                        try await Task.sleep(for: .seconds(1))
                    } catch {
                        isLoading = false
                        errorMessage = error.localizedDescription
                    }
                }
            }
            """
        let found = Self.findings(code, rule: "cancellation-shown-as-error")
        #expect(found.count == 1)
        #expect(found.first?.fix == nil)
        #expect(found.first?.message.contains("`errorMessage`") == true)
        // The message names where the cancellation comes from.
        #expect(found.first?.message.contains("`load` is awaited from the task kept in `loading` at Example.swift:7, which its owner cancels") == true)
    }

    @Test func cancellationIsFollowedThreeCallsDeepAndNoFurther() {
        func code(depth: Int) -> String {
            let chain = (1..<depth).map { "    func step\($0)() async { await step\($0 + 1)() }" }.joined(separator: "\n")
            return """
                @MainActor final class Model {
                    var errorMessage: String?
                    func appear() -> some View { Text("").task { await step1() } }
                \(chain)
                    func step\(depth)() async {
                        do { try await Task.sleep(for: .seconds(1)) } catch { errorMessage = "\\(error)" }
                    }
                }
                """
        }
        let third = Self.findings(code(depth: 3), rule: "cancellation-shown-as-error")
        #expect(third.count == 1)
        #expect(third.first?.message.contains("(through `Model.step2`, `Model.step1`) from the `.task` closure at Example.swift:3") == true)
        #expect(Self.findings(code(depth: 4), rule: "cancellation-shown-as-error").isEmpty)
    }

    @Test func theReasonNamesTheSameCancelledCallerWhateverTheFileOrder() {
        let model = SourceFile(path: "Model.swift", text: """
            @MainActor final class Model {
                var errorMessage: String?
                func load() async {
                    do { try await Task.sleep(for: .seconds(1)) } catch { errorMessage = "\\(error)" }
                }
            }
            """)
        let first = SourceFile(path: "A.swift", text: "struct A: View { let model: Model; var body: some View { Text(\"\").task { await model.load() } } }")
        let second = SourceFile(path: "B.swift", text: "struct B: View { let model: Model; var body: some View { Text(\"\").refreshable { await model.load() } } }")
        let linter = Linter(ruleIDs: ["cancellation-shown-as-error"])
        let messages = [[first, second, model], [second, first, model], [model, second, first]].map { files in
            linter.findings(in: model, module: .plainSwift6, index: ProjectIndex(files: files)).map(\.message)
        }
        #expect(messages[0].count == 1)
        #expect(messages[0].first?.contains("from the `.task` closure at A.swift:1") == true)
        #expect(messages[1] == messages[0])
        #expect(messages[2] == messages[0])
    }

    @Test func aTaskStartedInsideACancelledFunctionIsNotCancelledWithIt() {
        // The inner `Task { }` is unstructured: cancelling `load()` does not cancel it.
        let code = """
            @MainActor final class Model {
                var errorMessage: String?
                func appear() -> some View { Text("").task { await load() } }
                func load() async {
                    Task {
                        do { try await Task.sleep(for: .seconds(1)) } catch { errorMessage = "\\(error)" }
                    }
                }
            }
            """
        #expect(Self.findings(code, rule: "cancellation-shown-as-error").isEmpty)
    }

    @Test func singleLineDoGetsACompactBranch() {
        let code = """
            final class Model {
                var error: Error?
                var loading: Task<Void, Never>?
                func load(api: API) {
                    loading?.cancel()
                    loading = Task { [weak self] in
                        do { try await Task.sleep(for: .seconds(1)) } catch { self?.error = error }
                    }
                }
            }
            """
        #expect(Self.fixed(code, rule: "cancellation-shown-as-error") == """
            final class Model {
                var error: Error?
                var loading: Task<Void, Never>?
                func load(api: API) {
                    loading?.cancel()
                    loading = Task { [weak self] in
                        do { try await Task.sleep(for: .seconds(1)) } catch is CancellationError {} catch { self?.error = error }
                    }
                }
            }
            """)
    }

    // MARK: loop-without-cancellation-check

    @Test func nestedAwaitingLoopsGiveOneFindingAtTheOuterLoop() {
        let code = """
            func sync(folders: [Folder], api: API) async {
                for folder in folders {
                    for file in folder.files {
                        await api.upload(file)
                    }
                }
            }
            func screen() -> some View { Text("").task { await sync(folders: folders, api: api) } }
            """
        let found = Self.findings(code, rule: "loop-without-cancellation-check")
        #expect(found.map(\.range.start.line) == [2])
    }

    @Test func finiteLoopsNeedACancellationSourceEndlessOnesDoNot() {
        let finite = """
            func sync(files: [File], api: API) async {
                for file in files { await api.upload(file) }
            }
            """
        #expect(Self.findings(finite, rule: "loop-without-cancellation-check").isEmpty)
        // The same loop, awaited from a kept-and-cancelled task, is reported.
        let cancelled = finite + """

            final class Syncer {
                var running: Task<Void, Never>?
                func start(files: [File], api: API) { running = Task { await sync(files: files, api: api) } }
                func stop() { running?.cancel() }
            }
            """
        #expect(Self.findings(cancelled, rule: "loop-without-cancellation-check").map(\.range.start.line) == [2])
        let endless = """
            func pump(queue: Queue) async {
                while true { await queue.processNext() }
            }
            """
        #expect(Self.findings(endless, rule: "loop-without-cancellation-check").map(\.range.start.line) == [2])
    }

    @Test func awaitOnlyInTheSequenceIsNotAnAwaitingLoop() {
        // `for x in await load()` awaits once, before the loop starts.
        let code = """
            func render(store: Store) async {
                for item in await store.items() {
                    print(item)
                }
            }
            func screen() -> some View { Text("").task { await render(store: store) } }
            """
        #expect(Self.findings(code, rule: "loop-without-cancellation-check").isEmpty)
    }

    // MARK: continuation-misuse

    @Test func alternativesInIfConfigAndTernaryResumeOnce() {
        let code = """
            func value(flag: Bool) async -> Int {
                await withCheckedContinuation { continuation in
                    #if DEBUG
                    continuation.resume(returning: 1)
                    #else
                    continuation.resume(returning: 2)
                    #endif
                }
            }
            func other(flag: Bool) async -> Int {
                await withCheckedContinuation { continuation in
                    flag ? continuation.resume(returning: 1) : continuation.resume(returning: 2)
                }
            }
            """
        #expect(Self.findings(code, rule: "continuation-misuse").isEmpty)
    }

    @Test func anonymousParameterAndPathNamesInMessages() {
        let code = """
            func twice() async -> Int {
                await withCheckedContinuation {
                    $0.resume(returning: 1)
                    $0.resume(returning: 2)
                }
            }
            func hang(url: URL?) async -> Data {
                await withCheckedContinuation { continuation in
                    guard let url else { return }
                    Loader.load(url) { continuation.resume(returning: $0) }
                }
            }
            """
        let found = Self.findings(code, rule: "continuation-misuse")
        #expect(found.map(\.range.start.line) == [4, 9])
        #expect(found.first?.message.contains("resumed here after line 3 already resumed it") == true)
        #expect(found.last?.message.hasPrefix("The `else` of the `guard` leaves the body without resuming `continuation`") == true)
    }

    @Test func labeledBreakLeavesTheOuterLoop() {
        // `break outer` after the resume ends both loops: no second resume; but when no value
        // matches, the loops finish without resuming.
        let code = """
            func firstLarge(_ rows: [[Int]]) async -> Int {
                await withCheckedContinuation { continuation in
                    outer: for row in rows {
                        for value in row where value > 10 {
                            continuation.resume(returning: value)
                            break outer
                        }
                    }
                }
            }
            """
        let found = Self.findings(code, rule: "continuation-misuse")
        #expect(found.map(\.range.start.line) == [3])
        #expect(found.first?.message.hasPrefix("When the `for` loop finishes, the body ends without resuming") == true)
    }

    // MARK: completion-handler-to-async

    @Test func generatedWrappersResumeExactlyOnce() throws {
        let rule = try #require(RuleRegistry.descriptions.first { $0.id == "completion-handler-to-async" })
        #expect(!rule.corrections.isEmpty)
        for correction in rule.corrections {
            #expect(Self.findings(correction.after, rule: "continuation-misuse").isEmpty, "\(correction.after)")
        }
    }

    @Test func anotherClosureParameterMakesTheHandlerALabeledArgument() {
        let code = """
            enum Motion {
                static func animate(duration: Double, animations: @escaping () -> Void, completion: @escaping (Bool) -> Void) {
                    animations()
                    DispatchQueue.main.async { completion(true) }
                }
            }
            """
        #expect(Self.fixed(code, rule: "completion-handler-to-async") == """
            enum Motion {
                static func animate(duration: Double, animations: @escaping () -> Void, completion: @escaping (Bool) -> Void) {
                    animations()
                    DispatchQueue.main.async { completion(true) }
                }

                static func animate(duration: Double, animations: @escaping () -> Void) async -> Bool {
                    await withCheckedContinuation { continuation in
                        animate(duration: duration, animations: animations, completion: { value in
                            continuation.resume(returning: value)
                        })
                    }
                }
            }
            """)
    }

    @Test func splitSuccessAndFailureCallbacksAreReportedWithoutFix() {
        // Dropping only `failure:` would leave `success:` as a parameter of the async variant.
        let code = """
            final class Legacy {
                func perform(_ request: Request, success: @escaping (Response) -> Void, failure: @escaping (Error) -> Void) {
                    queue.async { request.isValid ? success(Response()) : failure(RequestError()) }
                }
            }
            """
        let found = Self.findings(code, rule: "completion-handler-to-async")
        #expect(found.count == 1)
        #expect(found.first?.fix == nil)
    }

    @Test func asyncOverloadCountsOnlyInTheSameType() {
        let code = """
            struct Local {
                func load(completion: @escaping (Data) -> Void) { queue.async { completion(Data()) } }
            }
            extension Local {
                func load() async -> Data { Data() }
            }
            struct Remote {
                func ↓load(completion: @escaping (Data) -> Void) { queue.async { completion(Data()) } }
            }
            """
        let (clean, offsets) = RuleExample(code).markedOffsets
        #expect(Self.findings(clean, rule: "completion-handler-to-async").map(\.range.start.offset) == offsets)
    }
}
