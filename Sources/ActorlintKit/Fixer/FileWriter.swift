import Foundation

/// Writes a file atomically (temp file in the same folder, then rename), keeping its permissions.
public enum FileWriter {
    public static func write(_ text: String, to path: String) throws {
        // Write through a symbolic link: renaming onto the link itself would replace the link
        // with a regular file and leave its target unfixed.
        let url = URL(fileURLWithPath: path).resolvingSymlinksInPath()
        let attributes = try FileManager.default.attributesOfItem(atPath: url.path)
        let temporary = url.deletingLastPathComponent()
            .appendingPathComponent(".\(url.lastPathComponent).actorlint-\(UUID().uuidString)")
        do {
            try Data(text.utf8).write(to: temporary, options: .withoutOverwriting)
            if let permissions = attributes[.posixPermissions] {
                try FileManager.default.setAttributes([.posixPermissions: permissions], ofItemAtPath: temporary.path)
            }
            guard rename(temporary.path, url.path) == 0 else {
                throw AnalysisFailure(path: path, reason: "cannot replace file: \(String(cString: strerror(errno)))")
            }
        } catch {
            try? FileManager.default.removeItem(at: temporary)
            throw error
        }
    }
}
