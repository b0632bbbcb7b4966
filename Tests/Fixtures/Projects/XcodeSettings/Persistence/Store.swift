import Foundation

// A persistence library: nothing here is UI code.
public final class Store {
    public init() {}

    public func load(_ key: String) async -> Data? { nil }
}
