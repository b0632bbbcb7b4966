import SwiftUI

/// Backs up the reading history while the screen is visible; `.task` cancels the backup when
/// the screen goes away, which is why the backup loop should notice cancellation.
struct HistoryBackupScreen: View {
    let model: HistoryExportModel
    let articles: [Article]
    let backup: BackupClient

    var body: some View {
        Text("Backing up…")
            .task { await model.backUp(articles, to: backup) }
    }
}
