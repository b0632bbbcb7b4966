// The fixes of `TaskInOnAppear`, before and after: the registry tests apply each and compile both.
extension TaskInOnAppear {
    static let correctionExamples: [CorrectionExample] = [
        CorrectionExample(
            around: """
            import SwiftUI

            @MainActor final class FeedModel {
                var items: [String] = []
                func refresh() async {}
            }

            struct FeedScreen: View {
                let model: FeedModel
                var body: some View {
                    List(model.items, id: \\.self) { Text($0) }

            """,
            before: """
                        .onAppear {
                            Task {
                                await model.refresh()
                            }
            """,
            after: """
                        .task {
                            await model.refresh()
            """,
            end: """

                        }
                }
            }
            """),
        CorrectionExample(
            around: """
            import SwiftUI

            @MainActor final class ProfileModel { func load() async {} }

            struct ProfileName: View {
                let name: String
                let model: ProfileModel

            """,
            before: """
                var body: some View { Text(name).onAppear { Task(priority: .low) { await model.load() } } }
            """,
            after: """
                var body: some View { Text(name).task(priority: .low) { await model.load() } }
            """,
            end: """

            }
            """),
        // A throwing body: `.task`'s action cannot throw, so the body goes into `do { } catch {}`,
        // which drops the error as the discarded task handle did.
        CorrectionExample(
            around: """
            import SwiftUI

            @MainActor final class CommitModel { func loadChanges() async throws {} }

            struct CommitDetails: View {
                let model: CommitModel
                var body: some View {
                    Text("Changes")

            """,
            before: """
                        .onAppear {
                            Task {
                                try await model.loadChanges()
                            }
            """,
            after: """
                        .task {
                            do {
                                try await model.loadChanges()
                            } catch {}
            """,
            end: """

                        }
                }
            }
            """),
        // The maintainer's comments stay.
        CorrectionExample(
            around: """
            import SwiftUI

            @MainActor final class PullModel {
                var rebase = false
                func readSetting() async throws -> Bool { true }
            }

            struct PullSheet: View {
                let model: PullModel
                var body: some View {
                    Text("Pull")

            """,
            before: """
                        .onAppear {
                            // Read the user's preference first.
                            Task { // from the global config
                                model.rebase = try await model.readSetting()
                            }
            """,
            after: """
                        .task {
                            // Read the user's preference first.
                            do {
                                // from the global config
                                model.rebase = try await model.readSetting()
                            } catch {}
            """,
            end: """

                        }
                }
            }
            """),
        // A `do` that catches everything already: nothing can throw out of the body.
        CorrectionExample(
            around: """
            import SwiftUI

            @MainActor final class ListModel {
                var error: Error?
                func load() async throws {}
            }

            struct ListScreen: View {
                let model: ListModel
                var body: some View {

            """,
            before: """
                    Text("List").onAppear {
                        Task {
                            do { try await model.load() } catch { model.error = error }
                        }
            """,
            after: """
                    Text("List").task {
                        do { try await model.load() } catch { model.error = error }
            """,
            end: """

                    }
                }
            }
            """),
        // The task's body returned a value that is not discardable: `.task`'s action returns
        // nothing, so the value is dropped explicitly, as the discarded task dropped it.
        CorrectionExample(
            around: """
            import SwiftUI

            @MainActor final class CountModel {
                var count = 0
                func reload() async -> Int { count }
            }

            struct Counter: View {
                let model: CountModel
                var body: some View {
                    Text("\\(model.count)")

            """,
            before: """
                        .onAppear {
                            Task { await model.reload() }
            """,
            after: """
                        .task {
                            _ = await model.reload()
            """,
            end: """

                        }
                }
            }
            """),
    ]
}
