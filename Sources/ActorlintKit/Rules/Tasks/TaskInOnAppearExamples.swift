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
        // Guarded by a check that the task does not set to a done-flag: reported, without
        // claiming it starts on every appearance.
        """
        struct Timeline: View {
            let model: TimelineModel
            var body: some View {
                List(model.posts) { Text($0.text) }
                    .onAppear {
                        guard model.posts.isEmpty else { return }
                        ↓Task { model.posts = await model.fetch() }
                    }
            }
        }
        """,
        // A detached task outlives the view just the same.
        """
        struct Gallery: View {
            let model: GalleryModel
            var body: some View {
                Grid(model.thumbnails).onAppear {
                    ↓Task.detached { await model.renderThumbnails() }
                }
            }
        }
        """,
        // Started by a method of the view that only `.onAppear` calls.
        """
        struct Settings: View {
            let model: SettingsModel
            var body: some View {
                Form { Toggle("Sync", isOn: .constant(true)) }
                    .onAppear(perform: load)
            }
            private func load() {
                ↓Task { await model.loadAccount() }
            }
        }
        """,
        """
        struct Inbox: View {
            let model: InboxModel
            var body: some View {
                List(model.threads) { Text($0.subject) }
                    .onAppear {
                        model.markSeen()
                        refresh()
                    }
            }
            func refresh() {
                ↓Task { try await model.refresh() }
            }
        }
        """,
        // A `catch` that only updates the view's own state leaves no lasting mark.
        """
        struct Feed: View {
            @State private var failed = false
            let model: FeedModel
            var body: some View {
                List(model.items) { Text($0) }
                    .onAppear {
                        ↓Task {
                            do { try await model.refresh() } catch { failed = true }
                        }
                    }
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
        // No suspension point: nothing that `.task` could cancel.
        """
        struct Banner: View {
            let model: BannerModel
            var body: some View {
                Text(model.title).onAppear {
                    Task { model.markShown() }
                }
            }
        }
        """,
        // Its only suspension is the hop back to the main actor: nothing there checks for
        // cancellation.
        """
        struct Header: View {
            @State private var tint = Color.gray
            let image: UIImage
            var body: some View {
                Image(uiImage: image).onAppear { resolveTint() }
            }
            private func resolveTint() {
                Task.detached(priority: .utility) {
                    let color = image.averageColor()
                    await MainActor.run { tint = color }
                }
            }
        }
        """,
        // On failure the task falls back once, for good: a cancellation would take that step.
        """
        struct StreamPlayer: View {
            @State private var fellBack = false
            let model: StreamModel
            let onUnsupported: () -> Void
            var body: some View {
                Color.black.onAppear {
                    Task {
                        do {
                            try await model.openStream()
                        } catch {
                            fallBack()
                        }
                    }
                }
            }
            private func fallBack() {
                if !fellBack {
                    fellBack = true
                    onUnsupported()
                }
            }
        }
        """,
        // The maintainer says why `.onAppear` was chosen.
        """
        struct GitSettings: View {
            let model: GitModel
            var body: some View {
                Form { Text(model.name) }
                    .onAppear {
                        // Not `.task`: it ran too often here.
                        Task { await model.loadConfig() }
                    }
            }
        }
        """,
        """
        struct Detail: View {
            let model: DetailModel
            var body: some View {
                Text(model.title)
                    // Intentionally not cancelled when a pushed screen covers this one.
                    .onAppear {
                        Task { await model.load() }
                    }
            }
        }
        """,
        // The work marks itself as done: cancelled half-way under `.task`, it would count as
        // done and never run again.
        """
        struct StatusDetail: View {
            @State private var isLoaded = false
            let model: StatusModel
            var body: some View {
                List(model.replies) { Text($0) }
                    .onAppear {
                        guard !isLoaded else { return }
                        Task {
                            let found = await model.fetch()
                            isLoaded = true
                            if !found { model.close() }
                        }
                    }
            }
        }
        """,
        // A `catch` that records the failure for good, in the body or in a function it awaits:
        // a cancellation would be recorded as a failure.
        """
        struct EmbedRow: View {
            let model: EmbedModel
            var body: some View {
                Text(model.text).onAppear {
                    Task {
                        do {
                            try await model.loadEmbed()
                        } catch {
                            EmbedCache.shared.badURLs.insert(model.url)
                        }
                    }
                }
            }
        }
        """,
        """
        @MainActor final class PreviewModel {
            var url: URL?
            func loadPreview() async {
                guard let url else { return }
                do {
                    _ = try await URLSession.shared.data(from: url)
                } catch {
                    PreviewCache.failed.insert(url)
                }
            }
        }
        struct PreviewRow: View {
            let model: PreviewModel
            var body: some View {
                Text("Preview").onAppear { Task { await model.loadPreview() } }
            }
        }
        """,
        // A method that something else calls too: moving its task to `.task` would change
        // that caller as well.
        """
        struct Composer: View {
            let model: ComposerModel
            var body: some View {
                Button("Send") { send() }.onAppear { send() }
            }
            func send() { Task { await model.send() } }
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
}
