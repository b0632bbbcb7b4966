// The fixes of `ReflexiveWeakSelf`, before and after: the registry tests apply each and compile both.
extension ReflexiveWeakSelf {
    static let correctionExamples: [CorrectionExample] = [
        CorrectionExample(
            """
            import Foundation

            struct Profile: Sendable { let name: String }
            struct ProfileAPI: Sendable {
                func fetch() async -> Profile { Profile(name: "Ada") }
            }

            @MainActor final class ProfileScreen {
                var name = ""
                let api = ProfileAPI()

                func reload() {
                    Task { [weak self] in
                        guard let self else { return }
                        let profile = await api.fetch()
                        name = profile.name
                    }
                }
            }
            """,
            """
            import Foundation

            struct Profile: Sendable { let name: String }
            struct ProfileAPI: Sendable {
                func fetch() async -> Profile { Profile(name: "Ada") }
            }

            @MainActor final class ProfileScreen {
                var name = ""
                let api = ProfileAPI()

                func reload() {
                    Task {
                        let profile = await api.fetch()
                        name = profile.name
                    }
                }
            }
            """),
        CorrectionExample(
            """
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
                    Task(priority: .utility) { @MainActor [weak self, queue] in
                        await queue.upload(file)
                        self?.didSend(file)
                        self?.sent.append("log")
                        _ = self?.sent.count
                    }
                    pending = Task { [weak self] in
                        guard let strongSelf = self, !file.isEmpty else { return }
                        strongSelf.didSend(file)
                    }
                }
            }
            """,
            """
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
                    Task(priority: .utility) { @MainActor [queue] in
                        await queue.upload(file)
                        self.didSend(file)
                        self.sent.append("log")
                        _ = self.sent.count
                    }
                    pending = Task {
                        guard !file.isEmpty else { return }
                        self.didSend(file)
                    }
                }
            }
            """),
        CorrectionExample(
            """
            import Foundation

            final class Renderer: Sendable {
                func render(_ name: String) async {}
                func start(_ name: String) {
                    Task.detached { [weak self] in await self?.render(name) }
                }
            }
            """,
            """
            import Foundation

            final class Renderer: Sendable {
                func render(_ name: String) async {}
                func start(_ name: String) {
                    Task.detached { await self.render(name) }
                }
            }
            """),
    ]
}
