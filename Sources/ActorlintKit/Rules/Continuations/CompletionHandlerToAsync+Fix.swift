import SwiftSyntax

/// The fix of `CompletionHandlerToAsync`: an `async` twin that wraps the handler in a
/// checked continuation, shaped by the handler's parameters.
extension CompletionHandlerToAsync {
    func fix(_ function: FunctionDeclSyntax, _ handler: Handler, _ context: RuleContext) -> Fix? {
        let parameters = Array(function.signature.parameterClause.parameters.dropLast())
        // `success:` + `failure:`: the async variant must merge both callbacks, not drop one.
        let splitCallbacks = parameters.contains { parameter in
            let name = (parameter.secondName ?? parameter.firstName).text.lowercased()
            return escapingClosureType(parameter.type) != nil
                && ["success", "failure", "error", "completion", "done", "finish"].contains { name.contains($0) }
        }
        // Where the parser had to guess the function's end, the wrapper would land in another
        // scope than the function, and the next run would not see it as its variant.
        guard !splitCallbacks, !function.hasError, !function.modifiers.contains(where: { $0.name.text == "mutating" }),
              function.signature.effectSpecifiers?.throwsClause == nil,
              parameters.allSatisfy(isForwardable),
              !parameters.contains(where: { ($0.secondName ?? $0.firstName).text == "continuation" }),
              let shape = resultShape(handler, unit: context.file.indentUnit) else { return nil }

        let unit = context.file.indentUnit
        let attributes = function.attributes.compactMap { $0.as(AttributeSyntax.self) }.filter { attribute in
            let name = attribute.attributeName.trimmedText
            return name.hasSuffix("Actor") || name == "available"
        }.map { $0.trimmedText + " " }.joined()
        let kept: Set<String> = ["public", "internal", "fileprivate", "private", "open", "package", "static", "class",
                                 "nonisolated", "final"]
        let modifiers = function.modifiers.filter { kept.contains($0.name.text) }.map { $0.trimmedText + " " }.joined()
        let generics = function.genericParameterClause?.trimmedText ?? ""
        let whereClause = function.genericWhereClause.map { " " + $0.trimmedText } ?? ""
        let parameterList = parameters.map { $0.with(\.trailingComma, nil).trimmedText }.joined(separator: ", ")
        let effects = handler.throwing ? "async throws" : "async"
        let result = shape.returnType.map { " -> \($0)" } ?? ""

        let arguments = parameters.map { parameter -> String in
            let value = (parameter.secondName ?? parameter.firstName).text
            return parameter.firstName.tokenKind == .wildcard ? value : "\(parameter.firstName.text): \(value)"
        }
        let otherClosures = parameters.contains { escapingClosureType($0.type) != nil || $0.type.is(FunctionTypeSyntax.self) }
        let closureHead = shape.closureParameters.isEmpty ? "{" : "{ \(shape.closureParameters) in"
        let call: String
        if otherClosures {
            let label = handler.parameter.firstName.tokenKind == .wildcard ? "" : "\(handler.parameter.firstName.text): "
            call = "\(function.name.text)(\((arguments + ["\(label)\(closureHead)"]).joined(separator: ", "))"
        } else {
            call = "\(function.name.text)(\(arguments.joined(separator: ", "))) \(closureHead)"
        }
        let continuationFunction = handler.throwing ? "withCheckedThrowingContinuation" : "withCheckedContinuation"
        let continuationParameter = shape.returnType == nil && handler.throwing
            ? "(continuation: CheckedContinuation<Void, Error>)" : "continuation"
        var lines = ["\(attributes)\(modifiers)func \(function.name.text)\(generics)(\(parameterList)) \(effects)\(result)\(whereClause) {",
                     "\(unit)\(handler.throwing ? "try " : "")await \(continuationFunction) { \(continuationParameter) in",
                     "\(unit)\(unit)\(call)"]
        lines += shape.body.map { "\(unit)\(unit)\(unit)\($0)" }
        lines += ["\(unit)\(unit)}\(otherClosures ? ")" : "")", "\(unit)}", "}"]
        let indentation = function.lineIndentation
        let text = "\n\n" + lines.map { $0.isEmpty ? $0 : indentation + $0 }.joined(separator: "\n")
        let offset = function.endPosition.utf8Offset
        return Fix(title: "Add an `async` variant built on a checked continuation", safety: .unsafe,
                   edits: [TextEdit(start: offset, end: offset, replacement: text)])
    }

    /// A parameter the wrapper can take and pass on unchanged.
    private func isForwardable(_ parameter: FunctionParameterSyntax) -> Bool {
        guard parameter.ellipsis == nil else { return false }
        if let attributed = parameter.type.as(AttributedTypeSyntax.self) {
            let specifiers = attributed.specifiers.trimmedText
            if specifiers.contains("inout") { return false }
            if attributed.attributes.trimmedText.contains("autoclosure") { return false }
        }
        return true
    }

    /// The wrapper's result type, the callback's parameters and how it resumes.
    struct Shape {
        let returnType: String?
        let closureParameters: String
        let body: [String]
    }

    private func resultShape(_ handler: Handler, unit: String) -> Shape? {
        let types = handler.closure.parameters.map(\.type)
        // Values that are themselves closures or `inout` would need more care than a rewrite.
        if types.contains(where: { $0.is(FunctionTypeSyntax.self) || $0.is(AttributedTypeSyntax.self) }) { return nil }
        if types.count == 1, ["Void", "()"].contains(types[0].trimmedText) { return nil }
        if types.count == 1, isResult(types[0]), let resultType = resultSuccessType(types[0]) {
            return Shape(returnType: resultType, closureParameters: "result",
                         body: ["continuation.resume(with: result)"])
        }
        if let last = types.last, isOptionalError(last) {
            let values = types.dropLast().map(\.trimmedText)
            let names = values.count == 1 ? ["value"] : values.indices.map { "value\($0 + 1)" }
            let returned = names.count == 1 ? names[0] : "(\(names.joined(separator: ", ")))"
            let success = values.isEmpty ? "continuation.resume()" : "continuation.resume(returning: \(returned))"
            return Shape(returnType: tupleType(values), closureParameters: (names + ["error"]).joined(separator: ", "),
                         body: ["if let error {", "\(unit)continuation.resume(throwing: error)", "} else {",
                                "\(unit)\(success)", "}"])
        }
        let values = types.map(\.trimmedText)
        let names = values.count == 1 ? ["value"] : values.indices.map { "value\($0 + 1)" }
        let returned = names.count == 1 ? names[0] : "(\(names.joined(separator: ", ")))"
        return Shape(returnType: tupleType(values), closureParameters: names.joined(separator: ", "),
                     body: [values.isEmpty ? "continuation.resume()" : "continuation.resume(returning: \(returned))"])
    }

    private func resultSuccessType(_ type: TypeSyntax) -> String? {
        let clause = type.as(IdentifierTypeSyntax.self)?.genericArgumentClause ?? type.as(MemberTypeSyntax.self)?.genericArgumentClause
        return clause?.arguments.first?.argument.trimmedText
    }

    /// nil (Void) for no values, the type for one, a tuple for several.
    private func tupleType(_ values: [String]) -> String? {
        switch values.count {
        case 0: nil
        case 1: values[0]
        default: "(\(values.joined(separator: ", ")))"
        }
    }
}
