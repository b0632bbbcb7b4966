import Foundation

/// One post in the feed, as the server sends it.
struct FeedItem: Codable, Identifiable, Hashable, Sendable {
    let id: UUID
    let author: String
    let title: String
    let body: String
    let imageURL: URL?
    let publishedAt: Date
}

/// A page of the feed and the cursor for the next one.
struct FeedPage: Codable, Sendable {
    let items: [FeedItem]
    let nextCursor: String?
}

enum FeedError: Error {
    case badStatus(Int)
    case emptyResponse
    case notSignedIn
}

extension FeedItem {
    /// The preview line shown under the title: the first sentence, at most 140 characters.
    var preview: String {
        let sentence = body.split(separator: ".", maxSplits: 1).first.map(String.init) ?? body
        return sentence.count > 140 ? String(sentence.prefix(139)) + "…" : sentence
    }
}
