/// A function, initializer, accessor or closure whose isolation the proposed settings change.
public struct MovedCode: Sendable, Codable, Equatable {
    public var path: String
    public var line: Int
    /// "function `load(…)`", as `explain` names the context.
    public var name: String
    /// The type or extension it belongs to, for grouping; nil for free functions and closures.
    public var owner: String?
    /// `Isolation.jsonValue` now and with the proposed settings.
    public var from: String
    public var to: String
    public var isAsync: Bool
    /// The reason for where it runs after the change, as `explain` gives its root.
    public var because: String
    /// For async code that moves onto its caller's actor or the main actor, and for a function
    /// value that moves onto the main actor: what the plan does.
    public var decision: Decision?

    /// The `@concurrent` (or `nonisolated`) insertion, when the decision is to mark it.
    var edit: TextEdit?
    /// For a synchronous function that becomes main-actor code: where `nonisolated` would keep
    /// it as it is, and the first main-actor thing its body uses (then it cannot be).
    var nonisolatedEdit: TextEdit?
    var mainActorUse: String?
    /// The bare function name (`load`), to match its call sites.
    var functionName: String?
    /// `public`/`open`/`package`: code outside the checked files may call it.
    var isVisibleOutside = false

    enum CodingKeys: String, CodingKey { case path, line, name, owner, from, to, isAsync, because, decision }

    /// "concurrent → caller", for grouping and charts.
    public var direction: String { "\(from) → \(to)" }
}

/// What the plan does with code that moves onto an actor, and why.
public struct Decision: Sendable, Codable, Equatable {
    public enum Action: String, Sendable, Codable {
        /// Add `@concurrent`: it does heavy work and would otherwise do it on its caller's actor.
        case markConcurrent = "mark-concurrent"
        /// Leave it to run on its caller's actor (or the main actor): light, awaits, or called off it.
        case leave
        /// Add `nonisolated`: a synchronous function used as a function value that code off the
        /// main actor may call, which default isolation MainActor would make main-actor code.
        case markNonisolated = "mark-nonisolated"
        /// Heavy, but `@concurrent` would not compile or keep behaviour: a person decides.
        case review
    }

    public var action: Action
    public var reason: String
    /// The heavy work found (`WorkCost.heavy`), or the awaits of a light function.
    public var evidence: [String]
}

/// A type declared in a module whose default isolation becomes MainActor.
public struct MovedType: Sendable, Codable, Equatable {
    public var path: String
    public var line: Int
    public var name: String
    /// "struct", "enum", "class", "protocol".
    public var kind: String
    /// Protocols it conforms to where it is declared, whose conformances become main-actor
    /// isolated (SE-0470) unless it is `nonisolated`.
    public var conformances: [String]
    /// Set by the plan: why it should be `nonisolated` (SE-0449); nil when it can stay on the main actor.
    public var needsNonisolated: String?
    /// Set by the plan when `needsNonisolated` is set but `apply` cannot add the word safely.
    public var notApplied: String?

    /// Where `nonisolated ` goes before the type's keyword, and before each extension of it in this
    /// file without an isolation of its own; nil when the word cannot be added there safely.
    var insertions: [Int]?
    /// Why `insertions` is nil.
    var notInsertable: String?
    /// `Sendable` is written in its inheritance clause.
    var declaresSendable = false

    enum CodingKeys: String, CodingKey { case path, line, name, kind, conformances, needsNonisolated, notApplied }
}

/// A global or static variable whose initializer and accesses become main-actor isolated.
public struct MovedGlobal: Sendable, Codable, Equatable {
    public var path: String
    public var line: Int
    public var name: String
    /// Set by the plan: where code that stays off the main actor uses it.
    public var usedOffMain: String?
}

/// A finding that the proposed settings make appear or go away.
public struct FindingChange: Sendable, Codable, Equatable {
    public var rule: String
    public var path: String
    public var line: Int
    public var message: String
}
