final class Archive {
    var entries: [String] = []
}
