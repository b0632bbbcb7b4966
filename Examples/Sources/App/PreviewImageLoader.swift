import Foundation

/// Preview images for the reading list. Rows that ask for the same image while it downloads
/// share one request: the running download is recorded before the first `await`, so a call
/// that slips in during the suspension finds it.
actor PreviewImageLoader {
    private var finished: [URL: Data] = [:]
    private var running: [URL: Task<Data, Error>] = [:]

    func data(for url: URL) async throws -> Data {
        if let data = finished[url] { return data }
        if let download = running[url] { return try await download.value }
        let download = Task { try await URLSession.shared.data(from: url).0 }
        running[url] = download
        defer { running[url] = nil }
        let data = try await download.value
        finished[url] = data
        return data
    }
}
