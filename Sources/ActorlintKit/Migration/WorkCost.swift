import SwiftSyntax

/// Whether the synchronous work of one function is heavy enough to keep it off its caller's
/// actor (`@concurrent`, SE-0461), and the evidence either way. Only positive evidence counts
/// as heavy, each item a thing a reader can check on its line:
/// - a `for` loop (not `for await`) over a collection of unknown size (a parameter, property or
///   call result; not a literal or a literal range) that nests a second such loop, or (in a
///   function that awaits nothing, whose whole point is the computation) that builds a result
///   from each element (`+=`, `append`, `insert`, a subscript assignment): one pass beside an
///   awaited call is light next to what it awaits; a loop that awaits is waiting, not working;
/// - decoding a collection (`decode([Post].self, from:)`), JSON or property-list serialization
///   of a whole document, keyed archiving, XML parsing;
/// - image and media work: decoding or encoding images, Core Image, drawing into a context;
/// - compression, hashing and encryption of data;
/// - blocking file work: `Data(contentsOf:)`, `write(to:)`, directory listings.
/// Awaiting is never heavy: the actor is free while the call waits. Decoding one object,
/// encoding a value and sorting are not evidence (fast at the sizes such code handles).
/// Closures passed to synchronous collection methods (`map`, `forEach`, …) run inside the
/// function and count; other closures run where they are called and do not.
struct WorkCost: Sendable, Equatable {
    /// Heavy work whatever else the function does, each as "decoding `[Post]` (line 12)".
    var strong: [String] = []
    /// One pass over data of unknown size that builds a result: heavy only where nothing is awaited.
    var passes: [String] = []
    /// Awaited calls, as "`session.data(from:)` (line 9)", for the reason a light function is left.
    var awaits: [String] = []
    var awaitCount = 0

    var isHeavy: Bool { !strong.isEmpty || (!passes.isEmpty && awaitCount == 0) }
    /// The evidence of a heavy function.
    var heavy: [String] { isHeavy ? strong + passes : [] }

    /// Why a function that is not heavy can run on its caller's actor.
    var lightReason: String {
        if let first = awaits.first ?? (awaitCount > 0 ? "a value" : nil) {
            let more = max(awaits.count, awaitCount) - 1
            let rest = passes.isEmpty ? "its synchronous work is light"
                : "its only other work is \(passes[0]), one pass that is light next to what it awaits"
            return "it awaits \(first)\(more > 0 ? " and \(more) more" : ""), and \(rest)"
        }
        return "its work is light: no loop over data of unknown size, no decoding, image, compression or blocking file work"
    }

    init(strong: [String] = [], passes: [String] = [], awaits: [String] = []) {
        self.strong = strong
        self.passes = passes
        self.awaits = awaits
        awaitCount = awaits.count
    }

    /// The cost of the code of `body` in `file`.
    init(of body: Syntax, in file: SourceFile) {
        let finder = Finder(file: file)
        finder.walk(body)
        strong = finder.strong
        passes = finder.passes
        awaits = finder.awaits
        awaitCount = finder.awaitCount
    }

    private final class Finder: SyntaxVisitor {
        let file: SourceFile
        var strong: [String] = []
        var passes: [String] = []
        var awaits: [String] = []
        var awaitCount = 0

        init(file: SourceFile) {
            self.file = file
            super.init(viewMode: .sourceAccurate)
        }

        func note(_ what: String, _ node: some SyntaxProtocol) { strong.append("\(what) (line \(file.line(of: node)))") }

        override func visit(_ node: AwaitExprSyntax) -> SyntaxVisitorContinueKind {
            awaitCount += 1
            var expression = node.expression.peeled(.try)
            // `await load()[0]`, `await a.b()`: the call awaited.
            while let subscripted = expression.as(SubscriptCallExprSyntax.self) { expression = subscripted.calledExpression }
            if let call = expression.awaitedCall, awaits.count < 3 {
                awaits.append("`\(call.calleeLabel)(…)` (line \(file.line(of: node)))")
            }
            return .visitChildren
        }

        override func visit(_ node: ForStmtSyntax) -> SyntaxVisitorContinueKind {
            if node.awaitKeyword != nil {
                awaitCount += 1
                if awaits.count < 3 { awaits.append("each element of `\(node.sequence.trimmedText.prefix(40))` (`for await`, line \(file.line(of: node)))") }
            }
            guard node.awaitKeyword == nil, !node.body.containsAwait, let source = WorkCost.unknownSize(node.sequence) else {
                return .visitChildren
            }
            if WorkCost.nestsLoop(node.body) {
                note("nested loops over `\(source)` and more data of unknown size", node)
                return .skipChildren
            }
            if WorkCost.buildsPerElement(node.body) {
                passes.append("a loop over `\(source)`, a collection of unknown size (line \(file.line(of: node)))")
            }
            return .visitChildren
        }

        override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
            if let what = WorkCost.heavyCall(node) {
                note(what, node)
                return .skipChildren
            }
            return .visitChildren
        }

        override func visit(_ node: ClosureExprSyntax) -> SyntaxVisitorContinueKind {
            guard let method = node.invocation?.call.calleeName, Catalogue.synchronousClosureMethods.contains(method) else {
                return .skipChildren
            }
            return .visitChildren
        }

        override func visit(_ node: FunctionDeclSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
    }

    /// The collection a loop goes over, when its size is not written in the code.
    static func unknownSize(_ sequence: ExprSyntax) -> String? {
        if sequence.is(ArrayExprSyntax.self) || sequence.is(DictionaryExprSyntax.self) { return nil }
        let literal: (ExprSyntax) -> Bool = { $0.is(IntegerLiteralExprSyntax.self) || $0.is(BinaryOperatorExprSyntax.self) }
        if let infix = sequence.as(InfixOperatorExprSyntax.self), literal(infix.leftOperand), literal(infix.rightOperand) { return nil }
        if let list = sequence.as(SequenceExprSyntax.self), list.elements.allSatisfy(literal) { return nil }
        let text = sequence.trimmedText
        return text.count > 40 ? String(text.prefix(37)) + "…" : text
    }

    /// Whether a loop body holds another loop over data of unknown size: quadratic work.
    static func nestsLoop(_ body: CodeBlockSyntax) -> Bool {
        contains(in: body, within: .context) { node in
            guard let loop = node.as(ForStmtSyntax.self) else { return false }
            return loop.awaitKeyword == nil && unknownSize(loop.sequence) != nil
        }
    }

    /// Whether a loop body builds a result from each element.
    static func buildsPerElement(_ body: CodeBlockSyntax) -> Bool {
        contains(in: body, within: .context) { node in
            if let call = node.as(FunctionCallExprSyntax.self) {
                return ["append", "insert", "merge", "formUnion", "updateValue"].contains(call.calleeName ?? "")
            }
            if let operation = node.as(BinaryOperatorExprSyntax.self) {
                return ["+=", "-=", "*=", "/=", "&+=", "|=", "^="].contains(operation.operator.text)
            }
            if let assignment = node.as(AssignmentExprSyntax.self), let sequence = assignment.parent?.as(SequenceExprSyntax.self) {
                return sequence.elements.first?.is(SubscriptCallExprSyntax.self) == true
            }
            return false
        }
    }

    /// Calls that are heavy whatever their size: "decoding `[Post]`", "image decoding".
    static func heavyCall(_ call: FunctionCallExprSyntax) -> String? {
        let method = call.calleeName ?? ""
        let labels = call.arguments.map { $0.label?.text }
        let first = labels.first ?? nil
        var base: String { call.calledExpression.as(MemberAccessExprSyntax.self)?.base?.trimmedText ?? "" }
        switch method {
        case "decode" where first == nil:
            guard let type = call.arguments.first?.expression.trimmedText,
                  type.hasPrefix("[") || type.hasPrefix("Array<") || type.hasPrefix("Set<") || type.hasPrefix("Dictionary<") else { return nil }
            return "decoding `\(type.replacingOccurrences(of: ".self", with: ""))`"
        case "jsonObject":
            return "JSON serialization of a whole document"
        case "data" where base == "JSONSerialization":
            return "JSON serialization of a whole document"
        case "propertyList" where base == "PropertyListSerialization", "data" where base == "PropertyListSerialization":
            return "property-list serialization"
        case "archivedData", "unarchivedObject", "unarchiveTopLevelObjectWithData": return "keyed archiving"
        case "parse" where base.lowercased().contains("parser") && call.arguments.isEmpty && call.trailingClosure == nil:
            // `XMLParser.parse()` parses the whole document before it returns.
            return "XML parsing"
        case "compressed", "decompressed", "compression_encode_buffer", "compression_decode_buffer", "deflate", "inflate":
            return "compression"
        case "hash" where first == "data", "seal" where labels.contains("using"), "open" where labels.contains("using"):
            return "hashing or encryption"
        case "jpegData", "pngData", "heicData", "createCGImage", "preparingThumbnail", "byPreparingThumbnail",
             "CGImageSourceCreateWithData", "CGImageSourceCreateImageAtIndex", "CGImageSourceCreateThumbnailAtIndex", "copyCGImage":
            return "image processing (`\(method)`)"
        case "draw" where base.lowercased().contains("context"):
            return "image processing (`\(method)`)"
        case "write" where first == "to" || first == "toFile": return "a blocking file write"
        case "contentsOfDirectory", "subpathsOfDirectory":
            return "a blocking directory listing"
        case "enumerator" where first == "at" || first == "atPath":
            return "a blocking directory listing"
        case "contents" where first == "atPath": return "a blocking file read"
        default: break
        }
        if call.calleeText(isOneOf: ["Data", "String", "NSData", "NSString"]), first?.hasPrefix("contentsOf") == true {
            return "a blocking file read"
        }
        if call.calleeText(isOneOf: ["UIImage", "NSImage", "CIImage", "CGImage"]), first == "data" || first == "contentsOfFile" || first == "contentsOf" {
            return "image decoding"
        }
        if call.calleeText(isOneOf: ["UIGraphicsImageRenderer", "CIContext", "CGContext", "vImage_Buffer"]) {
            return "image processing (`\(call.calleeText)`)"
        }
        return nil
    }
}
