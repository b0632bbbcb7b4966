// Left out of the SyncedApp target by a membership exception.
enum PreviewData {
    static let sample = [1, 2, 3]
}
