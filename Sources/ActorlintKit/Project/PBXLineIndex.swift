import Foundation

/// Line numbers of the objects of a project.pbxproj and of the keys inside them.
/// `PropertyListSerialization` keeps no positions, but a setting's origin must name its line.
struct PBXLineIndex {
    private let lines: [Substring]
    /// Object id → index of the line that opens its definition.
    private var starts: [String: Int] = [:]

    init(text: String, ids: Set<String>) {
        // Split on the byte: a String split by Character keeps `\r\n` (one Character) together.
        lines = text.utf8.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).map { Substring($0) }
        for (index, line) in lines.enumerated() {
            // `ID /* name */ = {` opens a definition; `ID /* name */,` in a list only refers to it.
            // Most lines open nothing: look for `= {` in the bytes before anything else.
            guard line.utf8.count >= 3, Self.opensObject(line) else { continue }
            let trimmed = line.drop { $0 == "\t" || $0 == " " }
            let token = trimmed.prefix { !$0.isWhitespace && $0 != "=" }
            guard !token.isEmpty, ids.contains(String(token)), starts[String(token)] == nil else { continue }
            starts[String(token)] = index
        }
    }

    /// Whether the line contains `= {`.
    private static func opensObject(_ line: Substring) -> Bool {
        var previous: (UInt8, UInt8) = (0, 0)
        for byte in line.utf8 {
            if previous == (UInt8(ascii: "="), UInt8(ascii: " ")), byte == UInt8(ascii: "{") { return true }
            previous = (previous.1, byte)
        }
        return false
    }

    /// 1-based line that opens the definition of `id`.
    func start(of id: String) -> Int? {
        starts[id].map { $0 + 1 }
    }

    /// The 1-based line and text of `key = …` inside the definition of `id`.
    func line(ofKey key: String, inObject id: String) -> (number: Int, text: String)? {
        guard let start = starts[id] else { return nil }
        let opening = lines[start]
        let plain = key + " =", quoted = "\"" + key + "\" ="
        let trimmedOpening = opening.trimmingBlanks()
        if trimmedOpening.hasSuffix("};") {
            // A one-line object.
            return trimmedOpening.contains(plain) || trimmedOpening.contains(quoted) ? (start + 1, trimmedOpening) : nil
        }
        // The first line that starts with `key =` or `"key" =`, as a scan of the object finds it.
        let keys = objectKeys.keys(of: id, start: start, lines: lines)
        switch (keys.plain[key], keys.quoted[key]) {
        case let (plain?, quoted?): return plain.number <= quoted.number ? plain : quoted
        case let (plain?, nil): return plain
        case let (nil, quoted?): return quoted
        case (nil, nil): return nil
        }
    }

    /// The `key =` lines of each multi-line object asked about, found in one scan of the object:
    /// a reader asks for each of an object's keys in turn, which scanned it once per key.
    private let objectKeys = ObjectKeys()

    private final class ObjectKeys {
        struct Keys {
            /// The text before each ` =` of a line (a line may hold several) → the first such line:
            /// a line starts with `key =` exactly when `key` is one of these texts.
            var plain: [String: (number: Int, text: String)] = [:]
            /// The same for `"key" =`, by the key inside the quotes.
            var quoted: [String: (number: Int, text: String)] = [:]
        }

        private var objects: [String: Keys] = [:]

        func keys(of id: String, start: Int, lines: [Substring]) -> Keys {
            if let known = objects[id] { return known }
            var keys = Keys()
            let indentation = lines[start].prefix { $0 == "\t" || $0 == " " }.count
            for index in (start + 1)..<lines.count {
                let line = lines[index]
                let trimmed = line.trimmingBlanks()
                if trimmed.hasPrefix("}"), line.prefix(while: { $0 == "\t" || $0 == " " }).count <= indentation { break }
                let bytes = Array(trimmed.utf8)
                for separator in bytes.indices.dropLast() where bytes[separator] == UInt8(ascii: " ") && bytes[separator + 1] == UInt8(ascii: "=") {
                    let candidate = String(decoding: bytes[..<separator], as: UTF8.self)
                    if keys.plain[candidate] == nil { keys.plain[candidate] = (index + 1, trimmed) }
                    if candidate.count >= 2, candidate.hasPrefix("\""), candidate.hasSuffix("\"") {
                        let inner = String(candidate.dropFirst().dropLast())
                        if keys.quoted[inner] == nil { keys.quoted[inner] = (index + 1, trimmed) }
                    }
                }
            }
            objects[id] = keys
            return keys
        }
    }
}
