public struct Greeter {
    public init() {}

    public func greeting(for name: String) -> String { "Hello, \(name)" }
}
