import SwiftSyntax

/// When a main-queue hop in code already on the main actor is a deliberate postponement to the
/// next run-loop turn rather than a habit: the shapes real code uses it for on purpose.
extension MainDispatch {
    /// Whether the hop postpones on purpose: it says so in a comment, it is test code stepping the
    /// run loop, it runs after an initializer or a lifecycle step finishes, its work needs the
    /// layout or presentation the current turn is still doing, or it leaves a SwiftUI update (a
    /// view's body, a representable's coordinator).
    func isDeliberateDeferral(in file: SourceFile, index: ProjectIndex) -> Bool {
        isJustified || hasDeferralComment || TestCode.contains(call, in: file) || defersLifecycleStep
            || needsLayoutOrPresentation || isInSwiftUIViewCode || isInRepresentableCoordinator(index)
            || followsItsOwnChange
    }

    /// Before the hop, the same function sets a property the hop sets again (`alert = nil`, then
    /// the next alert one turn later), or moves focus (`makeFirstResponder(nil)`): the hop waits
    /// for the views to take in the first change.
    var followsItsOwnChange: Bool {
        let before = precedingStatements
        let focus: Set<String> = ["makeFirstResponder", "resignFirstResponder", "becomeFirstResponder", "endEditing"]
        if before.contains(where: { $0.tokens(viewMode: .sourceAccurate).contains { focus.contains($0.text) } }) { return true }
        let setByHop = assignedTargets(in: body, within: .everything)
        return before.contains { !setByHop.isDisjoint(with: assignedTargets(in: $0, within: .everything)) }
    }

    /// The statements that run before the hop on its path: those before it in each block around
    /// it, up to its function (not the other branch of an `if`, nor the `do` body of a `catch`).
    private var precedingStatements: [CodeBlockItemSyntax] {
        var statements: [CodeBlockItemSyntax] = []
        var child = Syntax(call)
        while let parent = child.parent, !parent.isDeclarationBoundary {
            if let list = parent.as(CodeBlockItemListSyntax.self) {
                statements += list.prefix { $0.id != child.id }
            }
            child = parent
        }
        return statements
    }

    /// A comment in the dispatched body that speaks of the ordering: "next run loop", "after
    /// layout", "workaround", a bug number.
    var hasDeferralComment: Bool {
        let words = ["next", "run loop", "runloop", "turn", "layout", "later", "after", "wait", "defer", "delay",
                     "cycle", "bug", "fix", "workaround", "hack", "crash", "glitch", "race", "otherwise", "async", "avoid",
                     "update", "warning", "order", "before", "first"]
        for token in body.tokens(viewMode: .sourceAccurate) {
            for piece in token.leadingTrivia + token.trailingTrivia where piece.isComment {
                let text = piece.commentText.lowercased()
                if words.contains(where: text.contains) || text.range(of: #"#\d+"#, options: .regularExpression) != nil { return true }
            }
        }
        return false
    }

    /// Methods that run while a view, window or app is still being set up or laid out: work
    /// hopped out of them runs once the step has finished.
    static let lifecycleMethods: Set<String> = [
        "viewDidLoad", "loadView", "viewWillAppear", "viewDidAppear", "viewWillLayoutSubviews", "viewDidLayoutSubviews",
        "viewWillTransition", "viewSafeAreaInsetsDidChange", "traitCollectionDidChange", "awakeFromNib", "prepareForReuse",
        "layoutSubviews", "didMoveToWindow", "didMoveToSuperview", "willMove", "didMove", "windowDidLoad",
        "viewDidMoveToWindow", "viewWillMoveToWindow", "viewWillDraw", "layout", "windowControllerDidLoadNib",
        "applicationDidFinishLaunching", "applicationWillFinishLaunching", "applicationDidBecomeActive",
        "sceneDidBecomeActive", "sceneWillEnterForeground", "makeUIView", "updateUIView", "makeNSView", "updateNSView",
        "makeUIViewController", "updateUIViewController", "makeNSViewController", "updateNSViewController",
        "makeCoordinator", "sizeThatFits", "start", "setup", "setUp", "configure", "commonInit",
    ]

    /// In an initializer, a lifecycle method (`viewDidLoad`, `application(_:didFinishLaunchingWithOptions:)`,
    /// `scene(_:willConnectTo:options:)`), or a SwiftUI `.onAppear` action, reached through
    /// closures that run on the spot; a task or a callback runs later and ends the search.
    var defersLifecycleStep: Bool {
        var current = call.parent
        while let node = current {
            if let closure = node.as(ClosureExprSyntax.self) {
                guard let owner = closure.invocation?.call else { return false }
                if owner.calleeName == "onAppear" { return true }
                guard let method = owner.calleeName, Catalogue.synchronousClosureMethods.contains(method) || method == "withAnimation"
                else { return false }
            }
            if node.is(InitializerDeclSyntax.self) { return true }
            if let function = node.as(FunctionDeclSyntax.self) {
                let name = function.name.text
                let labels = function.signature.parameterClause.parameters.map { $0.firstName.text + " " + ($0.secondName?.text ?? "") }
                if Self.lifecycleMethods.contains(name) { return true }
                if name == "application", labels.contains(where: { $0.contains("FinishLaunching") }) { return true }
                return name == "scene" && labels.contains { $0.hasPrefix("willConnectTo") }
            }
            if node.is(AccessorBlockSyntax.self) || node.is(DeinitializerDeclSyntax.self) { return false }
            current = node.parent
        }
        return false
    }

    /// The body scrolls, measures, moves focus, presents or dismisses, or posts a notification:
    /// work that needs the layout, data-source update or transition the current turn has not
    /// finished, or that should reach observers only once the current work is done.
    var needsLayoutOrPresentation: Bool {
        let words = ["scroll", "layout", "responder", "present", "dismiss", "segue", "focus", "poplast", "popview",
                     "pushview", "poptoroot", "selectrow", "selectitem", "becomekey", "makekey", "orderfront",
                     "sizethatfits", "sizetofit", "intrinsiccontentsize"]
        var postsNotification = (false, false)
        for token in body.tokens(viewMode: .sourceAccurate) {
            guard case .identifier(let name) = token.tokenKind else { continue }
            let lowered = name.lowercased()
            if words.contains(where: lowered.contains) { return true }
            if name == "NotificationCenter" { postsNotification.0 = true }
            if name == "post" { postsNotification.1 = true }
        }
        // Posting one turn later lets the current work finish before observers run.
        return postsNotification == (true, true)
    }

    /// A representable's coordinator: SwiftUI calls its delegate methods during a view update,
    /// and a hop is how it writes bindings after the update. A `Coordinator` nested in a type or
    /// an extension, or any type nested in (or in an extension of) a representable or a view.
    func isInRepresentableCoordinator(_ index: ProjectIndex) -> Bool {
        guard let group = call.nearest(where: { $0.is(ClassDeclSyntax.self) || $0.is(StructDeclSyntax.self) }),
              let name = TypeDeclaration(group)?.name else { return false }
        // `makeCoordinator()` returns a nested `Coordinator`; a top-level one is an app's
        // navigation coordinator, not this.
        var outer = group.parent
        while let node = outer {
            if let extensionDecl = node.as(ExtensionDeclSyntax.self) {
                let extended = extensionDecl.extendedType.trimmedText.split(separator: ".").map(String.init)
                return name == "Coordinator" || extended.contains { Self.isViewType($0, index: index) }
            }
            if let decl = node.asProtocol(DeclGroupSyntax.self), let outerName = TypeDeclaration(Syntax(node))?.name {
                let inherited = decl.inheritanceClause?.inheritedTypes.map { ProjectIndex.baseName($0.type) } ?? []
                if name == "Coordinator" || inherited.contains(where: Self.swiftUIViewProtocols.contains)
                    || Self.isViewType(outerName, index: index) { return true }
            }
            outer = node.parent
        }
        return false
    }

    private static func isViewType(_ name: String, index: ProjectIndex) -> Bool {
        name.hasSuffix("Representable") || index.type(named: name).map { $0.inherited.contains(where: swiftUIViewProtocols.contains) } == true
    }
}

extension TriviaPiece {
    /// The text of a comment piece, without its markers' meaning; "" for other pieces.
    var commentText: String {
        switch self {
        case .lineComment(let text), .blockComment(let text), .docLineComment(let text), .docBlockComment(let text): text
        default: ""
        }
    }
}
