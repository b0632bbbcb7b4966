/// SE-0466 as amended: under default isolation MainActor, a type whose primary declaration
/// conforms to a protocol that inherits `SendableMetatype` (`AppIntent`, `Error`, `CodingKey`, a
/// nonisolated protocol refining `Sendable`) is not inferred `@MainActor`, and neither are its
/// extensions' members. Checked with swiftc 6.3: a protocol of a module whose own default is
/// MainActor (which is then main-actor itself) does not count, nor does `Sendable` itself; from
/// Swift 6.4 `Sendable` and `SendableMetatype` themselves do (swiftlang/swift#86682, which 6.3
/// did not take), so for them the answer depends on the compiler.
extension IsolationModel {
    /// The nonisolation such a conformance gives `type`, or nil when it has none.
    func sendableMetatypeNonisolation(_ type: ProjectIndex.TypeInfo) -> IsolationResult? {
        guard module.defaultIsolation == .mainActor, type.kind != .protocol, type.kind != .actor else { return nil }
        if let direct = type.inherited.first(where: { $0 == "Sendable" || $0 == "SendableMetatype" }) {
            let reason = IsolationReason(
                message: "`\(type.name)` conforms to `\(direct)` in its primary declaration: from Swift 6.4 default isolation MainActor is not inferred for it; Swift 6.2 and 6.3 still infer it (SE-0466)",
                path: type.path, line: type.line)
            switch module.compilerSupports([6, 4]) {
            case true?: return IsolationResult(.nonisolated, reasons: [reason])
            case false?: break
            case nil:
                return IsolationResult(.unknown("`\(type.name)` conforms to `\(direct)`: whether default isolation MainActor applies to it depends on the compiler (Swift 6.4 leaves it nonisolated), which the project does not tell"),
                                       reasons: [reason])
            }
        }
        for inherited in type.inherited {
            guard let source = sendableMetatypeSource(inherited) else { continue }
            return IsolationResult(.nonisolated, reasons: [IsolationReason(
                message: "`\(type.name)` conforms to `\(inherited)`, \(source): default isolation MainActor is not inferred for a type whose primary declaration conforms to such a protocol (SE-0466)",
                path: type.path, line: type.line)])
        }
        return nil
    }

    /// "which AppIntents declares inheriting `Sendable`", or nil when `name` does not inherit `SendableMetatype`.
    private func sendableMetatypeSource(_ name: String, depth: Int = 0) -> String? {
        if let framework = Catalogue.sendableMetatypeProtocols[name] {
            return "which \(framework) declares inheriting `Sendable`"
        }
        guard depth < 16, let proto = index.type(named: name), proto.kind == .protocol,
              proto.isNonisolated || proto.isForeign else { return nil }
        if proto.inherited.contains(where: { $0 == "Sendable" || $0 == "SendableMetatype" }) {
            return depth == 0 ? "which inherits `Sendable`" : "which refines a protocol that inherits `Sendable`"
        }
        for parent in proto.inherited where sendableMetatypeSource(parent, depth: depth + 1) != nil {
            return "which refines `\(parent)`, a protocol that inherits `SendableMetatype`"
        }
        return nil
    }
}
