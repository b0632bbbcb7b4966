import Combine
import Foundation

/// The unread badge on the inbox tab, refreshed whenever the app comes to the foreground.
final class InboxModel: ObservableObject, @unchecked Sendable {
    @Published private(set) var unreadCount = 0
    @Published private(set) var lastChecked: Date?

    private let endpoint = URL(string: "https://api.example.com/v2/inbox/unread")!

    func refresh() {
        URLSession.shared.dataTask(with: endpoint) { data, _, _ in
            guard let data, let count = Int(String(decoding: data, as: UTF8.self)) else { return }
            // URLSession calls this on its delegate queue, not on the main thread.
            self.unreadCount = count
            self.lastChecked = Date()
        }.resume()
    }
}
