import Foundation

/// One assignment of an Xcode build setting, as written in an `.xcconfig` or a pbxproj.
struct BuildSettingAssignment {
    var key: String
    /// `KEY[sdk=iphoneos*][config=Debug]` → [("sdk", "iphoneos*"), ("config", "Debug")].
    var conditions: [(name: String, value: String)]
    var value: String
    var origin: SettingOrigin

    /// Splits `KEY[cond=value]…`; nil when `raw` is not a setting name.
    static func parseKey(_ raw: String) -> (key: String, conditions: [(name: String, value: String)])? {
        let parts = raw.trimmingBlanks().split(separator: "[", omittingEmptySubsequences: false)
        let key = parts[0].trimmingBlanks()
        guard !key.isEmpty, key.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" }) else { return nil }
        var conditions: [(name: String, value: String)] = []
        for part in parts.dropFirst() {
            guard part.hasSuffix("]") else { return nil }
            let body = part.dropLast()
            let pair = body.split(separator: "=", maxSplits: 1).map { $0.trimmingBlanks() }
            guard pair.count == 2 else { return nil }
            conditions.append((pair[0], pair[1]))
        }
        return (key, conditions)
    }
}

/// Reads `.xcconfig` files with their `#include` / `#include?` chains. Each file is read once per
/// run: many configurations of many targets usually share the same few files.
final class XCConfigReader {
    private let inputs: ProjectInputs
    private var cache: [String: [BuildSettingAssignment]] = [:]
    private(set) var notes: [String] = []

    init(inputs: ProjectInputs) {
        self.inputs = inputs
    }

    /// The assignments of `path` and of what it includes, in the order Xcode applies them.
    func assignments(of path: String) -> [BuildSettingAssignment] {
        read(StandardPath.absolute(path), including: [])
    }

    private func read(_ path: String, including chain: [String]) -> [BuildSettingAssignment] {
        if let cached = cache[path] { return cached }
        guard !chain.contains(path) else {
            notes.append("\(chain.last ?? path): #include cycle through \(path); the repeated include is skipped")
            return []
        }
        guard let data = inputs.contents(atPath: path), let text = String(data: data, encoding: .utf8) else {
            notes.append("\(path): cannot read this xcconfig; its settings are not applied")
            return []
        }
        let directory = (path as NSString).deletingLastPathComponent
        var result: [BuildSettingAssignment] = []
        for (offset, rawLine) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let lineNumber = offset + 1
            let line = Self.stripComment(String(rawLine)).trimmingCharacters(in: .whitespaces)
            if line.isEmpty { continue }
            if line.hasPrefix("#include") {
                let optional = line.hasPrefix("#include?")
                guard let included = Self.quoted(line) else {
                    notes.append("\(path):\(lineNumber): cannot read the file name of `\(line)`")
                    continue
                }
                if included.hasPrefix("<") {
                    // `<DEVELOPER_DIR>/…` points into an Xcode install, which is not on this machine.
                    notes.append("\(path):\(lineNumber): `\(line)` names a file inside Xcode; its settings are not applied")
                    continue
                }
                let target = StandardPath.resolve(included, in: directory)
                if !inputs.fileExists(atPath: target) {
                    if !optional { notes.append("\(path):\(lineNumber): included file \(target) does not exist") }
                    continue
                }
                result += read(target, including: chain + [path])
                continue
            }
            guard let equals = Self.assignmentEquals(in: line),
                  let (key, conditions) = BuildSettingAssignment.parseKey(String(line[..<equals])) else {
                notes.append("\(path):\(lineNumber): `\(line)` is not a build setting assignment")
                continue
            }
            var value = line[line.index(after: equals)...].trimmingCharacters(in: .whitespaces)
            if value.hasSuffix(";") { value.removeLast() }
            result.append(BuildSettingAssignment(key: key, conditions: conditions, value: value,
                                                 origin: SettingOrigin(path: path, line: lineNumber, text: line)))
        }
        cache[path] = result
        return result
    }

    /// The `=` of `KEY[cond=value] = value`: the first one outside the condition brackets.
    static func assignmentEquals(in line: String) -> String.Index? {
        var depth = 0
        for index in line.indices {
            switch line[index] {
            case "[": depth += 1
            case "]": depth -= 1
            case "=" where depth == 0: return index
            default: break
            }
        }
        return nil
    }

    /// xcconfig comments start at `//` anywhere on the line, even inside a value (a URL in an
    /// xcconfig needs `/$()/` for that reason).
    static func stripComment(_ line: String) -> String {
        guard let range = line.range(of: "//") else { return line }
        return String(line[..<range.lowerBound])
    }

    private static func quoted(_ line: String) -> String? {
        guard let open = line.firstIndex(where: { $0 == "\"" || $0 == "<" }) else { return nil }
        let close: Character = line[open] == "\"" ? "\"" : ">"
        let rest = line[line.index(after: open)...]
        guard let end = rest.firstIndex(of: close) else { return nil }
        let name = String(rest[..<end])
        return close == ">" ? "<" + name + ">" : name
    }
}
