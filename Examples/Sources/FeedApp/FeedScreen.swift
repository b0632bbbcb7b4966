import SwiftUI

/// The main feed: a list of posts with pull-to-refresh and infinite scrolling.
struct FeedScreen: View {
    @StateObject private var model = FeedViewModel()
    @State private var query = ""
    let analytics: Analytics

    var body: some View {
        NavigationStack {
            List(model.items) { item in
                FeedRow(item: item)
                    .onAppear {
                        if item == model.items.last {
                            Task { await model.loadMore() }
                        }
                    }
            }
            .searchable(text: $query)
            .onChange(of: query) { _, newValue in model.search(newValue) }
            .refreshable { model.refresh() }
            .navigationTitle("Feed")
            .onAppear {
                Task {
                    await model.loadMore()
                }
            }
            .onAppear { analytics.screenViewed("feed") }
        }
    }
}

/// One row: avatar, title, preview and a like button.
struct FeedRow: View {
    let item: FeedItem
    @State private var avatar: UIImage?

    var body: some View {
        HStack(alignment: .top, spacing: 12) {
            Image(uiImage: avatar ?? UIImage(systemName: "person.circle")!)
                .resizable()
                .frame(width: 40, height: 40)
                .clipShape(Circle())
            VStack(alignment: .leading, spacing: 4) {
                Text(item.title).font(.headline)
                Text(item.preview).font(.subheadline).foregroundStyle(.secondary)
            }
        }
        // Already the structured form: cancelled when the row scrolls away. (The suppression
        // below is left over from when this was an onAppear.)
        // actorlint:disable:next task-in-on-appear
        .task(id: item.imageURL) {
            guard let url = item.imageURL else { return }
            avatar = await ImageCache.shared.image(for: url)
        }
    }
}

/// The screen a notification opens: loads one post.
struct PostScreen: View {
    let id: UUID
    let service: FeedService
    @State private var item: FeedItem?
    @State private var pollTask: Task<Void, Never>?

    var body: some View {
        Group {
            if let item {
                ScrollView { Text(item.body).padding() }
            } else {
                ProgressView()
            }
        }
        .onAppear(perform: {
            Analytics.shared.screenViewed("post")
            Task(priority: .userInitiated) {
                item = try? await service.fetchPage(cursor: nil).items.first { $0.id == id }
            }
        })
        // A stored task that is cancelled on disappear has a managed lifetime.
        .onAppear { pollTask = Task { await poll() } }
        .onDisappear { pollTask?.cancel() }
    }

    private func poll() async {
        while !Task.isCancelled {
            try? await Task.sleep(for: .seconds(30))
        }
    }
}
