import Foundation

/// Line numbers of the objects of a project.pbxproj and of the keys inside them.
/// `PropertyListSerialization` keeps no positions, but a setting's origin must name its line.
struct PBXLineIndex {
    private let lines: [Substring]
    /// Object id → index of the line that opens its definition.
    private var starts: [String: Int] = [:]

    init(text: String, ids: Set<String>) {
        lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        for (index, line) in lines.enumerated() {
            let trimmed = line.drop { $0 == "\t" || $0 == " " }
            let token = trimmed.prefix { !$0.isWhitespace && $0 != "=" }
            // `ID /* name */ = {` opens a definition; `ID /* name */,` in a list only refers to it.
            guard !token.isEmpty, line.contains("= {"), ids.contains(String(token)), starts[String(token)] == nil else { continue }
            starts[String(token)] = index
        }
    }

    /// 1-based line that opens the definition of `id`.
    func start(of id: String) -> Int? {
        starts[id].map { $0 + 1 }
    }

    /// The 1-based line and text of `key = …` inside the definition of `id`.
    func line(ofKey key: String, inObject id: String) -> (number: Int, text: String)? {
        guard let start = starts[id] else { return nil }
        let opening = lines[start]
        let indentation = opening.prefix { $0 == "\t" || $0 == " " }.count
        let plain = key + " =", quoted = "\"" + key + "\" ="
        if opening.trimmingCharacters(in: .whitespaces).hasSuffix("};") {
            // A one-line object.
            return opening.contains(plain) || opening.contains(quoted)
                ? (start + 1, opening.trimmingCharacters(in: .whitespaces)) : nil
        }
        for index in (start + 1)..<lines.count {
            let line = lines[index]
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if trimmed.hasPrefix("}"), line.prefix(while: { $0 == "\t" || $0 == " " }).count <= indentation { return nil }
            if trimmed.hasPrefix(plain) || trimmed.hasPrefix(quoted) { return (index + 1, trimmed) }
        }
        return nil
    }
}
