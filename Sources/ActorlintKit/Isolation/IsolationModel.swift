import SwiftSyntax

/// Answers "where does this code run, and why?" for any node of one file. Built lazily per
/// file from the file's tree, its module's settings and the module's project index.
public final class IsolationModel: @unchecked Sendable {
    public let file: SourceFile
    public let module: ModuleSettings
    public let index: ProjectIndex

    public init(file: SourceFile, module: ModuleSettings, index: ProjectIndex) {
        self.file = file
        self.module = module
        self.index = index
    }

    /// The isolation of the innermost executable context containing `node`.
    public func isolation(at node: some SyntaxProtocol) -> IsolationResult {
        IsolationResult(.unknown("not yet implemented"), reasons: [])
    }
}
