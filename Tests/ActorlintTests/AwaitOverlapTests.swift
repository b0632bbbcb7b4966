@testable import ActorlintKit
import SwiftSyntax
import Testing

/// What awaiting a call does (`FunctionSummary`, `CallWork`), whether two awaits overlap
/// (`AwaitOverlap`), and what a check establishes about an actor's state (`StateCondition`),
/// with the shapes of `sequential-independent-awaits` that its examples cannot show (several
/// files and modules, the fix's Swift 6 gates).
@Suite struct AwaitOverlapTests {
    static func summaries(_ code: String) -> [String: FunctionSummary] {
        Dictionary(FunctionSummary.summaries(of: SourceFile(path: "T.swift", text: code)).map { ($0.name, $0) }) { first, _ in first }
    }

    static func findings(_ code: String, otherFiles: [String] = [], module: ModuleSettings = .plainSwift6) -> [Finding] {
        let file = SourceFile(path: "Example.swift", text: code)
        let others = otherFiles.enumerated().map { SourceFile(path: "Other\($0.offset).swift", text: $0.element) }
        return Linter(ruleIDs: ["sequential-independent-awaits"])
            .findings(in: file, module: module, index: ProjectIndex(files: [file] + others))
    }

    static let get = "try await URLSession.shared.data(from: URL(string: \"https://example.com\")!).0"

    // MARK: FunctionSummary

    @Test func waitsCountOnlyOnEveryPath() throws {
        let summaries = Self.summaries("""
            struct S {
                func direct() async throws -> Data { \(Self.get) }
                func guarded(_ id: Int?) async throws -> Data {
                    guard let id else { return Data() }
                    return try await fetch(id)
                }
                func branch(_ flag: Bool) async throws -> Data {
                    if flag { return \(Self.get) }
                    return Data()
                }
                func fallback(_ cached: Data?) async throws -> Data? { try? await cached ?? fetch(1) }
                func bridge() async -> Int { await withCheckedContinuation { c in store.count { c.resume(returning: $0) } } }
                func fetch(_ id: Int) async throws -> Data { \(Self.get) }
            }
            """)
        #expect(try #require(summaries["direct"]).leaf?.kind == .network)
        #expect(try #require(summaries["guarded"]).waits.map(\.name) == ["fetch"])
        #expect(try #require(summaries["branch"]).leaf == nil)
        #expect(try #require(summaries["branch"]).waits.isEmpty)
        #expect(try #require(summaries["fallback"]).waits.isEmpty)
        let bridge = try #require(summaries["bridge"]?.leaf)
        #expect(bridge.kind == .bridge)
        #expect(bridge.object == .state("store"))
    }

    @Test func httpMethodsWritesAndReadsAreRecorded() throws {
        let summaries = Self.summaries("""
            final class Store {
                var items: [Int] = []
                var count = 0
                func post(_ body: Data) async throws {
                    var request = URLRequest(url: base)
                    request.httpMethod = "POST"
                    items.append(1)
                    self.count += 1
                    _ = try await session.upload(for: request, from: body)
                }
                func methods() { send(.get); send(HTTPMethod.delete); _ = result.get() }
            }
            """)
        let post = try #require(summaries["post"])
        #expect(post.httpMethods == ["POST"])
        #expect(post.writes == ["items", "count"])
        #expect(post.reads.isSuperset(of: ["base", "session"]))
        #expect(!post.reads.contains("request"))
        #expect(try #require(summaries["methods"]).httpMethods == ["GET", "DELETE"])
    }

    @Test func summariesSurviveTheCache() {
        let file = SourceFile(path: "/p/T.swift", text: """
            struct S {
                static func load(id: Int, page: Int = 1) async throws -> Data { try await fetch(id) }
                mutating func touch() { count += 1 }
                func bridge() async -> Int { await withCheckedContinuation { c in store.count { c.resume(returning: $0) } } }
            }
            """)
        let summary = FileSummary(file)
        #expect(summary.functions.count == 3)
        #expect(summary.relocated(to: "/p/T.swift") == summary)
    }

    // MARK: CallWork

    @Test func callsAreFollowedIntoOtherFilesAndImportedModules() {
        let app = SourceFile(path: "App.swift", text: "func show(api: API) async throws { _ = try await api.load() }\n")
        let client = SourceFile(path: "Client.swift", text: "struct API { func load() async throws -> Data { try await send() } }\n")
        let network = SourceFile(path: "Network.swift", text: """
            extension API { func send() async throws -> Data { var r = URLRequest(url: u); r.httpMethod = "GET"; return try await session.data(for: r).0 } }
            """)
        let dependency = ProjectIndex(files: [network])
        let index = ProjectIndex(files: [app, client])
        index.link(dependencies: [dependency])
        let work = CallWork(index: index)
        let call = FunctionSummary.Call(name: "load", labels: [], receiver: .local("API"))
        let wait = work.wait(call, owner: nil)
        #expect(wait?.leaf.text == "URLSession.data(for:)")
        #expect(wait?.through == ["load", "send"])
        #expect(work.effects(call, owner: nil).onlyReads)
    }

    @Test func everyDeclarationTheCallCanBeMustAgree() {
        let file = SourceFile(path: "T.swift", text: """
            struct Remote { func items() async throws -> Data { \(Self.get) } }
            struct Memory { var stored = Data(); func items() async throws -> Data { stored } }
            """)
        let work = CallWork(index: ProjectIndex(files: [file]))
        #expect(work.wait(FunctionSummary.Call(name: "items", labels: [], receiver: .local(nil)), owner: nil) == nil)
        #expect(work.wait(FunctionSummary.Call(name: "items", labels: [], receiver: .local("Remote")), owner: nil) != nil)
        #expect(work.wait(FunctionSummary.Call(name: "items", labels: [], receiver: .local("Memory")), owner: nil) == nil)
        // Labels must fit: `items(page:)` is neither.
        #expect(work.candidates(FunctionSummary.Call(name: "items", labels: ["page"], receiver: .local(nil)), owner: nil).isEmpty)
    }

    // MARK: StateCondition

    @Test func whatAConditionEstablishes() throws {
        let code = """
            actor A {
                func f() {
                    if let cached = cache[k] { return }
                    guard phase == .ready, !names.contains(n) else { return }
                    if isDirty && other { }
                }
            }
            """
        let file = SourceFile(path: "T.swift", text: code)
        func fact(_ property: String, passed: Bool) throws -> StateCondition {
            let read = try #require(collect(DeclReferenceExprSyntax.self, in: file.tree, within: .everything)
                .first { $0.baseName.text == property })
            let element = try #require(read.nearest(ConditionElementSyntax.self))
            let count = element.parent?.as(ConditionElementListSyntax.self)?.count ?? 1
            return StateCondition.established(by: element, read: Syntax(read), passed: passed, onlyCondition: count == 1)
        }
        #expect(try fact("cache", passed: false) == .isNil)
        #expect(try fact("cache", passed: true) == .notNil)
        #expect(try fact("phase", passed: true) == .equals(".ready"))
        #expect(try fact("names", passed: true) == .isNil)
        #expect(try fact("isDirty", passed: true) == .equals("true"))
        #expect(try fact("isDirty", passed: false) == .unknown)
        #expect(try fact("phase", passed: false) == .unknown)
        #expect(StateCondition.isNil.isInvalidated(by: .some))
        #expect(!StateCondition.isNil.isInvalidated(by: .none))
        #expect(!StateCondition.equals(".ready").isInvalidated(by: .literal(".ready")))
        #expect(StateCondition.notNil.isCleared(by: .none))
        #expect(!StateCondition.equals("false").isCleared(by: .literal("true")))
    }

    // MARK: The rule across files, and the fix's gates

    static let service = """
        struct Feed: Sendable {
            func posts() async throws -> Data { \(get) }
            func users() async throws -> Data { \(get) }
            func publish(_ body: Data) async throws -> Data {
                var request = URLRequest(url: URL(string: "https://example.com")!)
                request.httpMethod = "POST"
                return try await URLSession.shared.upload(for: request, from: body).0
            }
        }
        """

    @Test func theCalleeMayBeDeclaredInAnotherFile() {
        let code = """
            func load(feed: Feed) async throws -> Int {
                let posts = try await feed.posts()
                let users = try await feed.users()
                return posts.count + users.count
            }
            """
        #expect(Self.findings(code).isEmpty)
        #expect(Self.findings(code, otherFiles: [Self.service]).map(\.range.start.line) == [2])
    }

    @Test func aWriteAfterACallThatCanThrowIsNotStartedEarly() {
        let code = """
            func share(feed: Feed, body: Data) async throws {
                let posts = try await feed.posts()
                let receipt = try await feed.publish(body)
                print(posts, receipt)
            }
            """
        #expect(Self.findings(code, otherFiles: [Self.service]).isEmpty)
        // With `try?`, a failure of the first does not stop the second.
        let optional = code.replacingOccurrences(of: "let posts = try await", with: "let posts = try? await")
        #expect(Self.findings(optional, otherFiles: [Self.service]).count == 1)
    }

    @Test func fixIsWithheldWhereSwift6WouldRejectTheChildTasks() {
        // "sending 'self' risks causing data races": a nonisolated class that is not Sendable.
        let plain = """
            final class Loader {
                func posts() async throws -> Data { \(Self.get) }
                func users() async throws -> Data { \(Self.get) }
                func load() async throws -> Int {
                    let posts = try await posts()
                    let users = try await users()
                    return posts.count + users.count
                }
            }
            """
        // "non-Sendable result can not be returned from main actor-isolated instance method".
        let mainActor = """
            final class Page { var data = Data() }
            @MainActor final class Screen {
                func posts() async throws -> Page { _ = \(Self.get); return Page() }
                func users() async throws -> Page { _ = \(Self.get); return Page() }
                func load() async throws -> Int {
                    let posts = try await posts()
                    let users = try await users()
                    return posts.data.count + users.data.count
                }
            }
            """
        for code in [plain, mainActor] {
            let found = Self.findings(code)
            #expect(found.count == 1)
            #expect(found.first?.fix == nil)
        }
    }

    @Test func mutatingCalleesAndAwaitsInACalleesLoopAreNotIndependent() {
        let mutating = """
            struct Cursor {
                mutating func next() async throws -> Data { position += 1; return \(Self.get) }
                mutating func peek() async throws -> Data { \(Self.get) }
            }
            func read() async throws {
                var cursor = Cursor()
                let first = try? await cursor.next()
                let second = try? await cursor.peek()
                print(first as Any, second as Any)
            }
            """
        // The callee awaits once per account: nothing shows that it waits at all.
        let loop = """
            final class Accounts {
                func unread() async -> Int {
                    var total = 0
                    for account in accounts { total += await account.unreadCount() }
                    return total
                }
                func starred() async -> Int { await database.starredCount() }
                func summary() async -> String {
                    let unread = await unread()
                    let starred = await starred()
                    return "\\(unread) \\(starred)"
                }
            }
            """
        #expect(Self.findings(mutating).isEmpty)
        #expect(Self.findings(loop).isEmpty)
    }

    @Test func aLaterCallThatReadsAnAssignedPropertyWaits() {
        let code = """
            @MainActor final class Session {
                var token = ""
                func fetchToken() async throws -> String { String(decoding: \(Self.get), as: UTF8.self) }
                func profile() async throws -> Data {
                    var request = URLRequest(url: URL(string: "https://example.com/me")!)
                    request.httpMethod = "GET"
                    request.setValue(token, forHTTPHeaderField: "Authorization")
                    return try await URLSession.shared.data(for: request).0
                }
                func load() async throws -> Data {
                    token = try await fetchToken()
                    let me = try await profile()
                    return me
                }
            }
            """
        #expect(Self.findings(code).isEmpty)
    }
}
