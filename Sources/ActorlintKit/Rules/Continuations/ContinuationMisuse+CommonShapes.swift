// The common shapes `ContinuationMisuse` leaves alone: each resumes exactly once.
extension ContinuationMisuse {
    /// The usual shapes, written right.
    static let commonShapeExamples: [RuleExample] = [
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
        // A listener runs on every update: an update that does not resume waits for the next,
        // and the one that resumes ends the subscription.
        """
        func waitForCall(room: Room) async {
            await withCheckedContinuation { continuation in
                token = room.subscribeToUpdates(listener: Listener { info in
                    if info.hasCall {
                        self.token?.cancel()
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
