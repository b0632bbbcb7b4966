/// How to say "run this off the actor" in the spelling the module's compiler has. From Swift 6.2
/// a `@concurrent` function always leaves the caller's actor (SE-0461); before 6.2 there is no
/// `@concurrent`, and a plain `nonisolated` async function already runs on the global concurrent
/// executor (SE-0338). Where the compiler is unknown, advice names `@concurrent` and says what
/// to write with an older compiler. (Under `NonisolatedNonsendingByDefault` or default isolation
/// `MainActor`, both Swift 6.2 settings, only `@concurrent` leaves the actor.)
struct OffActorSpelling {
    enum Form: Equatable {
        /// The compiler has `@concurrent`, or the module's settings need it.
        case concurrentAttribute
        /// The compiler predates Swift 6.2: a `nonisolated` async function.
        case nonisolatedAsync
        /// The compiler is unknown: `@concurrent`, with the older spelling beside it.
        case unknown
    }

    let form: Form
    let module: ModuleSettings

    init(_ module: ModuleSettings) {
        self.module = module
        switch module.compilerSupports(CompilerVersion.concurrentAttribute) {
        case true?: form = .concurrentAttribute
        case false?: form = .nonisolatedAsync
        case nil:
            let swift62Settings = module.nonisolatedNonsending || module.defaultIsolation == .mainActor
            form = swift62Settings ? .concurrentAttribute : .unknown
        }
    }

    /// What to write before `func`: "@concurrent", or "nonisolated" before Swift 6.2.
    var attribute: String { form == .nonisolatedAsync ? "nonisolated" : "@concurrent" }

    /// "a `@concurrent` function", or "a `nonisolated` async function" before Swift 6.2.
    var function: String { form == .nonisolatedAsync ? "a `nonisolated` async function" : "a `@concurrent` function" }

    /// A sentence a message ends with when the advice depends on the compiler, else "": why a
    /// compiler before Swift 6.2 gets the older spelling, or what to write with one.
    var compilerNote: String {
        switch form {
        case .concurrentAttribute: ""
        case .nonisolatedAsync:
            " `@concurrent` needs Swift 6.2, and this project builds with \(module.compiler?.phrase ?? "an older compiler"); " +
                "there a nonisolated async function leaves the caller's actor by itself (SE-0338)."
        case .unknown:
            " (`@concurrent` needs Swift 6.2; with an older compiler a `nonisolated` async function leaves the " +
                "caller's actor by itself, SE-0338.)"
        }
    }
}
