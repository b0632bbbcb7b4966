import SwiftSyntax

// What a call calls, the closures it is handed, and the call a closure is handed to.

extension FunctionCallExprSyntax {
    /// `Task.detached` for `Task.detached { }`; `DispatchQueue.main.async` for
    /// `DispatchQueue.main.async { }`; `.onAppear` for a modifier whose base is elided.
    public var calleeText: String {
        // Rules ask this of every call in a file, several times: join the token texts directly
        // when that gives the same string, which is when the trivia between them is only
        // whitespace and the text is ASCII (then "whitespace" is the six ASCII ones).
        var bytes: [UInt8] = []
        var previousTrailingIsWhitespace: Bool?
        for token in calledExpression.tokens(viewMode: .sourceAccurate) {
            // The first token's leading and the last token's trailing trivia are trimmed.
            if let previous = previousTrailingIsWhitespace,
               !previous || !token.leadingTrivia.allSatisfy(\.isWhitespace) { return slowCalleeText }
            previousTrailingIsWhitespace = token.trailingTrivia.allSatisfy(\.isWhitespace)
            var text = token.text
            let isASCII = text.withUTF8 { buffer -> Bool in
                for byte in buffer {
                    guard byte < 0x80 else { return false }
                    // Tab, line feed, vertical tab, form feed, carriage return, space.
                    if !(9...13).contains(byte) && byte != 32 { bytes.append(byte) }
                }
                return true
            }
            if !isASCII { return slowCalleeText }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Whether `calleeText` is one of `candidates` (ASCII spellings such as `Task.detached`),
    /// without joining the text of a long callee: a view with a chain of modifiers makes every
    /// callee in the chain hold the whole view. The callee's first and last tokens must begin
    /// and end a candidate; only then is the text compared.
    func calleeText(isOneOf candidates: Set<String>) -> Bool {
        guard let first = calledExpression.firstToken(viewMode: .sourceAccurate),
              let last = calledExpression.lastToken(viewMode: .sourceAccurate) else {
            return candidates.contains(calleeText)
        }
        // Whitespace inside a token (a string literal) is dropped from `calleeText` too. A
        // non-ASCII token means a non-ASCII callee, which equals no ASCII candidate.
        guard let head = Self.asciiWithoutWhitespace(first.text), let tail = Self.asciiWithoutWhitespace(last.text),
              candidates.contains(where: { $0.utf8.starts(with: head) && $0.utf8.reversed().starts(with: tail.reversed()) })
        else { return false }
        return candidates.contains(calleeText)
    }

    /// The bytes of an ASCII text without its whitespace, or nil for non-ASCII text. By byte:
    /// `Character.isWhitespace` looks up Unicode properties (1.5 % of a run in perf).
    private static func asciiWithoutWhitespace(_ text: String) -> [UInt8]? {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.utf8.count)
        for byte in text.utf8 {
            guard byte < 0x80 else { return nil }
            // The ASCII characters `Character.isWhitespace` accepts: tab, line feed, vertical tab, form feed, return, space.
            if !(byte == 0x20 || (0x09...0x0D).contains(byte)) { bytes.append(byte) }
        }
        return bytes
    }

    /// The definition `calleeText` must agree with.
    var slowCalleeText: String {
        calledExpression.trimmedDescription.filter { !$0.isWhitespace }
    }

    /// The last path component of the callee: `async` for `DispatchQueue.main.async`.
    public var calleeName: String? {
        if let member = calledExpression.as(MemberAccessExprSyntax.self) { return member.declName.baseName.text }
        if let reference = calledExpression.as(DeclReferenceExprSyntax.self) { return reference.baseName.text }
        return nil
    }

    /// The single closure argument: the trailing closure, or the only closure among the arguments.
    public var onlyClosure: ClosureExprSyntax? {
        if let trailing = trailingClosure { return additionalTrailingClosures.isEmpty ? trailing : nil }
        let closures = arguments.compactMap { $0.expression.as(ClosureExprSyntax.self) }
        return closures.count == 1 ? closures.first : nil
    }
}

extension ExprSyntax {
    /// The call an awaited expression makes: `f()`, `a.b.f(x)`, `f().value`; nil for a property
    /// or any expression that is not a call.
    var awaitedCall: FunctionCallExprSyntax? {
        if let call = self.as(FunctionCallExprSyntax.self) { return call }
        if let member = self.as(MemberAccessExprSyntax.self), let base = member.base { return base.awaitedCall }
        return nil
    }
}

extension FunctionCallExprSyntax {
    /// The closure the call is handed: the trailing closure, else the one passed as `label:`, else
    /// the last argument if it is a closure.
    func closureArgument(label: String) -> ClosureExprSyntax? {
        if let trailing = trailingClosure { return trailing }
        return arguments.first { $0.label?.text == label }?.expression.as(ClosureExprSyntax.self)
            ?? arguments.last?.expression.as(ClosureExprSyntax.self)
    }

    /// `fetchPosts(userID:)`, with the receiver when there is one: `service.fetchPosts(userID:)`.
    var displayName: String {
        let labels = arguments.map { ($0.label?.text ?? "_") + ":" }.joined()
        let trailing = trailingClosure == nil ? "" : (arguments.isEmpty && leftParen == nil ? "" : "_:")
        let callee = calledExpression.trimmedText.filter { !$0.isWhitespace }
        let allLabels = labels + trailing
        return allLabels.isEmpty ? "\(callee)()" : "\(callee)(\(allLabels))"
    }
}

extension ClosureExprSyntax {
    /// The call this closure is an argument (or a trailing closure) of, and its argument label.
    var invocation: (call: FunctionCallExprSyntax, label: String?)? {
        // `{ … }()` calls the closure itself; it is not handed to anything.
        if let call = parent?.as(FunctionCallExprSyntax.self) { return call.calledExpression.id == id ? nil : (call, nil) }
        if let element = parent?.as(MultipleTrailingClosureElementSyntax.self),
           let call = element.parent?.parent?.as(FunctionCallExprSyntax.self) {
            return (call, element.label.text)
        }
        if let argument = parent?.as(LabeledExprSyntax.self),
           let call = argument.parent?.parent?.as(FunctionCallExprSyntax.self) {
            return (call, argument.label?.text)
        }
        return nil
    }
}
