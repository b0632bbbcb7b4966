// The examples that specify `TaskGroupUnorderedResults`: the registry tests run every one, and
// `actorlint rule` shows the first of each kind.
extension TaskGroupUnorderedResults {
    static let triggeringExamples: [RuleExample] = [
        // The common shape without the sort.
        """
        func fetchUsers(ids: [Int], service: UserService) async throws -> [User] {
            try await withThrowingTaskGroup(of: User.self) { group in
                for id in ids {
                    group.addTask { try await service.user(id: id) }
                }
                var users: [User] = []
                for try await user in group {
                    ↓users.append(user)
                }
                return users
            }
        }
        """,
        // `next()` in a loop, the array declared outside the group and returned after it.
        """
        func thumbnails(for urls: [URL], renderer: Renderer) async -> [Image] {
            var images: [Image] = []
            await withTaskGroup(of: Image?.self) { group in
                for url in urls { group.addTask { await renderer.render(url) } }
                while let image = await group.next() {
                    if let image { ↓images.append(image) }
                }
            }
            return images
        }
        """,
        // `reduce(into:)`, the group's result stored in view-model state.
        """
        @MainActor final class SearchModel {
            var hits: [Hit] = []
            func search(_ sources: [Source]) async {
                hits = await withTaskGroup(of: [Hit].self) { group in
                    for source in sources { group.addTask { await source.hits() } }
                    return await ↓group.reduce(into: []) { all, batch in all.append(contentsOf: batch) }
                }
            }
        }
        """,
        // Bound to a constant that is returned as is.
        """
        func scores(for players: [Player]) async -> [Int] {
            let scores = await withTaskGroup(of: Int.self) { group in
                for player in players { group.addTask { await player.score() } }
                var collected: [Int] = []
                for await score in group { ↓collected += [score] }
                return collected
            }
            return scores
        }
        """,
    ]

    static let nonTriggeringExamples: [RuleExample] = [
        // The common shape: sorted before it is returned.
        """
        func fetchUsers(ids: [Int], service: UserService) async throws -> [User] {
            try await withThrowingTaskGroup(of: User.self) { group in
                for id in ids { group.addTask { try await service.user(id: id) } }
                var users: [User] = []
                for try await user in group { users.append(user) }
                return users.sorted { $0.id < $1.id }
            }
        }
        """,
        // Sorted in place.
        """
        func names(_ ids: [Int], api: API) async -> [String] {
            await withTaskGroup(of: String.self) { group in
                for id in ids { group.addTask { await api.name(id) } }
                var names: [String] = []
                for await name in group { names.append(name) }
                names.sort()
                return names
            }
        }
        """,
        // Sorted by the caller of the group.
        """
        func names(_ ids: [Int], api: API) async -> [String] {
            let names = await withTaskGroup(of: String.self) { group in
                for id in ids { group.addTask { await api.name(id) } }
                var collected: [String] = []
                for await name in group { collected.append(name) }
                return collected
            }
            return names.sorted()
        }
        """,
        // Index tuples: each value goes back to its position.
        """
        func pages(_ urls: [URL], client: Client) async throws -> [Data] {
            try await withThrowingTaskGroup(of: (Int, Data).self) { group in
                for (index, url) in urls.enumerated() {
                    group.addTask { (index, try await client.get(url)) }
                }
                var pages = [Data](repeating: Data(), count: urls.count)
                for try await (index, page) in group { pages[index] = page }
                return pages
            }
        }
        """,
        // A dictionary keyed by id has no order to lose.
        """
        func profiles(_ ids: [Int], api: API) async -> [Int: Profile] {
            await withTaskGroup(of: Profile.self) { group in
                for id in ids { group.addTask { await api.profile(id) } }
                var byID: [Int: Profile] = [:]
                for await profile in group { byID[profile.id] = profile }
                return byID
            }
        }
        """,
        // Aggregates: order does not matter.
        """
        func totalSize(_ files: [URL], disk: Disk) async -> Int {
            await withTaskGroup(of: Int.self) { group in
                for file in files { group.addTask { await disk.size(of: file) } }
                var total = 0
                for await size in group { total += size }
                return total
            }
        }
        """,
        // Discarding groups return nothing.
        """
        func notify(_ users: [User], push: Push) async {
            await withDiscardingTaskGroup { group in
                for user in users { group.addTask { await push.send(to: user) } }
            }
        }
        """,
        // The array is consumed inside the group, not returned.
        """
        func warm(_ keys: [String], cache: Cache) async {
            await withTaskGroup(of: String.self) { group in
                for key in keys { group.addTask { await cache.load(key) } }
                var loaded: [String] = []
                for await key in group { loaded.append(key) }
                print("warmed \\(loaded.count) keys")
            }
        }
        """,
    ]
}
