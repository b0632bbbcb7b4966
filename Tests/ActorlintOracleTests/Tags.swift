import Testing

extension Tag {
    /// Suites that run `swiftc`, wait on time limits or parse every source file: `swift test`
    /// runs them; the dev loop can skip them (CONTRIBUTING.md, "The dev loop").
    @Tag static var slow: Self
}
