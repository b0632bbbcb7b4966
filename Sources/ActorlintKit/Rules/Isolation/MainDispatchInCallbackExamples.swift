// The examples that specify `MainDispatchInCallback`: the registry tests run every one, and
// `actorlint rule` shows the first of each kind.
extension MainDispatchInCallback {
    static let triggeringExamples: [RuleExample] = [
        """
        final class AvatarLoader {
            func load(_ url: URL, into view: AvatarView) {
                URLSession.shared.dataTask(with: url) { data, _, _ in
                    ↓DispatchQueue.main.async { view.show(data) }
                }.resume()
            }
        }
        """,
        """
        final class LocationBridge: NSObject {
            var onUpdate: ((Double) -> Void)?
            func start(_ manager: LocationSource) {
                manager.observe { latitude in
                    ↓DispatchQueue.main.async { [weak self] in self?.onUpdate?(latitude) }
                }
            }
        }
        """,
    ]

    static let nonTriggeringExamples: [RuleExample] = [
        // Already on the main actor: redundant-main-dispatch covers it.
        """
        @MainActor final class Screen {
            var title = ""
            func rename() { DispatchQueue.main.async { self.title = "x" } }
        }
        """,
        // Async code: main-dispatch-in-async covers it.
        "func refresh() async { DispatchQueue.main.async { print(1) } }",
        // A delay.
        """
        final class Flash {
            func blink() { DispatchQueue.main.asyncAfter(deadline: .now() + 0.3) { print("off") } }
        }
        """,
        // A plain method: callers decide where it runs; making it @MainActor is the better change.
        """
        final class Banner {
            var onShow: (() -> Void)?
            func show() { DispatchQueue.main.async { self.onShow?() } }
        }
        """,
        // Already the recommended bridge.
        """
        final class AvatarLoader {
            func load(_ url: URL, into view: AvatarView) {
                URLSession.shared.dataTask(with: url) { data, _, _ in
                    Task { @MainActor in view.show(data) }
                }.resume()
            }
        }
        """,
        // Delivered on the main queue already: no hop is needed at all.
        """
        final class Ticker {
            var bag = Set<AnyCancellable>()
            func start(_ feed: AnyPublisher<Int, Never>, label: Label) {
                feed.receive(on: DispatchQueue.main).sink { value in
                    DispatchQueue.main.async { label.text = "\\(value)" }
                }.store(in: &bag)
            }
        }
        """,
    ]

    static let correctionExamples: [CorrectionExample] = [
        CorrectionExample(
            around: """
            import Dispatch
            @MainActor final class Badge { var count = 0 }
            final class Bridge: Sendable {
                let badge: Badge
                init(badge: Badge) { self.badge = badge }
                func listen(_ source: @escaping @Sendable (@escaping @Sendable (Int) -> Void) -> Void) {
                    source { value in

            """,
            before: """
                        DispatchQueue.main.async { [badge = self.badge] in badge.count = value }
            """,
            after: """
                        Task { @MainActor [badge = self.badge] in badge.count = value }
            """,
            end: """

                    }
                }
            }
            """),
    ]
}
