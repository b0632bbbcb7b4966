/// What actorlint knows about the declarations of one module, across all its files.
public final class ProjectIndex: @unchecked Sendable {
    public init(files: [SourceFile] = []) {}
    public static let empty = ProjectIndex()
}
