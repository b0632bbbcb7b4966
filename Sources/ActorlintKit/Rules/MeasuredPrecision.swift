/// How often a rule's findings were right on real code it was not tuned to: findings of public
/// apps judged by reviewers who did not write the rule (`Scripts/review/`, `docs/precision.md`).
/// A rule below `defaultSetBar` belongs to the opt-in `preview` set; a test holds the sets to it.
public struct MeasuredPrecision: Sendable, Equatable {
    public static let defaultSetBar = 0.9
    /// Fewer clear verdicts than this prove nothing either way: such a rule may stay in preview.
    public static let provenAt = 5

    public var truePositives: Int
    public var falsePositives: Int
    /// Right in fact, but a maintainer could reasonably decline: not counted either way.
    public var debatable: Int
    /// The apps the clear verdicts come from.
    public var apps: Int

    /// Of the clear verdicts, the share that were true positives.
    public var precision: Double {
        let clear = truePositives + falsePositives
        return clear == 0 ? 0 : Double(truePositives) / Double(clear)
    }

    /// Enough clear verdicts to place the rule by its precision.
    public var isProven: Bool { truePositives + falsePositives >= Self.provenAt }

    /// "36% (4 of 11 judged findings, 6 apps)".
    public var summary: String {
        let clear = truePositives + falsePositives
        return "\(Int((precision * 100).rounded()))% (\(truePositives) of \(clear) judged findings right, \(apps) app\(apps == 1 ? "" : "s"))"
    }

    public static func of(_ id: String) -> MeasuredPrecision? { table[id] }
}
