/// The cache's encoding of a `FunctionSummary` (inside its file's `FileSummary`); the path is
/// the file's and is not written.
extension FunctionSummary {
    func encode(to writer: inout ByteWriter) {
        writer.write(name)
        writer.write(parameters.map(\.label))
        writer.write(parameters.map { $0.hasDefault ? "1" : "0" }.joined())
        writer.write(optional: owner)
        writer.write(attributes)
        writer.write(Int(flags.rawValue))
        writer.write(optional: returns)
        writer.write(leaf != nil)
        if let leaf {
            writer.write(leaf.kind.rawValue)
            writer.write(leaf.text)
            writer.write(leaf.object != nil)
            if let object = leaf.object { Self.encode(object, to: &writer) }
        }
        for list in [waits, calls] {
            writer.write(list.count)
            for call in list {
                writer.write(call.name)
                writer.write(call.labels)
                Self.encode(call.receiver, to: &writer)
            }
        }
        writer.write(httpMethods.sorted())
        writer.write(writes.sorted())
        writer.write(reads.sorted())
    }

    static func decode(from reader: inout ByteReader, path: String) throws(ByteReader.Damaged) -> FunctionSummary {
        let name = try reader.readString()
        let labels = try reader.readStrings()
        let defaults = try reader.readString()
        guard defaults.count == labels.count else { throw ByteReader.Damaged() }
        let parameters = zip(labels, defaults).map { (label: $0, hasDefault: $1 == "1") }
        let owner = try reader.readOptionalString()
        let attributes = try reader.readStrings()
        let flags = Flags(rawValue: UInt16(truncatingIfNeeded: try reader.readInt()))
        let returns = try reader.readOptionalString()
        var leaf: Leaf?
        if try reader.readBool() {
            guard let kind = Leaf.Kind(rawValue: try reader.readString()) else { throw ByteReader.Damaged() }
            let text = try reader.readString()
            let object = try reader.readBool() ? try decodeReceiver(from: &reader) : nil
            leaf = Leaf(kind: kind, text: text, object: object)
        }
        var lists: [[Call]] = []
        for _ in 0..<2 {
            var list: [Call] = []
            for _ in 0..<(try reader.readCount()) {
                list.append(Call(name: try reader.readString(), labels: try reader.readStrings(),
                                 receiver: try decodeReceiver(from: &reader)))
            }
            lists.append(list)
        }
        return FunctionSummary(name: name, parameters: parameters, owner: owner, attributes: attributes, flags: flags,
                               returns: returns, leaf: leaf, waits: lists[0], calls: lists[1], httpMethods: Set(try reader.readStrings()),
                               writes: Set(try reader.readStrings()), reads: Set(try reader.readStrings()), path: path)
    }

    private static func encode(_ receiver: Call.Receiver, to writer: inout ByteWriter) {
        switch receiver {
        case .this: writer.write("t"); writer.write(optional: nil)
        case .type(let name): writer.write("T"); writer.write(optional: name)
        case .state(let name): writer.write("s"); writer.write(optional: name)
        case .local(let type): writer.write("l"); writer.write(optional: type)
        }
    }

    private static func decodeReceiver(from reader: inout ByteReader) throws(ByteReader.Damaged) -> Call.Receiver {
        let tag = try reader.readString()
        let value = try reader.readOptionalString()
        switch tag {
        case "t": return .this
        case "T": guard let value else { throw ByteReader.Damaged() }; return .type(value)
        case "s": guard let value else { throw ByteReader.Damaged() }; return .state(value)
        case "l": return .local(value)
        default: throw ByteReader.Damaged()
        }
    }
}
