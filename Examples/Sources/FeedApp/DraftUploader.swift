import Foundation

/// A post written while offline.
struct Draft: Codable, Sendable {
    let id: UUID
    let text: String
}

/// Publishes the drafts written offline once the network is back. The composer screen shows
/// progress through a callback that must run on the main thread.
final class DraftUploader {
    var onProgress: (@Sendable (_ done: Int, _ total: Int) -> Void)?

    private let endpoint = URL(string: "https://api.example.com/v2/posts")!

    func publish(_ drafts: [Draft]) async throws {
        for (index, draft) in drafts.enumerated() {
            var request = URLRequest(url: endpoint)
            request.httpMethod = "POST"
            _ = try await URLSession.shared.upload(for: request, from: try JSONEncoder().encode(draft))
            let onProgress = self.onProgress
            DispatchQueue.main.async {
                onProgress?(index + 1, drafts.count)
            }
        }
    }
}
