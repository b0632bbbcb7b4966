import Foundation

/// Adds build settings to one Xcode target, where the project keeps the target's settings: in
/// the xcconfig each of its configurations is based on when only this target uses that file,
/// else in the `buildSettings` of every configuration of the target in `project.pbxproj`, among
/// the keys in Xcode's sorted order. A project-wide xcconfig that every target includes is
/// never edited as if it were the target's own. The edits are checked by reading the project
/// again: every configuration of the target must get the settings, and no other target change.
enum XcodeSettingsEdit {
    struct Result {
        /// By absolute path: `project.pbxproj` or xcconfig files.
        var edits: [String: [TextEdit]] = [:]
        var refusal: String?
    }

    /// The xcconfig `settings` (one configuration of a target) is based on, unless every target
    /// of the project uses it: a project-wide file is not this target's to change.
    static func ownXcconfig(of settings: ModuleSettings, among modules: [ModuleSettings]) -> SettingOrigin? {
        guard let xcconfig = settings.origins[ModuleSettings.xcconfigSetting] else { return nil }
        let siblings = modules.filter { $0.projectPath == settings.projectPath }
        let sharers = siblings.filter { $0.origins[ModuleSettings.xcconfigSetting]?.path == xcconfig.path }
        return sharers.count < siblings.count || siblings.count == 1 ? xcconfig : nil
    }

    /// `settings`: (key, value) pairs such as ("SWIFT_APPROACHABLE_CONCURRENCY", "YES").
    static func edits(adding settings: [(key: String, value: String)], to module: ModuleSettings, in project: ProjectModel) -> Result {
        guard let bundle = module.projectPath, !settings.isEmpty else { return Result() }
        let configurations = project.configurations(of: module)
        let siblings = project.modules.filter { $0.projectPath == bundle }
        let own = configurations.map { ownXcconfig(of: $0.settings, among: siblings) }
        var result = Result()
        var texts: [String: String] = [:]
        func text(_ path: String) -> String? {
            if let known = texts[path] { return known }
            let read = FileManager.default.contents(atPath: path).map { String(decoding: $0, as: UTF8.self) }
            texts[path] = read
            return read
        }
        if own.allSatisfy({ $0 != nil }) {
            for path in Set(own.compactMap { $0?.path }).sorted() {
                guard let content = text(path) else { return Result(refusal: "cannot read \(path)") }
                let end = content.utf8.count
                let lead = content.isEmpty || content.hasSuffix("\n") ? "" : "\n"
                result.edits[path] = [TextEdit(start: end, end: end, replacement: lead + settings.map { "\($0.key) = \($0.value)\n" }.joined())]
            }
        } else {
            let pbxproj = bundle + "/project.pbxproj"
            guard let content = text(pbxproj) else { return Result(refusal: "cannot read \(pbxproj)") }
            let lines = Lines(content)
            for (name, configuration) in configurations {
                guard let origin = configuration.origins[ModuleSettings.targetSetting], origin.path == pbxproj,
                      let edit = lines.insertion(settings, afterBlockAt: origin.line) else {
                    return Result(refusal: "the \(name) configuration of target '\(module.name)' has no `buildSettings` block actorlint can edit")
                }
                if let existing = edit.existing { return Result(refusal: "`\(existing)` is already set in the \(name) configuration of target '\(module.name)'") }
                result.edits[pbxproj, default: []].append(edit.edit)
            }
        }
        return verified(result, module: module, settings: settings, project: project, texts: texts)
    }

    private static func verified(_ result: Result, module: ModuleSettings, settings: [(key: String, value: String)],
                                 project: ProjectModel, texts: [String: String]) -> Result {
        var overlay: [String: Data] = [:]
        for (path, edits) in result.edits {
            guard let text = texts[path], let edited = TextEdits.apply(edits, to: text) else { return Result(refusal: "the edits of \(path) overlap") }
            overlay[path] = Data(edited.utf8)
        }
        let contribution = XcodeProjectReader.read(projectAt: module.projectPath!, inputs: ProjectInputs(overlay: overlay))
        let wantsFeature = settings.contains { $0.key == "SWIFT_APPROACHABLE_CONCURRENCY" }
        let wantsMainActor = settings.contains { $0.key == "SWIFT_DEFAULT_ACTOR_ISOLATION" }
        for read in contribution.modules {
            let before = project.configurations(of: read.settings)
            for (name, after) in read.configurations.isEmpty ? [(read.settings.configuration ?? "", read.settings)] : read.configurations.map({ ($0.key, $0.value) }) {
                let old = before.first { $0.name == name }?.settings ?? read.settings
                let isTarget = read.settings.name == module.name
                let features = isTarget && wantsFeature ? old.features.union(ModuleSettings.approachableConcurrencyFeatures) : old.features
                let isolation = isTarget && wantsMainActor ? DefaultIsolation.mainActor : old.defaultIsolation
                if after.features != features || after.defaultIsolation != isolation {
                    return Result(refusal: "after the edit the \(name) configuration of target '\(read.settings.name)' would not have exactly the planned settings")
                }
            }
        }
        return result
    }

    /// A text's lines with their byte offsets.
    private struct Lines {
        var starts: [Int] = [0]
        var lines: [Substring]

        init(_ text: String) {
            lines = text.split(separator: "\n", omittingEmptySubsequences: false)
            var offset = 0
            for line in lines.dropLast() {
                offset += line.utf8.count + 1
                starts.append(offset)
            }
        }

        static func indentation(_ line: Substring) -> Substring { line.prefix { $0 == "\t" || $0 == " " } }

        /// The key of a `KEY = value;` line, without quotes.
        static func key(_ line: Substring) -> String? {
            guard let equals = line.firstIndex(of: "=") else { return nil }
            return line[..<equals].trimmingCharacters(in: .whitespaces).trimmingCharacters(in: ["\""])
        }

        /// New `KEY = value;` lines in the `buildSettings = {` block starting on `number`
        /// (1-based), at their sorted place; `existing` names a key the block already sets.
        func insertion(_ settings: [(key: String, value: String)], afterBlockAt number: Int) -> (edit: TextEdit, existing: String?)? {
            guard number >= 1, number <= lines.count, lines[number - 1].contains("buildSettings") else { return nil }
            let outer = Self.indentation(lines[number - 1])
            var keyLines: [(index: Int, key: String)] = []
            var close: Int?
            var inner: Substring?
            for index in number..<lines.count {
                let line = lines[index]
                let indentation = Self.indentation(line)
                if indentation == outer, line.dropFirst(indentation.count).hasPrefix("};") { close = index; break }
                if inner == nil, indentation.count > outer.count { inner = indentation }
                if indentation == inner, let key = Self.key(line) { keyLines.append((index, key)) }
            }
            guard let close else { return nil }
            let indentation = inner.map(String.init) ?? String(outer) + "\t"
            var inserts: [Int: String] = [:]
            for setting in settings.sorted(by: { $0.key < $1.key }) {
                if let existing = keyLines.first(where: { $0.key == setting.key }) { return (TextEdit(start: 0, end: 0, replacement: ""), Self.key(lines[existing.index]).map { "\($0)" }) }
                let before = keyLines.first { $0.key > setting.key }?.index ?? close
                inserts[before, default: ""] += "\(indentation)\(setting.key) = \(setting.value);\n"
            }
            guard inserts.count == 1, let (line, text) = inserts.first else {
                // Keys that go to different places: one edit per place does not fit one TextEdit; rebuild the block's lines.
                let start = starts[number], end = starts[close]
                var body = lines[number..<close].map { String($0) + "\n" }
                for (line, text) in inserts.sorted(by: { $0.key > $1.key }) { body.insert(text, at: line - number) }
                return (TextEdit(start: start, end: end, replacement: body.joined()), nil)
            }
            return (TextEdit(start: starts[line], end: starts[line], replacement: text), nil)
        }
    }
}
