@testable import ActorlintKit
import SwiftSyntax
import Testing

/// The two facts cancellation-shown-as-error stands on: which calls reach which function (by
/// receiver type, `CalleeRefs`, `CancellationReach`), and which awaited work throws when its
/// task is cancelled (`CancellationThrows`, `CancellationThrowers`).
@Suite struct CancellationEvidenceTests {
    /// The reference of the call whose callee text is `callee` in `code`.
    static func reference(_ callee: String, in code: String) throws -> String? {
        let file = SourceFile(path: "T.swift", text: code)
        let call = try #require(file.functionCalls.first { $0.calledExpression.trimmedDescription == callee })
        return CalleeRefs.of(call, in: file)
    }

    @Test func callsAreNamedByTheirReceiversType() throws {
        let code = """
            struct Screen: View {
                @Environment(Client.self) private var client
                @State private var model = FeedModel()
                let store: Store?
                func run(service: Service) async {
                    let cache = ImageCache.shared
                    let loose = makeLoader()
                    await load()
                    await self.load()
                    await model.refresh()
                    await client.get()
                    await store?.save()
                    await service.send()
                    await cache.warm()
                    await loose.start()
                    await Archive.open()
                    await URLSession.shared.data(from: url)
                }
                func load() async {}
            }
            """
        #expect(try Self.reference("load", in: code) == "Screen.load")
        #expect(try Self.reference("self.load", in: code) == "Screen.load")
        #expect(try Self.reference("model.refresh", in: code) == "Screen#model.refresh")
        #expect(try Self.reference("client.get", in: code) == "Screen#client.get")
        #expect(try Self.reference("store?.save", in: code) == "Screen#store.save")
        #expect(try Self.reference("service.send", in: code) == "Service.send")
        #expect(try Self.reference("cache.warm", in: code) == "ImageCache#shared.warm")
        // A local whose type is not written down: no reference, not a guess by name.
        #expect(try Self.reference("loose.start", in: code) == nil)
        #expect(try Self.reference("Archive.open", in: code) == "Archive.open")
        #expect(try Self.reference("URLSession.shared.data", in: code) == "URLSession#shared.data")
        let properties = CalleeRefs.propertyTypes(in: SourceFile(path: "T.swift", text: code))
        #expect(properties["Screen#client"] == "Client" && properties["Screen#model"] == "FeedModel" && properties["Screen#store"] == "Store")
    }

    @Test func theReachFollowsReceiverTypesNotNames() {
        let code = """
            @MainActor final class RepliesFetcher { func fetch() async {} }
            @MainActor final class StatusesFetcher { func fetch() async { await page() }; func page() async {} }
            struct StatusesView: View {
                let fetcher: StatusesFetcher
                var body: some View { List { }.refreshable { await fetcher.fetch() } }
            }
            """
        let reach = CancellationReach([CancellationReach.FileContribution(SourceFile(path: "V.swift", text: code))])
        #expect(reach.reason(forFunction: "StatusesFetcher.fetch")?.contains("`.refreshable` closure at V.swift:5") == true)
        #expect(reach.reason(forFunction: "StatusesFetcher.page")?.contains("(through `StatusesFetcher.fetch`)") == true)
        #expect(reach.reason(forFunction: "RepliesFetcher.fetch") == nil)
    }

    /// What `Probe.run()` throws when cancelled, with `code` declaring what it awaits.
    static func kinds(_ code: String, dependency: String? = nil) -> CancellationKinds? {
        let index = ProjectIndex(files: [SourceFile(path: "P.swift", text: code)])
        if let dependency {
            index.link(dependencies: [ProjectIndex(files: [SourceFile(path: "D.swift", text: dependency)])])
        }
        return index.cancellationThrowers.evidence(forReference: "Probe.run")?.kinds
    }

    @Test func knownAPIsThrowWhenCancelled() {
        #expect(Self.kinds("struct Probe { func run() async throws { try await Task.sleep(for: .seconds(1)) } }") == .cancellationError)
        #expect(Self.kinds("struct Probe { let session: URLSession\n func run() async throws { _ = try await session.data(from: url) } }")
            == .urlCancelled)
        #expect(Self.kinds("struct Probe { func run() async throws { _ = try await URLSession.shared.bytes(from: url) } }") == .urlCancelled)
        #expect(Self.kinds("""
            struct Probe { func run() async throws { try await withTaskCancellationHandler { try await work() } onCancel: { } } }
            """) == .other)
        #expect(Self.kinds("""
            struct Probe { func run() async throws {
                try await withCheckedThrowingContinuation { c in if stale { c.resume(throwing: CancellationError()) } }
            } }
            """) == .cancellationError)
    }

    @Test func workThatCannotThrowACancellationIsNotEvidence() {
        // A continuation over a callback API, with no cancellation handler.
        #expect(Self.kinds("""
            struct Probe { func run() async throws { try await withCheckedThrowingContinuation { c in legacy { c.resume(with: $0) } } } }
            """) == nil)
        // A synchronous process run.
        #expect(Self.kinds("struct Probe { func run() async throws { try process.run(); process.waitUntilExit() } }") == nil)
        // A stream ends with nil when cancelled.
        #expect(Self.kinds("struct Probe { func run(_ s: AsyncThrowingStream<Int, Error>) async throws { for try await _ in s {} } }") == nil)
        // Caught and converted into an app error, or swallowed, on the way out.
        #expect(Self.kinds("""
            struct Probe { func run() async throws { do { try await Task.sleep(for: .seconds(1)) } catch { throw AppError.failed(error) } } }
            """) == nil)
        #expect(Self.kinds("struct Probe { func run() async throws { try? await Task.sleep(for: .seconds(1)) } }") == nil)
        // Caught and rethrown as it is: still thrown.
        #expect(Self.kinds("""
            struct Probe { func run() async throws { do { try await Task.sleep(for: .seconds(1)) } catch { log(error); throw error } } }
            """) == .cancellationError)
        // In a task of its own: not this function's error.
        #expect(Self.kinds("struct Probe { func run() async throws { Task { try await Task.sleep(for: .seconds(1)) } } }") == nil)
    }

    @Test func throwsFollowCallsAcrossTypesAndModules() {
        let client = "public final class Client { let session = URLSession.shared\n public func get() async throws -> Data { try await session.data(from: url).0 } }"
        let probe = "struct Probe { let client: Client\n func run() async throws { _ = try await client.get() } }"
        #expect(Self.kinds(probe) == nil)
        #expect(Self.kinds(probe, dependency: client) == .urlCancelled)
    }

    @Test func aProtocolRequirementThrowsWhenEveryImplementationDoes() {
        let base = """
            protocol Source { func load() async throws }
            final class Remote: Source { func load() async throws { try await Task.sleep(for: .seconds(1)) } }
            struct Probe { let source: Source
                func run() async throws { try await source.load() } }
            """
        #expect(Self.kinds(base) == .cancellationError)
        #expect(Self.kinds(base + "\nfinal class Canned: Source { func load() async throws {} }") == nil)
    }

    /// The catch-all that ends a state set before the call (`.loading` → `.failed`) still shows
    /// cancellation as an error, but skipping it would leave the state behind: no fix. The same
    /// catch-all without the earlier state gets the fix.
    @Test func theFixIsWithheldWhenTheCatchAllEndsAnEarlierState() throws {
        func screen(settingLoadingFirst: Bool) -> String {
            """
            enum Phase { case idle, loading, failed(String) }
            final class Store {
                func save() async throws { try await Task.sleep(for: .seconds(1)) }
            }
            struct EditorScreen: View {
                let store: Store
                @State private var phase = Phase.idle
                var body: some View {
                    Text("").task {
                        \(settingLoadingFirst ? "phase = .loading" : "")
                        do {
                            try await store.save()
                        } catch {
                            phase = .failed(error.localizedDescription)
                        }
                    }
                }
            }
            """
        }
        let stateful = CancellationShieldTests.findings(screen(settingLoadingFirst: true), rule: "cancellation-shown-as-error")
        let plain = CancellationShieldTests.findings(screen(settingLoadingFirst: false), rule: "cancellation-shown-as-error")
        #expect(stateful.count == 1 && plain.count == 1)
        #expect(stateful.first?.fix == nil)
        #expect(plain.first?.fix != nil)
    }
}
