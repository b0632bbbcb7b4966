import Foundation

public struct Entry: Codable { public var text: String }

public final class Store {
    public var entries: [Entry] = []
}
