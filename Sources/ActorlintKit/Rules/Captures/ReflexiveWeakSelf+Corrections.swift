// The fixes of `ReflexiveWeakSelf`, before and after: the registry tests apply each and compile both.
extension ReflexiveWeakSelf {
    static let correctionExamples: [CorrectionExample] = [
        CorrectionExample(
            around: """
            import Foundation

            struct Profile: Sendable { let name: String }
            struct ProfileAPI: Sendable {
                func fetch() async -> Profile { Profile(name: "Ada") }
            }

            @MainActor final class ProfileScreen {
                var name = ""
                let api = ProfileAPI()

                func reload() {

            """,
            before: """
                    Task { [weak self] in
                        guard let self else { return }
            """,
            after: """
                    Task {
            """,
            end: """

                        let profile = await api.fetch()
                        name = profile.name
                    }
                }
            }
            """),
        CorrectionExample(
            around: """
            import Foundation

            actor UploadQueue {
                func upload(_ file: String) async {}
            }

            @MainActor final class Uploader {
                let queue = UploadQueue()
                var sent: [String] = []
                var pending: Task<Void, Never>?

                func didSend(_ file: String) { sent.append(file) }

                func send(_ file: String) {

            """,
            before: """
                    Task(priority: .utility) { @MainActor [weak self, queue] in
                        await queue.upload(file)
                        self?.didSend(file)
                        self?.sent.append("log")
                        _ = self?.sent.count
                    }
                    pending = Task { [weak self] in
                        guard let strongSelf = self, !file.isEmpty else { return }
                        strongSelf.didSend(file)
            """,
            after: """
                    Task(priority: .utility) { @MainActor [queue] in
                        await queue.upload(file)
                        self.didSend(file)
                        self.sent.append("log")
                        _ = self.sent.count
                    }
                    pending = Task {
                        guard !file.isEmpty else { return }
                        self.didSend(file)
            """,
            end: """

                    }
                }
            }
            """),
        CorrectionExample(
            around: """
            import Foundation

            final class Renderer: Sendable {
                func render(_ name: String) async {}
                func start(_ name: String) {

            """,
            before: """
                    Task.detached { [weak self] in await self?.render(name) }
            """,
            after: """
                    Task.detached { await self.render(name) }
            """,
            end: """

                }
            }
            """),
    ]
}
