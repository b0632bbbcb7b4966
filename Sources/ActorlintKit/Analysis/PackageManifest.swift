import Foundation
import SwiftSyntax

/// The Package.swift a settings rule is looking at, read from the already-parsed file: its
/// targets with their settings and the syntax that declared them. Settings come from the file's
/// current text (the fixer re-runs rules on edited text); imports come from the run's indexes.
struct PackageManifest {
    let file: SourceFile
    /// Absolute and standardized, as the project model spells `projectPath`.
    let path: String
    let reading: PackageManifestReader.Reading
    /// Targets with Swift sources, in package order.
    let targets: [(declaration: ManifestTarget, settings: ModuleSettings)]

    /// nil when the file is not a manifest, or not the one SwiftPM reads in its directory
    /// (a `Package@swift-X.Y.swift` wins over `Package.swift` when the toolchain accepts it).
    /// Read once per file: three settings rules ask.
    /// `project` is the run's: it says which manifest of a directory SwiftPM reads.
    init?(_ file: SourceFile, project: ProjectModel) {
        guard Self.isManifestName((file.path as NSString).lastPathComponent),
              // The memo must not hold the file itself: the file holds its memos.
              let read = file.memo("PackageManifest", { Read(file, project: project) }).parts
        else { return nil }
        (self.file, path, reading, targets) = (file, read.path, read.reading, read.targets)
    }

    private struct Read {
        var parts: (path: String, reading: PackageManifestReader.Reading,
                    targets: [(declaration: ManifestTarget, settings: ModuleSettings)])?

        init(_ file: SourceFile, project: ProjectModel) {
            let path = StandardPath.absolute(file.path)
            let directory = (path as NSString).deletingLastPathComponent
            // Plain prefix tests: a run over SwiftPM's fixtures has hundreds of manifests and thousands of modules.
            let prefix = directory.hasSuffix("/") ? directory : directory + "/"
            let readHere = Set(project.modules.lazy.compactMap(\.projectPath).filter {
                guard $0.hasPrefix(prefix) else { return false }
                let name = $0.dropFirst(prefix.count)
                return !name.contains("/") && PackageManifest.isManifestName(String(name))
            })
            if !readHere.isEmpty && !readHere.contains(path) { return }
            let reading = PackageManifestReader.read(file, path: path)
            let modules = Dictionary(reading.contribution.modules.map { ($0.settings.name, $0.settings) }) { first, _ in first }
            parts = (path, reading, reading.targets.compactMap { target in modules[target.name].map { (target, $0) } })
        }
    }

    /// The manifest's targets come from its `let package = Package(...)` (`ManifestInterpreter`):
    /// a file without the word has none, so the settings rules' per-file checks find nothing.
    static let triggers = ["Package"]

    static func isManifestName(_ name: String) -> Bool {
        name == "Package.swift" || (name.hasPrefix("Package@swift-") && name.hasSuffix(".swift"))
    }

    /// The range of the syntax a setting origin in this manifest names: the node on its line
    /// whose text is the origin's text, else the line itself (the tools-version comment).
    func range(of origin: SettingOrigin) -> SourceRange? {
        guard origin.path == path, origin.line >= 1, origin.line <= file.lineCount else { return nil }
        for token in file.tree.tokens(viewMode: .sourceAccurate) {
            let line = file.line(of: token)
            if line < origin.line { continue }
            if line > origin.line { break }
            var node: Syntax? = Syntax(token)
            while let current = node, current.positionAfterSkippingLeadingTrivia == token.positionAfterSkippingLeadingTrivia {
                if Self.collapsed(current) == origin.text { return file.range(of: current) }
                node = current.parent
            }
        }
        let start = file.converter.position(ofLine: origin.line, column: 1)
        let text = file.lineText(origin.line)
        let indentation = text.utf8.prefix { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") }.count
        let trimmed = text.utf8.count - text.utf8.reversed().prefix { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") }.count
        return SourceRange(start: file.position(start + SourceLength(utf8Length: indentation)),
                           end: file.position(start + SourceLength(utf8Length: max(indentation, trimmed))))
    }

    /// The range of a target's declaration: its `.target(` call.
    func range(of target: ManifestTarget) -> SourceRange {
        file.range(of: target.call.node)
    }

    /// The source of a node on one line, as `SettingOrigin.text` spells it.
    static func collapsed(_ node: some SyntaxProtocol) -> String {
        node.trimmedText.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }

    /// The names of the package's targets that `target` depends on (`"Core"`,
    /// `.target(name: "Core")`, `.byName(name: "Core")`); products of other packages are left out.
    func localDependencies(of target: ManifestTarget) -> Set<String> {
        guard case .array(let elements)? = target.call.argument("dependencies")?.value else { return [] }
        let names = Set(targets.map(\.declaration.name))
        var result: Set<String> = []
        for element in elements {
            switch element {
            case .string(let name) where names.contains(name):
                result.insert(name)
            case .call(let call) where call.name == "byName":
                if case .string(let name)? = call.argument("name")?.value, names.contains(name) { result.insert(name) }
            case .target(let index) where reading.evaluated.indices.contains(index):
                // `.target(name: "Core")` evaluates like a target declaration.
                if names.contains(reading.evaluated[index].name) { result.insert(reading.evaluated[index].name) }
            default:
                break
            }
        }
        return result
    }
}

/// Whether a module's files show it to be UI code. Only files checked in this run count: a
/// module none of whose files were checked is `.unknown`, and the settings rules then stay
/// silent rather than guess (running actorlint on the package directory checks them all).
enum UIEvidence: Equatable {
    /// The first UI framework its files import.
    case ui(String)
    case noUI
    case unknown

    static let frameworks = ["SwiftUI", "UIKit", "AppKit", "Cocoa", "WatchKit"]

    init(_ module: ModuleSettings, indexes: [String: ProjectIndex]) {
        guard let index = indexes[module.key] else {
            self = .unknown
            return
        }
        self = Self.frameworks.first(where: index.imports.contains).map(UIEvidence.ui) ?? .noUI
    }
}

extension SettingOrigin {
    /// `Package.swift:12`: short enough for a message; the finding itself carries the full path.
    var shortLocation: String { "\((path as NSString).lastPathComponent):\(line)" }

    /// The setting as written, shortened for a message (an `.unsafeFlags([...])` list can be long).
    var shortText: String { text.count > 60 ? String(text.prefix(57)) + "..." : text }
}

/// Helpers the settings rules share.
enum SettingsSupport {
    /// Groups modules by the origin of a setting, in the order the modules come, so that one line
    /// shared by several targets gets one finding that names them all.
    static func groupedByOrigin(_ modules: [ModuleSettings], setting: String) -> [(origin: SettingOrigin, modules: [ModuleSettings])] {
        var order: [SettingOrigin] = []
        var groups: [SettingOrigin: [ModuleSettings]] = [:]
        for module in modules {
            guard let origin = module.origins[setting] else { continue }
            if groups[origin] == nil { order.append(origin) }
            groups[origin, default: []].append(module)
        }
        return order.map { ($0, groups[$0]!) }
    }

    /// "`A`", "`A` and `B`", "`A`, `B` and `C`".
    static func listing(_ names: [String]) -> String {
        let quoted = names.map { "`\($0)`" }
        guard quoted.count > 1 else { return quoted.first ?? "" }
        return quoted.dropLast().joined(separator: ", ") + " and " + quoted.last!
    }

    /// "6.2" → [6, 2]; compares versions as numbers.
    static func versionAtLeast(_ text: String?, _ minimum: [Int]) -> Bool {
        guard let text else { return false }
        let parts = text.split(separator: ".").compactMap { Int($0) }
        guard !parts.isEmpty else { return false }
        let padded = parts + Array(repeating: 0, count: max(0, minimum.count - parts.count))
        return !padded.lexicographicallyPrecedes(minimum)
    }
}
