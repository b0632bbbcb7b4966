/// The cache's encoding of what a project reader produced (`ProjectReadings`) and of
/// what it looked at on disk. Sets and dictionaries are written sorted, so equal values give
/// equal bytes.
extension ProjectContribution {
    func encode(to writer: inout ByteWriter) {
        writer.write(directory)
        writer.write(modules.count)
        for module in modules {
            module.settings.encode(to: &writer)
            writer.write(module.configurations) { writer, settings in settings.encode(to: &writer) }
        }
        for table in [roots, files] {
            writer.write(table) { writer, module in writer.write(module) }
        }
        writer.write(notes)
    }

    static func decode(from reader: inout ByteReader) throws(ByteReader.Damaged) -> ProjectContribution {
        var contribution = ProjectContribution(directory: try reader.readString())
        for _ in 0..<(try reader.readCount()) {
            let settings = try ModuleSettings.decode(from: &reader)
            var configurations: [String: ModuleSettings] = [:]
            for _ in 0..<(try reader.readCount()) {
                configurations[try reader.readString()] = try ModuleSettings.decode(from: &reader)
            }
            _ = contribution.add(settings, configurations: configurations)
        }
        func table() throws(ByteReader.Damaged) -> [String: Int] {
            var table: [String: Int] = [:]
            for _ in 0..<(try reader.readCount()) {
                let path = try reader.readString()
                let module = try reader.readInt()
                guard contribution.modules.indices.contains(module) else { throw ByteReader.Damaged() }
                table[path] = module
            }
            return table
        }
        contribution.roots = try table()
        contribution.files = try table()
        contribution.notes = try reader.readStrings()
        return contribution
    }
}

extension ModuleSettings {
    func encode(to writer: inout ByteWriter) {
        writer.write(name)
        writer.write(kind.rawValue)
        writer.write(languageMode)
        switch defaultIsolation {
        case .nonisolated: writer.write(0)
        case .mainActor: writer.write(1)
        case .unknown(let reason):
            writer.write(2)
            writer.write(reason)
        }
        writer.write(features.sorted())
        writer.write(optional: toolsVersion)
        writer.write(optional: compiler?.version)
        if let compiler {
            writer.write(compiler.certainty.rawValue)
            writer.write(compiler.evidence)
        }
        writer.write(optional: productType)
        writer.write(optional: extensionPoint)
        writer.write(origins) { writer, origin in
            writer.write(origin.path)
            writer.write(origin.line)
            writer.write(origin.text)
        }
        writer.write(provenance)
        writer.write(optional: strictConcurrency)
        writer.write(optional: configuration)
        writer.write(optional: projectPath)
    }

    static func decode(from reader: inout ByteReader) throws(ByteReader.Damaged) -> ModuleSettings {
        let name = try reader.readString()
        guard let kind = TargetKind(rawValue: try reader.readString()) else { throw ByteReader.Damaged() }
        let languageMode = try reader.readInt()
        let defaultIsolation: DefaultIsolation = switch try reader.readInt() {
        case 0: .nonisolated
        case 1: .mainActor
        case 2: .unknown(reason: try reader.readString())
        default: throw ByteReader.Damaged()
        }
        let features = Set(try reader.readStrings())
        let toolsVersion = try reader.readOptionalString()
        var compiler: CompilerVersion?
        if let version = try reader.readOptionalString() {
            guard let certainty = CompilerVersion.Certainty(rawValue: try reader.readString()) else { throw ByteReader.Damaged() }
            compiler = CompilerVersion(version: version, certainty: certainty, evidence: try reader.readString())
        }
        let productType = try reader.readOptionalString()
        let extensionPoint = try reader.readOptionalString()
        var origins: [String: SettingOrigin] = [:]
        for _ in 0..<(try reader.readCount()) {
            origins[try reader.readString()] = SettingOrigin(path: try reader.readString(), line: try reader.readInt(),
                                                             text: try reader.readString())
        }
        return ModuleSettings(name: name, kind: kind, languageMode: languageMode, defaultIsolation: defaultIsolation,
                              features: features, toolsVersion: toolsVersion, compiler: compiler, productType: productType,
                              extensionPoint: extensionPoint, origins: origins,
                              provenance: try reader.readString(), strictConcurrency: try reader.readOptionalString(),
                              configuration: try reader.readOptionalString(), projectPath: try reader.readOptionalString())
    }
}

extension ProjectInputs {
    static func encode(_ observations: [(path: String, observation: Observation)], to writer: inout ByteWriter) {
        writer.write(observations.count)
        for (path, observation) in observations {
            writer.write(path)
            switch observation {
            case .contents(let digest):
                writer.write(0)
                writer.write(digest != nil)
                if let digest { writer.write(digest) }
            case .kind(let kind):
                writer.write(1)
                writer.write(Int(kind.rawValue))
            }
        }
    }

    static func decodeObservations(from reader: inout ByteReader) throws(ByteReader.Damaged)
        -> [(path: String, observation: Observation)] {
        var observations: [(path: String, observation: Observation)] = []
        for _ in 0..<(try reader.readCount()) {
            let path = try reader.readString()
            switch try reader.readInt() {
            case 0: observations.append((path, .contents(try reader.readBool() ? try reader.readDigest() : nil)))
            case 1:
                guard let raw = UInt8(exactly: try reader.readInt()), let kind = Kind(rawValue: raw) else { throw ByteReader.Damaged() }
                observations.append((path, .kind(kind)))
            default: throw ByteReader.Damaged()
            }
        }
        return observations
    }
}
