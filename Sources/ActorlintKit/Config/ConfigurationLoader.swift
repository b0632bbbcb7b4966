import Foundation

/// A configuration file that cannot be used: exit 2, with the file, line and what was expected.
public struct ConfigurationError: Error, Sendable, CustomStringConvertible {
    public var path: String
    public var line: Int?
    public var message: String

    public var description: String {
        "\(path)\(line.map { ":\($0)" } ?? ""): error: \(message)"
    }
}

extension Configuration {
    /// The nearest `.actorlint.json` in `path`'s folder or above it.
    public static func find(from path: String) -> String? {
        var url = URL(fileURLWithPath: path).standardizedFileURL
        var isDirectory: ObjCBool = false
        if !(FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) && isDirectory.boolValue) {
            url.deleteLastPathComponent()
        }
        while true {
            let candidate = url.appendingPathComponent(fileName).path
            if FileManager.default.fileExists(atPath: candidate) { return candidate }
            let parent = url.deletingLastPathComponent()
            if parent.path == url.path { return nil }
            url = parent
        }
    }

    public static func load(path: String) throws(ConfigurationError) -> Configuration {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw ConfigurationError(path: path, message: "cannot read the configuration file")
        }
        return try parse(data, path: path)
    }

    public static func parse(_ data: Data, path: String) throws(ConfigurationError) -> Configuration {
        let text = String(decoding: data, as: UTF8.self)
        func fail(_ message: String, near needle: String? = nil) -> ConfigurationError {
            ConfigurationError(path: path, line: needle.flatMap { line(of: $0, in: text) }, message: message)
        }
        let object: Any
        do {
            object = try JSONSerialization.jsonObject(with: data)
        } catch {
            let detail = (error as NSError).userInfo["NSDebugDescription"] as? String ?? "\(error)"
            throw ConfigurationError(path: path, line: errorLine(detail, in: text), message: "malformed JSON: \(detail)")
        }
        guard let root = object as? [String: Any] else { throw fail("expected a JSON object at the top level") }

        var configuration = Configuration()
        configuration.path = path
        for key in root.keys.sorted() where !keys.contains(key) {
            let hint = Suggestion.closest(to: key, in: keys).map { "; did you mean '\($0)'?" } ?? ""
            throw fail("unknown key '\(key)'\(hint) (expected one of: \(keys.joined(separator: ", ")))", near: "\"\(key)\"")
        }
        func strings(_ key: String) throws(ConfigurationError) -> [String]? {
            guard let value = root[key] else { return nil }
            guard let list = value as? [String] else { throw fail("'\(key)' must be an array of strings", near: "\"\(key)\"") }
            return list
        }
        func checkSelectors(_ list: [String], key: String) throws(ConfigurationError) {
            for selector in list where !isKnownSelector(selector) {
                let hint = Suggestion.closest(to: selector, in: RuleRegistry.allIDs).map { "; did you mean '\($0)'?" } ?? ""
                throw fail("unknown rule, category or set '\(selector)' in '\(key)'\(hint)", near: "\"\(selector)\"")
            }
        }
        if let select = try strings("select") {
            try checkSelectors(select, key: "select")
            configuration.select = select
        }
        if let ignore = try strings("ignore") {
            try checkSelectors(ignore, key: "ignore")
            configuration.ignore = ignore
        }
        if let exclude = try strings("exclude") { configuration.exclude = exclude.map(GlobPattern.init) }
        if let value = root["severity"] {
            guard let map = value as? [String: Any] else { throw fail("'severity' must map rule ids to \"note\", \"warning\" or \"error\"", near: "\"severity\"") }
            for (id, level) in map.sorted(by: { (specificity($0.key), $0.key) < (specificity($1.key), $1.key) }) {
                try checkSelectors([id], key: "severity")
                guard let name = level as? String, let severity = Severity(rawValue: name) else {
                    throw fail("severity of '\(id)' must be \"note\", \"warning\" or \"error\"", near: "\"\(id)\"")
                }
                for rule in expand(id) { configuration.severity[rule] = severity }
            }
        }
        if let value = root["per-path"] {
            guard let map = value as? [String: Any] else { throw fail("'per-path' must map globs to arrays of rule ids", near: "\"per-path\"") }
            for (glob, ids) in map.sorted(by: { $0.key < $1.key }) {
                guard let list = ids as? [String] else { throw fail("'per-path' entry '\(glob)' must be an array of rule ids", near: "\"\(glob)\"") }
                try checkSelectors(list, key: "per-path")
                configuration.perPath.append((GlobPattern(glob), list))
            }
        }
        if let value = root["file-timeout"] {
            // JSON `true` arrives as an NSNumber that casts to 1.0: reject booleans explicitly.
            guard let number = value as? NSNumber, String(cString: number.objCType) != "c",
                  case let seconds = number.doubleValue, seconds > 0, seconds.isFinite else { throw fail("'file-timeout' must be a positive number of seconds", near: "\"file-timeout\"") }
            configuration.fileTimeout = seconds
        }
        if let value = root["swift-version"] {
            guard let version = value as? String, CompilerVersion.isVersion(version) else {
                throw fail("'swift-version' must be the version of the Swift compiler that builds the project, as a string such as \"6.4\"", near: "\"swift-version\"")
            }
            let line = Self.line(of: "\"swift-version\"", in: text).map { ":\($0)" } ?? ""
            configuration.swiftVersion = .stated(version, by: "in \((path as NSString).lastPathComponent)\(line)")
        }
        if let value = root["compiler-covered"] {
            let allowed = CompilerCovered.allCases.map(\.rawValue)
            guard let name = value as? String, let policy = CompilerCovered(rawValue: name) else {
                throw fail("'compiler-covered' must be one of \(allowed.map { "\"\($0)\"" }.joined(separator: ", "))", near: "\"compiler-covered\"")
            }
            configuration.compilerCovered = policy
        }
        return configuration
    }

    /// The line a JSONSerialization error points at. Foundation says "around character N" (a
    /// 0-based UTF-8 offset) or "around line N", or only "Unexpected end of file" (the last line).
    static func errorLine(_ detail: String, in text: String) -> Int {
        func number(after marker: String) -> Int? {
            guard let range = detail.range(of: marker) else { return nil }
            return Int(detail[range.upperBound...].prefix(while: \.isNumber))
        }
        if let line = number(after: "line ") { return line }
        let lineCount = text.utf8.reduce(1) { $0 + ($1 == UInt8(ascii: "\n") ? 1 : 0) }
        guard let offset = number(after: "character ") else { return text.hasSuffix("\n") ? max(1, lineCount - 1) : lineCount }
        return text.utf8.prefix(offset).reduce(1) { $0 + ($1 == UInt8(ascii: "\n") ? 1 : 0) }
    }

    private static func line(of needle: String, in text: String) -> Int? {
        guard let range = text.range(of: needle) else { return nil }
        return text[..<range.lowerBound].filter { $0 == "\n" }.count + 1
    }
}
