/// Where a piece of code runs, as the compiler sees it.
public enum Isolation: Sendable, Hashable {
    /// The main actor.
    case mainActor
    /// A user-declared (or framework) global actor other than MainActor.
    case globalActor(String)
    /// An `actor` type's instance, or an `isolated` parameter; the type name when known.
    case actorInstance(String?)
    /// Synchronous nonisolated code: runs on whatever thread calls it.
    case nonisolated
    /// `nonisolated(nonsending)` async code: stays on the caller's actor (SE-0461).
    case caller
    /// Runs on the global concurrent executor: `@concurrent`, or nonisolated async without SE-0461.
    case concurrent
    /// actorlint cannot tell; the reason says why.
    case unknown(String)

    /// The stable value `explain --format json` prints.
    public var jsonValue: String {
        switch self {
        case .mainActor: "MainActor"
        case .globalActor(let name): "globalActor:\(name)"
        case .actorInstance: "actor"
        case .nonisolated: "nonisolated"
        case .caller: "caller"
        case .concurrent: "concurrent"
        case .unknown: "unknown"
        }
    }

    /// A phrase for messages: "the main actor", "the global concurrent executor".
    public var phrase: String {
        switch self {
        case .mainActor: "the main actor"
        case .globalActor(let name): "the global actor @\(name)"
        case .actorInstance(let name): name.map { "the \($0) actor instance" } ?? "an actor instance"
        case .nonisolated: "whatever thread calls it (nonisolated)"
        case .caller: "the caller's actor (nonisolated(nonsending))"
        case .concurrent: "the global concurrent executor"
        case .unknown(let why): "an unknown executor (\(why))"
        }
    }

    /// Code the compiler knows to be on the main actor.
    public var isMainActor: Bool { self == .mainActor }
}

/// One step of the reasoning that led to an isolation, pointing at the line that caused it.
public struct IsolationReason: Sendable, Hashable {
    public var message: String
    public var path: String
    public var line: Int

    public init(message: String, path: String, line: Int) {
        self.message = message
        self.path = path
        self.line = line
    }
}

/// Which thread a closure runs on when its static isolation does not settle it: a callback is
/// checked as code of its context but runs where the API that holds it calls it.
public enum RunTimeThread: Sendable, Hashable {
    /// Where its isolation says (for nonisolated code: the caller's thread).
    case asIsolated
    /// Wherever the API that calls it chooses; the reason names the API.
    case callersThread(IsolationReason)
    /// The main thread, because the code says so (`.receive(on: DispatchQueue.main)`, an
    /// observer registered on `.main`, a timer scheduled from main-actor code), although the
    /// compiler does not treat it as main-actor code.
    case mainThread(IsolationReason)
}

/// An isolation and the chain of reasons for it, innermost first.
public struct IsolationResult: Sendable, Hashable {
    public var isolation: Isolation
    public var reasons: [IsolationReason]
    /// Where it runs at run time, when that is not simply its isolation.
    public var thread: RunTimeThread = .asIsolated

    public init(_ isolation: Isolation, reasons: [IsolationReason]) {
        self.isolation = isolation
        self.reasons = reasons
    }

    /// Main-actor code that really runs on the main thread: statically main-actor and called
    /// there, or proven to run on the main thread.
    public var isOnMainThread: Bool {
        switch thread {
        case .asIsolated: isolation == .mainActor
        case .callersThread: false
        case .mainThread: true
        }
    }

    /// "because FeedModel is @MainActor (FeedModel.swift:12)", for rule messages.
    public var because: String {
        guard let last = reasons.last else { return "" }
        let file = last.path.split(separator: "/").last.map(String.init) ?? last.path
        return "\(last.message) (\(file):\(last.line))"
    }
}

extension IsolationResult {
    /// "`refresh()` runs on the main actor because `FeedModel` is declared `@MainActor` (Feed.swift:3)".
    func sentence(for context: String) -> String {
        let cause = because
        return "\(context) runs on \(isolation.phrase)\(cause.isEmpty ? "" : " because \(cause)")"
    }
}

extension IsolationResult {
    /// `sentence(for:)` kept short for messages: the root cause only when it fits in a clause,
    /// else where it comes from (`actorlint explain` gives the whole chain).
    func briefSentence(for context: String) -> String {
        guard let last = reasons.last else { return "\(context) runs on \(isolation.briefPhrase)" }
        let file = last.path.split(separator: "/").last.map(String.init) ?? last.path
        // The clause before a gloss: "`f` is a nonisolated async function: without …".
        let clause = last.message.components(separatedBy: " (").first ?? last.message
        let cause = clause.components(separatedBy: ": ").first ?? clause
        // "function `load()`" and "`load` is a nonisolated async function": say it once.
        if let name = context.split(separator: "`").dropFirst().first?.split(separator: "(").first,
           cause.hasPrefix("`\(name)` is ") {
            return "\(context) is \(cause.dropFirst(name.count + 6)), so it runs on \(isolation.briefPhrase) (\(file):\(last.line))"
        }
        if cause.count <= 110 { return "\(context) runs on \(isolation.briefPhrase) because \(cause) (\(file):\(last.line))" }
        return "\(context) runs on \(isolation.briefPhrase) (\(file):\(last.line))"
    }
}

extension Isolation {
    /// `phrase` without its parenthesised gloss.
    var briefPhrase: String {
        switch self {
        case .nonisolated: "whatever thread calls it"
        case .caller: "its caller's actor"
        default: phrase
        }
    }
}

