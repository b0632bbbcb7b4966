import Foundation

/// How the pipeline reads a file: checked before it is read (no FIFO, device or huge file),
/// then checked before it is parsed (UTF-8, no NUL, no nesting the parser cannot take).
extension Linter {
    /// Reads and parses one file, or says precisely why it cannot.
    public func load(_ path: String) throws -> SourceFile {
        try parse(path, data: readChecked(path))
    }

    /// The bytes of a file (or its overlay), after checking it is a regular file of a size we
    /// parse.
    func readChecked(_ path: String) throws -> Data {
        if let text = overlay[path] { return Data(text.utf8) }
        // Look before reading: opening a FIFO blocks until a writer appears, a device may never
        // end, and a huge file need not be read just to be refused.
        var info = stat()
        guard stat(path, &info) == 0 else {
            let code = errno
            throw AnalysisFailure(path: path, reason: code == ELOOP ? "symbolic link loop"
                : code == ENOENT ? "no such file (a broken symbolic link?)" : "cannot read: \(String(cString: strerror(code)))")
        }
        switch info.st_mode & S_IFMT {
        case S_IFREG: break
        case S_IFDIR: throw AnalysisFailure(path: path, reason: "is a directory, not a Swift file")
        case S_IFIFO: throw AnalysisFailure(path: path, reason: "is a named pipe (FIFO), not a regular file")
        default: throw AnalysisFailure(path: path, reason: "is not a regular file (a device or socket)")
        }
        guard info.st_size <= maximumFileSize else { throw tooLarge(path, bytes: Int(info.st_size)) }
        let data = try Self.read(path, size: Int(info.st_size))
        // The file may have grown since `stat`.
        guard data.count <= maximumFileSize else { throw tooLarge(path, bytes: data.count) }
        return data
    }

    /// Parses bytes read by `readChecked`, or says precisely why they cannot be analysed.
    /// `text`: the bytes already decoded, when the caller needed them as text before.
    func parse(_ path: String, data: Data, text: String? = nil) throws -> SourceFile {
        guard let text = text ?? String(validatingUTF8Data: data) else {
            let offset = String.firstInvalidUTF8Offset(in: data) ?? 0
            throw AnalysisFailure(path: path, reason: "not valid UTF-8 (first bad byte at offset \(offset)); Swift sources must be UTF-8")
        }
        // NUL is valid UTF-8, so UTF-16 without a byte-order mark passes the check above and
        // would be "analysed" as garbage with no findings.
        if let offset = String.firstNULOffset(in: data) {
            throw AnalysisFailure(path: path, reason: "contains a NUL byte at offset \(offset): a binary or UTF-16 file? Swift sources must be UTF-8")
        }
        if let problem = NestingCheck.problem(in: text) {
            throw AnalysisFailure(path: path, reason: "not analysed: \(problem), which makes the Swift parser take exponential time")
        }
        let file = SourceFile(path: path, text: text)
        if let line = file.nestingOverflowLine {
            throw AnalysisFailure(path: path, reason: "not analysed: line \(line) nests deeper than the Swift parser's limit, which skips the rest of the enclosing code")
        }
        return file
    }

    private func tooLarge(_ path: String, bytes: Int) -> AnalysisFailure {
        let size = Double(bytes) / Double(1 << 20)
        return AnalysisFailure(path: path, reason: "file is \(String(format: "%.1f", size)) MiB, over the \(maximumFileSize >> 20) MiB limit (generated code?)")
    }

    /// Reads a file with POSIX calls: Foundation turns some read errors (EIO, for one) into
    /// "The operation could not be completed", which names no cause.
    static func read(_ path: String, size: Int = 0) throws -> Data {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else {
            throw AnalysisFailure(path: path, reason: "cannot read: \(String(cString: strerror(errno)).lowercased())")
        }
        defer { close(descriptor) }
        var data = Data()
        // One read for a file whose size is known; the buffer grows if it grew meanwhile.
        data.reserveCapacity(size + 1)
        var buffer = [UInt8](repeating: 0, count: max(1 << 16, size + 1))
        while true {
            let count = buffer.withUnsafeMutableBytes { systemRead(descriptor, $0.baseAddress, $0.count) }
            if count == 0 { return data }
            if count < 0 {
                if errno == EINTR { continue }
                throw AnalysisFailure(path: path, reason: "cannot read: \(String(cString: strerror(errno)).lowercased())")
            }
            data.append(contentsOf: buffer[0..<count])
        }
    }
}

#if canImport(Darwin)
private let systemRead = Darwin.read
#else
private let systemRead = Glibc.read
#endif

extension String {
    /// The standard library's validation (one pass, vectorized); the offset of the first bad
    /// byte is worked out only for the error message.
    init?(validatingUTF8Data data: Data) {
        guard let text = String(validating: data, as: UTF8.self) else { return nil }
        self = text
    }

    /// By `memchr`: `Data.firstIndex(of:)` checks exclusive access on every byte (4 % of a run
    /// with the package build).
    static func firstNULOffset(in data: Data) -> Int? {
        data.withUnsafeBytes { bytes in
            guard let base = bytes.baseAddress, let hit = memchr(base, 0, bytes.count) else { return nil }
            return UnsafeRawPointer(hit) - base
        }
    }

    static func firstInvalidUTF8Offset(in data: Data) -> Int? {
        var iterator = data.makeIterator()
        var decoder = UTF8()
        var consumed = 0
        while true {
            switch decoder.decode(&iterator) {
            case .scalarValue(let scalar):
                consumed += UTF8.width(scalar)
            case .emptyInput: return nil
            case .error: return consumed
            }
        }
    }
}
