import Observation
import SwiftUI

/// The reading list, written the way this codebase wants new screens: a main-actor model
/// (by the module default), decoding off the main actor, cancellation kept out of the UI, and
/// structured tasks owned by the view.
@Observable
final class ReadingListModel {
    private(set) var articles: [Article] = []
    private(set) var errorMessage: String?
    private(set) var isLoading = false

    private let client = ReadingListClient()

    func load() async {
        isLoading = true
        defer { isLoading = false }
        do {
            articles = try await client.articles()
            errorMessage = nil
        } catch is CancellationError {
            // The screen went away or a newer load replaced this one: nothing to report.
        } catch let error as URLError where error.code == .cancelled {
            // URLSession's way of saying the same.
        } catch {
            errorMessage = "Your reading list did not load (\(error.localizedDescription))."
        }
    }
}

struct ReadingListScreen: View {
    @State private var model = ReadingListModel()
    @State private var filter = ""
    @State private var matches: [Article] = []

    var body: some View {
        NavigationStack {
            List(filter.isEmpty ? model.articles : matches) { article in
                NavigationLink(article.title) { ArticleScreen(id: article.id) }
            }
            .searchable(text: $filter)
            .overlay {
                if model.isLoading && model.articles.isEmpty {
                    ProgressView()
                } else if let message = model.errorMessage {
                    Text(message)
                }
            }
            // Debounced by `.task(id:)`: each keystroke cancels the sleeping task before it.
            .task(id: filter) {
                guard (try? await Task.sleep(for: .milliseconds(250))) != nil else { return }
                matches = model.articles.filter { $0.title.localizedCaseInsensitiveContains(filter) }
            }
            .task { await model.load() }
            .refreshable { await model.load() }
        }
    }
}

/// One article and the ones related to it, fetched at the same time.
struct ArticleScreen: View {
    let id: Int
    @State private var article: Article?
    @State private var related: [Article] = []

    var body: some View {
        List(related) { Text($0.title) }
            .navigationTitle(article?.title ?? "")
            .task {
                let client = ReadingListClient()
                async let main = client.article(id)
                async let others = client.related(to: id)
                guard let (loaded, more) = try? await (main, others) else { return }
                article = loaded
                related = more
            }
    }
}
