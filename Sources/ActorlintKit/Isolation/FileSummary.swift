/// What the project index needs from one file: its type declarations, the global actors it
/// declares and the modules it imports. Small next to the syntax tree, so the pipeline keeps
/// these for every file of a module while it drops trees, and the cache stores them so an
/// unchanged file need not be parsed to index its module.
public struct FileSummary: Sendable, Hashable {
    /// In declaration order; each `path` is the file's path.
    public var types: [ProjectIndex.TypeInfo]
    public var globalActorNames: Set<String>
    public var imports: Set<String>

    public init(types: [ProjectIndex.TypeInfo] = [], globalActorNames: Set<String> = [], imports: Set<String> = []) {
        self.types = types
        self.globalActorNames = globalActorNames
        self.imports = imports
    }

    public init(_ file: SourceFile) {
        let collector = ProjectIndex.Collector(file: file)
        collector.walk(file.tree)
        self.init(types: collector.types, globalActorNames: collector.globalActorNames, imports: collector.imports)
    }

    /// Encodes everything but the paths (always the file's own; `decode` puts them back).
    /// Sets are written sorted, so equal summaries give equal bytes and equal digests.
    func encode(to writer: inout ByteWriter) {
        writer.write(types.count)
        for type in types {
            writer.write(type.kind.rawValue)
            writer.write(type.name)
            writer.write(type.attributes)
            writer.write(type.isNonisolated)
            writer.write(type.inherited)
            writer.write(type.requirements.sorted())
            writer.write(type.mainActorPropertyWrapper != nil)
            if let wrapper = type.mainActorPropertyWrapper { writer.write(wrapper) }
            writer.write(type.parent != nil)
            if let parent = type.parent {
                writer.write(parent.typeName)
                writer.write(parent.isExtension)
                writer.write(parent.attributes)
                writer.write(parent.isNonisolated)
            }
            writer.write(type.line)
        }
        writer.write(globalActorNames.sorted())
        writer.write(imports.sorted())
    }

    static func decode(from reader: inout ByteReader, path: String) throws(ByteReader.Damaged) -> FileSummary {
        let count = try reader.readCount()
        var types: [ProjectIndex.TypeInfo] = []
        types.reserveCapacity(count)
        for _ in 0..<count {
            guard let kind = ProjectIndex.TypeInfo.Kind(rawValue: try reader.readString()) else { throw ByteReader.Damaged() }
            let name = try reader.readString()
            let attributes = try reader.readStrings()
            let isNonisolated = try reader.readBool()
            let inherited = try reader.readStrings()
            let requirements = Set(try reader.readStrings())
            let wrapper = try reader.readBool() ? try reader.readString() : nil
            var parent: ProjectIndex.Parent?
            if try reader.readBool() {
                parent = ProjectIndex.Parent(typeName: try reader.readString(), isExtension: try reader.readBool(),
                                             attributes: try reader.readStrings(), isNonisolated: try reader.readBool())
            }
            let line = try reader.readInt()
            types.append(ProjectIndex.TypeInfo(kind: kind, name: name, attributes: attributes, isNonisolated: isNonisolated,
                                               inherited: inherited, requirements: requirements,
                                               mainActorPropertyWrapper: wrapper, parent: parent, path: path, line: line))
        }
        return FileSummary(types: types, globalActorNames: Set(try reader.readStrings()), imports: Set(try reader.readStrings()))
    }

    /// Identifies the summary's content, paths included (they appear in isolation reasons).
    func digest(path: String) -> Digest {
        var writer = ByteWriter()
        writer.write(path)
        encode(to: &writer)
        return writer.bytes.withUnsafeBytes { StableHasher.digest($0) }
    }
}
