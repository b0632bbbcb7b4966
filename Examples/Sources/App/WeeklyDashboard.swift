import Observation
import SwiftUI

/// The "This week" tab: reading totals and the articles saved this week.
@Observable
final class WeeklyDashboardModel {
    private(set) var stats: ReadingStats?
    private(set) var saved: [Article] = []

    private let client = ReadingListClient()

    /// The two requests do not depend on each other, yet the second waits for the first.
    func refresh() async throws {
        let stats = try await client.stats(weekOf: .now)
        let articles = try await client.articles()
        self.stats = stats
        saved = articles.filter { Calendar.current.isDate($0.savedAt, equalTo: .now, toGranularity: .weekOfYear) }
    }
}

struct WeeklyDashboardScreen: View {
    @State private var model = WeeklyDashboardModel()
    @State private var export = HistoryExportModel()

    var body: some View {
        VStack(alignment: .leading) {
            if let stats = model.stats {
                Text("\(stats.articlesRead) articles, \(stats.minutesRead) minutes")
            }
            List(model.saved) { Text($0.title) }
            Button("Export history") {
                Task { await export.buildCSV(from: model.saved) }
            }
        }
        .task { try? await model.refresh() }
    }
}
