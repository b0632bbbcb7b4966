import Foundation
import SwiftSyntax

/// `actorlint explain FILE:LINE[:COL]`: the innermost context at a point, its isolation with
/// reasons, the module settings, and the isolation under Swift 6.2's recommended app settings.
public struct Explanation: Sendable {
    public var location: String
    public var context: String
    public var result: IsolationResult
    public var module: ModuleSettings
    public var with62Settings: IsolationResult

    /// With `caches` (those `check` writes: `ResultCache.directories(forFile:)`), the other files
    /// of the module and of the modules it imports are summarized from the first that holds the
    /// module where their content is unchanged, not parsed.
    public static func explain(path: String, line: Int, column: Int?, project: ProjectModel,
                               caches: [ResultCache] = []) throws -> Explanation {
        let linter = Linter(project: project)
        let file = try linter.load(path)
        guard line >= 1, line <= file.lineCount else {
            throw AnalysisFailure(path: path, reason: "line \(line) is outside the file (it has \(file.lineCount) lines)")
        }
        let lineText = file.lineText(line)
        let firstCode = lineText.utf8.prefix { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") }.count + 1
        let position = file.converter.position(ofLine: line, column: column ?? firstCode)
        let token = file.tree.token(at: position) ?? file.tree.lastToken(viewMode: .sourceAccurate)
        let node = token.map(Syntax.init) ?? Syntax(file.tree)
        let module = project.settings(forAbsolutePath: StandardPath.absolute(path))
        let index = ProjectIndex(summaries: [FileSummary(file)]
            + moduleSummaries(of: module, besides: file.path, project: project, linter: linter, caches: caches))
        // The modules it imports, directly or not, and its Xcode project's other targets, linked
        // as `check` links them, so a superclass or protocol from a local package resolves.
        let catalog = ModuleCatalog(project.modules)
        index.link(dependencies: catalog.closure(of: module, imports: index.imports) { position in
            let dependency = ProjectIndex(summaries: moduleSummaries(of: project.modules[position], besides: file.path,
                                                                     project: project, linter: linter, caches: caches))
            return (dependency, dependency.imports)
        })
        let context = ExecutionContext.innermost(containing: node)
        let model = IsolationModel(file: file, module: module, index: index)
        let modern = IsolationModel(file: file, module: module.withSwift62AppSettings, index: index)
        return Explanation(location: "\(path):\(line)\(column.map { ":\($0)" } ?? "")", context: context.summary,
                           result: model.isolation(of: context), module: module,
                           with62Settings: modern.isolation(of: context))
    }

    /// The summaries of the files of `module`, except `path`: those under its roots and those its
    /// project lists; for the explained file's own module without either, the files beside it.
    /// On all cores: an app target is a thousand files.
    private static func moduleSummaries(of module: ModuleSettings, besides path: String, project: ProjectModel, linter: Linter,
                                        caches: [ResultCache]) -> [FileSummary] {
        let absolute = StandardPath.absolute(path)
        let belongs = { (file: String) in project.settings(forAbsolutePath: file).key == module.key }
        var roots = project.roots.filter { project.modules[$0.module].key == module.key }.map(\.path)
        let listed = project.files.filter { project.modules[$0.value].key == module.key }.map(\.key)
        if roots.isEmpty, listed.isEmpty, belongs(absolute) {
            roots = [URL(fileURLWithPath: absolute).deletingLastPathComponent().path]
        }
        let found = FileDiscovery().discover(roots).files.map(StandardPath.absolute) + listed
        let others = Set(found.filter { $0 != absolute && $0.hasSuffix(".swift") && belongs($0) }).sorted()
        let store = caches.lazy.map { $0.store(forModule: module.key) }.first { !$0.isEmpty }
        return Parallel.map(count: others.count, threads: linter.threads) { summary(of: others[$0], store: store, linter: linter) }
            .compactMap { $0 }
    }

    /// The summary of the file at `path` (absolute): its cache entry's when the entry was made
    /// from the same content (known from its stamp, else from its digest), else parsed; nil for
    /// a file that cannot be analysed.
    private static func summary(of path: String, store: ResultCache.ModuleStore?, linter: Linter) -> FileSummary? {
        guard let entry = store?.entry(path) else { return (try? linter.load(path)).map(FileSummary.init) }
        if let stamp = entry.stamp, FileStamp(regularFileAt: path) == stamp { return entry.summary.relocated(to: path) }
        guard let data = try? linter.readChecked(path) else { return nil }
        if data.withUnsafeBytes({ StableHasher.digest($0) }) == entry.content { return entry.summary.relocated(to: path) }
        return (try? linter.parse(path, data: data)).map(FileSummary.init)
    }

    /// Paths under the current directory are shown relative to it, like the checked paths.
    static func display(_ path: String) -> String {
        let base = FileManager.default.currentDirectoryPath + "/"
        return path.hasPrefix(base) ? String(path.dropFirst(base.count)) : path
    }

    public var json: [String: Any] {
        let reasons: [[String: Any]] = result.reasons.map { ["message": $0.message, "path": Self.display($0.path), "line": $0.line] }
        var moduleJSON: [String: Any] = [
            "name": module.name, "kind": module.kind.rawValue, "languageMode": module.languageMode,
            "features": module.features.sorted(), "provenance": module.provenance,
        ]
        switch module.defaultIsolation {
        case .mainActor: moduleJSON["defaultIsolation"] = "MainActor"
        case .nonisolated: moduleJSON["defaultIsolation"] = "nonisolated"
        case .unknown(let why): moduleJSON["defaultIsolation"] = "unknown"; moduleJSON["defaultIsolationReason"] = why
        }
        var object: [String: Any] = [
            "location": location, "context": context, "isolation": result.isolation.jsonValue, "reasons": reasons,
            "module": moduleJSON, "with62Settings": with62Settings.isolation.jsonValue,
        ]
        if case .unknown(let why) = result.isolation { object["unknownReason"] = why }
        if let (thread, reason) = runTime {
            object["runTime"] = thread
            object["runTimeReason"] = ["message": reason.message, "path": Self.display(reason.path), "line": reason.line] as [String: Any]
        }
        return object
    }

    /// "main" or "caller", with its reason, when the run-time thread is not simply the isolation's.
    private var runTime: (String, IsolationReason)? {
        switch result.thread {
        case .asIsolated: nil
        case .mainThread(let reason): ("main", reason)
        case .callersThread(let reason): ("caller", reason)
        }
    }

    public var text: String {
        var out = "\(location)\n  context:  \(context)\n  runs on:  \(result.isolation.phrase)  [\(result.isolation.jsonValue)]\n  because:\n"
        for (number, reason) in result.reasons.enumerated() {
            out += "    \(number + 1). \(reason.message)  (\(Self.display(reason.path)):\(reason.line))\n"
        }
        if let (thread, reason) = runTime {
            out += "  at run time: \(thread == "main" ? "on the main thread" : "on the thread its caller chooses"): "
            out += "\(reason.message)  (\(Self.display(reason.path)):\(reason.line))\n"
        }
        out += "  module:   \(module.name): Swift \(module.languageMode) mode, default isolation "
        switch module.defaultIsolation {
        case .mainActor: out += "MainActor"
        case .nonisolated: out += "nonisolated"
        case .unknown(let why): out += "unknown (\(why))"
        }
        out += module.features.isEmpty ? "" : ", features: \(module.features.sorted().joined(separator: ", "))"
        out += "\n            \(module.provenance.replacingOccurrences(of: FileManager.default.currentDirectoryPath + "/", with: ""))\n"
        let changes = with62Settings.isolation != result.isolation
        out += "  with Swift 6.2 app settings (NonisolatedNonsendingByDefault, default isolation MainActor): "
        out += changes ? "\(with62Settings.isolation.phrase)  [\(with62Settings.isolation.jsonValue)]\n" : "unchanged\n"
        return out
    }
}
