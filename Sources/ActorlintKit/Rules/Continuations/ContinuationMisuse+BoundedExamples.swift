// Near misses of `ContinuationMisuse` where a path that looks like a miss is bounded or cannot
// be taken as far as the code shows: a timeout resumes, the optional is set, the publisher
// never finishes.
extension ContinuationMisuse {
    static let boundedExamples: [RuleExample] = [
        // A timeout task resumes behind the flag the subscription sets: a stream that ends
        // without the expected items waits for the timeout, not forever.
        """
        func collect(_ expected: Set<String>, from feed: Feed, within seconds: Double) async -> Set<String> {
            await withCheckedContinuation { continuation in
                var done = false
                var seen: Set<String> = []
                Task {
                    try? await Task.sleep(for: .seconds(seconds))
                    guard !done else { return }
                    done = true
                    continuation.resume(returning: seen)
                }
                Task {
                    for await id in feed.ids() {
                        guard !done else { break }
                        seen.insert(id)
                        if seen == expected {
                            done = true
                            continuation.resume(returning: seen)
                        }
                    }
                }
            }
        }
        """,
        // Kept for the connection's event in a `.task`, with a timeout that resumes it: cancelling
        // leaves the task waiting at most until the timeout.
        """
        @MainActor final class Link {
            private var waiting: CheckedContinuation<Void, Never>?
            func connect() async {
                await withCheckedContinuation { continuation in
                    waiting = continuation
                    Task {
                        try? await Task.sleep(for: .seconds(30))
                        self.resumeWaiting()
                    }
                }
            }
            func resumeWaiting() { waiting?.resume(); waiting = nil }
        }
        struct LinkView: View {
            let link: Link
            var body: some View { Text("Linking").task { await link.connect() } }
        }
        """,
        // A stored optional the function has just set: whether something clears it first is not
        // known, so its nil path is not reported (a `weak` one or a parameter would be).
        """
        @MainActor final class Prompter {
            var sheet: Sheet?
            func ask() async -> Bool {
                sheet = Sheet()
                return await withCheckedContinuation { continuation in
                    sheet?.present { answer in continuation.resume(returning: answer) }
                }
            }
        }
        """,
        // A completion runs once, whatever the call's name says about updates.
        """
        import UIKit
        func reload(_ table: UITableView, rows: [IndexPath]) async {
            await withCheckedContinuation { continuation in
                table.performBatchUpdates({ table.insertRows(at: rows, with: .automatic) }, completion: { _ in continuation.resume() })
            }
        }
        """,
        // `first()` of a stored publisher of the module's own type, which may never finish.
        """
        import Combine
        final class Store {
            let states = StateRelay<Int>(0)
            var bag: Set<AnyCancellable> = []
            func firstPositive() async -> Int {
                await withCheckedContinuation { continuation in
                    states.filter { $0 > 0 }.first().sink { continuation.resume(returning: $0) }.store(in: &bag)
                }
            }
        }
        """,
    ]
}
