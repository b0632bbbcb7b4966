import SwiftSyntax

/// Test code and test support: tests mirror on purpose the shapes some rules flag (awaits in a
/// fixed order, callback APIs kept as they are, loops nobody cancels), so those rules leave it alone.
enum TestCode {
    /// Whether `node` of `file` is test code: the file is a test source, or `node` belongs, in
    /// any file, to a test (an `XCTestCase`, a `@Test` function, a `@Suite`) or a test double
    /// (`MockStore`, `StubClient`).
    static func contains(_ node: some SyntaxProtocol, in file: SourceFile) -> Bool {
        isTestSource(file) || node.nearest(orSelf: true, where: { isTestDeclaration($0) }) != nil
    }

    /// A file under a `…Tests`/`…Test`/`…Mocks`/`TestDoubles`… directory, named
    /// `…Tests.swift`/`…Mock.swift`/`…Stub.swift`…, or importing XCTest or Swift Testing (every
    /// XCTest case and `@Test` function is in such a file). Asked once per file.
    static func isTestSource(_ file: SourceFile) -> Bool {
        file.memo("TestCode.isTestSource") {
            let components = file.path.split(separator: "/").map(String.init)
            let directories = components.dropLast()
            if directories.contains(where: { directory in
                directory.hasSuffix("Tests") || directory.hasSuffix("Test") || directory.hasSuffix("Mocks")
                    || ["TestDoubles", "TestSupport", "TestHelpers", "Mock", "Fixtures"].contains(directory)
            }) { return true }
            let fileName = components.last.map { $0.replacingOccurrences(of: ".swift", with: "") } ?? ""
            if ["Tests", "Test", "Mock", "Mocks", "Stub", "Stubs", "Fake", "Fakes"].contains(where: { fileName.hasSuffix($0) }) {
                return true
            }
            return file.tree.statements.contains { item in
                guard let importDecl = item.item.as(ImportDeclSyntax.self) else { return false }
                return ["XCTest", "Testing"].contains(importDecl.path.first?.name.text ?? "")
            }
        }
    }

    /// `MockStore`, `StoreMock`, `StubClient`, `FakeClock`, `SpyDelegate`, `ServiceStubs`: the
    /// word starts or ends the name as a word of its own, so `Spyglass` and `Mockingbird` are not.
    static func isTestDoubleName(_ name: String) -> Bool {
        ["Mock", "Stub", "Fake", "Spy", "Dummy"].contains { word in
            guard name.hasPrefix(word) else { return name.hasSuffix(word) || name.hasSuffix(word + "s") }
            let rest = name.dropFirst(word.count)
            return rest.isEmpty || rest == "s" || rest.first?.isUppercase == true
        }
    }

    /// A test double (a type, or an extension of one, named as such), an `XCTestCase` subclass,
    /// a `@Suite` or a `@Test` function.
    private static func isTestDeclaration(_ node: Syntax) -> Bool {
        switch node.kind {
        case .classDecl, .structDecl, .enumDecl, .actorDecl, .protocolDecl, .extensionDecl:
            guard let group = node.asProtocol((any DeclGroupSyntax).self) else { return false }
            return isTestDoubleName(group.typeName) || names(group.attributes).contains("Suite")
                || group.inheritanceClause?.inheritedTypes.contains { $0.type.trimmedText.hasSuffix("XCTestCase") } == true
        case .functionDecl:
            return node.as(FunctionDeclSyntax.self).map { names($0.attributes).contains("Test") } ?? false
        default:
            return false
        }
    }

    private static func names(_ attributes: AttributeListSyntax) -> [String] {
        attributes.compactMap { $0.as(AttributeSyntax.self)?.attributeName.trimmedText }
    }
}
