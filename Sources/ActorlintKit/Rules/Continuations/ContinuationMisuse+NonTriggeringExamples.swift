// The examples that specify what `ContinuationMisuse` leaves alone: the near misses.
extension ContinuationMisuse {
    static let nearMissExamples: [RuleExample] = [
        // A function of the module keeps the handler among its observers: it is called for every
        // update, and an update below the end just waits for the next.
        """
        final class Playback {
            private var observers: [(Double) -> Void] = []
            func onProgress(_ handler: @escaping (Double) -> Void) { observers.append(handler) }
        }
        func finish(_ playback: Playback) async {
            await withCheckedContinuation { continuation in
                playback.onProgress { fraction in
                    if fraction >= 1 { continuation.resume() }
                }
            }
        }
        """,
        // Stored for later: someone else resumes it, which this rule cannot see.
        """
        final class Gate {
            var waiter: CheckedContinuation<Void, Never>?
            func wait() async {
                await withCheckedContinuation { continuation in
                    waiter = continuation
                }
            }
        }
        """,
        // Passed on to another function.
        """
        func ask(_ prompt: Prompt) async -> String {
            await withCheckedContinuation { continuation in
                prompt.present(replyingTo: continuation)
            }
        }
        """,
        // Kept for a later event, and resumed from the cancellation handler too.
        """
        @MainActor final class PinPrompt {
            private var pending: CheckedContinuation<String?, Never>?
            func askForPin() async -> String? {
                await withTaskCancellationHandler {
                    await withCheckedContinuation { continuation in
                        pending = continuation
                    }
                } onCancel: {
                    Task { @MainActor in self.submit(nil) }
                }
            }
            func submit(_ pin: String?) {
                pending?.resume(returning: pin)
                pending = nil
            }
        }
        struct LockScreen: View {
            let prompt: PinPrompt
            var body: some View { Text("Locked").task { _ = await prompt.askForPin() } }
        }
        """,
        // Resumed once behind a test-and-set lock, from a timeout or from the connection's
        // state handler, which runs for every state change: `default: break` waits for the next.
        """
        import Network
        import os
        func probe(_ connection: NWConnection, timeout: Double) async throws {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, Error>) in
                let claimed = OSAllocatedUnfairLock(initialState: false)
                let claim: @Sendable () -> Bool = {
                    claimed.withLock { done in
                        if done { return false }
                        done = true
                        return true
                    }
                }
                let deadline = DispatchWorkItem {
                    guard claim() else { return }
                    continuation.resume(throwing: ProbeError.timedOut)
                }
                connection.stateUpdateHandler = { state in
                    switch state {
                    case .ready:
                        guard claim() else { return }
                        continuation.resume()
                    case .failed(let error):
                        guard claim() else { return }
                        continuation.resume(throwing: error)
                    default:
                        break
                    }
                }
                connection.start(queue: .main)
                DispatchQueue.main.asyncAfter(deadline: .now() + timeout, execute: deadline)
            }
        }
        """,
        // A settle-once helper of the body runs its closure only for the first caller.
        """
        func fetchToken(from vault: Vault, within seconds: Double) async throws -> String {
            try await withCheckedThrowingContinuation { continuation in
                let lock = NSLock()
                var settled = false
                func settle(_ body: () -> Void) {
                    lock.lock()
                    let first = !settled
                    settled = true
                    lock.unlock()
                    if first { body() }
                }
                DispatchQueue.global().asyncAfter(deadline: .now() + seconds) {
                    settle { continuation.resume(throwing: VaultError.timeout) }
                }
                vault.token { token in
                    settle { continuation.resume(returning: token) }
                }
            }
        }
        """,
        // A gate object of the file says whether this is the first path update.
        """
        import Network
        final class OnceGate {
            private let lock = NSLock()
            private var opened = false
            func open() -> Bool {
                lock.lock()
                defer { lock.unlock() }
                guard !opened else { return false }
                opened = true
                return true
            }
        }
        func firstPath(of monitor: NWPathMonitor) async -> NWPath {
            let gate = OnceGate()
            return await withCheckedContinuation { continuation in
                monitor.pathUpdateHandler = { path in
                    guard gate.open() else { return }
                    monitor.cancel()
                    continuation.resume(returning: path)
                }
                monitor.start(queue: .main)
            }
        }
        """,
        // A plain promise (not made cancellable) rejects only with what its producer seals: its
        // `catch` runs for every failure this code can see.
        """
        import PromiseKit
        func avatar(for user: User, api: API) async throws -> Data {
            try await withCheckedThrowingContinuation { continuation in
                api.downloadAvatar(user.id).done { data in
                    continuation.resume(returning: data)
                }.catch { error in
                    continuation.resume(throwing: error)
                }
            }
        }
        """,
        // The module's own type keeps the handler and calls it once per event; a call that
        // returns without resuming waits for the next event, and the one that resumes disables it.
        """
        final class KeyMonitor {
            private let handler: (KeyMonitor, UInt16) -> Bool
            init(mask: Int, handler: @escaping (KeyMonitor, UInt16) -> Bool) {
                self.handler = { monitor, code in handler(monitor, code) }
            }
            func start() {}
            func disable() {}
        }
        func waitForEscape() async {
            await withCheckedContinuation { continuation in
                let monitor = KeyMonitor(mask: 1) { monitor, code in
                    guard code == 53 else { return false }
                    monitor.disable()
                    continuation.resume()
                    return true
                }
                monitor.start()
            }
        }
        """,
        // A promise's success and failure handlers are alternatives; with `policy: .allErrors`
        // PromiseKit's `catch` also runs for a cancelled promise.
        """
        import PromiseKit
        func token(from session: Session) async throws -> String {
            try await withCheckedThrowingContinuation { continuation in
                session.refreshToken().done { token in
                    continuation.resume(returning: token)
                }.catch(policy: .allErrors) { error in
                    continuation.resume(throwing: error)
                }
            }
        }
        """,
        // A process whose `run()` throws never launches: its termination handler never fires,
        // so the `catch` is the only resume on that path.
        """
        func runTool(_ process: Process) async -> Int32 {
            await withCheckedContinuation { continuation in
                process.terminationHandler = { finished in
                    continuation.resume(returning: finished.terminationStatus)
                }
                do {
                    try process.run()
                } catch {
                    continuation.resume(returning: -1)
                }
            }
        }
        """,
        // A throw in a closure handed to a `try` call goes on to the `catch` around it, which resumes.
        """
        func loadFixture(named name: String) async throws -> Fixture {
            try await withCheckedThrowingContinuation { continuation in
                do {
                    try withTemporaryCopy(of: name) { directory in
                        let fixture = try Fixture(contentsOf: directory)
                        continuation.resume(returning: fixture)
                    }
                } catch {
                    continuation.resume(throwing: error)
                }
            }
        }
        """,
        // A method of `self` awaits the continuation, so its weak `self` cannot be gone meanwhile.
        """
        final class ScriptRunner {
            let engine = ScriptEngine()
            func evaluate(_ script: String) async throws -> Any? {
                try await withCheckedThrowingContinuation { [weak self] continuation in
                    self?.engine.evaluate(script) { result, error in
                        if let error {
                            continuation.resume(throwing: error)
                        } else {
                            continuation.resume(returning: result)
                        }
                    }
                }
            }
            func warmUp() async {
                await withCheckedContinuation { [weak self] continuation in
                    guard let self else { return }
                    self.engine.prepare { continuation.resume() }
                }
            }
        }
        """,
        // The writer's block runs again until the input is done, even through a helper closure.
        """
        import AVFoundation
        func feed(_ input: AVAssetWriterInput, next: @escaping () async throws -> Bool) async throws {
            try await withCheckedThrowingContinuation { continuation in
                input.requestMediaDataWhenReady(on: .global()) {
                    blockingWait {
                        do {
                            if try await next() { continuation.resume() }
                        } catch {
                            continuation.resume(throwing: error)
                        }
                    }
                }
            }
        }
        """,
        // The coordinator's failure is checked after the call: that path resumes too.
        """
        func readCoordinated(_ url: URL) async throws -> Data {
            try await withCheckedThrowingContinuation { continuation in
                var failure: NSError?
                NSFileCoordinator().coordinate(readingItemAt: url, options: [], error: &failure) { readURL in
                    continuation.resume(with: Result { try Data(contentsOf: readURL) })
                }
                if let failure { continuation.resume(throwing: failure) }
            }
        }
        """,
        // `first()` with a completion that resumes when no value came, behind the flag the
        // value handler sets.
        """
        import Combine
        func nextValue<P: Publisher>(of publisher: P, keeping bag: inout Set<AnyCancellable>) async throws -> P.Output {
            try await withCheckedThrowingContinuation { continuation in
                var received = false
                publisher.first().sink(receiveCompletion: { completion in
                    if case .failure(let error) = completion {
                        continuation.resume(throwing: error)
                    } else if !received {
                        continuation.resume(throwing: NoValueError())
                    }
                }, receiveValue: { value in
                    received = true
                    continuation.resume(returning: value)
                }).store(in: &bag)
            }
        }
        """,
        // A notification observer that removes itself before resuming.
        """
        func waitUntilActive() async {
            await withCheckedContinuation { continuation in
                var token: NSObjectProtocol?
                token = NotificationCenter.default.addObserver(forName: .appDidBecomeActive, object: nil, queue: .main) { _ in
                    if let token { NotificationCenter.default.removeObserver(token) }
                    continuation.resume()
                }
            }
        }
        """,
        // A state handler resumes on one state, which the connection passes once.
        """
        func connect(_ connection: NWConnection) async {
            await withCheckedContinuation { continuation in
                connection.pathUpdateHandler = { path in
                    if path.status == .satisfied { continuation.resume() }
                }
                connection.start(queue: .main)
            }
        }
        """,
        // `withObservationTracking` calls `onChange` once, and a name that only contains a
        // word (`Subscriber`, `Watch`) says nothing about how often a completion runs.
        """
        import Observation
        func nextChange(of settings: Settings, store: Store) async {
            await withCheckedContinuation { continuation in
                withObservationTracking { _ = settings.theme } onChange: { continuation.resume() }
            }
            await withCheckedContinuation { continuation in
                store.syncSubscriberAttributes(completion: { continuation.resume() })
            }
            await withCheckedContinuation { continuation in
                store.migrateWatchConfig { continuation.resume() }
            }
        }
        """,
        // A Combine `sink` may be on a publisher that delivers one value.
        """
        import Combine
        func load(_ request: URLRequest, keeping bag: inout Set<AnyCancellable>) async -> Data? {
            await withCheckedContinuation { continuation in
                URLSession.shared.dataTaskPublisher(for: request).map(\\.data).replaceError(with: nil)
                    .sink { data in continuation.resume(returning: data) }.store(in: &bag)
            }
        }
        """,
    ]
}
