import ActorlintKit
import Testing

/// The registry test: every rule's own examples are its specification.
@Suite struct RuleExamplesTests {
    static let ids = RuleRegistry.descriptions.map(\.id)

    static func description(_ id: String) -> RuleDescription {
        RuleRegistry.descriptions.first { $0.id == id }!
    }

    static func findings(_ code: String, rule id: String, settings: ModuleSettings, fileName: String) -> [Finding] {
        let file = SourceFile(path: fileName, text: code)
        return Linter(ruleIDs: [id]).findings(in: file, module: settings).filter { $0.ruleID == id }
    }

    @Test(arguments: ids) func triggeringExamplesReportAtTheMarkers(id: String) {
        let rule = Self.description(id)
        #expect(!rule.triggering.isEmpty, "\(id) has no triggering example")
        for example in rule.triggering {
            let (code, offsets) = example.markedOffsets
            #expect(!offsets.isEmpty, "\(id): a triggering example has no ↓ marker:\n\(example.code)")
            let found = Self.findings(code, rule: id, settings: example.settings, fileName: example.fileName)
            #expect(found.map(\.range.start.offset) == offsets, "\(id): expected findings at the markers in:\n\(example.code)\nfound: \(found.map { "\($0.range.start.line):\($0.range.start.column) \($0.message)" })")
        }
    }

    @Test(arguments: ids) func nonTriggeringExamplesAreClean(id: String) {
        let rule = Self.description(id)
        #expect(!rule.nonTriggering.isEmpty, "\(id) has no non-triggering example")
        for example in rule.nonTriggering {
            let found = Self.findings(example.code, rule: id, settings: example.settings, fileName: example.fileName)
            #expect(found.isEmpty, "\(id): expected no finding in:\n\(example.code)\nfound: \(found.map { "\($0.range.start.line):\($0.range.start.column) \($0.message)" })")
        }
    }

    @Test(arguments: ids) func correctionsProduceTheAfterTextAndAreIdempotent(id: String) {
        let rule = Self.description(id)
        if rule.fix != nil { #expect(!rule.corrections.isEmpty, "\(id) has a fix but no correction example") }
        for correction in rule.corrections {
            let fixer = Fixer(linter: Linter(ruleIDs: [id]), includeUnsafe: true)
            let outcome = fixer.fix(SourceFile(path: correction.fileName, text: correction.before), module: correction.settings)
            #expect(outcome.rejection == nil)
            #expect(outcome.text == correction.after, "\(id): fix of\n\(correction.before)\ngave\n\(outcome.text)")
            let again = fixer.fix(SourceFile(path: correction.fileName, text: outcome.text), module: correction.settings)
            #expect(again.text == outcome.text, "\(id): a second fix changed the text again")
            if rule.fix?.safety == .unsafe {
                let safeOnly = Fixer(linter: Linter(ruleIDs: [id]), includeUnsafe: false)
                    .fix(SourceFile(path: correction.fileName, text: correction.before), module: correction.settings)
                #expect(safeOnly.text == correction.before, "\(id): an unsafe fix was applied without --unsafe-fixes")
            }
        }
    }

    @Test(arguments: ids) func descriptionIsComplete(id: String) {
        let rule = Self.description(id)
        #expect(id.allSatisfy { $0.isLowercase || $0 == "-" }, "ids are kebab-case")
        #expect(!rule.summary.isEmpty)
        // The rationale cites where the rule comes from: a seed section or a proposal.
        #expect(rule.rationale.contains("seed") || rule.rationale.contains("SE-"), "\(id): rationale cites no seed or proposal")
    }

    @Test func idsAreUnique() {
        #expect(Set(RuleRegistry.allIDs).count == RuleRegistry.allIDs.count)
    }
}
