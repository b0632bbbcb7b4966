// The examples that specify `TaskInDefer`: the registry tests run every one, and
// `actorlint rule` shows the first of each kind. The rule needs a compiler known to be Swift 6.4
// or later; each example says which evidence its module has.
extension TaskInDefer {
    /// A package whose manifest says `swift-tools-version: 6.4`: built by Swift 6.4 or later.
    private static let swift64 = ModuleSettings(compiler: CompilerVersion(
        version: "6.4", certainty: .minimum, evidence: "swift-tools-version 6.4, Package.swift:1"))

    static let triggeringExamples: [RuleExample] = [
        RuleExample("""
            final class Connection: Sendable {
                func send(_ bytes: [UInt8]) async throws {}
                func close() async {}
            }

            func upload(_ bytes: [UInt8], over connection: Connection) async throws {
                defer {
                    ↓Task { await connection.close() }
                }
                try await connection.send(bytes)
            }
            """, settings: swift64),
        // Named, with a priority, next to synchronous cleanup in the same `defer`; the version
        // stated in `.actorlint.json`.
        RuleExample("""
            actor Importer {
                var busy = false
                func run(_ file: ImportFile) async {
                    busy = true
                    defer {
                        busy = false
                        ↓Task(name: "release", priority: .low) { await file.release() }
                    }
                    await file.parse()
                }
            }
            """, settings: ModuleSettings(compiler: CompilerVersion(version: "6.4", certainty: .stated, evidence: "stated in .actorlint.json:2"))),
        // An immediate task in an async closure; its error must be handled before the cleanup
        // can move into the `defer` (no fix).
        RuleExample("""
            func refresh(_ store: Store) {
                Task {
                    defer {
                        ↓Task.immediate { try await store.unlock() }
                    }
                    await store.reload()
                }
            }
            """, settings: swift64),
    ]

    static let nonTriggeringExamples: [RuleExample] = [
        // Near misses. A synchronous function: its `defer` cannot await, the task is the way.
        RuleExample("""
            func close(_ connection: Connection) {
                defer { Task { await connection.close() } }
                connection.cancelPending()
            }
            """, settings: swift64),
        // The handle is kept: someone can await or cancel the cleanup.
        RuleExample("""
            final class Session {
                var closing: Task<Void, Never>?
                func end(_ connection: Connection) async {
                    defer { closing = Task { await connection.close() } }
                    await connection.flush()
                }
            }
            """, settings: swift64),
        // Detached on purpose: it must not run on the caller's actor or inherit its priority.
        RuleExample("""
            @MainActor func finish(_ log: Log) async {
                defer { Task.detached(priority: .background) { await log.compact() } }
                await log.append("done")
            }
            """, settings: swift64),
        // A compiler too old for async `defer` (a `.swift-version` pinning 6.3), and one nothing
        // tells (a tools version of 6.2 says only "6.2 or later").
        RuleExample("""
            func upload(_ bytes: [UInt8], over connection: Connection) async throws {
                defer { Task { await connection.close() } }
                try await connection.send(bytes)
            }
            """, settings: ModuleSettings(compiler: CompilerVersion(version: "6.3", certainty: .stated, evidence: "pinned by .swift-version"))),
        RuleExample("""
            func upload(_ bytes: [UInt8], over connection: Connection) async throws {
                defer { Task { await connection.close() } }
                try await connection.send(bytes)
            }
            """, settings: ModuleSettings(compiler: CompilerVersion(version: "6.2", certainty: .minimum, evidence: "swift-tools-version 6.2, Package.swift:1"))),
        // The `defer` is in a synchronous closure inside the async function.
        RuleExample("""
            func closeAll(_ connections: [Connection]) async {
                connections.forEach { connection in
                    defer { Task { await connection.close() } }
                    connection.cancelPending()
                }
                await Task.yield()
            }
            """, settings: swift64),
        // Nothing async in the task, and a task started in a closure inside the `defer`.
        RuleExample("""
            func save(_ document: Document, queue: DispatchQueue) async {
                defer {
                    Task { document.markSaved() }
                    queue.async { Task { await document.notify() } }
                }
                await document.write()
            }
            """, settings: swift64),
        // The Swift 6.4 form.
        RuleExample("""
            func upload(_ bytes: [UInt8], over connection: Connection) async throws {
                defer { await withTaskCancellationShield { await connection.close() } }
                try await connection.send(bytes)
            }
            """, settings: swift64),
    ]

    /// The text before each fix compiles with Swift 6.3; the text after it needs Swift 6.4
    /// (`FixCompileTests.needsNewerCompiler`).
    static let correctionExamples: [CorrectionExample] = [
        CorrectionExample("""
            actor Journal {
                func append(_ line: String) async {}
                func flush() async {}
            }

            func record(_ lines: [String], in journal: Journal) async {
                defer {
                    Task { await journal.flush() }
                }
                for line in lines { await journal.append(line) }
            }
            """, """
            actor Journal {
                func append(_ line: String) async {}
                func flush() async {}
            }

            func record(_ lines: [String], in journal: Journal) async {
                defer {
                    await withTaskCancellationShield { await journal.flush() }
                }
                for line in lines { await journal.append(line) }
            }
            """, settings: swift64),
        // The task's arguments go; `try?` stays inside the shield.
        CorrectionExample("""
            final class Cache: Sendable {
                func fill() async {}
                func trim() async throws {}
                func log(_ line: String) {}
            }

            func warm(_ cache: Cache) async {
                defer {
                    cache.log("warmed")
                    Task(name: "trim", priority: .utility) {
                        try? await cache.trim()
                        cache.log("trimmed")
                    }
                }
                await cache.fill()
            }
            """, """
            final class Cache: Sendable {
                func fill() async {}
                func trim() async throws {}
                func log(_ line: String) {}
            }

            func warm(_ cache: Cache) async {
                defer {
                    cache.log("warmed")
                    await withTaskCancellationShield {
                        try? await cache.trim()
                        cache.log("trimmed")
                    }
                }
                await cache.fill()
            }
            """, settings: swift64),
    ]
}
