import Foundation

/// The layout of a module's cache file: sealed with the format and build, entries sorted by path.
extension ResultCache {
    /// `magic`, the format version and this build's identity, then what `body` writes, then a
    /// checksum of all of it.
    func sealed(_ magic: [UInt8], _ body: (inout ByteWriter) -> Void) -> [UInt8] {
        var writer = ByteWriter()
        writer.append(magic)
        writer.write(Self.formatVersion)
        writer.write(identity)
        body(&writer)
        let checksum = writer.bytes.withUnsafeBytes { StableHasher.digest($0) }
        writer.write(checksum)
        return writer.bytes
    }

    /// What `body` reads from bytes `sealed` wrote with the same magic, format and build; throws
    /// when the bytes are damaged, foreign or not read to the end.
    func unsealed<T>(_ bytes: UnsafeRawBufferPointer, _ magic: [UInt8],
                     _ body: (inout ByteReader) throws(ByteReader.Damaged) -> T) throws(ByteReader.Damaged) -> T {
        guard bytes.count >= magic.count + 16, bytes.prefix(magic.count).elementsEqual(magic) else { throw ByteReader.Damaged() }
        let payload = UnsafeRawBufferPointer(rebasing: bytes[..<(bytes.count - 16)])
        var trailer = ByteReader(bytes, offset: bytes.count - 16)
        guard try trailer.readDigest() == StableHasher.digest(payload) else { throw ByteReader.Damaged() }
        var reader = ByteReader(payload, offset: magic.count)
        guard try reader.readInt() == Self.formatVersion, try reader.readDigest() == identity else { throw ByteReader.Damaged() }
        let value = try body(&reader)
        guard reader.isAtEnd else { throw ByteReader.Damaged() }
        return value
    }

    func encode(_ entries: [String: Entry]) -> [UInt8] {
        sealed(Self.magic) { writer in encode(entries, to: &writer) }
    }

    private func encode(_ entries: [String: Entry], to writer: inout ByteWriter) {
        writer.write(entries.count)
        for (path, entry) in entries.sorted(by: { $0.key < $1.key }) {
            writer.write(path)
            writer.write(entry.reportedPath)
            writer.write(entry.content)
            writer.write(entry.stamp != nil)
            entry.stamp?.encode(to: &writer)
            entry.summary.encode(to: &writer)
            writer.write(entry.summaryDigest)
            writer.write(entry.lineCount)
            writer.write(entry.variants.count)
            for variant in entry.variants {
                writer.write(variant.key)
                writer.write(variant.findings.count)
                for finding in variant.findings { Self.encode(finding, to: &writer) }
                writer.write(variant.lines.count)
                for (line, text) in variant.lines.sorted(by: { $0.key < $1.key }) {
                    writer.write(line)
                    writer.write(text)
                }
                writer.write(variant.reachAnswers.count)
                for (name, reason) in variant.reachAnswers.sorted(by: { $0.key < $1.key }) {
                    writer.write(name)
                    writer.write(reason)
                }
            }
        }
    }

    private static func encode(_ finding: Finding, to writer: inout ByteWriter) {
        writer.write(finding.ruleID)
        writer.write(finding.severity.rawValue)
        writer.write(finding.message)
        for position in [finding.range.start, finding.range.end] {
            writer.write(position.line)
            writer.write(position.column)
            writer.write(position.offset)
        }
        writer.write(finding.fix != nil)
        if let fix = finding.fix {
            writer.write(fix.title)
            writer.write(fix.safety.rawValue)
            writer.write(fix.edits.count)
            for edit in fix.edits {
                writer.write(edit.start)
                writer.write(edit.end)
                writer.write(edit.replacement)
            }
        }
    }

    /// The entries of a cache file, or nil when it is missing, damaged or from another build.
    func read(_ file: String) -> [String: Entry]? {
        guard let data = FileManager.default.contents(atPath: file) else { return nil }
        return data.withUnsafeBytes { bytes -> [String: Entry]? in
            try? decode(bytes)
        }
    }

    func decode(_ bytes: UnsafeRawBufferPointer) throws(ByteReader.Damaged) -> [String: Entry] {
        try unsealed(bytes, Self.magic) { reader throws(ByteReader.Damaged) in try Self.decodeEntries(from: &reader) }
    }

    private static func decodeEntries(from reader: inout ByteReader) throws(ByteReader.Damaged) -> [String: Entry] {
        let count = try reader.readCount()
        var entries: [String: Entry] = [:]
        entries.reserveCapacity(count)
        for _ in 0..<count {
            let path = try reader.readString()
            let reportedPath = try reader.readString()
            let content = try reader.readDigest()
            let stamp = try reader.readBool() ? try FileStamp.decode(from: &reader) : nil
            let summary = try FileSummary.decode(from: &reader, path: reportedPath)
            let summaryDigest = try reader.readDigest()
            let lineCount = try reader.readInt()
            let variantCount = try reader.readCount()
            var variants: [Variant] = []
            for _ in 0..<variantCount {
                let key = try reader.readDigest()
                let findingCount = try reader.readCount()
                var findings: [Finding] = []
                findings.reserveCapacity(findingCount)
                for _ in 0..<findingCount { findings.append(try Self.decodeFinding(from: &reader, path: reportedPath)) }
                let lineCount = try reader.readCount()
                var lines: [Int: String] = [:]
                for _ in 0..<lineCount {
                    let line = try reader.readInt()
                    lines[line] = try reader.readString()
                }
                var reachAnswers: [String: String] = [:]
                for _ in 0..<(try reader.readCount()) {
                    let name = try reader.readString()
                    reachAnswers[name] = try reader.readString()
                }
                variants.append(Variant(key: key, findings: findings, lines: lines, reachAnswers: reachAnswers))
            }
            entries[path] = Entry(reportedPath: reportedPath, content: content, stamp: stamp, summary: summary,
                                  summaryDigest: summaryDigest, lineCount: lineCount, variants: variants)
        }
        return entries
    }

    private static func decodeFinding(from reader: inout ByteReader, path: String) throws(ByteReader.Damaged) -> Finding {
        let ruleID = try reader.readString()
        guard let severity = Severity(rawValue: try reader.readString()) else { throw ByteReader.Damaged() }
        let message = try reader.readString()
        var positions: [SourcePosition] = []
        for _ in 0..<2 {
            positions.append(SourcePosition(line: try reader.readInt(), column: try reader.readInt(), offset: try reader.readInt()))
        }
        var fix: Fix?
        if try reader.readBool() {
            let title = try reader.readString()
            guard let safety = FixSafety(rawValue: try reader.readString()) else { throw ByteReader.Damaged() }
            let editCount = try reader.readCount()
            var edits: [TextEdit] = []
            for _ in 0..<editCount {
                edits.append(TextEdit(start: try reader.readInt(), end: try reader.readInt(), replacement: try reader.readString()))
            }
            fix = Fix(title: title, safety: safety, edits: edits)
        }
        return Finding(ruleID: ruleID, severity: severity, message: message, path: path,
                       range: SourceRange(start: positions[0], end: positions[1]), fix: fix)
    }
}
