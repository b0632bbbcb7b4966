/// A change the user made offline, waiting to be pushed.
public struct Change: Sendable {
    public var id: Int
    public var payload: [UInt8]
}

/// A connection to the sync server: opened for a push, closed after it.
public final class Connection: Sendable {
    public init() {}
    public func open() async throws {}
    public func send(_ change: Change) async throws {}
    public func close() async {}
}

public final class SyncSession: Sendable {
    let connection = Connection()

    public init() {}

    /// Written before Swift 6.4, when a `defer` could not await: the connection is closed by a
    /// task that runs after `push` has returned, so the next push may find it still open.
    public func push(_ batch: [Change]) async throws {
        try await connection.open()
        defer {
            Task { await connection.close() }
        }
        for change in batch {
            try await connection.send(change)
        }
    }

    /// The Swift 6.4 way: the connection is closed before `pushOne` returns, even when the
    /// task is cancelled.
    public func pushOne(_ change: Change) async throws {
        try await connection.open()
        defer {
            await withTaskCancellationShield { await connection.close() }
        }
        try await connection.send(change)
    }
}
