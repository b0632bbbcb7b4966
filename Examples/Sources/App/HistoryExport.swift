import Foundation
import Observation

/// Exports the reading history as a CSV file and backs it up.
@Observable
final class HistoryExportModel {
    private(set) var csv = ""
    private(set) var backedUp = 0

    /// Runs on the main actor (this module's default isolation): with a long history the
    /// screen freezes while the loop builds the text. `async` does not move it anywhere.
    func buildCSV(from articles: [Article]) async {
        var text = "title,url,saved,minutes\n"
        for article in articles {
            text += "\"\(article.title)\",\(article.url),\(article.savedAt.ISO8601Format()),\(article.minutes)\n"
        }
        csv = text
    }

    /// Uploads every article to the backup service. Leaving the screen cancels the task, but
    /// the loop never looks and goes on uploading; the `MainActor.run` is a leftover from
    /// when this was not main-actor code.
    func backUp(_ articles: [Article], to backup: BackupClient) async {
        for article in articles {
            await backup.upload(article)
            await MainActor.run {
                backedUp += 1
            }
        }
    }

    /// Counting words in a long history is moved off the main actor, and the result awaited
    /// right away: a detached task where a `@concurrent` function would do.
    func countWords(in articles: [Article]) async -> Int {
        await Task.detached {
            articles.reduce(0) { $0 + $1.title.split(separator: " ").count }
        }.value
    }

    /// The recommended shapes: the text is built by a `@concurrent` function and the
    /// upload loop stops as soon as the task is cancelled.
    func export(_ rows: [HistoryRow], to backup: BackupClient) async throws {
        csv = await makeHistoryCSV(rows)
        for row in rows {
            try Task.checkCancellation()
            await backup.upload(row)
            backedUp += 1
        }
    }
}

@concurrent
func makeHistoryCSV(_ rows: [HistoryRow]) async -> String {
    var text = "title,url,saved\n"
    for row in rows {
        text += "\"\(row.title)\",\(row.url),\(row.savedAt.ISO8601Format())\n"
    }
    return text
}

/// Stores copies of the reading history with the backup provider.
nonisolated final class BackupClient: Sendable {
    private let endpoint = URL(string: "https://backup.example.com/v1/items")!

    func upload(_ article: Article) async {
        await upload(HistoryRow(title: article.title, url: article.url, savedAt: article.savedAt))
    }

    func upload(_ row: HistoryRow) async {
        var request = URLRequest(url: endpoint)
        request.httpMethod = "POST"
        request.httpBody = Data("\(row.title)\n\(row.url)".utf8)
        _ = try? await URLSession.shared.data(for: request)
    }
}
