// The examples that specify `DispatchGlobalForCPUWork`: the registry tests run every one, and
// `actorlint rule` shows the first of each kind.
extension DispatchGlobalForCPUWork {
    static let triggeringExamples: [RuleExample] = [
        """
        final class ThumbnailController {
            var images: [Data] = []
            func render(_ sources: [Data]) {
                ↓DispatchQueue.global(qos: .userInitiated).async {
                    let scaled = sources.map(scale)
                    DispatchQueue.main.async { self.images = scaled }
                }
            }
        }
        """,
        """
        func export(_ rows: [Row], done: @escaping (String) -> Void) {
            ↓DispatchQueue.global().async {
                let text = rows.map(\\.csv).joined(separator: "\\n")
                DispatchQueue.main.async {
                    done(text)
                }
            }
        }
        """,
        // A project that builds with Swift 6.1: the message names a nonisolated async function,
        // as `@concurrent` does not exist there (SE-0338).
        RuleExample("""
            func resize(_ photos: [Photo], done: @escaping ([Photo]) -> Void) {
                ↓DispatchQueue.global().async {
                    let small = photos.map { $0.resized(to: 256) }
                    DispatchQueue.main.async { done(small) }
                }
            }
            """, settings: ModuleSettings(compiler: CompilerVersion(version: "6.1", certainty: .stated, evidence: "pinned by .swift-version"))),
    ]

    static let nonTriggeringExamples: [RuleExample] = [
        // Background work without a hop back: fire-and-forget logging, not a round trip.
        """
        func flush(_ log: Log) { DispatchQueue.global(qos: .background).async { log.write() } }
        """,
        // The recommended form.
        """
        @concurrent func scaleAll(_ sources: [Data]) async -> [Data] { sources.map(scale) }
        @MainActor final class ThumbnailModel {
            var images: [Data] = []
            func render(_ sources: [Data]) async { images = await scaleAll(sources) }
        }
        """,
        // A serial queue owned by the type protects state: a different tool for a different job.
        """
        final class Journal {
            private let queue = DispatchQueue(label: "journal")
            func append(_ line: String, done: @escaping () -> Void) {
                queue.async { self.write(line); DispatchQueue.main.async { done() } }
            }
        }
        """,
    ]
}
