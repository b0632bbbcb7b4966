// The examples that specify `UnusedSuppression`: the registry tests run every one, and
// `actorlint rule` shows the first of each kind.
extension UnusedSuppression {
    static let triggeringExamples: [RuleExample] = []
}
