// The examples that specify `LoopWithoutCancellationCheck`: the registry tests run every one, and
// `actorlint rule` shows the first of each kind.
extension LoopWithoutCancellationCheck {
    static let triggeringExamples: [RuleExample] = [
        // Non-throwing awaited work over a collection, in a task its owner cancels.
        """
        final class Exporter {
            private var running: Task<Void, Never>?
            func start(_ users: [User], uploader: Uploader) {
                running?.cancel()
                running = Task { await exportAll(users, uploader: uploader) }
            }
            func exportAll(_ users: [User], uploader: Uploader) async {
                ↓for user in users {
                    await uploader.upload(user)
                }
            }
        }
        """,
        // A polling loop whose sleep error is swallowed: after cancellation it spins.
        """
        @MainActor final class Ticker {
            var now = Date()
            func run() async {
                ↓while true {
                    try? await Task.sleep(for: .seconds(1))
                    now = Date()
                }
            }
        }
        """,
        // repeat-while inside a task its owner cancels.
        """
        final class Drainer {
            private var draining: Task<Void, Never>?
            func start(queue: JobQueue) {
                draining = Task {
                    ↓repeat {
                        await queue.processNext()
                    } while await queue.hasJobs()
                }
            }
            func stop() { draining?.cancel() }
        }
        """,
        // Nested synchronous loops in an async function that a view's `.task` awaits.
        """
        struct SimilarityScreen: View {
            let images: [[Float]]
            @State private var matrix: [[Float]] = []
            var body: some View {
                Grid { }.task { matrix = await similarity(images) }
            }
        }
        func similarity(_ images: [[Float]]) async -> [[Float]] {
            var matrix: [[Float]] = []
            ↓for a in images {
                var row: [Float] = []
                for b in images { row.append(zip(a, b).map { $0 * $1 }.reduce(0, +)) }
                matrix.append(row)
            }
            return matrix
        }
        """,
    ]

    static let nonTriggeringExamples: [RuleExample] = [
        // The common shape: a check at the top of each iteration.
        """
        func exportAll(_ users: [User], uploader: Uploader) async throws {
            for user in users {
                try Task.checkCancellation()
                await uploader.upload(user)
            }
        }
        """,
        // The condition checks the flag.
        """
        func poll(server: Server) async {
            while !Task.isCancelled {
                await server.ping()
            }
        }
        """,
        // A throwing await in the body: it throws CancellationError when cancelled.
        """
        func exportAll(_ users: [User], api: API) async throws {
            for user in users {
                try await api.upload(user)
            }
        }
        """,
        """
        func tick(model: Model) async throws {
            while true {
                try await Task.sleep(for: .seconds(1))
                await model.advance()
            }
        }
        """,
        // Async sequences end on cancellation.
        """
        func listen(updates: AsyncStream<Int>, model: Model) async {
            for await value in updates {
                await model.apply(value)
            }
        }
        """,
        // Manual iteration of an async sequence: next() returns nil when cancelled.
        """
        func listen(updates: AsyncStream<Int>, model: Model) async {
            var iterator = updates.makeAsyncIterator()
            while let value = await iterator.next() {
                await model.apply(value)
            }
        }
        """,
        // The loop only starts child tasks; the group cancels them.
        """
        func fetchAll(_ ids: [Int], api: API) async {
            await withTaskGroup(of: Void.self) { group in
                for id in ids {
                    group.addTask { await api.fetch(id) }
                }
            }
        }
        """,
        // A single synchronous loop, and a tiny fixed nested one.
        """
        func total(_ values: [Int]) async -> Int {
            var sum = 0
            for value in values { sum += value }
            for row in 0..<3 { for column in 0..<3 { sum += row * column } }
            return sum
        }
        """,
        // A task-group drain loop: `next()` returns nil once every child has finished, and
        // cancelling the group's task cancels the children.
        """
        func uploadAll(_ files: [URL], limit: Int, api: API) async {
            await withTaskGroup(of: Void.self) { group in
                var pending = files[...]
                func addNext() { if let file = pending.popFirst() { group.addTask { await api.upload(file) } } }
                for _ in 0..<limit { addNext() }
                while await group.next() != nil { addNext() }
            }
        }
        """,
        // A handful of fixed items.
        """
        func refreshEntitlements(store: Store) async -> [Product] {
            var owned: [Product] = []
            let products: [Product] = [.vpn, .backup, .restore, .sync]
            for product in products where await store.owns(product) { owned.append(product) }
            for region in ["eu", "us"] { await store.warm(region) }
            return owned
        }
        """,
        // A task nobody keeps or cancels cannot be cancelled: a check would never fire.
        """
        enum SceneObserver {
            static let observer = Task { @MainActor in
                while true {
                    try? await Task.sleep(for: .seconds(0.1))
                    updateWindowSizes()
                }
            }
        }
        """,
        // Walking nested data (each item's children) is linear, not quadratic.
        """
        func records(for outline: [Item]) async -> [Record] {
            var records: [Record] = []
            for item in outline {
                records.append(Record(item))
                for child in item.children { records.append(Record(child)) }
            }
            return records
        }
        """,
        // Test code: nobody cancels a test.
        RuleExample("""
            func testPruning() async {
                for line in 1...210 { await database.add(line) }
            }
            """, fileName: "ErrorLogTests.swift"),
        // Nothing shows that this finite loop ever runs in a cancelled task.
        """
        func exportAll(_ users: [User], uploader: Uploader) async {
            for user in users {
                await uploader.upload(user)
            }
        }
        """,
        // Synchronous function: no task to cancel here.
        """
        func grid(_ size: Int) -> [[Int]] {
            var rows: [[Int]] = []
            for y in 0..<size {
                var row: [Int] = []
                for x in 0..<size { row.append(x * y) }
                rows.append(row)
            }
            return rows
        }
        """,
    ]
}
