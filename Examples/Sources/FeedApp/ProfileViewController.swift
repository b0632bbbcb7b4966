import UIKit

/// The profile tab, still UIKit. Loads the signed-in user and their avatar.
final class ProfileViewController: UIViewController {
    private let nameLabel = UILabel()
    private let avatarView = UIImageView()
    private let service: UserService
    private var loadTask: Task<Void, Never>?

    init(service: UserService) {
        self.service = service
        super.init(nibName: nil, bundle: nil)
    }

    required init?(coder: NSCoder) { fatalError("init(coder:) is not supported") }

    override func viewDidLoad() {
        super.viewDidLoad()
        view.addSubview(nameLabel)
        view.addSubview(avatarView)
        service.currentUser { [weak self] result in
            DispatchQueue.main.async {
                switch result {
                case .success(let user):
                    self?.nameLabel.text = user.displayName
                case .failure:
                    self?.nameLabel.text = "Not signed in"
                }
            }
        }
    }

    override func viewWillAppear(_ animated: Bool) {
        super.viewWillAppear(animated)
        loadTask = Task {
            do {
                let user = try await service.currentUser()
                if let url = user.avatarURL {
                    avatarView.image = await ImageCache.shared.image(for: url)
                }
            } catch {
                showError(error)
            }
        }
    }

    override func viewWillDisappear(_ animated: Bool) {
        super.viewWillDisappear(animated)
        loadTask?.cancel()
    }

    private func showError(_ error: Error) {
        let alert = UIAlertController(title: "Something went wrong", message: error.localizedDescription, preferredStyle: .alert)
        alert.addAction(UIAlertAction(title: "OK", style: .default))
        present(alert, animated: true)
    }
}

struct User: Codable, Sendable {
    let id: UUID
    let displayName: String
    let avatarURL: URL?
}

/// The signed-in user, behind a completion-handler API with a hand-written async bridge.
final class UserService {
    private var cached: User?
    private let lock = NSLock()

    func currentUser(completion: @escaping (Result<User, Error>) -> Void) {
        lock.lock()
        let cached = self.cached
        lock.unlock()
        if let cached {
            completion(.success(cached))
            return
        }
        let url = URL(string: "https://api.example.com/v2/me")!
        URLSession.shared.dataTask(with: url) { [weak self] data, _, error in
            guard let data, error == nil, let user = try? JSONDecoder().decode(User.self, from: data) else {
                completion(.failure(error ?? FeedError.notSignedIn))
                return
            }
            self?.lock.lock()
            self?.cached = user
            self?.lock.unlock()
            completion(.success(user))
        }.resume()
    }

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
}
