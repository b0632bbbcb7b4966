/// The cache's encoding of a `FileSummary`. Paths are not written: every path in a summary is
/// the file's own, and `decode` puts it back. Sets and dictionaries are written sorted, so equal
/// summaries give equal bytes and equal digests.
extension FileSummary {
    func encode(to writer: inout ByteWriter, includingUses: Bool = true) {
        writer.write(types.count)
        for type in types { Self.encode(type, to: &writer) }
        writer.write(globalActorNames.sorted())
        writer.write(imports.sorted())
        writer.write(offMainUses) { writer, use in
            writer.write(use.line)
            writer.write(use.context)
        }
        writer.write(closureParameters) { writer, parameters in
            writer.write(parameters.count)
            for parameter in parameters { Self.encode(parameter, to: &writer) }
        }
        writer.write(closureProperties) { writer, property in Self.encode(property, to: &writer) }
        if includingUses { writer.write(typeUses) { writer, uses in Self.encode(uses: uses, to: &writer) } }
        writer.write(cancellation.awaits) { writer, callees in writer.write(callees.sorted()) }
        writer.write(cancellation.roots) { writer, root in
            writer.write(root.source)
            writer.write(root.line)
        }
        writer.write(functions.count)
        for function in functions { function.encode(to: &writer) }
        writer.write(cancellation.letsOut) { writer, references in writer.write(references.sorted()) }
        writer.write(cancellation.propertyTypes) { writer, type in writer.write(type) }
        writer.write(cancellation.implementations) { writer, keys in writer.write(keys.sorted()) }
        writer.write(resumeHelpers.once.sorted())
        writer.write(resumeHelpers.repeating.sorted())
        writer.write(lastingFailures.sorted())
    }

    static func encode(uses: [ProjectIndex.TypeUse], to writer: inout ByteWriter) {
        writer.write(uses.count)
        for use in uses {
            writer.write(use.owner ?? "")
            writer.write(use.declared ?? "")
            writer.write(Int(use.closure.rawValue))
            writer.write(use.observed)
        }
    }

    /// The same summary with `path` in place of the path it was made under (a cache entry keeps
    /// the path `check` reported; `explain` names files by absolute path).
    func relocated(to path: String) -> FileSummary {
        var writer = ByteWriter()
        encode(to: &writer)
        return writer.bytes.withUnsafeBytes { bytes in
            var reader = ByteReader(bytes)
            do {
                return try Self.decode(from: &reader, path: path)
            } catch {
                // What `encode` just wrote always decodes; kept as is (its paths only) if not.
                assertionFailure("a summary's encoding did not decode")
                return self
            }
        }
    }

    static func decode(from reader: inout ByteReader, path: String) throws(ByteReader.Damaged) -> FileSummary {
        var summary = FileSummary()
        let typeCount = try reader.readCount()
        summary.types.reserveCapacity(typeCount)
        for _ in 0..<typeCount { summary.types.append(try decodeType(from: &reader, path: path)) }
        summary.globalActorNames = Set(try reader.readStrings())
        summary.imports = Set(try reader.readStrings())
        for _ in 0..<(try reader.readCount()) {
            summary.offMainUses[try reader.readString()] = ProjectIndex.OffMainUse(
                path: path, line: try reader.readInt(), context: try reader.readString())
        }
        for _ in 0..<(try reader.readCount()) {
            let name = try reader.readString()
            var parameters: [ProjectIndex.ClosureParameter] = []
            for _ in 0..<(try reader.readCount()) { parameters.append(try decodeParameter(from: &reader)) }
            summary.closureParameters[name] = parameters
        }
        for _ in 0..<(try reader.readCount()) {
            summary.closureProperties[try reader.readString()] = try decodeParameter(from: &reader)
        }
        for _ in 0..<(try reader.readCount()) {
            let name = try reader.readString()
            var uses: [ProjectIndex.TypeUse] = []
            for _ in 0..<(try reader.readCount()) {
                let owner = try reader.readString()
                let declared = try reader.readString()
                guard let closure = ProjectIndex.TypeUse.Closure(rawValue: UInt8(clamping: try reader.readInt())) else {
                    throw ByteReader.Damaged()
                }
                uses.append(ProjectIndex.TypeUse(owner: owner.isEmpty ? nil : owner, declared: declared.isEmpty ? nil : declared,
                                                 closure: closure, observed: try reader.readBool()))
            }
            summary.typeUses[name] = uses
        }
        for _ in 0..<(try reader.readCount()) {
            summary.cancellation.awaits[try reader.readString()] = Set(try reader.readStrings())
        }
        for _ in 0..<(try reader.readCount()) {
            summary.cancellation.roots[try reader.readString()] = CancellationReach.Root(
                source: try reader.readString(), path: path, line: try reader.readInt())
        }
        let functionCount = try reader.readCount()
        summary.functions.reserveCapacity(functionCount)
        for _ in 0..<functionCount { summary.functions.append(try FunctionSummary.decode(from: &reader, path: path)) }
        for _ in 0..<(try reader.readCount()) {
            summary.cancellation.letsOut[try reader.readString()] = Set(try reader.readStrings())
        }
        for _ in 0..<(try reader.readCount()) {
            summary.cancellation.propertyTypes[try reader.readString()] = try reader.readString()
        }
        for _ in 0..<(try reader.readCount()) {
            summary.cancellation.implementations[try reader.readString()] = Set(try reader.readStrings())
        }
        summary.resumeHelpers = ResumeHelpers(once: Set(try reader.readStrings()), repeating: Set(try reader.readStrings()))
        summary.lastingFailures = Set(try reader.readStrings())
        return summary
    }

    private static func encode(_ type: ProjectIndex.TypeInfo, to writer: inout ByteWriter) {
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

    private static func decodeType(from reader: inout ByteReader, path: String) throws(ByteReader.Damaged) -> ProjectIndex.TypeInfo {
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
        return ProjectIndex.TypeInfo(kind: kind, name: name, attributes: attributes, isNonisolated: isNonisolated,
                                     inherited: inherited, requirements: requirements, mainActorPropertyWrapper: wrapper,
                                     parent: parent, path: path, line: try reader.readInt())
    }

    private static func encode(_ parameter: ProjectIndex.ClosureParameter, to writer: inout ByteWriter) {
        writer.write(parameter.label != nil)
        if let label = parameter.label { writer.write(label) }
        writer.write(parameter.behaviour.rawValue)
        writer.write(parameter.note)
        writer.write(parameter.isEscaping)
        writer.write(parameter.use.rawValue)
    }

    private static func decodeParameter(from reader: inout ByteReader) throws(ByteReader.Damaged) -> ProjectIndex.ClosureParameter {
        let label = try reader.readBool() ? try reader.readString() : nil
        guard let behaviour = Catalogue.ClosureBehaviour(rawValue: try reader.readString()) else { throw ByteReader.Damaged() }
        return ProjectIndex.ClosureParameter(label: label, behaviour: behaviour, note: try reader.readString(),
                                             isEscaping: try reader.readBool(), use: try ClosureUse(rawValue: reader.readString()) ?? .kept)
    }
}
