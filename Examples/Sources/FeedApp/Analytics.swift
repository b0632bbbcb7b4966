import Foundation

/// Screen views and events, batched and sent every 30 seconds.
final class Analytics: @unchecked Sendable {
    static let shared = Analytics()

    private var pending: [[String: String]] = []
    private let queue = DispatchQueue(label: "analytics")

    func screenViewed(_ name: String) {
        track("screen_view", ["screen": name])
    }

    func track(_ event: String, _ properties: [String: String] = [:]) {
        queue.async {
            self.pending.append(properties.merging(["event": event]) { current, _ in current })
        }
    }

    /// Crash reports from the previous run go out at launch. They must not inherit the
    /// caller's priority or task-locals, and nobody waits for them: detached on purpose.
    func uploadCrashReports(in directory: URL) {
        // actorlint:disable:next prefer-concurrent-over-detached
        Task.detached(priority: .utility) {
            let reports = (try? FileManager.default.contentsOfDirectory(at: directory, includingPropertiesForKeys: nil)) ?? []
            for report in reports where report.pathExtension == "crash" {
                var request = URLRequest(url: URL(string: "https://crashes.example.com/upload")!)
                request.httpMethod = "POST"
                if (try? await URLSession.shared.upload(for: request, fromFile: report)) != nil {
                    try? FileManager.default.removeItem(at: report)
                }
            }
        }
    }

    /// Sends the batch. Called from a background timer; uploads must not block it.
    func flush() {
        queue.async {
            let batch = self.pending
            self.pending.removeAll()
            guard !batch.isEmpty, let body = try? JSONSerialization.data(withJSONObject: batch) else { return }
            var request = URLRequest(url: URL(string: "https://metrics.example.com/batch")!)
            request.httpMethod = "POST"
            request.httpBody = body
            URLSession.shared.dataTask(with: request).resume()
        }
    }
}
