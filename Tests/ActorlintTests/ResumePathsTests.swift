@testable import ActorlintKit
import SwiftSyntax
import Testing

/// The resume-path analysis of continuation bodies: each mechanism with and without the
/// evidence it stands on, so a near miss fails for the reason it is meant to.
@Suite struct ResumePathsTests {
    /// The problems of the first `with…Continuation` call of `code`, as short words.
    static func problems(_ code: String, onceHelpers: Set<String> = []) throws -> [String] {
        let file = SourceFile(path: "T.swift", text: code)
        let call = try #require(file.functionCalls.first { ($0.calleeName ?? "").hasSuffix("Continuation") })
        let body = try #require(call.trailingClosure)
        // The module's helpers, as the index would have them: this file's, and `onceHelpers`.
        var helpers = ResumeHelpers(file)
        helpers.once.formUnion(onceHelpers)
        let paths = ResumePaths(call: call, body: body, continuation: Flow.firstParameterName(of: body) ?? "c",
                                file: file, helpers: helpers)
        if paths.escaped { return ["escaped"] }
        return paths.findings.map { finding in
            let line = file.line(of: finding.node)
            switch finding.problem {
            case .missed(let miss): return "missed:\(line)" + (miss.everyPath ? ":every" : "")
            case .resumedTwice: return "twice:\(line)"
            case .perElement: return "perElement:\(line)"
            case .resumedOnEveryUpdate: return "everyUpdate:\(line)"
            case .cancelledPromise: return "promise:\(line)"
            }
        }
    }

    // MARK: Once-guards

    static let lockGuard = """
        func probe(_ connection: Connection) async {
            await withCheckedContinuation { c in
                let flag = Lock(false)
                let claim: () -> Bool = {
                    flag.withLock { done in
                        if done { return false }
                        done = true
                        return true
                    }
                }
                timer.schedule { GUARD c.resume() }
                connection.onReady { GUARD c.resume() }
            }
        }
        """

    @Test func aTestAndSetClosureMakesResumesOnce() throws {
        #expect(try Self.problems(Self.lockGuard.replacingOccurrences(of: "GUARD", with: "guard claim() else { return };")) == [])
        // Without the guard both callbacks resume.
        #expect(try Self.problems(Self.lockGuard.replacingOccurrences(of: "GUARD", with: "")) == ["twice:12"])
        // A predicate that does not set what it tests is no once-guard.
        let notOnce = Self.lockGuard.replacingOccurrences(of: "done = true", with: "print(done)")
            .replacingOccurrences(of: "GUARD", with: "guard claim() else { return };")
        #expect(try Self.problems(notOnce) == ["missed:11", "missed:12", "twice:12"])
    }

    @Test func aOnceHelperOfTheModuleGuardsByName() throws {
        let code = """
            func wait(_ gate: Gate, _ source: Source) async {
                await withCheckedContinuation { c in
                    source.onFirst { guard gate.open() else { return }; c.resume() }
                    source.onSecond { guard gate.open() else { return }; c.resume() }
                }
            }
            """
        #expect(try Self.problems(code, onceHelpers: ["open"]) == [])
        #expect(try Self.problems(code) == ["missed:3", "missed:4", "twice:4"])
    }

    @Test func aFlagSetBesideTheResumeGuardsTheOtherCallbacks() throws {
        let code = """
            func race(_ a: Source, _ b: Source) async -> Int {
                await withCheckedContinuation { c in
                    var finished = false
                    a.onValue { v in if !finished { finished = true; c.resume(returning: v) } }
                    b.onResult { v in if !finished { finished = true; c.resume(returning: v) } }
                }
            }
            """
        #expect(try Self.problems(code) == [])
        #expect(try Self.problems(code.replacingOccurrences(of: "finished = true; ", with: "")).contains("twice:5"))
    }

    @Test func anExitBehindAFlagNeedsTheFlagSetWhereItIsTested() throws {
        // `isLoading` is set beside the resume, but in another closure: the early exit is a miss.
        let code = """
            final class Loader {
                var isLoading = false
                func load(_ api: API) async -> Data {
                    await withCheckedContinuation { c in
                        guard !isLoading else { return }
                        api.fetch { data in
                            self.isLoading = false
                            c.resume(returning: data)
                        }
                    }
                }
            }
            """
        #expect(try Self.problems(code) == ["missed:5"])
    }

    @Test func aSettleOnceRunnerGuardsTheResumesItRuns() throws {
        let code = """
            func token(_ vault: Vault) async -> String {
                await withCheckedContinuation { c in
                    var settled = false
                    func settle(_ body: () -> Void) { if !settled { settled = true; body() } }
                    queue.after(5) { settle { c.resume(returning: "") } }
                    vault.token { t in settle { c.resume(returning: t) } }
                }
            }
            """
        #expect(try Self.problems(code) == [])
        #expect(try Self.problems(code.replacingOccurrences(of: "settled = true; ", with: "")) == ["twice:6"])
    }

    // MARK: Callbacks

    @Test func repeatingCallbacksWaitForTheNextCall() throws {
        let code = """
            func ready(_ connection: NWConnection) async {
                await withCheckedContinuation { c in
                    connection.HANDLER = { state in
                        if case .ready = state { c.resume() }
                    }
                }
            }
            """
        #expect(try Self.problems(code.replacingOccurrences(of: "HANDLER", with: "stateUpdateHandler")) == [])
        #expect(try Self.problems(code.replacingOccurrences(of: "HANDLER", with: "completion")) == ["missed:4"])
    }

    @Test func aFunctionOfTheModuleThatKeepsItsHandlerRepeatsIt() throws {
        let code = """
            final class Player {
                private var observers: [(Double) -> Void] = []
                func onProgress(_ handler: @escaping (Double) -> Void) { KEEP }
            }
            func finish(_ player: Player) async {
                await withCheckedContinuation { c in
                    player.onProgress { value in
                        if value >= 1 { c.resume() }
                    }
                }
            }
            """
        #expect(try Self.problems(code.replacingOccurrences(of: "KEEP", with: "observers.append(handler)")) == [])
        #expect(try Self.problems(code.replacingOccurrences(of: "KEEP", with: "for _ in 0..<3 { handler(0.5) }")) == [])
        // Called once: a value below 1 is a path that never resumes.
        let once = try Self.problems(code.replacingOccurrences(of: "KEEP", with: "handler(1)"))
        #expect(once == ["missed:8"])
    }

    @Test func aThrowInATaskIsDroppedButOneInATryCallIsCaught() throws {
        let inTask = """
            func send(_ api: API) async {
                await withCheckedContinuation { c in
                    Task {
                        try await api.send()
                        c.resume()
                    }
                }
            }
            """
        #expect(try Self.problems(inTask) == ["missed:3"])
        let caught = """
            func send(_ api: API) async {
                await withCheckedContinuation { c in
                    do {
                        try api.withSession { session in
                            try session.send()
                            c.resume()
                        }
                    } catch {
                        c.resume()
                    }
                }
            }
            """
        #expect(try Self.problems(caught) == [])
    }

    @Test func promiseHandlersAreAlternativesUnlessTheSuccessHandlerThrowsAfterResuming() throws {
        let code = """
            func value(_ promise: Promise<Int>) async throws -> Int {
                try await withCheckedThrowingContinuation { c in
                    promise.done { v in
                        c.resume(returning: v)
                        AFTER
                    }.catch { e in c.resume(throwing: e) }
                }
            }
            """
        #expect(try Self.problems(code.replacingOccurrences(of: "AFTER", with: "")) == [])
        #expect(try Self.problems(code.replacingOccurrences(of: "AFTER", with: "try check(v)")) == ["twice:6"])
        // With PromiseKit imported, its `catch` skips cancellation: a chain made cancellable is
        // reported at its start; a plain promise rejects only with what its producer seals.
        let plain = "import PromiseKit\n" + code.replacingOccurrences(of: "AFTER", with: "")
        #expect(try Self.problems(plain) == [])
        let promiseKit = plain.replacingOccurrences(of: "promise.done", with: "promise.cancellize().done")
        #expect(try Self.problems(promiseKit) == ["promise:4"])
        // A final handler runs for a cancelled promise too.
        let final = promiseKit.replacingOccurrences(of: "c.resume(throwing: e) }", with: "c.resume(throwing: e) }.finally { log() }")
        #expect(try Self.problems(final) == [])
        // A timeout that resumes otherwise bounds the wait.
        let timeout = promiseKit.replacingOccurrences(of: "promise.cancellize()", with: "queue.after(5) { c.resume(throwing: Timeout()) }\n        promise.cancellize()")
        #expect(try Self.problems(timeout).filter { $0.hasPrefix("promise") } == [])
    }

    @Test func weakSelfIsAliveWhileAMethodOfSelfAwaits() throws {
        let method = """
            final class Runner {
                func run() async {
                    await withCheckedContinuation { [weak self] c in
                        guard let self else { return }
                        self.engine.run { c.resume() }
                    }
                }
            }
            """
        #expect(try Self.problems(method) == [])
        #expect(try Self.problems(method.replacingOccurrences(of: "func run()", with: "static func run()")) == ["missed:4"])
    }

    @Test func aStartedHandlerFiresOnlyIfItsObjectStarts() throws {
        let code = """
            func launch(_ process: Process) async -> Int32 {
                await withCheckedContinuation { c in
                    process.terminationHandler = { p in c.resume(returning: p.terminationStatus) }
                    do { try process.START() } catch { c.resume(returning: -1) }
                }
            }
            """
        #expect(try Self.problems(code.replacingOccurrences(of: "START", with: "run")) == [])
        // Another call does not start the process: both resumes may run.
        #expect(try Self.problems(code.replacingOccurrences(of: "START", with: "validate")) == ["twice:4"])
    }

    @Test func aCoordinatorErrorCheckPrunesTheSkippedPath() throws {
        let code = """
            func read(_ url: URL) async throws -> Data {
                try await withCheckedThrowingContinuation { c in
                    var error: NSError?
                    NSFileCoordinator().coordinate(readingItemAt: url, error: &error) { u in c.resume(returning: Data()) }
                    CHECK
                }
            }
            """
        #expect(try Self.problems(code.replacingOccurrences(of: "CHECK", with: "if let error { c.resume(throwing: error) }")) == [])
        #expect(try Self.problems(code.replacingOccurrences(of: "CHECK", with: "")) == ["missed:4"])
    }

    @Test func localRoutinesRunWhereTheyAreCalled() throws {
        let code = """
            func pick(_ sheet: Sheet) async -> Int {
                await withCheckedContinuation { c in
                    let finish: (Int) -> Void = { c.resume(returning: $0) }
                    sheet.onPick { finish($0) }
                    sheet.onDismiss { finish(0) }
                    CALL
                }
            }
            """
        #expect(try Self.problems(code.replacingOccurrences(of: "CALL", with: "")) == ["twice:5"])
        // Passed on, the closure is a callback kept for later, like any stored one: no second resume is claimed.
        #expect(try Self.problems(code.replacingOccurrences(of: "CALL", with: "sheet.fallback = finish")) == [])
    }

    @Test func aWholeBranchThatNeverResumesIsNamedAsAWhole() throws {
        let code = """
            func wait(_ job: Job) async {
                await withCheckedContinuation { c in
                    job.onEnd { status in
                        switch status {
                        case .done: c.resume()
                        default:
                            if job.stalled { job.abort() }
                        }
                    }
                }
            }
            """
        #expect(try Self.problems(code) == ["missed:6"])
    }
}
