import SwiftSyntax

/// Places new Swift settings for several targets of one Package.swift where the manifest keeps
/// its settings: a settings array that several targets share (a `let` array, a loop over
/// `package.targets`) gets what all of its targets gain, each target's own literal what only it
/// gains, and a target without settings a new `swiftSettings:` argument; `shared` becomes
/// `shared + [ … ]` for a target that gains more than the others sharing it. Every placement is
/// checked by reading the edited manifest again: each target must end with exactly its old
/// settings plus its additions, and every other target with its old settings; otherwise nothing
/// is placed and the targets are named with the reason.
enum ManifestSettingsPlacement {
    struct Addition: Equatable, Sendable {
        var features: [String] = []
        var mainActor = false

        var texts: [String] {
            (mainActor ? [".defaultIsolation(MainActor.self)"] : []) + features.map { ".enableUpcomingFeature(\"\($0)\")" }
        }
    }

    struct Placement {
        var edits: [TextEdit] = []
        /// Targets whose additions could not be placed, with why.
        var unplaced: [String: String] = [:]
    }

    /// Where settings come from: an array literal, or a statement `x.append(setting)`.
    private enum Container: Hashable {
        case array(SyntaxIdentifier)
        case append(SyntaxIdentifier)
    }

    /// `withoutSwift`: targets with no Swift sources (C targets), whose sharing of a settings
    /// array does not stop an addition to it.
    static func place(_ additions: [String: Addition], in file: SourceFile, path: String, withoutSwift: Set<String> = []) -> Placement {
        let reading = PackageManifestReader.read(file, path: path)
        let targets = reading.targets
        var remaining = additions.filter { !$0.value.texts.isEmpty }.mapValues(\.texts)
        guard !remaining.isEmpty else { return Placement() }
        var placement = Placement()
        // The containers each target's settings come from, and the syntax of each container.
        var nodes: [Container: Syntax] = [:]
        var sharers: [Container: [String]] = [:]
        for target in targets where !withoutSwift.contains(target.name) {
            for case .call(let call) in target.settings ?? [] {
                guard let (container, node) = container(of: call.node) else { continue }
                nodes[container] = node
                if sharers[container]?.contains(target.name) != true { sharers[container, default: []].append(target.name) }
            }
        }
        // Shared containers first, most targets first, the last written first among equals.
        let order = sharers.keys.sorted { lhs, rhs in
            let (left, right) = (sharers[lhs]!.count, sharers[rhs]!.count)
            return left != right ? left > right : nodes[lhs]!.position > nodes[rhs]!.position
        }
        for container in order {
            let names = sharers[container]!
            guard var common = remaining[names[0]] else { continue }
            for name in names.dropFirst() { common = common.filter { (remaining[name] ?? []).contains($0) } }
            guard !common.isEmpty, let edits = insert(common, into: nodes[container]!, file: file) else { continue }
            placement.edits += edits
            for name in names { remaining[name]?.removeAll { common.contains($0) } }
        }
        for target in targets {
            guard let texts = remaining[target.name], !texts.isEmpty else { continue }
            if let edits = own(texts, for: target, sharers: sharers, nodes: nodes, file: file) {
                placement.edits += edits
            } else {
                placement.unplaced[target.name] = "its `swiftSettings` are assembled in a way actorlint cannot edit (neither its own array nor an array it shares)"
            }
        }
        return verified(placement, additions: additions, reading: reading, file: file, path: path, withoutSwift: withoutSwift)
    }

    /// The container a setting's syntax sits in.
    private static func container(of node: Syntax) -> (Container, Syntax)? {
        if let array = node.parent?.parent?.parent?.as(ArrayExprSyntax.self), node.parent?.is(ArrayElementSyntax.self) == true {
            return (.array(array.id), Syntax(array))
        }
        if let argument = node.parent?.as(LabeledExprSyntax.self), argument.label == nil,
           let call = argument.parent?.parent?.as(FunctionCallExprSyntax.self), call.arguments.count == 1,
           call.calleeName == "append", call.calledExpression.is(MemberAccessExprSyntax.self) {
            return (.append(call.id), Syntax(call))
        }
        return nil
    }

    private static func insert(_ texts: [String], into node: Syntax, file: SourceFile) -> [TextEdit]? {
        if let array = node.as(ArrayExprSyntax.self) { return ManifestSettingsEdit.insert(texts, into: array, file: file) }
        // `settings.append(.a)` → a statement `settings.append(.b)` after it, indented like it.
        guard let call = node.as(FunctionCallExprSyntax.self), let base = call.calledExpression.as(MemberAccessExprSyntax.self)?.base,
              let statement = call.parent?.as(CodeBlockItemSyntax.self) ?? call.parent?.parent?.as(CodeBlockItemSyntax.self) else { return nil }
        let indentation = call.lineIndentation
        let text = texts.map { "\n" + indentation + base.trimmedText + ".append(" + $0 + ")" }.joined()
        let end = statement.endPositionBeforeTrailingTrivia.utf8Offset
        return [TextEdit(start: end, end: end, replacement: text)]
    }

    /// A target's own place: its own literal, a new `swiftSettings:` argument, or `shared + [ … ]`.
    private static func own(_ texts: [String], for target: ManifestTarget, sharers: [Container: [String]], nodes: [Container: Syntax],
                            file: SourceFile) -> [TextEdit]? {
        guard let call = target.call.node.as(FunctionCallExprSyntax.self) else { return nil }
        guard let argument = call.arguments.first(where: { $0.label?.text == "swiftSettings" }) else {
            return ManifestSettingsEdit.addArgument(texts, to: call, file: file, style: ManifestSettingsEdit.Style(file))
        }
        var expression = argument.expression
        // `shared + [ … ]`: the literal on the right is this target's own.
        if let infix = expression.as(InfixOperatorExprSyntax.self), let right = infix.rightOperand.as(ArrayExprSyntax.self),
           sharers[.array(right.id)].map({ $0 == [target.name] }) ?? true {
            return ManifestSettingsEdit.insert(texts, into: right, file: file)
        }
        if let array = expression.as(ArrayExprSyntax.self), sharers[.array(array.id)].map({ $0 == [target.name] }) ?? true {
            return ManifestSettingsEdit.insert(texts, into: array, file: file)
        }
        while let parenthesized = expression.as(TupleExprSyntax.self), parenthesized.elements.count == 1 {
            expression = parenthesized.elements.first!.expression
        }
        guard expression.is(DeclReferenceExprSyntax.self) || expression.is(InfixOperatorExprSyntax.self) else { return nil }
        let end = argument.expression.endPositionBeforeTrailingTrivia.utf8Offset
        return [TextEdit(start: end, end: end, replacement: " + [" + texts.joined(separator: ", ") + "]")]
    }

    /// The placement if the edited manifest gives every target exactly what was planned.
    private static func verified(_ placement: Placement, additions: [String: Addition], reading: PackageManifestReader.Reading,
                                 file: SourceFile, path: String, withoutSwift: Set<String>) -> Placement {
        guard !placement.edits.isEmpty else { return placement }
        guard let text = TextEdits.apply(placement.edits, to: file.text) else {
            var refused = Placement()
            for name in additions.keys { refused.unplaced[name] = "the settings edits of the manifest overlap" }
            return refused
        }
        let edited = SourceFile(path: file.path, text: text)
        let before = Dictionary(reading.contribution.modules.map { ($0.settings.name, $0.settings) }) { first, _ in first }
        let after = Dictionary(PackageManifestReader.read(edited, path: path).contribution.modules.map { ($0.settings.name, $0.settings) }) { first, _ in first }
        var failed: [String] = []
        for (name, old) in before where !withoutSwift.contains(name) {
            let addition = placement.unplaced[name] == nil ? additions[name] ?? Addition() : Addition()
            guard let new = after[name] else { failed.append(name); continue }
            let features = old.features.union(addition.features)
            let isolation = addition.mainActor ? DefaultIsolation.mainActor : old.defaultIsolation
            if new.features != features || new.defaultIsolation != isolation || new.languageMode != old.languageMode { failed.append(name) }
        }
        guard failed.isEmpty, !edited.hasSyntaxErrors || file.hasSyntaxErrors else {
            var refused = Placement()
            for name in additions.keys where !(additions[name]?.texts.isEmpty ?? true) {
                refused.unplaced[name] = "an edit of the manifest would not give exactly the planned settings to "
                    + SettingsSupport.listing(failed.sorted()) + " (settings assembled where actorlint cannot edit them safely)"
            }
            return refused
        }
        return placement
    }
}
