import ActorlintKit
import Testing

/// The registry test: every rule's own examples are its specification.
@Suite struct RuleExamplesTests {
    static let ids = RuleRegistry.descriptions.map(\.id)

    static func description(_ id: String) -> RuleDescription {
        RuleRegistry.descriptions.first { $0.id == id }!
    }

    /// Where an example with other files is placed: a directory that does not exist, so that
    /// nothing on disk (this package's own Sources/) is mistaken for part of it.
    static let exampleRoot = "/actorlint-example"

    /// The file, a linter for one rule, and the module indexes of an example. With other files
    /// the example is a small package: its manifest gives the project model and the other files
    /// the indexes, as a run over that package's directory would.
    static func setUp(_ code: String, rule id: String, fileName: String, otherFiles: [(path: String, text: String)])
        -> (file: SourceFile, linter: Linter, indexes: [String: ProjectIndex]) {
        guard !otherFiles.isEmpty else { return (SourceFile(path: fileName, text: code), Linter(ruleIDs: [id]), [:]) }
        let file = SourceFile(path: exampleRoot + "/" + fileName, text: code)
        let project = ProjectLoader.load(manifest: file, path: file.path)
        let sources = otherFiles.map { SourceFile(path: exampleRoot + "/" + $0.path, text: $0.text) }
        let byModule = Dictionary(grouping: sources) { project.settings(forAbsolutePath: $0.path).key }
        return (file, Linter(project: project, ruleIDs: [id]), byModule.mapValues { ProjectIndex(files: $0) })
    }

    static func findings(_ code: String, rule id: String, settings: ModuleSettings, fileName: String,
                         otherFiles: [(path: String, text: String)] = []) -> [Finding] {
        let (file, linter, indexes) = setUp(code, rule: id, fileName: fileName, otherFiles: otherFiles)
        return linter.findings(in: file, module: settings, indexes: indexes).filter { $0.ruleID == id }
    }

    @Test(arguments: ids) func triggeringExamplesReportAtTheMarkers(id: String) {
        let rule = Self.description(id)
        #expect(!rule.triggering.isEmpty, "\(id) has no triggering example")
        for example in rule.triggering {
            let (code, offsets) = example.markedOffsets
            #expect(!offsets.isEmpty, "\(id): a triggering example has no ↓ marker:\n\(example.code)")
            let found = Self.findings(code, rule: id, settings: example.settings, fileName: example.fileName,
                                      otherFiles: example.otherFiles)
            #expect(found.map(\.range.start.offset) == offsets, "\(id): expected findings at the markers in:\n\(example.code)\nfound: \(found.map { "\($0.range.start.line):\($0.range.start.column) \($0.message)" })")
        }
    }

    @Test(arguments: ids) func nonTriggeringExamplesAreClean(id: String) {
        let rule = Self.description(id)
        #expect(!rule.nonTriggering.isEmpty, "\(id) has no non-triggering example")
        for example in rule.nonTriggering {
            let found = Self.findings(example.code, rule: id, settings: example.settings, fileName: example.fileName,
                                      otherFiles: example.otherFiles)
            #expect(found.isEmpty, "\(id): expected no finding in:\n\(example.code)\nfound: \(found.map { "\($0.range.start.line):\($0.range.start.column) \($0.message)" })")
        }
    }

    @Test(arguments: ids) func correctionsProduceTheAfterTextAndAreIdempotent(id: String) {
        let rule = Self.description(id)
        if rule.fix != nil { #expect(!rule.corrections.isEmpty, "\(id) has a fix but no correction example") }
        for correction in rule.corrections {
            let (file, linter, indexes) = Self.setUp(correction.before, rule: id, fileName: correction.fileName,
                                                     otherFiles: correction.otherFiles)
            let fixer = Fixer(linter: linter, includeUnsafe: true)
            let outcome = fixer.fix(file, module: correction.settings, indexes: indexes)
            #expect(outcome.rejection == nil)
            #expect(outcome.text == correction.after, "\(id): fix of\n\(correction.before)\ngave\n\(outcome.text)")
            let again = fixer.fix(SourceFile(path: file.path, text: outcome.text), module: correction.settings, indexes: indexes)
            #expect(again.text == outcome.text, "\(id): a second fix changed the text again")
            if rule.fix?.safety == .unsafe {
                let safeOnly = Fixer(linter: linter, includeUnsafe: false)
                    .fix(file, module: correction.settings, indexes: indexes)
                #expect(safeOnly.text == correction.before, "\(id): an unsafe fix was applied without --unsafe-fixes")
            }
        }
    }

    @Test(arguments: ids) func descriptionIsComplete(id: String) {
        let rule = Self.description(id)
        #expect(id.allSatisfy { $0.isLowercase || $0.isNumber || $0 == "-" }, "ids are kebab-case")
        #expect(!rule.summary.isEmpty)
        // The rationale cites what a user can read: a proposal, the Swift book, Apple's docs.
        let citable = ["SE-", "the Swift book", "Apple's", "migration guide"]
        #expect(citable.contains { rule.rationale.contains($0) }, "\(id): rationale cites no proposal or document")
    }

    @Test func idsAreUnique() {
        #expect(Set(RuleRegistry.allIDs).count == RuleRegistry.allIDs.count)
    }
}
