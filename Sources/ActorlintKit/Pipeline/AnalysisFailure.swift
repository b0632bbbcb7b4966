/// A file that could not be analysed, and why. Always reported, never skipped silently (exit 3).
public struct AnalysisFailure: Sendable, Hashable, Error {
    public var path: String
    public var reason: String

    public init(path: String, reason: String) {
        self.path = path
        self.reason = reason
    }
}
