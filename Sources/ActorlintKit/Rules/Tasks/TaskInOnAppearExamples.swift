// The examples that specify `TaskInOnAppear`: the registry tests run every one, and
// `actorlint rule` shows the first of each kind.
extension TaskInOnAppear {
    static let triggeringExamples: [RuleExample] = [
        """
        struct FeedScreen: View {
            let model: FeedModel
            var body: some View {
                List(model.items) { Text($0) }
                    .onAppear {
                        ↓Task { await model.refresh() }
                    }
            }
        }
        """,
        // Started in a branch of the closure: the same task, only conditional (no fix).
        """
        struct Inbox: View {
            let model: InboxModel
            var body: some View {
                List(model.threads) { Text($0.subject) }
                    .onAppear {
                        if model.isSignedIn {
                            ↓Task { await model.refresh() }
                        }
                    }
            }
        }
        """,
        """
        struct Profile: View {
            let model: ProfileModel
            var body: some View {
                Text(model.name).onAppear(perform: {
                    model.trackVisit()
                    ↓Task(priority: .userInitiated) { await model.load() }
                })
            }
        }
        """,
    ]

    static let nonTriggeringExamples: [RuleExample] = [
        // The recommended form.
        """
        struct FeedScreen: View {
            let model: FeedModel
            var body: some View {
                List(model.items) { Text($0) }.task { await model.refresh() }
            }
        }
        """,
        // Synchronous work in onAppear is fine.
        """
        struct Counter: View {
            let model: CounterModel
            var body: some View { Text("\\(model.count)").onAppear { model.appeared() } }
        }
        """,
        // The task is stored so that it can be cancelled: a managed lifetime, not a leak.
        """
        struct Player: View {
            let model: PlayerModel
            var body: some View {
                Text("Now playing")
                    .onAppear { model.playback = Task { await model.play() } }
                    .onDisappear { model.playback?.cancel() }
            }
        }
        """,
        // Menu content becomes a platform menu, not a view with a lifetime of its own.
        """
        struct PostRow: View {
            let model: PostModel
            var body: some View {
                Text(model.title)
                    .contextMenu {
                        PostActions(model: model)
                            .onAppear { Task { await model.loadRelationship() } }
                    }
            }
        }
        """,
        """
        struct MoreButton: View {
            let model: PostModel
            var body: some View {
                Menu {
                    Button("Mute") { model.mute() }
                        .onAppear { Task { await model.loadRelationship() } }
                } label: {
                    Image(systemName: "ellipsis")
                }
            }
        }
        """,
        // A Task inside a nested escaping closure is not started by onAppear itself.
        """
        struct Poller: View {
            let model: PollModel
            var body: some View {
                Text("…").onAppear { model.onTick = { Task { await model.poll() } } }
            }
        }
        """,
    ]

    static let correctionExamples: [CorrectionExample] = [
        CorrectionExample(
            """
            import SwiftUI

            @MainActor final class FeedModel {
                var items: [String] = []
                func refresh() async {}
            }

            struct FeedScreen: View {
                let model: FeedModel
                var body: some View {
                    List(model.items, id: \\.self) { Text($0) }
                        .onAppear {
                            Task {
                                await model.refresh()
                            }
                        }
                }
            }
            """,
            """
            import SwiftUI

            @MainActor final class FeedModel {
                var items: [String] = []
                func refresh() async {}
            }

            struct FeedScreen: View {
                let model: FeedModel
                var body: some View {
                    List(model.items, id: \\.self) { Text($0) }
                        .task {
                            await model.refresh()
                        }
                }
            }
            """),
        CorrectionExample(
            """
            import SwiftUI

            @MainActor final class ProfileModel { func load() async {} }

            struct ProfileName: View {
                let name: String
                let model: ProfileModel
                var body: some View { Text(name).onAppear { Task(priority: .low) { await model.load() } } }
            }
            """,
            """
            import SwiftUI

            @MainActor final class ProfileModel { func load() async {} }

            struct ProfileName: View {
                let name: String
                let model: ProfileModel
                var body: some View { Text(name).task(priority: .low) { await model.load() } }
            }
            """),
    ]
}
