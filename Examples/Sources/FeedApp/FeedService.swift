import Foundation

/// Talks to the feed API. Written before async/await: every call takes a completion handler
/// and the callers hop back to the main queue themselves.
final class FeedService: Sendable {
    static let shared = FeedService()

    private let session: URLSession
    private let baseURL = URL(string: "https://api.example.com/v2")!
    private let decoder: JSONDecoder = {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        return decoder
    }()

    init(session: URLSession = .shared) {
        self.session = session
    }

    func fetchPage(cursor: String?, completion: @escaping @Sendable (Result<FeedPage, Error>) -> Void) {
        var components = URLComponents(url: baseURL.appendingPathComponent("feed"), resolvingAgainstBaseURL: false)!
        if let cursor {
            components.queryItems = [URLQueryItem(name: "cursor", value: cursor)]
        }
        let task = session.dataTask(with: components.url!) { [decoder] data, response, error in
            if let error {
                completion(.failure(error))
                return
            }
            if let http = response as? HTTPURLResponse, !(200..<300).contains(http.statusCode) {
                completion(.failure(FeedError.badStatus(http.statusCode)))
                return
            }
            guard let data else {
                completion(.failure(FeedError.emptyResponse))
                return
            }
            completion(Result { try decoder.decode(FeedPage.self, from: data) })
        }
        task.resume()
    }

    func like(_ item: FeedItem, completion: @escaping @Sendable (Error?) -> Void) {
        var request = URLRequest(url: baseURL.appendingPathComponent("feed/\(item.id)/like"))
        request.httpMethod = "POST"
        session.dataTask(with: request) { _, _, error in
            completion(error)
        }.resume()
    }

    /// The async version the newer screens use, bridged by hand.
    func fetchPage(cursor: String?) async throws -> FeedPage {
        try await withCheckedThrowingContinuation { continuation in
            fetchPage(cursor: cursor) { result in
                continuation.resume(with: result)
            }
        }
    }
}
