import Combine
import Foundation

/// The feed screen's state. An ObservableObject from the Combine days; `@unchecked Sendable`
/// is how the Swift 6 build was made to pass.
final class FeedViewModel: ObservableObject, @unchecked Sendable {
    @Published private(set) var items: [FeedItem] = []
    @Published private(set) var isLoading = false
    @Published var errorMessage: String?

    private let service: FeedService
    private var nextCursor: String?
    private var searchTask: Task<Void, Never>?

    init(service: FeedService = .shared) {
        self.service = service
    }

    /// Pull-to-refresh and first load.
    func refresh() {
        isLoading = true
        service.fetchPage(cursor: nil) { [weak self] result in
            DispatchQueue.main.async {
                self?.isLoading = false
                switch result {
                case .success(let page):
                    self?.items = page.items
                    self?.nextCursor = page.nextCursor
                case .failure(let error):
                    self?.errorMessage = error.localizedDescription
                }
            }
        }
    }

    func loadMore() async {
        guard let cursor = nextCursor, !isLoading else { return }
        isLoading = true
        defer { isLoading = false }
        do {
            let page = try await service.fetchPage(cursor: cursor)
            items += page.items
            nextCursor = page.nextCursor
        } catch {
            errorMessage = error.localizedDescription
        }
    }

    /// Sorting a long feed is slow, so it was pushed off the main thread by hand.
    func sortByAuthor() {
        let snapshot = items
        Task.detached(priority: .userInitiated) {
            let sorted = snapshot.sorted { $0.author.localizedCaseInsensitiveCompare($1.author) == .orderedAscending }
            await MainActor.run {
                self.items = sorted
            }
        }
    }

    /// Search as you type, with a hand-made debounce.
    func search(_ text: String) {
        searchTask?.cancel()
        searchTask = Task {
            try? await Task.sleep(nanoseconds: 300_000_000)
            guard !Task.isCancelled else { return }
            let lowered = text.lowercased()
            items = items.filter { $0.title.lowercased().contains(lowered) }
        }
    }

    func like(_ item: FeedItem) {
        service.like(item) { [weak self] error in
            guard let error else { return }
            DispatchQueue.main.async {
                self?.errorMessage = "Could not like \(item.title): \(error.localizedDescription)"
            }
        }
    }
}
