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
    ]

    static let nonTriggeringExamples: [RuleExample] = [
        // Alert actions: only the one the user taps runs.
        """
        @MainActor final class SettingsScreen {
            var onConfirm: (() -> Void)?
            func confirmSignOut() async -> Bool {
                await withCheckedContinuation { continuation in
                    let alert = Alert(title: "Sign out?")
                    alert.addAction(title: "Cancel") { continuation.resume(returning: false) }
                    alert.addAction(title: "Sign out") { continuation.resume(returning: true) }
                    present(alert)
                }
            }
            func confirmReset() async -> Bool {
                await withCheckedContinuation { continuation in
                    let cancel = AlertAction(title: "Cancel") { continuation.resume(returning: false) }
                    onConfirm = { continuation.resume(returning: true) }
                    present(Alert(title: "Reset?", actions: [cancel]))
                }
            }
        }
        """,
        // A callback that may run twice guards itself with a flag it sets: the early exit is
        // the already-resumed path.
        """
        func thumbnail(for asset: Asset, manager: ImageManager) async -> Image? {
            await withCheckedContinuation { continuation in
                var didResume = false
                manager.requestImage(for: asset) { image in
                    guard !didResume else { return }
                    didResume = true
                    continuation.resume(returning: image)
                }
            }
        }
        """,
        // AVFoundation calls the block again until it returns done.
        """
        func writeAll(_ input: AVAssetWriterInput, _ step: @escaping () -> Bool) async {
            await withCheckedContinuation { (c: CheckedContinuation<Void, Never>) in
                input.requestMediaDataWhenReady(on: .global()) {
                    if step() { c.resume() }
                }
            }
        }
        """,
        // A listener runs on every update: an update that does not resume waits for the next.
        """
        func waitForCall(room: Room) async {
            await withCheckedContinuation { continuation in
                token = room.subscribeToUpdates(listener: Listener { info in
                    if info.hasCall {
                        continuation.resume()
                    } else {
                        log("no call yet")
                    }
                })
            }
        }
        """,
        // The common shape: one resume in the callback.
        """
        func fetchUserAsync(id: Int) async throws -> User {
            try await withCheckedThrowingContinuation { continuation in
                fetchUser(id: id) { result in
                    continuation.resume(with: result)
                }
            }
        }
        """,
        // Every branch resumes once; early returns after resuming.
        """
        func token(client: AuthClient) async throws -> String {
            try await withCheckedThrowingContinuation { continuation in
                client.requestToken { token, error in
                    if let error {
                        continuation.resume(throwing: error)
                        return
                    }
                    guard let token else {
                        continuation.resume(throwing: AuthError.noToken)
                        return
                    }
                    continuation.resume(returning: token)
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
        // A loop that returns right after resuming, and a resume after the loop otherwise.
        """
        func firstMatch(in items: [Item]) async -> Item? {
            await withCheckedContinuation { continuation in
                for item in items where item.isMatch {
                    continuation.resume(returning: item)
                    return
                }
                continuation.resume(returning: nil)
            }
        }
        """,
        // `defer` resumes on every exit.
        """
        func flush(_ log: Log) async {
            await withCheckedContinuation { continuation in
                defer { continuation.resume() }
                guard log.hasPending else { return }
                log.writePending()
            }
        }
        """,
        // An exhaustive switch, a fatalError path, and a do/catch that resumes once.
        """
        func parse(_ input: Input) async throws -> Value {
            try await withCheckedThrowingContinuation { continuation in
                switch input.kind {
                case .json:
                    do {
                        continuation.resume(returning: try input.decodeJSON())
                    } catch {
                        continuation.resume(throwing: error)
                    }
                case .plist:
                    continuation.resume(returning: input.plistValue)
                case .unknown:
                    fatalError("unsupported input")
                }
            }
        }
        """,
        // Success and failure callbacks are alternatives: exactly one of them runs.
        """
        func save(_ record: Record, store: Store) async throws {
            try await withCheckedThrowingContinuation { continuation in
                store.save(record, onSuccess: { continuation.resume() },
                           onFailure: { error in continuation.resume(throwing: error) })
            }
        }
        """,
    ]
}
