import SwiftSyntax

/// Synchronous work whose cost grows with data of a size the code does not bound: what freezes
/// a UI when it runs on the main actor. A call's name is not its cost, so each kind needs
/// evidence that the data can be large:
/// - a `for` loop over a collection from outside the function (a parameter, property or call
///   result, not literals) that builds text or nests a loop over outside data, and awaits nothing;
/// - decoding a collection (`decode([Post].self, from:)`), or JSON / property-list serialization
///   whose result is an array;
/// - reading a whole file into `Data` (`Data(contentsOf:)`), or writing `Data` that was not
///   just encoded from one value or a string (a download, a picked file, an export);
/// - packing or unpacking an archive (`unzipItem`), listing a directory;
/// - encoding a whole image (`pngData()`), decoding one (`CGImageSourceCreateImageAtIndex`);
/// - a synchronous function of the same type, declared in the same file, that does any of these
///   (one call deep).
/// Not counted: text files read or written as strings (settings, small documents),
/// `UIImage(data:)` (it decodes lazily, when the image is first drawn), encoding a value,
/// decoding or serializing one object, bundled resources, sorting, and awaiting: the main actor
/// is free while an `await` waits.
struct BlockingWork {
    let node: Syntax
    /// A noun phrase for messages: "decoding `[Post]` (a collection of unknown size)".
    let what: String

    /// The work in `body`, not counting closures that run later or nested functions; a call of
    /// a synchronous function of the same type declared in `file` counts for what its body does.
    static func all(in body: Syntax, file: SourceFile) -> [BlockingWork] {
        find(in: body, file: file, followCalls: true)
    }

    private static func find(in root: Syntax, file: SourceFile, followCalls: Bool) -> [BlockingWork] {
        final class Finder: SyntaxVisitor {
            let file: SourceFile
            let followCalls: Bool
            var found: [BlockingWork] = []
            init(file: SourceFile, followCalls: Bool) {
                self.file = file
                self.followCalls = followCalls
                super.init(viewMode: .sourceAccurate)
            }
            override func visit(_ node: ForStmtSyntax) -> SyntaxVisitorContinueKind {
                guard node.awaitKeyword == nil, !node.body.containsAwait,
                      let source = BlockingWork.externalCollection(node.sequence) else { return .visitChildren }
                if node.body.buildsText {
                    found.append(BlockingWork(node: Syntax(node), what: "a loop over `\(source)` (a collection of unknown size) that builds text"))
                    return .skipChildren
                }
                if node.body.containsExternalLoop {
                    found.append(BlockingWork(node: Syntax(node), what: "a loop over `\(source)` that nests a loop over other outside data"))
                    return .skipChildren
                }
                return .visitChildren
            }
            override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
                if let what = BlockingWork.heavyCall(node) {
                    found.append(BlockingWork(node: Syntax(node), what: what))
                    return .skipChildren
                }
                if followCalls, let (callee, work) = BlockingWork.callee(node, in: file) {
                    let line = file.line(of: callee)
                    found.append(BlockingWork(node: Syntax(node), what: "calling `\(callee.name.text)()` (line \(line)), which does \(work.what),"))
                    return .skipChildren
                }
                return .visitChildren
            }
            // Work inside a nested closure or function runs where that closure runs, not here.
            override func visit(_ node: ClosureExprSyntax) -> SyntaxVisitorContinueKind {
                guard let call = node.invocation?.call, let method = call.calleeName,
                      Catalogue.synchronousClosureMethods.contains(method) || method == "autoreleasepool" else { return .skipChildren }
                return .visitChildren
            }
            override func visit(_ node: FunctionDeclSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
        }
        let finder = Finder(file: file, followCalls: followCalls)
        finder.walk(root)
        return finder.found
    }

    /// `load()` or `self.load()` calling the file's only function of that name, synchronous
    /// and in the same type (or an extension of it), whose body does blocking work.
    private static func callee(_ call: FunctionCallExprSyntax, in file: SourceFile) -> (FunctionDeclSyntax, BlockingWork)? {
        let name: String
        if let reference = call.calledExpression.as(DeclReferenceExprSyntax.self) {
            name = reference.baseName.text
        } else if let member = call.calledExpression.as(MemberAccessExprSyntax.self), member.base?.trimmedText == "self" {
            name = member.declName.baseName.text
        } else {
            return nil
        }
        let candidates = file.shared(FunctionDeclSyntax.self).filter { $0.name.text == name }
        guard candidates.count == 1, let function = candidates.first, let body = function.body,
              function.signature.effectSpecifiers?.asyncSpecifier == nil,
              function.enclosingTypeName == call.enclosingTypeName,
              let work = find(in: Syntax(body), file: file, followCalls: false).first else { return nil }
        return (function, work)
    }

    /// The collection a loop iterates when it comes from outside the function's literals.
    static func externalCollection(_ sequence: ExprSyntax) -> String? {
        if sequence.is(ArrayExprSyntax.self) || sequence.is(DictionaryExprSyntax.self) { return nil }
        // `0..<3`, `1...10`: a fixed range of literals is bounded work.
        if let infix = sequence.as(InfixOperatorExprSyntax.self) {
            let bothLiterals = infix.leftOperand.is(IntegerLiteralExprSyntax.self) && infix.rightOperand.is(IntegerLiteralExprSyntax.self)
            return bothLiterals ? nil : sequence.trimmedText
        }
        if let sequence = sequence.as(SequenceExprSyntax.self) {
            let literals = sequence.elements.allSatisfy { $0.is(IntegerLiteralExprSyntax.self) || $0.is(BinaryOperatorExprSyntax.self) }
            return literals ? nil : sequence.trimmedText
        }
        return sequence.trimmedText
    }

    /// Archive calls of the common zip libraries (ZIPFoundation, SSZipArchive, Zip).
    static let archiveMethods: Set<String> = ["unzipItem", "zipItem", "unzipFile", "zipFiles", "createZipFile", "quickUnzipFile"]
    static let imageEncoders: Set<String> = ["pngData", "jpegData", "heicData", "tiffRepresentation"]
    static let imageDecoders: Set<String> = [
        "CGImageSourceCreateImageAtIndex", "CGImageSourceCreateThumbnailAtIndex", "preparingThumbnail",
        "preparingForDisplay", "copyCGImage",
    ]

    static func heavyCall(_ call: FunctionCallExprSyntax) -> String? {
        // An awaited call is async: the main actor is free while it waits.
        if call.isAwaited { return nil }
        // Asked of every call in main-actor async code: texts of the callee and its receiver
        // are built only in the cases that read them.
        var callee: String { call.calleeText }
        let method = call.calleeName ?? ""
        var receiver: String { call.calledExpression.as(MemberAccessExprSyntax.self)?.base?.trimmedText.lowercased() ?? "" }
        let labels = call.arguments.map { $0.label?.text ?? "_" }
        switch method {
        case "decode" where receiver.contains("decoder"):
            // A collection of records, `[Post].self`; a single object decodes quickly.
            guard let type = call.arguments.first?.expression.trimmedText, type.hasPrefix("[") || type.hasPrefix("Array<") else { return nil }
            return "decoding `\(type.replacingOccurrences(of: ".self", with: ""))` (a collection of unknown size)"
        case "jsonObject" where callee.hasPrefix("JSONSerialization"), "propertyList" where callee.hasPrefix("PropertyListSerialization"):
            guard call.isCastToArray else { return nil }
            return "\(method == "jsonObject" ? "JSON" : "property-list") serialization of an array of unknown size"
        case "write" where labels.first == "to" || labels.first == "toFile":
            // Text (`write(to:atomically:encoding:)`) is a document or a setting; data just
            // encoded from one value is small.
            guard !labels.contains("encoding"), let base = call.calledExpression.as(MemberAccessExprSyntax.self)?.base,
                  !isSmallData(base, before: call) else { return nil }
            return "a synchronous write of `\(base.trimmedText.count <= 30 ? base.trimmedText : "data")` (data of unknown size)"
        case "contentsOfDirectory", "subpathsOfDirectory":
            return "a synchronous directory listing (`\(method)`)"
        case "contents" where labels.first == "atPath", "readDataToEndOfFile", "readToEnd":
            return "a synchronous read of a whole file (`\(method)`)"
        case _ where archiveMethods.contains(method):
            return "an archive operation (`\(method)`)"
        case _ where imageEncoders.contains(method) && call.calledExpression.is(MemberAccessExprSyntax.self):
            return "encoding a whole image (`\(method)()`)"
        case _ where imageDecoders.contains(method):
            return "decoding an image (`\(method)`)"
        default: break
        }
        // A mapped read (`options: .alwaysMapped`, `.mappedIfSafe`) maps the file and reads pages
        // only when they are touched: not a whole-file read.
        let mapped = call.arguments.contains { argument in
            argument.label?.text == "options"
                && argument.expression.tokens(viewMode: .sourceAccurate).contains { $0.text.lowercased().contains("mapped") }
        }
        if call.calleeText(isOneOf: ["Data", "NSData"]), labels.first.map({ $0.hasPrefix("contentsOf") }) == true, !mapped,
           !(call.arguments.first?.expression.trimmedText.contains("Bundle") ?? false) {
            return "a synchronous read of a whole file (`\(callee)(\(labels.first ?? ""):)`)"
        }
        return nil
    }

    /// Data that is small by construction: a literal, or just encoded from one value or a
    /// string (`try encoder.encode(settings)`, `text.data(using: .utf8)`), here or in the
    /// local it names.
    private static func isSmallData(_ expression: ExprSyntax, before call: FunctionCallExprSyntax) -> Bool {
        func small(_ value: ExprSyntax) -> Bool {
            let value = value.peeled([.try, .forceUnwrap, .optionalChaining])
            if value.is(StringLiteralExprSyntax.self) { return true }
            guard let made = value.as(FunctionCallExprSyntax.self) else { return false }
            return ["encode", "data"].contains(made.calleeName ?? "")
                && (made.calleeName == "encode" || made.arguments.first?.label?.text == "using")
        }
        if small(expression) { return true }
        guard let name = expression.as(DeclReferenceExprSyntax.self)?.baseName.text else { return false }
        // The local's initial value, or every value assigned to it before the call.
        var values: [ExprSyntax] = []
        var current = Syntax(call).parent
        while let node = current, !node.is(FunctionDeclSyntax.self), !node.is(ClosureExprSyntax.self) {
            if let list = node.as(CodeBlockItemListSyntax.self) {
                for item in list where item.endPosition <= call.position {
                    guard let variable = item.item.as(VariableDeclSyntax.self) else { continue }
                    for binding in variable.bindings where binding.pattern.trimmedText == name {
                        if let value = binding.initializer?.value { return small(value) }
                        values = assignments(to: name, in: Syntax(list), before: call)
                        return !values.isEmpty && values.allSatisfy(small)
                    }
                }
            }
            current = node.parent
        }
        return false
    }

    /// The values assigned to `name` (`name = value`) in `scope`, before `call`.
    private static func assignments(to name: String, in scope: Syntax, before call: FunctionCallExprSyntax) -> [ExprSyntax] {
        scope.tokens(viewMode: .sourceAccurate).compactMap { token -> ExprSyntax? in
            guard token.position < call.position, token.text == name,
                  let reference = token.parent?.as(DeclReferenceExprSyntax.self),
                  let sequence = reference.parent?.parent?.as(SequenceExprSyntax.self) else { return nil }
            let elements = Array(sequence.elements)
            guard elements.count == 3, elements[0].id == reference.id, elements[1].is(AssignmentExprSyntax.self) else { return nil }
            return elements[2]
        }
    }
}

private extension FunctionCallExprSyntax {
    /// `await f()`, `try await f()`.
    var isAwaited: Bool {
        var current = Syntax(self).parent
        while let node = current, node.is(TryExprSyntax.self) || node.is(AwaitExprSyntax.self) {
            if node.is(AwaitExprSyntax.self) { return true }
            current = node.parent
        }
        return false
    }

    /// `… as? [[String: Any]]`, `… as! [Any]`: the result is used as an array.
    var isCastToArray: Bool {
        var current = Syntax(self).parent
        while let node = current, node.is(TryExprSyntax.self) || node.is(ExprListSyntax.self) || node.is(SequenceExprSyntax.self)
            || node.is(UnresolvedAsExprSyntax.self) || node.is(AsExprSyntax.self) || node.is(TypeExprSyntax.self) {
            if let cast = node.as(AsExprSyntax.self) { return cast.type.is(ArrayTypeSyntax.self) }
            if let sequence = node.as(SequenceExprSyntax.self) {
                let elements = Array(sequence.elements)
                if let index = elements.firstIndex(where: { $0.is(UnresolvedAsExprSyntax.self) }), index + 1 < elements.count {
                    return elements[index + 1].as(TypeExprSyntax.self)?.type.is(ArrayTypeSyntax.self) == true
                }
            }
            current = node.parent
        }
        return false
    }
}

private extension CodeBlockSyntax {
    /// Builds a string: `+=` or `append`/`appending` whose operand is a string literal or
    /// interpolation.
    var buildsText: Bool {
        final class Finder: SyntaxVisitor {
            var found = false
            override func visit(_ node: SequenceExprSyntax) -> SyntaxVisitorContinueKind {
                let elements = Array(node.elements)
                if elements.count == 3, elements[1].as(BinaryOperatorExprSyntax.self)?.operator.text == "+=",
                   elements[2].is(StringLiteralExprSyntax.self) || elements[2].as(SequenceExprSyntax.self)?.elements.contains(where: { $0.is(StringLiteralExprSyntax.self) }) == true {
                    found = true
                }
                return .visitChildren
            }
            override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
                if ["append", "appending", "write"].contains(node.calleeName ?? ""), node.calledExpression.is(MemberAccessExprSyntax.self),
                   node.arguments.first?.expression.is(StringLiteralExprSyntax.self) == true {
                    found = true
                }
                return .visitChildren
            }
            override func visit(_ node: ClosureExprSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
        }
        let finder = Finder(viewMode: .sourceAccurate)
        finder.walk(self)
        return finder.found
    }

    /// Holds a nested `for` loop over outside data: quadratic work.
    var containsExternalLoop: Bool {
        final class Finder: SyntaxVisitor {
            var found = false
            override func visit(_ node: ForStmtSyntax) -> SyntaxVisitorContinueKind {
                if node.awaitKeyword == nil, BlockingWork.externalCollection(node.sequence) != nil { found = true }
                return .skipChildren
            }
            override func visit(_ node: ClosureExprSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
        }
        let finder = Finder(viewMode: .sourceAccurate)
        finder.walk(statements)
        return finder.found
    }
}
