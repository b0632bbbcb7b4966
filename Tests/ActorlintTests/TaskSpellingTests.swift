@testable import ActorlintKit
import SwiftSyntax
import Testing

/// Every rule that matches tasks matches them however they are spelled: each rule's own
/// examples, with every task respelled (`Task(name:)`, typed throws, `Task<Success, Failure>`,
/// `Task.immediate`), give the same findings on the same lines, near misses included. The one
/// answer to "is this a task" is `TaskCreation` (AnalysisTests); this checks that every rule asks it.
@Suite struct TaskSpellingTests {
    /// How a task is respelled: an edit per task creation of a file, or nil to leave it.
    struct Respelling: Sendable, CustomTestStringConvertible {
        var name: String
        var edit: @Sendable (TaskCreation) -> [TextEdit]
        var testDescription: String { name }
    }

    static func insert(_ text: String, at position: AbsolutePosition) -> TextEdit {
        TextEdit(start: position.utf8Offset, end: position.utf8Offset, replacement: text)
    }

    static let respellings: [Respelling] = [
        // SE-0469: `Task(name:)`, `Task(name:priority:)`, `Task.detached(name:)`.
        Respelling(name: "named") { task in
            if let open = task.call.leftParen {
                return [insert("name: \"work\", ", at: open.endPositionBeforeTrailingTrivia)]
            }
            return [insert("(name: \"work\")", at: task.call.calledExpression.endPositionBeforeTrailingTrivia)]
        },
        // SE-0413: a closure that throws a typed error.
        Respelling(name: "typed throws") { task in
            guard task.body.signature == nil else { return [] }
            return [insert(" () throws(WorkError) in", at: task.body.leftBrace.endPositionBeforeTrailingTrivia)]
        },
        // The generic arguments spelled out.
        Respelling(name: "Task<Success, Failure>") { task in
            let callee = task.call.calledExpression
            guard !callee.trimmedDescription.contains("<"), let first = callee.firstToken(viewMode: .sourceAccurate) else { return [] }
            return [insert("<Void, Never>", at: first.endPositionBeforeTrailingTrivia)]
        },
        // SE-0472: an immediate task in place of a task, an immediate detached one in place of a
        // detached one.
        Respelling(name: "immediate") { task in
            let callee = task.call.calledExpression
            guard let last = callee.lastToken(viewMode: .sourceAccurate), !callee.trimmedDescription.contains("immediate") else { return [] }
            if task.isDetached { return [TextEdit(start: last.positionAfterSkippingLeadingTrivia.utf8Offset,
                                                  end: last.endPositionBeforeTrailingTrivia.utf8Offset, replacement: "immediateDetached")] }
            return [insert(".immediate", at: last.endPositionBeforeTrailingTrivia)]
        },
    ]

    /// `code` with every task creation respelled; nil when it has none.
    static func respell(_ code: String, _ respelling: Respelling) -> String? {
        let file = SourceFile(path: "T.swift", text: code)
        let edits = file.functionCalls.compactMap(TaskCreation.init).flatMap(respelling.edit)
        guard !edits.isEmpty else { return nil }
        var bytes = Array(code.utf8)
        for edit in edits.sorted(by: { $0.start > $1.start }) {
            bytes.replaceSubrange(edit.start..<edit.end, with: Array(edit.replacement.utf8))
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Rule id and line of each finding of `id` in an example.
    static func lines(_ code: String, rule id: String, _ example: RuleExample) -> [Int] {
        RuleExamplesTests.findings(code, rule: id, settings: example.settings, fileName: example.fileName,
                                   otherFiles: example.otherFiles).map(\.range.start.line)
    }

    static let ids = RuleRegistry.all.map { $0.description.id }

    @Test(arguments: ids, respellings)
    func aRespelledTaskIsFoundAsBefore(id: String, respelling: Respelling) throws {
        let rule = RuleExamplesTests.description(id)
        for example in rule.triggering + rule.nonTriggering {
            let code = example.markedOffsets.code
            guard let respelled = Self.respell(code, respelling) else { continue }
            #expect(Self.lines(respelled, rule: id, example) == Self.lines(code, rule: id, example),
                    "\(id), \(respelling.name): the findings moved in\n\(respelled)")
        }
    }

    /// The rules whose findings are about tasks.
    static let taskRules = ["reflexive-weak-self", "long-lived-task-strong-self", "stored-task-never-cancelled",
                            "debounce-with-task-id", "task-in-on-appear", "prefer-concurrent-over-detached",
                            "weak-self-strong-before-loop", "task-in-defer", "cancellation-shown-as-error"]

    /// The respellings reach the rules that match tasks: each of these has examples with tasks,
    /// and each respelling changes some of them (else the test above would pass by checking nothing).
    @Test(arguments: respellings) func everyRespellingChangesTheTaskRulesExamples(respelling: Respelling) {
        for id in Self.taskRules {
            let rule = RuleExamplesTests.description(id)
            let respelled = (rule.triggering + rule.nonTriggering).compactMap { Self.respell($0.markedOffsets.code, respelling) }
            #expect(!respelled.isEmpty, "\(id): no example has a task that \(respelling.name) respells")
        }
    }

    @Test func respellingsWriteWhatTheyClaim() throws {
        let code = "Task { await a() }\nTask.detached(priority: .low) { b() }\nTask { [weak self] in await c() }"
        let named = try #require(Self.respell(code, Self.respellings[0]))
        #expect(named == "Task(name: \"work\") { await a() }\nTask.detached(name: \"work\", priority: .low) { b() }\nTask(name: \"work\") { [weak self] in await c() }")
        let typed = try #require(Self.respell(code, Self.respellings[1]))
        #expect(typed == "Task { () throws(WorkError) in await a() }\nTask.detached(priority: .low) { () throws(WorkError) in b() }\nTask { [weak self] in await c() }")
        let generic = try #require(Self.respell(code, Self.respellings[2]))
        #expect(generic.hasPrefix("Task<Void, Never> { await a() }\nTask<Void, Never>.detached(priority: .low)"))
        let immediate = try #require(Self.respell(code, Self.respellings[3]))
        #expect(immediate.hasPrefix("Task.immediate { await a() }\nTask.immediateDetached(priority: .low) { b() }"))
    }
}
