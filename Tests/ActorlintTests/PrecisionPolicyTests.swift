@testable import ActorlintKit
import Testing

/// The default set holds only rules whose findings were measured right at least 90% of the time
/// on public apps (`Scripts/review/`); rules below that bar are `preview`, with their figure.
@Suite struct PrecisionPolicyTests {
    @Test func defaultRulesMeetTheBar() {
        for rule in RuleRegistry.descriptions where rule.set == .default {
            guard let measured = MeasuredPrecision.of(rule.id) else { continue }
            #expect(measured.precision >= MeasuredPrecision.defaultSetBar,
                    "\(rule.id) is in the default set at \(measured.summary): move it to preview")
        }
    }

    @Test func previewRulesAreThoseBelowTheBarOrUnproven() {
        let preview = RuleRegistry.descriptions.filter { $0.set == .preview }
        #expect(!preview.isEmpty)
        for rule in preview {
            if let measured = MeasuredPrecision.of(rule.id), measured.isProven {
                #expect(measured.precision < MeasuredPrecision.defaultSetBar,
                        "\(rule.id) meets the bar (\(measured.summary)): it belongs in the default set")
            }
        }
    }

    @Test func everyMeasuredIdIsARule() {
        for id in MeasuredPrecision.table.keys {
            #expect(RuleRegistry.allIDs.contains(id), "the measured table names an unknown rule \(id)")
        }
    }

    @Test func theDefaultSelectionLeavesPreviewOut() {
        let selected = Configuration().enabledRuleIDs
        #expect(!selected.contains("task-in-on-appear"))
        #expect(selected.contains("redundant-main-actor-run"))
        #expect(Configuration.expand("preview").contains("task-in-on-appear"))
    }

    @Test func fewerThanFiveClearVerdictsProveNothing() {
        #expect(!MeasuredPrecision(truePositives: 4, falsePositives: 0, debatable: 9, apps: 3).isProven)
        #expect(MeasuredPrecision(truePositives: 4, falsePositives: 1, debatable: 0, apps: 3).isProven)
    }

    @Test func theSummaryStatesTheFigure() {
        let measured = MeasuredPrecision(truePositives: 4, falsePositives: 7, debatable: 2, apps: 6)
        #expect(measured.summary == "36% (4 of 11 judged findings right, 6 apps)")
    }
}
