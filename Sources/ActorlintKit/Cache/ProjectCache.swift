import Foundation

/// What earlier runs read from each project (a Package.swift or an `.xcodeproj`), so a warm run
/// neither parses manifests nor reads a large `project.pbxproj` again. An entry is trusted only
/// while every file its reader read has the same bytes and every path it asked about is still
/// missing, a file or a folder as it was (`ProjectInputs`); the build identity covers the reader.
///
/// The projects of a run are kept in one file, named after the set of projects: a checkout of
/// many packages has hundreds of manifests, and a file each made writing the cache cost more
/// than reading the projects.
extension ResultCache {
    static let projectMagic = Array("ACTORLINT-PROJECTS\n".utf8)

    /// The readings stored for exactly these projects (manifest or bundle paths), to take
    /// contributions from (`ProjectReadings.contribution`) and then `save`.
    func projectReadings(for paths: [String]) -> ProjectReadings {
        let key = paths.joined(separator: "\n")
        let file = directory + "/" + StableHasher.digest("projects:" + key).description + ".projects"
        let stored = FileManager.default.contents(atPath: file)
            .flatMap { data in data.withUnsafeBytes { try? decodeProjects($0, key: key) } }
        return ProjectReadings(file: file, key: key, stored: stored ?? [:])
    }

    /// Writes the readings back when any project was read afresh.
    func save(_ readings: ProjectReadings) {
        guard let entries = readings.entriesToSave() else { return }
        write(sealed(Self.projectMagic) { writer in
            writer.write(readings.key)
            writer.write(entries) { writer, entry in
                ProjectInputs.encode(entry.observations, to: &writer)
                entry.contribution.encode(to: &writer)
            }
        }, to: readings.file)
    }

    /// Stored readings by project path; throws when they are damaged, foreign or for another set.
    func decodeProjects(_ bytes: UnsafeRawBufferPointer, key: String) throws(ByteReader.Damaged) -> [String: ProjectReadings.Entry] {
        try unsealed(bytes, Self.projectMagic) { reader throws(ByteReader.Damaged) in
            guard try reader.readString() == key else { throw ByteReader.Damaged() }
            var entries: [String: ProjectReadings.Entry] = [:]
            for _ in 0..<(try reader.readCount()) {
                entries[try reader.readString()] = ProjectReadings.Entry(
                    observations: try ProjectInputs.decodeObservations(from: &reader),
                    contribution: try ProjectContribution.decode(from: &reader))
            }
            return entries
        }
    }
}

/// The cached readings of one run's projects; project readers running on several threads take
/// their contributions from it.
final class ProjectReadings: @unchecked Sendable {
    struct Entry {
        var observations: [(path: String, observation: ProjectInputs.Observation)]
        var contribution: ProjectContribution
    }

    let file: String
    let key: String
    private let stored: [String: Entry]
    private let lock = NSLock()
    private var current: [String: Entry] = [:]
    private var readAgain = false

    init(file: String, key: String, stored: [String: Entry]) {
        self.file = file
        self.key = key
        self.stored = stored
    }

    /// The contribution of the project at `path`: the stored one while its inputs hold, else
    /// what `read` produces from a fresh `ProjectInputs`.
    func contribution(ofProject path: String, read: (ProjectInputs) -> ProjectContribution) -> ProjectContribution {
        if let entry = stored[path], ProjectInputs.stillHold(entry.observations) {
            lock.withLock { current[path] = entry }
            return entry.contribution
        }
        let inputs = ProjectInputs()
        let contribution = read(inputs)
        lock.withLock {
            current[path] = Entry(observations: inputs.observations, contribution: contribution)
            readAgain = true
        }
        return contribution
    }

    /// What to write back, or nil when every project came from the cache.
    func entriesToSave() -> [String: Entry]? {
        lock.withLock { readAgain ? current : nil }
    }
}
