@testable import ActorlintKit
import SwiftSyntax
import Testing

/// The facts the task-lifetime rules share: whether a task's creator waits for it, whether a
/// closure can throw out of its body, which loops run until cancelled, and which failures
/// leave a lasting mark.
@Suite struct TaskLifetimeAnalysisTests {
    static func task(in code: String) throws -> TaskCreation {
        try #require(SourceFile(path: "T.swift", text: code).functionCalls.lazy.compactMap(TaskCreation.init).first)
    }

    static func closure(in code: String) throws -> ClosureExprSyntax {
        let file = SourceFile(path: "T.swift", text: code)
        return try #require(collect(ClosureExprSyntax.self, in: file.tree, within: .everything).first)
    }

    // MARK: Awaited by its creator

    @Test(arguments: [
        ("func f() async { await Task { 1 }.value }", true),
        ("func f() async throws { _ = try await Task { try g() }.result.get() }", true),
        ("func f() async { let t = Task { 1 }; work(); print(await t.value) }", true),
        ("func f() async { let t = Task { 1 }; await withTaskCancellationHandler { await t.value } onCancel: { t.cancel() } }", true),
        // Near misses: discarded, stored, read synchronously, awaited by another task.
        ("func f() { Task { 1 } }", false),
        ("func f() { self.t = Task { 1 } }", false),
        ("func f() { let t = Task { 1 }; keep(t) }", false),
        ("func f() { let t = Task { 1 }; Task { print(await t.value) } }", false),
        ("func f() { let t = Task { 1 }; let v = t.value }", false),
    ])
    func knowsWhenTheCreatorWaitsForTheTask(code: String, awaited: Bool) throws {
        #expect(try Self.task(in: code).isAwaitedByCreator == awaited, "\(code)")
    }

    @Test func tellsAGivenPriorityFromAnInheritedOne() throws {
        #expect(try Self.task(in: "Task.detached(priority: .low) { }").givesPriority)
        #expect(try !Self.task(in: "Task.detached { }").givesPriority)
        #expect(try !Self.task(in: "Task(name: \"n\") { }").givesPriority)
    }

    // MARK: Throwing bodies

    @Test(arguments: [
        ("{ try await load() }", true),
        ("{ x = try await load() ?? 0 }", true),
        ("{ for try await line in lines { print(line) } }", true),
        ("{ throw Failure() }", true),
        ("{ () throws in await load() }", true),
        ("{ do { try await load() } catch LoadError.offline { } }", true),
        ("{ do { try await load() } catch { show(error) } }", false),
        ("{ do { try await load() } catch let error { show(error) } }", false),
        ("{ try? await load() }", false),
        ("{ try! load() }", false),
        ("{ await load() }", false),
        // A nested closure throws to its own caller.
        ("{ items.map { try decode($0) } }", false),
        // A `try` in a catch clause is not caught by that `do`.
        ("{ do { try await load() } catch { try await retry() } }", true),
    ])
    func knowsWhetherAnErrorCanLeaveAClosure(code: String, throwing: Bool) throws {
        #expect(try Self.closure(in: "let c = " + code).throwsOutOfBody == throwing, "\(code)")
    }

    // MARK: Loops that run until cancelled

    @Test(arguments: [
        ("for await x in stream { use(x) }", true),
        ("while let x = await iterator.next() { use(x) }", true),
        ("while true { try? await Task.sleep(for: .seconds(1)); tick() }", true),
        ("while !Task.isCancelled { await tick() }", true),
        ("while true { do { try await Task.sleep(for: .seconds(1)) } catch { return }; tick() }", true),
        ("while true { guard let self else { return }; await self.tick() }", true),
        ("while true { if Task.isCancelled { break }; await tick() }", true),
        ("while true { guard let message = await channel.receive() else { return }; handle(message) }", true),
        // Polls with an exit of their own.
        ("while await job.isRunning() { await report() }", false),
        ("while true { let s = await server.status(); if s.isFinal { break } }", false),
        ("while true { guard await more() else { return }; await next() }", false),
        ("repeat { await step() } while true", true),
        // `break` inside a `switch` leaves the switch, not the loop.
        ("while true { switch await next() { case .a: break; default: use() } }", true),
        ("for x in items { await use(x) }", false),
    ])
    func tellsLoopsThatRunUntilCancelledFromPolls(code: String, longLived: Bool) throws {
        let closure = try Self.closure(in: "let c = { " + code + " }")
        #expect(closure.longLivedLoops.isEmpty == !longLived, "\(code)")
    }

    // MARK: Lasting failures

    @Test(arguments: [
        ("do { try await load() } catch { Cache.shared.bad.insert(url) }", true),
        ("do { try await load() } catch { Self.failed[id] = true }", true),
        ("do { try await load() } catch { UserDefaults.standard.set(true, forKey: \"failed\") }", true),
        ("do { try await load() } catch { Stats.failures += 1 }", true),
        // The object's own state, a log, a local: not a mark that outlives the work.
        ("do { try await load() } catch { self.error = error }", false),
        ("do { try await load() } catch { failed.insert(url) }", false),
        ("do { try await load() } catch { Logger.shared.error(\"\\(error)\") }", false),
        ("do { try await load() } catch { let copy = Cache.shared.bad; print(copy) }", false),
        ("try? await load(); Cache.shared.bad.insert(url)", false),
    ])
    func knowsWhichCatchesRecordAFailureForGood(code: String, recorded: Bool) throws {
        let closure = try Self.closure(in: "let c = { " + code + " }")
        #expect(LastingFailure.isRecorded(in: closure.statements) == recorded, "\(code)")
    }

    @Test func findsALastingFailureInAnotherFileThroughWhatItAwaits() {
        let model = SourceFile(path: "Model.swift", text: """
            final class EmbedModel {
                func load() async { await fetchEmbed() }
                private func fetchEmbed() async {
                    do { try await Task.sleep(for: .seconds(1)) } catch { EmbedCache.shared.bad.insert(1) }
                }
                func refresh() async { await Task.yield() }
            }
            """)
        let view = SourceFile(path: "View.swift", text: "struct V { func f() async { await model.load() } }")
        let index = ProjectIndex(files: [model, view])
        #expect(index.lastingFailures == ["fetchEmbed"])
        #expect(index.recordsFailureForGood("fetchEmbed"))
        #expect(index.recordsFailureForGood("load"))
        #expect(index.recordsFailureForGood("f"))
        #expect(!index.recordsFailureForGood("refresh"))
        #expect(!index.recordsFailureForGood("unknown"))
    }

    @Test func theCacheKeepsTheLastingFailures() throws {
        let file = SourceFile(path: "/p/Model.swift", text: """
            func load() async { do { try await g() } catch { Store.failed.append(1) } }
            """)
        let summary = FileSummary(file)
        #expect(summary.lastingFailures == ["load"])
        #expect(summary.relocated(to: "/q/Model.swift").lastingFailures == ["load"])
    }
}
