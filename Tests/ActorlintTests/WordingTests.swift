import Foundation
import Testing

/// What ships speaks to users: no reference to documents they do not have (the project's
/// internal specification or source articles) in the sources, the docs or any message.
@Suite struct WordingTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()
    /// "seed 001", "the seed's", "SPEC §1", "SPEC.md", sandbox wording.
    static let privateReference = try! NSRegularExpression(
        pattern: #"(?i:\bseeds? 0\d\d|\bthe seed\b|\bseed's|\bsandbox)|\bSPEC( §|\.md|\b)"#)

    static func shippedFiles() -> [URL] {
        var files: [URL] = []
        for folder in ["Sources", "docs"] {
            let enumerator = FileManager.default.enumerator(at: root.appendingPathComponent(folder), includingPropertiesForKeys: nil)
            while let url = enumerator?.nextObject() as? URL {
                if ["swift", "md"].contains(url.pathExtension) { files.append(url) }
            }
        }
        return files + ["README.md", "CONTRIBUTING.md", "ARCHITECTURE.md", "Tests/ActorlintTests/Golden/examples.txt"]
            .map { root.appendingPathComponent($0) }
    }

    @Test func noInternalReferences() throws {
        let files = Self.shippedFiles()
        #expect(files.count > 100, "the walk found too few files: \(files.count)")
        for file in files {
            let text = try String(contentsOf: file, encoding: .utf8)
            for match in Self.privateReference.matches(in: text, range: NSRange(text.startIndex..., in: text)) {
                let line = text[..<Range(match.range, in: text)!.lowerBound].filter { $0 == "\n" }.count + 1
                Issue.record("\(file.path):\(line): '\((text as NSString).substring(with: match.range))' cites a document users do not have")
            }
        }
    }

    @Test func theCheckCatchesACitation() {
        let sample = "works off the main actor (seed 000, pitfall 5)."
        #expect(Self.privateReference.firstMatch(in: sample, range: NSRange(sample.startIndex..., in: sample)) != nil)
        let fine = "a random seed for the generator; let spec = path; SE-0466"
        #expect(Self.privateReference.firstMatch(in: fine, range: NSRange(fine.startIndex..., in: fine)) == nil)
    }
}
