import SwiftSyntax

/// Test code and test support: tests mirror on purpose the shapes some rules flag (awaits in a
/// fixed order, callback APIs kept as they are, loops nobody cancels), so those rules leave it alone.
enum TestCode {
    /// Whether `node` of `file` is test code: the file is a test source, or `node` belongs to a
    /// test double (`MockStore`, `StubClient`), in any file.
    static func contains(_ node: some SyntaxProtocol, in file: SourceFile) -> Bool {
        isTestSource(file) || node.nearest(where: { isTestDouble($0) }) != nil
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

    /// A type, or an extension of a type, named as a test double.
    private static func isTestDouble(_ node: Syntax) -> Bool {
        switch node.kind {
        case .classDecl, .structDecl, .enumDecl, .actorDecl, .protocolDecl, .extensionDecl:
            return node.asProtocol((any DeclGroupSyntax).self).map { isTestDoubleName($0.typeName) } ?? false
        default:
            return false
        }
    }
}
