// The examples that specify `ContinuationMisuse`: the registry tests run every one, and
// `actorlint rule` shows the first of each kind.
extension ContinuationMisuse {
    static let triggeringExamples: [RuleExample] = [
        // A guard that returns without resuming: the awaiting task hangs.
        """
        func loadConfig(from url: URL?) async throws -> Config {
            try await withCheckedThrowingContinuation { continuation in
                guard let url else {
                    ↓return
                }
                ConfigLoader.load(url) { result in
                    continuation.resume(with: result)
                }
            }
        }
        """,
        // Resumed in the error branch and again after it: the second resume traps.
        """
        func token(client: AuthClient) async throws -> String {
            try await withCheckedThrowingContinuation { continuation in
                client.requestToken { token, error in
                    if let error {
                        continuation.resume(throwing: error)
                    }
                    ↓continuation.resume(returning: token ?? "")
                }
            }
        }
        """,
        // An `if` without `else` inside the callback: the false path never resumes.
        """
        func location(manager: LocationFetcher) async -> Coordinate? {
            await withCheckedContinuation { continuation in
                manager.fetch { coordinate in
                    ↓if let coordinate {
                        continuation.resume(returning: coordinate)
                    }
                }
            }
        }
        """,
        // A loop resumes once per element.
        """
        func firstMatch(in items: [Item]) async -> Item {
            await withUnsafeContinuation { continuation in
                ↓for item in items where item.isMatch {
                    ↓continuation.resume(returning: item)
                }
            }
        }
        """,
        // A switch case that forgets to resume, and a catch that resumes twice.
        """
        func decode(_ reader: Reader) async throws -> Model {
            try await withCheckedThrowingContinuation { continuation in
                reader.read { outcome in
                    switch outcome {
                    case .data(let data):
                        do {
                            let model = try JSONDecoder().decode(Model.self, from: data)
                            continuation.resume(returning: model)
                        } catch {
                            continuation.resume(throwing: error)
                            ↓continuation.resume(throwing: ReaderError.corrupt)
                        }
                    ↓case .empty:
                        break
                    case .failure(let error):
                        continuation.resume(throwing: error)
                    }
                }
            }
        }
        """,
        // An optional chain: when `player` is nil, nothing is called and nothing resumes.
        """
        final class Jukebox {
            weak var player: Player?
            func nextTrack() async -> Track {
                await withCheckedContinuation { continuation in
                    ↓player?.skip { track in continuation.resume(returning: track) }
                }
            }
        }
        """,
        // Two callbacks that each resume: both will be called.
        """
        func warmUp(cache: Cache, index: Index) async {
            await withCheckedContinuation { continuation in
                cache.prepare { continuation.resume() }
                index.rebuild { ↓continuation.resume() }
            }
        }
        """,
        // A status switch whose `default:` case never resumes, whatever its inner `if` does.
        """
        func render(_ job: RenderJob) async throws -> URL {
            try await withCheckedThrowingContinuation { continuation in
                job.start { result in
                    switch result {
                    case .finished(let url):
                        continuation.resume(returning: url)
                    ↓default:
                        if job.isStalled { job.abort() }
                        log("render ended early")
                    }
                }
            }
        }
        """,
        // A local closure whose `try` throws inside a `Task`: the task drops the error.
        """
        func follow(_ user: User, api: SocialAPI) async throws -> Relation {
            try await withCheckedThrowingContinuation { continuation in
                let perform = ↓{
                    let relation = try await api.follow(user)
                    continuation.resume(returning: relation)
                }
                Task { try await perform() }
            }
        }
        """,
        // `first()` finishes without a value when its upstream does, and nothing resumes then.
        """
        import Combine
        func nextValue<P: Publisher>(of publisher: P, keeping bag: inout Set<AnyCancellable>) async -> P.Output
            where P.Failure == Never {
            await withCheckedContinuation { continuation in
                publisher.first().↓sink { value in
                    continuation.resume(returning: value)
                }.store(in: &bag)
            }
        }
        """,
        // The same, with a completion handler whose `.finished` case does nothing.
        """
        import Combine
        func nextValue<P: Publisher>(of publisher: P, keeping bag: inout Set<AnyCancellable>) async throws -> P.Output {
            try await withCheckedThrowingContinuation { continuation in
                publisher.first().sink(receiveCompletion: { completion in
                    switch completion {
                    case .failure(let error): continuation.resume(throwing: error)
                    ↓case .finished: break
                    }
                }, receiveValue: { continuation.resume(returning: $0) }).store(in: &bag)
            }
        }
        """,
        // A file coordinator never runs its block when coordination fails; the error pointer
        // is set instead, and nothing here resumes then.
        """
        func readCoordinated(_ url: URL) async -> Data? {
            await withCheckedContinuation { continuation in
                var failure: NSError?
                NSFileCoordinator().↓coordinate(readingItemAt: url, options: [], error: &failure) { readURL in
                    continuation.resume(returning: try? Data(contentsOf: readURL))
                }
            }
        }
        """,
        // PromiseKit's `catch` skips cancellation errors: a cancelled promise runs neither handler.
        """
        import PromiseKit
        func token(from session: Session) async throws -> String {
            try await withCheckedThrowingContinuation { continuation in
                ↓session.refreshToken().cancellize().done { token in
                    continuation.resume(returning: token)
                }.catch { error in
                    continuation.resume(throwing: error)
                }
            }
        }
        """,
        // A process that fails to launch never calls its termination handler, and this `catch`
        // does not resume either.
        """
        func runTool(_ process: Process) async -> Int32 {
            await withCheckedContinuation { continuation in
                process.terminationHandler = { finished in
                    continuation.resume(returning: finished.terminationStatus)
                }
                do {
                    try process.run()
                } ↓catch {
                    log("could not launch: \\(error)")
                }
            }
        }
        """,
        // `self` is weak in a task that may outlive it: the `guard let self` can fail.
        """
        final class Uploader {
            func start(_ file: URL) {
                Task { [weak self] in
                    await withCheckedContinuation { continuation in
                        guard let self else { ↓return }
                        self.client.upload(file) { continuation.resume() }
                    }
                }
            }
        }
        """,
        // Kept for a later event in a task that `.task` cancels: cancelling does not resume it.
        """
        @MainActor final class PinPrompt {
            private var pending: CheckedContinuation<String?, Never>?
            var isPresented = false
            func askForPin() async -> String? {
                await withCheckedContinuation { continuation in
                    ↓pending = continuation
                    isPresented = true
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
        // The same with a list of waiters, in a `.task` too.
        """
        actor Turnstile {
            private var waiting: [CheckedContinuation<Void, Never>] = []
            func pass() async {
                await withCheckedContinuation { continuation in
                    ↓waiting.append(continuation)
                }
            }
            func open() {
                waiting.forEach { $0.resume() }
                waiting = []
            }
        }
        struct Entrance: View {
            let turnstile: Turnstile
            var body: some View { Text("Wait").task { await turnstile.pass() } }
        }
        """,
        // A handler called for every notification resumes each time: the second one traps.
        """
        func waitUntilActive() async {
            await withCheckedContinuation { continuation in
                _ = NotificationCenter.default.addObserver(forName: .appDidBecomeActive, object: nil, queue: .main) { _ in
                    ↓continuation.resume()
                }
            }
        }
        """,
        // Selected only by what each update says: the next update with a member resumes again.
        """
        func firstMemberJoined(channel: Channel) async -> String {
            await withCheckedContinuation { continuation in
                subscription = channel.observeMembers(handler: MembersObserver { members in
                    guard let first = members.first else { return }
                    ↓continuation.resume(returning: first)
                })
            }
        }
        """,
    ]

    static let nonTriggeringExamples: [RuleExample] = nearMissExamples + boundedExamples + commonShapeExamples
}
