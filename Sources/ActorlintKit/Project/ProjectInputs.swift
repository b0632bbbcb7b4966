import Foundation

/// Everything a project reader learned from the disk: the files it read (by content digest) and
/// the paths it only asked about (missing, file or folder). A reader reads the disk only through
/// this, so what it produced can be cached and trusted again while every observation still holds.
final class ProjectInputs {
    typealias Kind = DirectoryListing.Kind

    enum Observation: Equatable {
        /// The digest of the file's bytes; nil when it could not be read.
        case contents(Digest?)
        case kind(Kind)
    }

    private(set) var observations: [(path: String, observation: Observation)] = []
    /// Contents read instead of the disk's, by absolute path: an edit checked before it is written.
    private let overlay: [String: Data]

    init(overlay: [String: Data] = [:]) {
        self.overlay = overlay
    }

    /// The bytes of `path`, or nil when it cannot be read.
    func contents(atPath path: String) -> Data? {
        let data = overlay[path] ?? FileManager.default.contents(atPath: path)
        observations.append((path, .contents(data.map(Self.digest(of:)))))
        return data
    }

    /// What is at `path`, following symbolic links as `FileManager.fileExists` does.
    func kind(atPath path: String) -> Kind {
        let kind = overlay[path] != nil ? .file : DirectoryListing.kind(atPath: path)
        observations.append((path, .kind(kind)))
        return kind
    }

    func fileExists(atPath path: String) -> Bool { kind(atPath: path) != .missing }

    /// Whether the disk still gives every answer in `observations`.
    static func stillHold(_ observations: [(path: String, observation: Observation)]) -> Bool {
        observations.allSatisfy { path, observation in
            switch observation {
            case .contents(let digest): FileManager.default.contents(atPath: path).map(digest(of:)) == digest
            case .kind(let kind): DirectoryListing.kind(atPath: path) == kind
            }
        }
    }

    private static func digest(of data: Data) -> Digest {
        data.withUnsafeBytes { StableHasher.digest($0) }
    }
}
