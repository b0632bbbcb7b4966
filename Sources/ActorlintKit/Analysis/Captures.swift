import SwiftSyntax

// How closures capture `self`, and how the APIs that take them keep them.

extension ClosureExprSyntax {
    var captureItems: [ClosureCaptureSyntax] { signature?.capture.map { Array($0.items) } ?? [] }

    /// The `weak self` entry of the capture list.
    var weakSelfCapture: ClosureCaptureSyntax? {
        captureItems.first { $0.isSelf && $0.specifier?.specifier.tokenKind == .keyword(.weak) }
    }

    /// `[weak self]` or `[unowned self]`: the closure does not keep self alive.
    var capturesSelfWithoutOwning: Bool {
        captureItems.contains { capture in
            guard capture.isSelf, let specifier = capture.specifier?.specifier.tokenKind else { return false }
            return specifier == .keyword(.weak) || specifier == .keyword(.unowned)
        }
    }

    /// Whether `self` is a weak reference in this closure's code: its own capture list, or the
    /// nearest enclosing closure that captures `self`, says `weak`.
    var seesWeakSelf: Bool {
        var current: ClosureExprSyntax? = self
        while let closure = current {
            if let capture = closure.captureItems.first(where: \.isSelf) {
                return capture.specifier?.specifier.tokenKind == .keyword(.weak)
            }
            current = closure.enclosingClosure
        }
        return false
    }

    /// `[self]`: an explicit, deliberate strong capture.
    var capturesSelfStrongExplicitly: Bool {
        captureItems.contains { $0.isSelf && $0.specifier == nil }
    }
}

extension ClosureCaptureSyntax {
    /// `self`, `weak self`, `unowned self`, `weak self = self`.
    var isSelf: Bool {
        guard name.tokenKind == .keyword(.self) || name.text == "self" else { return false }
        guard let value = initializer?.value else { return true }
        return value.as(DeclReferenceExprSyntax.self)?.baseName.tokenKind == .keyword(.self)
    }
}

extension Syntax {
    /// `self` or `super`.
    var isExplicitSelf: Bool {
        self.as(DeclReferenceExprSyntax.self)?.baseName.tokenKind == .keyword(.self) || `is`(SuperExprSyntax.self)
    }

    /// Inside a closure below `outer` that captures `self` itself: that `self` is not `outer`'s.
    func isInOwnCapture(of outer: ClosureExprSyntax) -> Bool {
        var current = enclosingClosure
        while let nested = current, nested.id != outer.id {
            if nested.captureItems.contains(where: \.isSelf) { return true }
            current = nested.enclosingClosure
        }
        return false
    }
}
