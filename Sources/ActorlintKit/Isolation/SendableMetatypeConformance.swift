/// SE-0466 as amended: under default isolation MainActor, a type whose primary declaration
/// conforms to a protocol that inherits `SendableMetatype` (`AppIntent`, `Error`, `CodingKey`, a
/// nonisolated protocol refining `Sendable`) is not inferred `@MainActor`, and neither are its
/// extensions' members. Checked with swiftc 6.3: `Sendable` itself, and a protocol of a module
/// whose own default is MainActor (which is then main-actor itself), do not count.
extension IsolationModel {
    /// The nonisolation such a conformance gives `type`, or nil when it has none.
    func sendableMetatypeNonisolation(_ type: ProjectIndex.TypeInfo) -> IsolationResult? {
        guard module.defaultIsolation == .mainActor, type.kind != .protocol, type.kind != .actor else { return nil }
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
