@testable import ActorlintKit
import SwiftSyntax
import Testing

/// Where a callback runs: its static isolation, and the thread the code around it proves
/// (`IsolationResult.thread`); and the default-isolation cases SE-0466's amendment exempts.
@Suite struct CallbackThreadTests {
    /// The isolation of the statement on the line that ends with `// here`.
    static func result(_ text: String, settings: ModuleSettings = .plainSwift6) -> IsolationResult {
        let file = SourceFile(path: "Example.swift", text: text)
        let line = text.split(separator: "\n", omittingEmptySubsequences: false).firstIndex { $0.hasSuffix("// here") }! + 1
        let indent = file.lineText(line).prefix { $0 == " " }.count
        let token = file.tree.token(at: file.converter.position(ofLine: line, column: indent + 1))!
        return IsolationModel(file: file, module: settings, index: ProjectIndex(files: [file])).isolation(at: token)
    }

    static func isMainThread(_ thread: RunTimeThread) -> Bool { if case .mainThread = thread { true } else { false } }
    static func isCallersThread(_ thread: RunTimeThread) -> Bool { if case .callersThread = thread { true } else { false } }

    @Test func aSinkRunsOnTheMainThreadOnlyAfterReceivingOnIt() {
        let onMain = Self.result("""
            final class Model {
                func bind(_ feed: AnyPublisher<Int, Never>) {
                    _ = feed.map { $0 + 1 }.receive(on: DispatchQueue.main).sink { value in
                        print(value) // here
                    }
                }
            }
            """)
        #expect(onMain.isolation == .nonisolated && Self.isMainThread(onMain.thread) && onMain.isOnMainThread)
        let emitter = Self.result("""
            @MainActor final class Model {
                func bind(_ feed: AnyPublisher<Int, Never>) {
                    _ = feed.sink { value in
                        print(value) // here
                    }
                }
            }
            """)
        // Main-actor code to the compiler, yet the publisher decides the thread.
        #expect(emitter.isolation == .mainActor && Self.isCallersThread(emitter.thread) && !emitter.isOnMainThread)
        let elsewhere = Self.result("""
            final class Model {
                func bind(_ feed: AnyPublisher<Int, Never>, queue: DispatchQueue) {
                    _ = feed.receive(on: queue).sink { value in
                        print(value) // here
                    }
                }
            }
            """)
        #expect(Self.isCallersThread(elsewhere.thread))
    }

    @Test func aSynchronousCallbackInAsyncCodeRunsWhereItIsCalled() {
        let sink = Self.result("""
            final class Model {
                func bind(_ feed: AnyPublisher<Int, Never>) async {
                    _ = feed.sink { value in
                        print(value) // here
                    }
                }
            }
            """)
        #expect(sink.isolation == .nonisolated)
        #expect(sink.reasons.first?.message.contains("runs on the thread that calls it") == true)
        // A closure run on the spot is still part of the async function.
        let loop = Self.result("""
            final class Model {
                func run(_ items: [Int]) async {
                    items.forEach { item in
                        print(item) // here
                    }
                }
            }
            """)
        #expect(loop.isolation == .concurrent)
        let completion = Self.result("""
            final class Catalog {
                func load(completion: @escaping ([String]) -> Void) {}
                func load() async -> [String] {
                    await withCheckedContinuation { continuation in
                        load(completion: { list in
                            continuation.resume(returning: list) // here
                        })
                    }
                }
            }
            """)
        #expect(completion.isolation == .nonisolated)
    }

    @Test func timersAndObserversRunWhereTheyAreScheduled() {
        let timer = Self.result("""
            @MainActor final class Clock {
                func start() {
                    Timer.scheduledTimer(withTimeInterval: 1, repeats: true) { _ in
                        print("tick") // here
                    }
                }
            }
            """)
        #expect(timer.isolation == .nonisolated && Self.isMainThread(timer.thread))
        let offMainTimer = Self.result("""
            final class Clock {
                func start() {
                    Timer.scheduledTimer(withTimeInterval: 1, repeats: true) { _ in
                        print("tick") // here
                    }
                }
            }
            """)
        #expect(Self.isCallersThread(offMainTimer.thread))
        let observer = Self.result("""
            final class Watcher {
                func start() {
                    NotificationCenter.default.addObserver(forName: .init("x"), object: nil, queue: .main) { _ in
                        print("seen") // here
                    }
                }
            }
            """)
        #expect(Self.isMainThread(observer.thread))
        let posterThread = Self.result("""
            final class Watcher {
                func start() {
                    NotificationCenter.default.addObserver(forName: .init("x"), object: nil, queue: nil) { _ in
                        print("seen") // here
                    }
                }
            }
            """)
        #expect(Self.isCallersThread(posterThread.thread))
    }

    @Test func aTimerFiresWhereEveryPathThatSchedulesItRuns() {
        // A private method whose every call is on the main thread: a main-queue sink and a
        // `@MainActor` method.
        let scheduled = Self.result("""
            final class Screensaver: ObservableObject {
                @Published var isActive = false
                var bag = Set<AnyCancellable>()
                private var timer: Timer?
                init(_ settings: AnyPublisher<Int, Never>) {
                    settings.receive(on: DispatchQueue.main).sink { [weak self] _ in self?.restart() }.store(in: &bag)
                }
                @MainActor func wake() { restart() }
                private func restart() {
                    timer = Timer.scheduledTimer(withTimeInterval: 30, repeats: false) { [weak self] _ in
                        self?.isActive = true // here
                    }
                }
            }
            """)
        #expect(Self.isMainThread(scheduled.thread))
        // One call from a callback whose thread is unknown, or a method others may call: unknown.
        let unknownCaller = Self.result("""
            final class Screensaver: ObservableObject {
                @Published var isActive = false
                private var timer: Timer?
                func observe(_ center: MotionCenter) { center.onMotion { [weak self] in self?.restart() } }
                private func restart() {
                    timer = Timer.scheduledTimer(withTimeInterval: 30, repeats: false) { [weak self] _ in
                        self?.isActive = true // here
                    }
                }
            }
            """)
        #expect(Self.isCallersThread(unknownCaller.thread))
        let internalMethod = Self.result("""
            final class Screensaver: ObservableObject {
                @Published var isActive = false
                @MainActor func wake() { restart() }
                func restart() {
                    _ = Timer.scheduledTimer(withTimeInterval: 30, repeats: false) { [weak self] _ in
                        self?.isActive = true // here
                    }
                }
            }
            """)
        #expect(Self.isCallersThread(internalMethod.thread))
    }

    @Test func sendableMetatypeConformancesKeepDefaultMainActorAway() {
        let mainByDefault = ModuleSettings(name: "App", defaultIsolation: .mainActor)
        let intent = Self.result("""
            struct OpenIntent: AppIntent {
                func perform() async throws -> some IntentResult {
                    return .result() // here
                }
            }
            """, settings: mainByDefault)
        #expect(intent.isolation == .concurrent)
        #expect(intent.reasons.contains { $0.message.contains("SE-0466") && $0.message.contains("AppIntent") })
        let errorExtension = Self.result("""
            enum Failure: Error { case a }
            extension Failure {
                func describe() {
                    print(self) // here
                }
            }
            """, settings: mainByDefault)
        #expect(errorExtension.isolation == .nonisolated)
        // A protocol of this module is main-actor code itself under the default.
        let sameModule = Self.result("""
            protocol Loading: Sendable {}
            struct Loader: Loading {
                func load() {
                    print(1) // here
                }
            }
            """, settings: mainByDefault)
        #expect(sameModule.isolation == .mainActor)
        // `Sendable` itself counts from Swift 6.4 (swiftlang/swift#86682), not in 6.2 or 6.3
        // (swiftc 6.3.1 infers MainActor): the answer is the compiler's.
        let sendable = """
            struct Loader: Sendable {
                func load() {
                    print(1) // here
                }
            }
            """
        func compiler(_ version: String, _ certainty: CompilerVersion.Certainty) -> ModuleSettings {
            var settings = mainByDefault
            settings.compiler = CompilerVersion(version: version, certainty: certainty, evidence: "test")
            return settings
        }
        #expect(Self.result(sendable, settings: compiler("6.3", .stated)).isolation == .mainActor)
        #expect(Self.result(sendable, settings: compiler("6.4", .minimum)).isolation == .nonisolated)
        guard case .unknown(let why) = Self.result(sendable, settings: mainByDefault).isolation else {
            Issue.record("a Sendable type with no known compiler should be unknown")
            return
        }
        #expect(why.contains("depends on the compiler"))
        #expect(Self.result(sendable, settings: compiler("6.2", .minimum)).isolation != .mainActor, "6.2 or later may be 6.4")
    }

    /// SwiftUI's `View` is `@MainActor` as a whole only since the iOS 18 / macOS 15 SDKs: a library
    /// that a Swift 5 compiler (Xcode 15) may still build gives its views' members no isolation
    /// actorlint can claim; apps, Swift 6 mode and Swift 6 compilers do.
    @Test func aViewIsMainActorCodeOnlyWhereTheSDKIsKnownToBeNew() {
        let code = """
            struct TicketView: View {
                var body: some View { Text("") }
                func submit() {
                    print(1) // here
                }
            }
            """
        func settings(_ kind: TargetKind, mode: Int, compiler: String?) -> ModuleSettings {
            ModuleSettings(name: "UI", kind: kind, languageMode: mode,
                           compiler: compiler.map { CompilerVersion(version: $0, certainty: .minimum, evidence: "swift-tools-version \($0)") })
        }
        guard case .unknown(let why) = Self.result(code, settings: settings(.library, mode: 5, compiler: "5.9")).isolation else {
            Issue.record("a Swift 5 library that Xcode 15 may build: a view's member is not known to be main-actor")
            return
        }
        #expect(why.contains("iOS 18"))
        #expect(Self.result(code, settings: settings(.library, mode: 5, compiler: "6.0")).isolation == .mainActor)
        #expect(Self.result(code, settings: settings(.library, mode: 6, compiler: nil)).isolation == .mainActor)
        #expect(Self.result(code, settings: settings(.app, mode: 5, compiler: nil)).isolation == .mainActor)
    }

    @Test func webKitDelegatesAreMainActorCode() {
        let delegate = Self.result("""
            final class WebCoordinator: NSObject, WKNavigationDelegate {
                func finish() {
                    print(1) // here
                }
            }
            """)
        #expect(delegate.isolation == .mainActor)
    }
}
