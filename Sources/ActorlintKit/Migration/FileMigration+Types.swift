import SwiftSyntax

/// Under default isolation MainActor: the types that move onto the main actor, and the names that
/// code staying off it uses (what makes a type need `nonisolated`, SE-0449).
extension MigrationWalk {
    /// Protocols whose conformance is not a main-actor isolated conformance worth naming.
    static let markerProtocols: Set<String> = ["Sendable", "SendableMetatype", "AnyObject", "BitwiseCopyable", "Copyable", "Escapable"]

    func types(_ walk: ContextWalk, into result: inout FileMigration) {
        for node in walk.typeDeclarations {
            if let extensionDecl = node.as(ExtensionDeclSyntax.self) {
                guard ExplicitIsolation(attributes: extensionDecl.attributes, modifiers: extensionDecl.modifiers,
                                        globalActors: now.index.globalActors) == nil,
                      let offset = ModifierInsertion.offset(before: extensionDecl) else { continue }
                result.extensions[ProjectIndex.baseName(extensionDecl.extendedType), default: []].append(offset)
                continue
            }
            guard let group = node.asProtocol(DeclGroupSyntax.self), let type = TypeDeclaration(node) else { continue }
            let context = ExecutionContext(kind: .typeDeclaration, node: node)
            let inherited = group.inheritanceClause?.inheritedTypes.map { ProjectIndex.baseName($0.type) } ?? []
            let declaresSendable = inherited.contains("Sendable") || inherited.contains("SendableMetatype")
            // A `Sendable` type's default isolation depends on the compiler (MainActor before
            // Swift 6.4, SE-0466): when the project does not tell which, it may move.
            let later = after.isolation(of: context).isolation
            let mayMove = later == .mainActor || (declaresSendable && { if case .unknown = later { return true } else { return false } }())
            guard now.isolation(of: context).isolation != .mainActor, mayMove else { continue }
            let conformances = inherited.enumerated().filter { position, name in
                // A superclass comes first; the project or the catalogue knows it as a class.
                let isClass = position == 0 && type.kind == .class
                    && (now.index.type(named: name)?.kind == .class || Catalogue.mainActorClasses[name] != nil || name.hasPrefix("NS"))
                return !isClass && !Self.markerProtocols.contains(name)
            }.map(\.element)
            var moved = MovedType(path: file.path, line: file.line(of: node), name: type.name, kind: type.kind.rawValue,
                                  conformances: conformances)
            moved.declaresSendable = declaresSendable
            if let offset = ModifierInsertion.offset(before: group) {
                moved.insertions = [offset]
            } else {
                moved.notInsertable = ModifierInsertion.whyNot(group)
            }
            result.types.append(moved)
        }
    }

    /// Records the names used by each context that runs off the main actor after the change, and
    /// by the functions the plan marks `@concurrent` (which will).
    func offMainUses(_ contexts: [ExecutionContext], planned: [MovedCode], into result: inout FileMigration) {
        let marked = Set(planned.filter { $0.decision?.action == .markConcurrent }.map { "\($0.line)#\($0.name)" })
        for context in contexts where context.kind != .variableInitializer {
            guard let node = context.node, let body = Self.body(of: node) else { continue }
            let isolation = after.isolation(of: context).isolation
            let runsOff: Bool
            switch isolation {
            case .concurrent, .nonisolated, .caller, .actorInstance, .globalActor: runsOff = true
            case .mainActor: runsOff = marked.contains("\(file.line(of: node))#\(context.summary)")
            case .unknown: runsOff = false
            }
            guard runsOff else { continue }
            let place = "\(context.summary) (\(Self.fileName(file.path)):\(file.line(of: node)))"
            for name in Self.names(usedIn: body) where result.offMainUses[name] == nil { result.offMainUses[name] = place }
        }
    }

    /// Names a body refers to by themselves (not as `x.name`): types, globals, functions; not in
    /// nested closures or declarations, which are contexts of their own.
    static func names(usedIn body: Syntax) -> Set<String> {
        var names: Set<String> = []
        for node in collect(in: body, within: .context, where: { $0.is(DeclReferenceExprSyntax.self) || $0.is(IdentifierTypeSyntax.self) }) {
            if let reference = node.as(DeclReferenceExprSyntax.self), !reference.isMemberName {
                names.insert(reference.baseName.text)
            } else if let type = node.as(IdentifierTypeSyntax.self) {
                names.insert(type.name.text)
            }
        }
        return names
    }

    static func fileName(_ path: String) -> String {
        path.split(separator: "/").last.map(String.init) ?? path
    }
}

/// The first thing a function's body uses that becomes main-actor code under default isolation
/// MainActor, so that the body cannot run `@concurrent`: `self` (its type's state), or a bare
/// name that is not local (a member, a global or a function of the module). Conservative: a
/// name it cannot place counts.
enum MainActorReach {
    static func firstUse(in body: Syntax, of function: Syntax) -> String? {
        // `self`, not `[Post].self`.
        let selfUse = collect(DeclReferenceExprSyntax.self, in: body, within: .declaration).contains {
            $0.baseName.tokenKind == .keyword(.self) && !$0.isMemberName
        }
        if selfUse { return "`self`" }
        var locals = LocalNames.wellKnown
        for pattern in collect(IdentifierPatternSyntax.self, in: function, within: .everything) { locals.insert(pattern.identifier.text) }
        for parameter in collect(FunctionParameterSyntax.self, in: function, within: .everything) {
            locals.insert((parameter.secondName ?? parameter.firstName).text)
        }
        for parameter in collect(ClosureParameterSyntax.self, in: function, within: .everything) {
            locals.insert((parameter.secondName ?? parameter.firstName).text)
        }
        for parameter in collect(ClosureShorthandParameterSyntax.self, in: function, within: .everything) { locals.insert(parameter.name.text) }
        for reference in collect(DeclReferenceExprSyntax.self, in: body, within: .declaration) where !reference.isMemberName {
            let name = reference.baseName.text
            guard let first = name.first, first.isLowercase || first == "_", !locals.contains(name) else { continue }
            return "`\(name)`"
        }
        return nil
    }
}
