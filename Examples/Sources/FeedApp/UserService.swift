import UIKit

struct User: Codable, Identifiable, Sendable {
    let id: UUID
    let displayName: String
    let avatarURL: URL?
}

enum UserError: Error {
    case notSignedIn
    case badStatus(Int)
}

/// The signed-in user and the people they follow, behind completion-handler APIs. Some have
/// hand-written async bridges; others were never converted.
final class UserService: @unchecked Sendable {
    private var cached: User?
    private let lock = NSLock()
    private let baseURL = URL(string: "https://api.example.com/v2")!

    func currentUser(completion: @escaping @Sendable (Result<User, Error>) -> Void) {
        lock.lock()
        let cached = self.cached
        lock.unlock()
        if let cached {
            completion(.success(cached))
            return
        }
        URLSession.shared.dataTask(with: baseURL.appendingPathComponent("me")) { [weak self] data, _, error in
            guard let data, error == nil, let user = try? JSONDecoder().decode(User.self, from: data) else {
                completion(.failure(error ?? UserError.notSignedIn))
                return
            }
            self?.lock.lock()
            self?.cached = user
            self?.lock.unlock()
            completion(.success(user))
        }.resume()
    }

    /// Resumes exactly once on every path.
    func currentUser() async throws -> User {
        try await withCheckedThrowingContinuation { continuation in
            currentUser { result in
                switch result {
                case .success(let user): continuation.resume(returning: user)
                case .failure(let error): continuation.resume(throwing: error)
                }
            }
        }
    }

    func profile(id: UUID, completion: @escaping @Sendable (Result<User, Error>) -> Void) {
        URLSession.shared.dataTask(with: baseURL.appendingPathComponent("users/\(id)")) { data, response, error in
            if let error {
                completion(.failure(error))
            } else if let http = response as? HTTPURLResponse, http.statusCode != 200 {
                completion(.failure(UserError.badStatus(http.statusCode)))
            } else {
                completion(Result { try JSONDecoder().decode(User.self, from: data ?? Data()) })
            }
        }.resume()
    }

    func profile(id: UUID) async throws -> User {
        try await withCheckedThrowingContinuation { continuation in
            profile(id: id) { continuation.resume(with: $0) }
        }
    }

    /// The avatar of a user, for the profile header. A user without an avatar returns early
    /// and never resumes: the caller waits for ever.
    func avatar(of user: User) async -> UIImage? {
        await withCheckedContinuation { continuation in
            guard let url = user.avatarURL else { return }
            URLSession.shared.dataTask(with: url) { data, _, _ in
                continuation.resume(returning: data.flatMap(UIImage.init(data:)))
            }.resume()
        }
    }

    /// Never got an async variant: the settings screen still nests callbacks around it.
    func updateDisplayName(_ name: String, completion: @escaping @Sendable (Error?) -> Void) {
        var request = URLRequest(url: baseURL.appendingPathComponent("me"))
        request.httpMethod = "PATCH"
        request.httpBody = try? JSONEncoder().encode(["displayName": name])
        URLSession.shared.dataTask(with: request) { _, _, error in
            completion(error)
        }.resume()
    }

    /// The people a user follows, fetched in parallel. The list comes back in whatever order
    /// the requests finish, so it reshuffles on every refresh.
    func following(_ ids: [UUID]) async throws -> [User] {
        try await withThrowingTaskGroup(of: User.self) { group in
            for id in ids {
                group.addTask { try await self.profile(id: id) }
            }
            var users: [User] = []
            for try await user in group {
                users.append(user)
            }
            return users
        }
    }

    /// The same fetch done right: results are put back in the order of `ids`.
    func followers(_ ids: [UUID]) async throws -> [User] {
        try await withThrowingTaskGroup(of: (Int, User).self) { group in
            for (index, id) in ids.enumerated() {
                group.addTask {
                    // The screen may be gone by the time this child starts: skip the request.
                    try Task.checkCancellation()
                    return (index, try await self.profile(id: id))
                }
            }
            var slots = [User?](repeating: nil, count: ids.count)
            for try await (index, user) in group {
                slots[index] = user
            }
            return slots.compactMap { $0 }
        }
    }
}
