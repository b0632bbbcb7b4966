import Foundation

/// The HTTP client the app and its widgets share. The package gave this target the app's
/// settings, so with default isolation MainActor all of it is main-actor code: every request
/// hops to the main actor and decodes its response there.
public struct HTTPClient {
    public var baseURL: URL
    public var session: URLSession

    public init(baseURL: URL, session: URLSession = .shared) {
        self.baseURL = baseURL
        self.session = session
    }

    public func get<Response: Decodable>(_ path: String, as type: Response.Type) async throws -> Response {
        let (data, response) = try await session.data(from: baseURL.appendingPathComponent(path))
        guard let http = response as? HTTPURLResponse, (200..<300).contains(http.statusCode) else {
            throw HTTPError.unexpectedResponse
        }
        return try JSONDecoder().decode(Response.self, from: data)
    }
}

public enum HTTPError: Error {
    case unexpectedResponse
}
