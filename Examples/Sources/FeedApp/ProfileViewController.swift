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
                    self?.show(user)
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
                show(user)
                avatarView.image = await service.avatar(of: user)
            } catch {
                showError(error)
            }
        }
    }

    override func viewWillDisappear(_ animated: Bool) {
        super.viewWillDisappear(animated)
        loadTask?.cancel()
    }

    /// Some callers used to run on background queues, so this still hops "to be safe".
    private func show(_ user: User) {
        DispatchQueue.main.async {
            self.nameLabel.text = user.displayName
            self.title = user.displayName
        }
    }

    private func showError(_ error: Error) {
        let alert = UIAlertController(title: "Something went wrong", message: error.localizedDescription, preferredStyle: .alert)
        alert.addAction(UIAlertAction(title: "OK", style: .default))
        present(alert, animated: true)
    }
}
