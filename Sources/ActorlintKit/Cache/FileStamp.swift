import Foundation

/// What `stat` says of a file, so a warm run can know it unchanged without reading and hashing
/// it (git's index does the same). The change time is part of it: a tool that restores a file's
/// modification time after writing it cannot restore that.
struct FileStamp: Equatable {
    var size: Int
    var device: Int
    var inode: Int
    var modified: (seconds: Int, nanoseconds: Int)
    var changed: (seconds: Int, nanoseconds: Int)

    /// The stamp of the regular file at `path` (links followed); nil for anything else.
    init?(regularFileAt path: String) {
        var info = stat()
        guard stat(path, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return nil }
        self.init(info)
    }

    init(size: Int, device: Int, inode: Int, modified: (seconds: Int, nanoseconds: Int), changed: (seconds: Int, nanoseconds: Int)) {
        self.size = size
        self.device = device
        self.inode = inode
        self.modified = modified
        self.changed = changed
    }

    init(_ info: stat) {
        size = Int(info.st_size)
        device = Int(truncatingIfNeeded: info.st_dev)
        inode = Int(truncatingIfNeeded: info.st_ino)
        #if canImport(Darwin)
        modified = (Int(info.st_mtimespec.tv_sec), Int(info.st_mtimespec.tv_nsec))
        changed = (Int(info.st_ctimespec.tv_sec), Int(info.st_ctimespec.tv_nsec))
        #else
        modified = (Int(info.st_mtim.tv_sec), Int(info.st_mtim.tv_nsec))
        changed = (Int(info.st_ctim.tv_sec), Int(info.st_ctim.tv_nsec))
        #endif
    }

    static func == (left: FileStamp, right: FileStamp) -> Bool {
        left.size == right.size && left.device == right.device && left.inode == right.inode
            && left.modified == right.modified && left.changed == right.changed
    }

    /// Whether the file last changed at least `interval` seconds before now. Only such a stamp
    /// is recorded: file times tick coarsely (milliseconds), so a file written again right after
    /// it was read could keep the stamp of the content the cache holds ("racily clean" in git).
    func isSettled(interval: Double) -> Bool {
        var now = timespec()
        clock_gettime(CLOCK_REALTIME, &now)
        let age = Double(Int(now.tv_sec) - changed.seconds) + Double(Int(now.tv_nsec) - changed.nanoseconds) / 1e9
        return age > interval
    }

    func encode(to writer: inout ByteWriter) {
        for value in [size, device, inode, modified.seconds, modified.nanoseconds, changed.seconds, changed.nanoseconds] {
            writer.write(value)
        }
    }

    static func decode(from reader: inout ByteReader) throws(ByteReader.Damaged) -> FileStamp {
        FileStamp(size: try reader.readInt(), device: try reader.readInt(), inode: try reader.readInt(),
                  modified: (try reader.readInt(), try reader.readInt()), changed: (try reader.readInt(), try reader.readInt()))
    }
}
