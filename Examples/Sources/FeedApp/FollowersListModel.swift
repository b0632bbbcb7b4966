import Observation
import SwiftUI

/// The "Followers" tab, written after the team moved to `@MainActor` models.
@MainActor
@Observable
final class FollowersListModel {
    private(set) var followers: [User] = []
    private(set) var errorMessage: String?

    private let service: UserService
    private let ids: [UUID]

    init(service: UserService, ids: [UUID]) {
        self.service = service
        self.ids = ids
    }

    func load() async {
        do {
            followers = try await service.followers(ids)
            errorMessage = nil
        } catch {
            errorMessage = "Could not load your followers: \(error.localizedDescription)"
        }
    }
}

struct FollowersScreen: View {
    @State var model: FollowersListModel

    var body: some View {
        List(model.followers) { user in
            Text(user.displayName)
        }
        .overlay {
            if let message = model.errorMessage {
                Text(message)
            }
        }
        .task { await model.load() }
        .refreshable { await model.load() }
    }
}
