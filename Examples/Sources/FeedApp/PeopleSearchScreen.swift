import SwiftUI

/// Finding people to follow. The debounce was built by hand before the team knew `.task(id:)`:
/// a stored task, cancelled and replaced on every keystroke, and never cancelled when the
/// screen closes.
struct PeopleSearchScreen: View {
    let directory: PeopleDirectory
    @State private var text = ""
    @State private var matches: [User] = []
    @State private var pending: Task<Void, Never>?

    var body: some View {
        List(matches) { user in
            Text(user.displayName)
        }
        .searchable(text: $text)
        .onChange(of: text) { _, newText in
            pending?.cancel()
            pending = Task {
                try? await Task.sleep(for: .milliseconds(350))
                guard !Task.isCancelled else { return }
                matches = await directory.search(newText)
            }
        }
    }
}

/// The people search endpoint.
struct PeopleDirectory: Sendable {
    func search(_ text: String) async -> [User] {
        var components = URLComponents(string: "https://api.example.com/v2/people")!
        components.queryItems = [URLQueryItem(name: "q", value: text)]
        guard let (data, _) = try? await URLSession.shared.data(from: components.url!) else { return [] }
        return (try? JSONDecoder().decode([User].self, from: data)) ?? []
    }
}
