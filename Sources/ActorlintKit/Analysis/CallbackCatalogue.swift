import SwiftSyntax

/// How often, and when, APIs call the closures they are handed: what a call's syntax does not
/// say and the resume-path analysis (`ResumePaths`) needs. Data only, from Apple's documentation
/// of each API and the documented behaviour of the promise libraries named.
enum CallbackCatalogue {
    /// Closures an API calls again and again — for each update, event, chunk or partial result —
    /// by callee name, argument label or the handler property they are assigned to. A call of
    /// such a closure that neither resumes nor finishes is waiting for the next one.
    static let repeating: Set<String> = [
        // AVFoundation: called until the input is marked finished; time observers on every tick.
        "requestMediaDataWhenReady", "addPeriodicTimeObserver", "addBoundaryTimeObserver",
        // Network: state and path changes, incoming connections.
        "stateUpdateHandler", "pathUpdateHandler", "viabilityUpdateHandler", "betterPathUpdateHandler",
        "newConnectionHandler", "newConnectionGroupHandler",
        // Foundation and Dispatch: readability, notifications, key-value observation, sources.
        "readabilityHandler", "writeabilityHandler", "addObserver", "observe", "setEventHandler",
        // AppKit event monitors and Core Graphics event taps.
        "addGlobalMonitorForEvents", "addLocalMonitorForEvents", "tapCreate",
        // Core Motion, HealthKit, Speech and ReplayKit updates.
        "startDeviceMotionUpdates", "startAccelerometerUpdates", "startGyroUpdates", "startMagnetometerUpdates",
        "startActivityUpdates", "startUpdates", "updateHandler", "statisticsUpdateHandler", "recognitionTask",
        "startCapture",
        // Photos calls an opportunistic image request's handler twice: degraded, then full quality.
        "requestImage",
    ]

    /// Words in a call's name, label or handler property that say "called for every update"
    /// (`subscribe(listener:)`, `observeChanges`, `onReceive`): such closures are taken as
    /// repeating, which only keeps the analysis quiet about their non-resuming calls.
    static let repeatingWords = ["subscribe", "observe", "listen", "sink", "watch", "monitor", "onupdate",
                                 "onchange", "onreceive", "updates"]

    /// Handler properties that fire only once their object is started, and the calls that start it:
    /// a process whose `run()` throws never launches, so its `terminationHandler` never fires.
    static let startedBy: [String: Set<String>] = [
        "terminationHandler": ["run", "launch"],
        "stateUpdateHandler": ["start"],
        "pathUpdateHandler": ["start"],
    ]

    /// Closure-taking calls that run the closure once per element, synchronously.
    static let perElement: Set<String> = ["forEach", "map", "compactMap", "flatMap", "filter", "reduce",
                                          "sorted", "contains", "first", "allSatisfy"]

    /// Promise-style chains (PromiseKit, and libraries shaped like it): a success handler runs when
    /// the promise is fulfilled, a failure handler when it (or a success handler before it) fails,
    /// a final handler either way.
    static let successHandlers: Set<String> = ["done", "then", "get", "map", "compactMap", "onSuccess"]
    static let failureHandlers: Set<String> = ["catch", "recover", "onFailure"]

    /// Calls that run their block only when they succeed and report a failure through an error
    /// pointer instead: `NSFileCoordinator.coordinate(readingItemAt:options:error:byAccessor:)`
    /// and its writing and batch forms. Callee name → the label of the error pointer.
    static let blockOnlyOnSuccess: [String: String] = ["coordinate": "error"]

    /// `first()`, `first(where:)`, `prefix(1)` in a Combine chain: at most one value, then the
    /// publisher finishes — also when the upstream finishes without a value.
    static func takesFirstValue(_ call: FunctionCallExprSyntax) -> Bool {
        switch call.calleeName {
        case "first": return call.arguments.isEmpty || call.arguments.first?.label?.text == "where"
        case "prefix": return call.arguments.first?.expression.trimmedText == "1"
        default: return false
        }
    }

    /// Whether the closure handed to `call` (as `label`, or assigned to the handler property
    /// `property`) is one an API calls many times.
    static func isRepeating(call: FunctionCallExprSyntax?, label: String?, property: String?) -> Bool {
        var words = [label, property].compactMap { $0 }
        if let call {
            words.append(call.calleeName ?? "")
            // `Timer.scheduledTimer(withTimeInterval:repeats: true) { … }` fires until invalidated.
            if call.arguments.contains(where: { $0.label?.text == "repeats" && $0.expression.trimmedText == "true" }) {
                return true
            }
            if let (outer, outerLabel) = receiver(ofWrapper: call) {
                words.append(outer.calleeName ?? "")
                if let outerLabel { words.append(outerLabel) }
            }
        }
        return words.contains { word in
            if repeating.contains(word) { return true }
            let lowered = word.lowercased()
            return repeatingWords.contains { lowered.contains($0) }
        }
    }

    /// Verbs that, as a whole word of the callee's name, say that it calls its closure for every
    /// event (`subscribeToRoomUpdates`, `observeMembers`): evidence strong enough to report a
    /// second resume, unlike `repeatingWords` (`syncSubscriberAttributes`, `migrateWatchConfig`).
    static let repeatingVerbs: Set<String> = ["subscribe", "observe", "listen", "monitor"]

    /// The API that, by its documented name, calls the closure handed to `call` (as `label`, or
    /// assigned to the handler property `property`) again and again: the catalogue, a repeating
    /// timer, or a callee (or the call a wrapper is handed to) named with a `repeatingVerbs` word.
    /// `withObservationTracking`'s `onChange:` and a completion (`performBatchUpdates(_:completion:)`)
    /// run once.
    static func documentedRepeating(call: FunctionCallExprSyntax?, label: String?, property: String?) -> String? {
        if let property, repeating.contains(property) { return property }
        if let label, repeating.contains(label) { return label }
        if let label, label.lowercased().hasSuffix("completion") || label == "completionHandler" { return nil }
        guard let call else { return nil }
        if call.arguments.contains(where: { $0.label?.text == "repeats" && $0.expression.trimmedText == "true" }) {
            return call.calleeName
        }
        let callees = [call.calleeName ?? "", receiver(ofWrapper: call)?.call.calleeName ?? ""]
        return callees.first { name in
            repeating.contains(name) || !repeatingVerbs.isDisjoint(with: camelCaseWords(name))
        }
    }

    /// `room.subscribe(listener: Listener { … })`: the call that receives the wrapper `call`
    /// builds around its closure, and the label it is passed with.
    private static func receiver(ofWrapper call: FunctionCallExprSyntax) -> (call: FunctionCallExprSyntax, label: String?)? {
        guard let argument = call.parent?.as(LabeledExprSyntax.self),
              let outer = argument.parent?.parent?.as(FunctionCallExprSyntax.self) else { return nil }
        return (outer, argument.label?.text)
    }

    /// `["subscribe", "to", "room", "updates"]` for `subscribeToRoomUpdates`.
    static func camelCaseWords(_ name: String) -> [String] {
        var words: [String] = [], current = ""
        for character in name {
            if character.isUppercase, !current.isEmpty { words.append(current); current = "" }
            current.append(Character(character.lowercased()))
        }
        if !current.isEmpty { words.append(current) }
        return words
    }

    /// Calls that end the updates a repeating closure receives (`subscription.cancel()`,
    /// `timer.invalidate()`, `tap.disable()`, `input.markAsFinished()`, `NotificationCenter.removeObserver`), by
    /// the start of their name.
    static let stoppingPrefixes = ["cancel", "invalidate", "stop", "disable", "remove", "unsubscribe", "dispose", "finish",
                                   "markAsFinished", "close", "release", "suspend"]
}
