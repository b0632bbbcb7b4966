/// Every rule actorlint ships. Adding a rule: write its file, add it here; the registry test
/// then runs its examples and the README table picks it up.
public enum RuleRegistry {
    public static let all: [any Rule.Type] = [
        PreferConcurrentOverDetached.self,
        RedundantMainDispatch.self,
        RedundantMainActorRun.self,
        MainDispatchInAsync.self,
        MainDispatchInCallback.self,
        MainActorBlockingWork.self,
        UIModelMissingMainActor.self,
        PublishedMutationOffMain.self,
        NonisolatedModelType.self,
        DispatchGlobalForCPUWork.self,
        TaskInOnAppear.self,
        ReflexiveWeakSelf.self,
        WeakSelfStrongBeforeLoop.self,
        WeakSelfInnerOnly.self,
        LongLivedTaskStrongSelf.self,
        StoredTaskNeverCancelled.self,
        DebounceWithTaskID.self,
        TaskInDefer.self,
        SequentialIndependentAwaits.self,
        TaskGroupUnorderedResults.self,
        ActorReentrancyStaleState.self,
        CancellationShownAsError.self,
        LoopWithoutCancellationCheck.self,
        ContinuationMisuse.self,
        CompletionHandlerToAsync.self,
        LibraryDefaultMainActor.self,
        AppTargetMissingApproachableConcurrency.self,
        Swift5LanguageMode.self,
    ]

    /// Rules the linter also runs once per run over Xcode projects' build settings.
    public static let projectRules: [any ProjectRule.Type] = [
        LibraryDefaultMainActor.self,
        AppTargetMissingApproachableConcurrency.self,
        Swift5LanguageMode.self,
    ]

    /// One per id: a rule that is both a `Rule` and a `ProjectRule` is listed once.
    /// Grouped by category (in the order categories are declared), then by id: the order of
    /// `actorlint rules` and the README table.
    public static let descriptions: [RuleDescription] = all.map { $0.description }.sorted {
        let categories = RuleCategory.allCases
        return (categories.firstIndex(of: $0.category)!, $0.id) < (categories.firstIndex(of: $1.category)!, $1.id)
    }
        + projectRules.map { $0.description }.filter { project in !all.contains { $0.description.id == project.id } }

    public static func rule(id: String) -> (any Rule.Type)? {
        all.first { $0.description.id == id }
    }

    /// Every id, including `unused-suppression`, which the pipeline itself reports.
    public static var allIDs: [String] { descriptions.map(\.id) + [UnusedSuppression.description.id] }
}
