import Foundation
import SwiftSyntax

/// `actorlint explain FILE:LINE[:COL]` (`Actorlint.explain`): the innermost context at a point,
/// its isolation with reasons, the module settings, and the isolation under Swift 6.2's
/// recommended app settings.
public struct Explanation: Sendable {
    public var location: String
    public var context: String
    public var result: IsolationResult
    public var module: ModuleSettings
    public var with62Settings: IsolationResult

    /// The explanation of `line` (1-based, within the file) at `column`, else at the line's first
    /// code, with `index`: the module's, linked as `check` links it (`LinkedModuleIndex`).
    init(file: SourceFile, line: Int, column: Int?, module: ModuleSettings, index: ProjectIndex) {
        let lineText = file.lineText(line)
        let firstCode = lineText.utf8.prefix { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") }.count + 1
        let position = file.converter.position(ofLine: line, column: column ?? firstCode)
        let token = file.tree.token(at: position) ?? file.tree.lastToken(viewMode: .sourceAccurate)
        let node = token.map(Syntax.init) ?? Syntax(file.tree)
        let context = ExecutionContext.innermost(containing: node)
        let model = IsolationModel(file: file, module: module, index: index)
        let modern = IsolationModel(file: file, module: module.withSwift62AppSettings, index: index)
        location = "\(file.path):\(line)\(column.map { ":\($0)" } ?? "")"
        self.context = context.summary
        result = model.isolation(of: context)
        self.module = module
        with62Settings = modern.isolation(of: context)
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
        if let compiler = module.compiler {
            moduleJSON["compiler"] = ["version": compiler.version, "certainty": compiler.certainty.rawValue, "evidence": compiler.evidence]
        }
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
        // The language mode above is not the compiler: Swift 5 mode is often compiled by Swift 6.2.
        out += "  compiler: " + (module.compiler.map { $0.phrase } ?? "unknown (no tools version, .swift-version, Xcode project format or stated swift-version)") + "\n"
        let changes = with62Settings.isolation != result.isolation
        out += "  with Swift 6.2 app settings (NonisolatedNonsendingByDefault, default isolation MainActor): "
        out += changes ? "\(with62Settings.isolation.phrase)  [\(with62Settings.isolation.jsonValue)]\n" : "unchanged\n"
        return out
    }
}
