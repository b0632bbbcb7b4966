import Foundation

/// What earlier runs read from each project (a Package.swift or an `.xcodeproj`), so a warm run
/// neither parses manifests nor reads a large `project.pbxproj` again. An entry is trusted only
/// while every file its reader read has the same bytes and every path it asked about is still
/// missing, a file or a folder as it was (`ProjectInputs`); the build identity covers the reader.
extension ResultCache {
    static let projectMagic = Array("ACTORLINT-PROJECT\n".utf8)

    /// The contribution of the project at `path` (manifest or bundle): the cached one while its
    /// inputs hold, else what `read` produces from a fresh `ProjectInputs`, which is then stored.
    func contribution(ofProject path: String, read: (ProjectInputs) -> ProjectContribution) -> ProjectContribution {
        let file = directory + "/" + StableHasher.digest("project:" + path).description + ".project"
        if let data = FileManager.default.contents(atPath: file),
           let entry = data.withUnsafeBytes({ try? decodeProject($0, path: path) }),
           ProjectInputs.stillHold(entry.observations) {
            return entry.contribution
        }
        let inputs = ProjectInputs()
        let contribution = read(inputs)
        write(sealed(Self.projectMagic) { writer in
            writer.write(path)
            ProjectInputs.encode(inputs.observations, to: &writer)
            contribution.encode(to: &writer)
        }, to: file)
        return contribution
    }

    /// A stored project entry; throws when it is damaged, foreign or about another path.
    func decodeProject(_ bytes: UnsafeRawBufferPointer, path: String) throws(ByteReader.Damaged)
        -> (observations: [(path: String, observation: ProjectInputs.Observation)], contribution: ProjectContribution) {
        try unsealed(bytes, Self.projectMagic) { reader throws(ByteReader.Damaged) in
            guard try reader.readString() == path else { throw ByteReader.Damaged() }
            return (try ProjectInputs.decodeObservations(from: &reader), try ProjectContribution.decode(from: &reader))
        }
    }
}
