import Foundation

extension Linter {
    /// Runs the enabled project rules once over the Xcode targets of the projects that hold a
    /// checked file, and places each finding on its build setting line.
    func projectFindings(checkedProjects: Set<String>, indexes: [String: ProjectIndex],
                         relativePaths: Bool) -> [Finding] {
        let modules = project.modules.filter { module in
            guard let projectPath = module.projectPath else { return false }
            // Packages are checked through their Package.swift; placeholders for uncompiled
            // files are no targets.
            return projectPath.hasSuffix(".xcodeproj") && checkedProjects.contains(projectPath)
                && module.name != ModuleSettings.plainSwift6.name
        }
        guard !modules.isEmpty else { return [] }
        let context = ProjectRuleContext(modules: modules, project: project, indexes: indexes)
        var locator = SettingLineLocator()
        var findings: [Finding] = []
        for rule in RuleRegistry.projectRules where ruleIDs.contains(rule.description.id) {
            let description = rule.description
            let severity = configuration.severity(of: description)
            for violation in rule.init().violations(in: context) {
                let path = Self.displayPath(violation.origin.path, relative: relativePaths)
                guard configuration.keeps(description.id, at: relativePath(path)) else { continue }
                findings.append(Finding(ruleID: description.id, severity: severity, message: violation.message,
                                        path: path, range: locator.range(of: violation.origin)))
            }
        }
        return findings
    }

    /// Reported like the checked files: relative to the current directory when they were given
    /// relative, so a project file sorts and reads like its sources.
    static func displayPath(_ absolute: String, relative: Bool) -> String {
        guard relative else { return absolute }
        let directory = StandardPath.absolute(FileManager.default.currentDirectoryPath)
        let prefix = directory.hasSuffix("/") ? directory : directory + "/"
        return absolute.hasPrefix(prefix) ? String(absolute.dropFirst(prefix.count)) : absolute
    }
}

/// The range of a setting's text on its line. A `SettingOrigin` has only the line, and a
/// reporter wants a column and an offset too: each project file is read once, and only when a
/// finding points into it.
struct SettingLineLocator {
    private var lineStarts: [String: (text: [UInt8], starts: [Int])] = [:]

    mutating func range(of origin: SettingOrigin) -> SourceRange {
        let file = lines(of: origin.path)
        guard origin.line >= 1, origin.line <= file.starts.count else {
            let start = SourcePosition(line: origin.line, column: 1, offset: 0)
            return SourceRange(start: start, end: start)
        }
        let lineStart = file.starts[origin.line - 1]
        let lineEnd = origin.line < file.starts.count ? file.starts[origin.line] - 1 : file.text.count
        let line = Array(file.text[lineStart..<lineEnd])
        let needle = Array(origin.text.utf8)
        // The origin text as written on the line, else the line without its indentation.
        var column = line.firstIndex { $0 != UInt8(ascii: " ") && $0 != UInt8(ascii: "\t") } ?? 0
        var length = line.count - column
        if !needle.isEmpty, let found = Self.firstIndex(of: needle, in: line) {
            column = found
            length = needle.count
        }
        while length > 0, [UInt8(ascii: "\r"), UInt8(ascii: " ")].contains(line[column + length - 1]) { length -= 1 }
        return SourceRange(start: SourcePosition(line: origin.line, column: column + 1, offset: lineStart + column),
                           end: SourcePosition(line: origin.line, column: column + length + 1, offset: lineStart + column + length))
    }

    private mutating func lines(of path: String) -> (text: [UInt8], starts: [Int]) {
        if let known = lineStarts[path] { return known }
        let text = FileManager.default.contents(atPath: path).map { [UInt8]($0) } ?? []
        var starts = [0]
        for (index, byte) in text.enumerated() where byte == UInt8(ascii: "\n") { starts.append(index + 1) }
        if text.isEmpty { starts = [] }
        lineStarts[path] = (text, starts)
        return (text, starts)
    }

    private static func firstIndex(of needle: [UInt8], in haystack: [UInt8]) -> Int? {
        guard needle.count <= haystack.count else { return nil }
        for start in 0...(haystack.count - needle.count) where haystack[start..<(start + needle.count)].elementsEqual(needle) {
            return start
        }
        return nil
    }
}
