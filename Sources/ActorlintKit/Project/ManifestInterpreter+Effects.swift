import SwiftSyntax

/// What the interpreter does when a statement has effects it cannot follow, where assignments
/// land (`Place`), and how `Package(...)` is adopted.
extension ManifestInterpreter {
    // MARK: Unknown effects

    /// Everything `node` may change becomes unknown: a block that runs only under a condition
    /// actorlint cannot decide, or a loop over something it cannot list.
    func taint(_ node: Syntax, reason: String) {
        let finder = MutationFinder(viewMode: .sourceAccurate)
        finder.walk(node)
        for name in finder.declared {
            scopes[scopes.count - 1][name] = .unknown(reason)
        }
        for change in finder.changed {
            guard let place = place(of: change.place) else {
                taintAllTargets(reason: reason)
                continue
            }
            let current = read(place)
            if case .nilLiteral = current, change.place.is(OptionalChainingExprSyntax.self) { continue }
            switch (Self.orEmpty(current), change.added) {
            case (.array(let elements), let added?):
                // What the block would add is known; only whether it is added is not.
                let value = evaluate(added.expression)
                let list: [ManifestValue]
                if added.contentsOf, case .array(let items) = value { list = items } else { list = [value] }
                write(place, .array(elements + list.map { .conditional($0, reason) }))
            case (.array(let elements), nil):
                write(place, .array(elements + [.unknown(reason)]))
            default:
                write(place, .unknown(reason))
            }
        }
        if !finder.changed.isEmpty || !finder.declared.isEmpty || mentionsTrackedState(node) {
            addNote(reason)
        }
        if finder.callsUnknown && mentionsTrackedState(node) {
            taintAllTargets(reason: reason)
        }
    }

    func taintAllTargets(reason: String) {
        for index in targets.indices {
            targets[index].settings = (targets[index].settings ?? []) + [.unknown(reason)]
        }
        addNote(reason)
    }

    func addNote(_ note: String) {
        if !notes.contains(note) { notes.append(note) }
    }

    /// Whether `node` refers to `package` or to a variable that holds targets or settings.
    func mentionsTrackedState(_ node: Syntax) -> Bool {
        node.tokens(viewMode: .sourceAccurate).contains { token in
            guard case .identifier(let name) = token.tokenKind else { return false }
            if name == "package" { return true }
            switch lookup(name) {
            case .target?, .package?: return true
            case .array(let elements)?: return elements.contains(where: Self.isTracked)
            default: return false
            }
        }
    }

    static func isTracked(_ value: ManifestValue) -> Bool {
        switch value {
        case .call, .target, .package: true
        default: false
        }
    }

    // MARK: Places

    enum Place {
        case variable(scope: Int, name: String)
        case targetSettings(Int)
        case packageTargets
        case packageLanguageModes(Syntax)
    }

    func place(of expression: ExprSyntax) -> Place? {
        if let wrapped = expression.as(OptionalChainingExprSyntax.self) { return place(of: wrapped.expression) }
        if let wrapped = expression.as(ForceUnwrapExprSyntax.self) { return place(of: wrapped.expression) }
        if let tuple = expression.as(TupleExprSyntax.self), tuple.elements.count == 1, let only = tuple.elements.first {
            return place(of: only.expression)
        }
        if let reference = expression.as(DeclReferenceExprSyntax.self) {
            let name = reference.baseName.text
            guard let scope = scopes.lastIndex(where: { $0[name] != nil }) else { return nil }
            return .variable(scope: scope, name: name)
        }
        guard let member = expression.as(MemberAccessExprSyntax.self), let base = member.base else { return nil }
        switch (evaluate(base), member.declName.baseName.text) {
        case (.target(let index), "swiftSettings"): return .targetSettings(index)
        case (.package, "targets"): return .packageTargets
        case (.package, "swiftLanguageModes"), (.package, "swiftLanguageVersions"): return .packageLanguageModes(Syntax(expression))
        default: return nil
        }
    }

    func read(_ place: Place) -> ManifestValue {
        switch place {
        case .variable(let scope, let name): return scopes[scope][name] ?? .nilLiteral
        case .targetSettings(let index): return targets[index].settings.map(ManifestValue.array) ?? .nilLiteral
        case .packageTargets: return .array((packageTargets ?? []).map(ManifestValue.target))
        case .packageLanguageModes: return languageModes?.value ?? .nilLiteral
        }
    }

    func write(_ place: Place, _ value: ManifestValue) {
        switch place {
        case .variable(let scope, let name):
            scopes[scope][name] = value
        case .targetSettings(let index):
            targets[index].settings = settingsList(value)
        case .packageTargets:
            packageTargets = targetList(value, node: nil)
        case .packageLanguageModes(let node):
            languageModes = (value, node)
        }
    }

    func settingsList(_ value: ManifestValue) -> [ManifestValue]? {
        switch value {
        case .array(let elements): return elements
        case .nilLiteral: return nil
        default: return [value]
        }
    }

    // MARK: Package

    func adoptPackage(_ call: ManifestCall) {
        packageCall = call
        if let targets = call.argument("targets") {
            packageTargets = targetList(targets.value, node: targets.node)
        } else {
            packageTargets = []
        }
        if let modes = call.argument("swiftLanguageModes") ?? call.argument("swiftLanguageVersions") {
            languageModes = (modes.value, modes.node)
        }
    }

    /// Target indices of a `targets:` value; entries that are not targets become notes.
    func targetList(_ value: ManifestValue, node: Syntax?) -> [Int] {
        let elements: [ManifestValue]
        if case .array(let list) = value { elements = list } else { elements = [value] }
        var indices: [Int] = []
        for element in elements {
            switch element {
            case .target(let index): indices.append(index)
            case .unknown(let reason): addNote("\(reason); targets it declares are not known")
            case .conditional(_, let reason): addNote("\(reason); a target declared under it is not read")
            default: addNote("\(node.map(location) ?? path): a `targets` entry is not a target actorlint can read")
            }
        }
        return indices
    }
}
