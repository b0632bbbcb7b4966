// The fixes of `WeakSelfInnerOnly`, before and after: the registry tests apply each and compile both.
extension WeakSelfInnerOnly {
    static let correctionExamples: [CorrectionExample] = [
        CorrectionExample(
            around: """
            import Foundation

            final class ImageLoader: @unchecked Sendable {
                var waiting: [@Sendable (Int) -> Void] = []
                func load(_ completion: @escaping @Sendable (Int) -> Void) { waiting.append(completion) }
            }

            @MainActor final class AvatarView {
                var shown = 0
                let loader = ImageLoader()

                func show(_ size: Int) { shown = size }

                func reload() {

            """,
            before: """
                    loader.load { size in
            """,
            after: """
                    loader.load { [weak self] size in
            """,
            end: """

                        Task { @MainActor [weak self] in
                            self?.show(size)
                        }
                    }
                }
            }
            """),
        // A task or a queue's block keeps its own capture (it must not capture the outer weak
        // variable); the inner guard needs it for implicit self too; the outer list is merged.
        CorrectionExample(
            around: """
            import Foundation

            final class Pinger {
                var handlers: [(Int) -> Void] = []
                func ping(_ completion: @escaping (Int) -> Void) { handlers.append(completion) }
            }

            @MainActor final class StatusPanel {
                let pinger = Pinger()
                let label = "status"
                var status = 0

                func update(_ code: Int) { status = code }

                func check() {

            """,
            before: """
                    pinger.ping { [label] code in
                        print(label)
                        DispatchQueue.main.async { [weak self] in
                            guard let self else { return }
                            update(code)
                        }
                    }
                    pinger.ping {
            """,
            after: """
                    pinger.ping { [weak self, label] code in
                        print(label)
                        DispatchQueue.main.async { [weak self] in
                            guard let self else { return }
                            update(code)
                        }
                    }
                    pinger.ping { [weak self] in
            """,
            end: """

                        print("pinged", $0)
                        DispatchQueue.main.async { [weak self] in self?.update(0) }
                    }
                }
            }
            """),
        // A closure run in place reads the outer weak reference: its own capture goes.
        CorrectionExample(
            around: """
            final class Pinger {
                var handlers: [(Int) -> Void] = []
                func ping(_ completion: @escaping (Int) -> Void) { handlers.append(completion) }
            }

            final class Board {
                let pinger = Pinger()
                var marks: [Int] = []
                func mark(_ value: Int) { marks.append(value) }
                func listen() {

            """,
            before: """
                    pinger.ping { code in
                        [code, code + 1].forEach { [weak self] value in self?.mark(value) }
            """,
            after: """
                    pinger.ping { [weak self] code in
                        [code, code + 1].forEach { value in self?.mark(value) }
            """,
            end: """

                    }
                }
            }
            """),
    ]
}
