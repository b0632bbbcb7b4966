enum SharedText {
    static let appName = "Nested"
}
