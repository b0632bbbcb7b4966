import Foundation
import SwiftOperators
import SwiftParser
import SwiftSyntax

/// Reads a Package.swift without running it: parses it with SwiftParser, evaluates what can be
/// evaluated (`ManifestInterpreter`) and turns each target into a module with its settings and
/// the directories that hold its sources.
enum PackageManifestReader {
    /// Stands in for the user's toolchain when choosing among `Package@swift-X.Y.swift` files:
    /// the compiler actorlint itself was built with.
    static let toolchainVersion: [Int] = {
        #if compiler(>=6.3)
        return [6, 3]
        #elseif compiler(>=6.2)
        return [6, 2]
        #else
        return [6, 1]
        #endif
    }()

    /// The manifest SwiftPM would read in `directory`: the newest `Package@swift-X.Y.swift` not
    /// newer than the toolchain, else `Package.swift`; nil when there is none.
    static func manifestPath(inPackage directory: String, entries: [String]) -> String? {
        let prefix = "Package@swift-", suffix = ".swift"
        let versioned = entries.compactMap { entry -> (version: [Int], name: String)? in
            guard entry.hasPrefix(prefix), entry.hasSuffix(suffix) else { return nil }
            let version = entry.dropFirst(prefix.count).dropLast(suffix.count).split(separator: ".").compactMap { Int($0) }
            return version.isEmpty ? nil : (version, entry)
        }
        .filter { !padded(toolchainVersion, to: $0.version.count).lexicographicallyPrecedes(padded($0.version, to: toolchainVersion.count)) }
        .max { $0.version.lexicographicallyPrecedes($1.version) }
        if let versioned { return directory + "/" + versioned.name }
        return entries.contains("Package.swift") ? directory + "/Package.swift" : nil
    }

    /// `[6]` → `[6, 0]` so that versions of different lengths compare as numbers.
    static func padded(_ version: [Int], to count: Int) -> [Int] {
        version + Array(repeating: 0, count: max(0, count - version.count))
    }

    /// Reads the manifest at `path`; every file and folder it looks at goes through `inputs`.
    static func read(manifestAt path: String, inputs: ProjectInputs = ProjectInputs()) -> ProjectContribution {
        guard let data = inputs.contents(atPath: path), let text = String(data: data, encoding: .utf8) else {
            var contribution = ProjectContribution(directory: (path as NSString).deletingLastPathComponent)
            contribution.notes.append("\(path): cannot read this package manifest; its files get plain Swift 6 settings")
            return contribution
        }
        return read(tree: Parser.parse(source: text), text: text, path: path, inputs: inputs).contribution
    }

    /// A manifest as settings rules see it: the modules it declares and the syntax they came from.
    struct Reading {
        var contribution: ProjectContribution
        /// The targets of `package.targets` in order, as the whole manifest leaves them.
        var targets: [ManifestTarget]
        /// Every target factory call the manifest evaluated, indexed as `ManifestValue.target`
        /// counts: `.target(name:)` in a `dependencies:` list is one too.
        var evaluated: [ManifestTarget]
        /// The operator-folded tree the syntax nodes of `targets` belong to; it has the same
        /// text, so positions in it are positions in the file.
        var tree: SourceFileSyntax
    }

    /// Reads a manifest that is already parsed (a rule looking at `Package.swift`): nothing is read
    /// from disk again. `path` is the absolute path, so module keys match the project model's.
    static func read(_ file: SourceFile, path: String) -> Reading {
        read(tree: file.tree, text: file.text, path: path, inputs: ProjectInputs())
    }

    static func read(tree parsed: SourceFileSyntax, text: String, path: String, inputs: ProjectInputs) -> Reading {
        var contribution = ProjectContribution(directory: (path as NSString).deletingLastPathComponent)
        // `a ?? [] + b` means `a ?? ([] + b)`: only a folded tree gets that right.
        let tree = OperatorTable.standardOperators.foldAll(parsed) { _ in }.as(SourceFileSyntax.self) ?? parsed
        let converter = SourceLocationConverter(fileName: path, tree: tree)
        let interpreter = ManifestInterpreter(path: path, converter: converter)
        interpreter.run(tree.statements)
        let declared = (interpreter.packageTargets ?? []).map { interpreter.targets[$0] }
        func reading(_ contribution: ProjectContribution) -> Reading {
            Reading(contribution: contribution, targets: declared, evaluated: interpreter.targets, tree: tree)
        }

        let directory = (path as NSString).deletingLastPathComponent
        let tools = toolsVersion(in: text)
        let compiler = CompilerVersion.strongest([
            CompilerVersion.pinned(from: directory, inputs: inputs),
            tools.map { CompilerVersion.minimum(toolsVersion: $0.text, origin: SettingOrigin(path: path, line: 1, text: $0.line)) },
        ])
        if tools == nil {
            contribution.notes.append("\(path):1: no `// swift-tools-version:` line; Swift 5 language mode assumed")
        }
        guard let targets = interpreter.packageTargets else {
            contribution.notes += interpreter.notes
            contribution.notes.append("\(path): no `let package = Package(...)` that actorlint can read; its files get plain Swift 6 settings")
            return reading(contribution)
        }
        let packageName: String
        if case .string(let name)? = interpreter.packageCall?.argument("name")?.value { packageName = name } else {
            packageName = (directory as NSString).lastPathComponent
        }
        let packageRoot = contribution.addUncompiled(
            "inside the Swift package '\(packageName)' (\(path)) but in none of its targets' sources, so no target compiles it; plain Swift 6 module assumed",
            projectPath: path)
        contribution.roots[directory] = packageRoot

        var packageMode: (mode: Int, origin: SettingOrigin)?
        if let (value, node) = interpreter.languageModes {
            packageMode = packageLanguageMode(value, origin: origin(node, interpreter), notes: &contribution.notes)
        }
        // Reason → targets it leaves uncertain, so each problem is reported once with its targets.
        var affected: [String: [String]] = [:]
        var ownNotes: [String] = []
        for index in targets {
            let target = interpreter.targets[index]
            guard let kind = kind(of: target.factory) else { continue }
            var base = ModuleSettings(name: target.name, kind: kind, languageMode: (tools?.version.first ?? 5) >= 6 ? 6 : 5,
                                      toolsVersion: tools?.text, compiler: compiler, projectPath: path)
            base.origins[ModuleSettings.targetSetting] = SettingOrigin(
                path: path, line: interpreter.line(target.call.node), text: interpreter.text(target.call.node))
            if let tools {
                let line = SettingOrigin(path: path, line: 1, text: tools.line)
                base.origins[ModuleSettings.toolsVersionSetting] = line
                base.origins[ModuleSettings.languageModeSetting] = line
            }
            var configurations: [String: ModuleSettings] = [:]
            for configuration in ["debug", "release"] {
                var builder = ModuleSettingsBuilder(base)
                builder.settings.configuration = configuration
                builder.settings.provenance = "matched to target '\(target.name)' (\(kind.rawValue)) of the Swift package '\(packageName)' at \(path), tools version \(tools?.text ?? "unknown"), \(configuration) configuration"
                if let packageMode {
                    builder.settings.languageMode = packageMode.mode
                    builder.settings.origins[ModuleSettings.languageModeSetting] = packageMode.origin
                }
                for element in target.settings ?? [] {
                    if let reason = apply(element, configuration: configuration, interpreter: interpreter, to: &builder),
                       !(affected[reason]?.contains(target.name) ?? false) {
                        affected[reason, default: []].append(target.name)
                    }
                }
                configurations[configuration] = builder.settings
                // Both configurations usually hit the same problems: report them once.
                for note in builder.notes where !ownNotes.contains(note) { ownNotes.append(note) }
            }
            let module = contribution.add(configurations["debug"]!, configurations: configurations)
            addSources(of: target, module: module, directory: directory, packageName: packageName,
                        path: path, inputs: inputs, to: &contribution)
        }
        func withTargets(_ reason: String) -> String {
            guard let names = affected.removeValue(forKey: reason) else { return reason }
            let list = names.map { "'\($0)'" }.joined(separator: ", ")
            return "\(reason); the settings of \(names.count == 1 ? "target" : "targets") \(list) may differ from what actorlint reports"
        }
        let interpreterNotes = interpreter.notes.map(withTargets)
        let remaining = affected.keys.sorted().map(withTargets)
        contribution.notes = interpreterNotes + remaining + ownNotes + contribution.notes
        return reading(contribution)
    }

    // MARK: Targets and sources

    static func kind(of factory: String) -> TargetKind? {
        switch factory {
        case "target": .library
        case "executableTarget": .executable
        case "testTarget": .test
        case "macro": .macro
        case "plugin": .plugin
        default: nil // system libraries and binary targets have no Swift sources
        }
    }

    static func addSources(of target: ManifestTarget, module: Int, directory: String, packageName: String,
                                   path: String, inputs: ProjectInputs, to contribution: inout ProjectContribution) {
        let root: String
        switch target.call.argument("path")?.value {
        case .string(let relative)?:
            root = StandardPath.resolve(relative, in: directory)
        case nil, .nilLiteral?:
            let parents = switch target.factory {
            case "testTarget": ["Tests", "Sources", "Source", "src", "srcs"]
            case "plugin": ["Plugins"]
            default: ["Sources", "Source", "src", "srcs"]
            }
            let candidates = parents.map { "\(directory)/\($0)/\(target.name)" }
            root = candidates.first { inputs.fileExists(atPath: $0) } ?? candidates[0]
        default:
            contribution.notes.append("\(path): the path of target '\(target.name)' cannot be resolved, so its files are not matched to it")
            return
        }
        contribution.roots[root] = module

        func uncompiled(_ why: String) -> Int {
            contribution.addUncompiled(
                "inside target '\(target.name)' of the Swift package '\(packageName)' (\(path)) but \(why), so it is not compiled; plain Swift 6 module assumed",
                projectPath: path)
        }
        func claim(_ relative: String, for index: Int) {
            let entry = StandardPath.resolve(relative, in: root)
            if inputs.kind(atPath: entry) == .file {
                contribution.files[entry] = index
            } else {
                contribution.roots[entry] = index
            }
        }
        switch target.call.argument("sources")?.value {
        case .array(let entries)?:
            // With `sources:`, only the listed files and directories are compiled.
            contribution.roots[root] = uncompiled("not listed in its `sources:`")
            for entry in entries {
                guard case .string(let relative) = entry else {
                    contribution.notes.append("\(path): an entry of the `sources:` of target '\(target.name)' cannot be resolved")
                    continue
                }
                claim(relative, for: module)
            }
        case nil, .nilLiteral?: break
        default:
            contribution.notes.append("\(path): the `sources:` of target '\(target.name)' cannot be resolved, so all of \(root) is matched to it")
        }
        switch target.call.argument("exclude")?.value {
        case .array(let entries)?:
            var excluded: Int?
            for entry in entries {
                guard case .string(let relative) = entry else {
                    contribution.notes.append("\(path): an entry of the `exclude:` of target '\(target.name)' cannot be resolved")
                    continue
                }
                let index = excluded ?? uncompiled("excluded by its `exclude:`")
                excluded = index
                claim(relative, for: index)
            }
        case nil, .nilLiteral?: break
        default:
            contribution.notes.append("\(path): the `exclude:` of target '\(target.name)' cannot be resolved")
        }
    }

    // MARK: Tools version

    /// The version on the `// swift-tools-version:` line, which must be the first line.
    static func toolsVersion(in text: String) -> (text: String, version: [Int], line: String)? {
        guard let firstLine = text.split(separator: "\n", maxSplits: 1, omittingEmptySubsequences: false).first else { return nil }
        let line = firstLine.trimmingCharacters(in: .whitespaces)
        let lowered = line.lowercased()
        guard lowered.hasPrefix("//"), let marker = lowered.range(of: "swift-tools-version:") else { return nil }
        let rest = line[marker.upperBound...].drop { $0 == " " }
        let number = rest.prefix { $0.isNumber || $0 == "." }
        let version = number.split(separator: ".").compactMap { Int($0) }
        guard !version.isEmpty else { return nil }
        return (String(number), version, line)
    }

    static func origin(_ node: Syntax, _ interpreter: ManifestInterpreter) -> SettingOrigin {
        SettingOrigin(path: interpreter.path, line: interpreter.line(node), text: interpreter.text(node, limit: nil))
    }
}
