import Foundation

/// The order a run summarizes its modules in: each module after the modules it imports, so a
/// module's rules can run (and its syntax trees be freed) as soon as its own index and its
/// dependencies' are built, instead of after every module of the run.
///
/// The order comes from the `import` lines at the top of each file, read before parsing. It
/// only decides what is done first: which modules a module is linked to comes from its parsed
/// imports (`LintSession`), so a wrong guess here costs time, never findings.
enum ModuleOrder {
    /// Bytes read from the start of a file: imports come before the code.
    static let headerBytes = 16 << 10

    /// Module indices in the order to summarize them: dependencies first, otherwise (and in a
    /// cycle) in the order given. `dependencies[i]` lists the modules module `i` imports.
    static func sorted(dependencies: [[Int]]) -> [Int] {
        var order: [Int] = []
        var visited = [Bool](repeating: false, count: dependencies.count)
        // Depth-first, dependencies before dependants; an explicit stack, as import chains can be long.
        for start in dependencies.indices where !visited[start] {
            visited[start] = true
            var stack: [(module: Int, next: Int)] = [(start, 0)]
            while let (module, next) = stack.last {
                let edges = dependencies[module]
                if next < edges.count {
                    stack[stack.count - 1].next += 1
                    let dependency = edges[next]
                    if !visited[dependency] {
                        visited[dependency] = true
                        stack.append((dependency, 0))
                    }
                } else {
                    order.append(module)
                    stack.removeLast()
                }
            }
        }
        return order
    }

    /// The run's modules in the order to summarize them, from the imports their files' first
    /// lines name (`ModuleSlot.scannedImports`).
    static func queue(_ modules: [ModuleSlot], catalog: ModuleCatalog, profile: LintProfile?) -> [ModuleSlot] {
        LintProfile.measure(profile, "module order") {
            let dependencies = modules.map { module in
                catalog.resolve(module.scannedImports, of: module.settings)
            }
            return sorted(dependencies: dependencies).map { modules[$0] }
        }
    }

    /// The modules a file imports, from its first `buffer.count` bytes; empty for what is not a
    /// regular, readable file (the summary step reports those).
    static func imports(ofFileAt path: String, buffer: UnsafeMutableRawBufferPointer) -> Set<String> {
        // Opening a FIFO would block until a writer appears.
        guard FileStamp(regularFileAt: path) != nil else { return [] }
        return imports(ofRegularFileAt: path, buffer: buffer)
    }

    /// `imports(ofFileAt:)` of a path `stat` found to be a regular file. Opened without blocking,
    /// in case it was replaced by a FIFO since.
    static func imports(ofRegularFileAt path: String, buffer: UnsafeMutableRawBufferPointer) -> Set<String> {
        let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else { return [] }
        defer { close(descriptor) }
        let count = pread(descriptor, buffer.baseAddress, buffer.count, 0)
        guard count > 0 else { return [] }
        return imports(in: UnsafeBufferPointer(start: buffer.baseAddress!.assumingMemoryBound(to: UInt8.self), count: count))
    }

    static func imports(in text: [UInt8]) -> Set<String> {
        text.withUnsafeBufferPointer { imports(in: $0) }
    }

    /// `import Foo`, `@testable import Foo`, `public import struct Foo.Bar`, `@_spi(X) import Foo`…
    /// up to the first line of code; comments, blank lines, `#if` and attributes are skipped.
    /// Words are ranges of `text`: a license header of a hundred comment lines allocates nothing.
    static func imports(in text: UnsafeBufferPointer<UInt8>) -> Set<String> {
        var modules: Set<String> = []
        var inBlockComment = false
        var lineStart = 0
        while lineStart < text.count {
            var lineEnd = lineStart
            while lineEnd < text.count, text[lineEnd] != UInt8(ascii: "\n") { lineEnd += 1 }
            defer { lineStart = lineEnd + 1 }
            if inBlockComment {
                inBlockComment = !containsCommentEnd(text, lineStart..<lineEnd)
                continue
            }
            var cursor = lineStart
            func nextWord() -> Range<Int>? {
                while cursor < lineEnd, isBlank(text[cursor]) { cursor += 1 }
                guard cursor < lineEnd else { return nil }
                let start = cursor
                while cursor < lineEnd, !isBlank(text[cursor]) { cursor += 1 }
                return start..<cursor
            }
            guard let first = nextWord() else { continue }
            if starts(text, first, with: "//") || text[first.lowerBound] == UInt8(ascii: "#") { continue }
            if starts(text, first, with: "/*") {
                inBlockComment = !containsCommentEnd(text, (first.lowerBound + 2)..<lineEnd)
                continue
            }
            var keyword: Range<Int>? = first
            while let word = keyword, text[word.lowerBound] == UInt8(ascii: "@") || modifiers.contains(where: { equals(text, word, $0) }) {
                keyword = nextWord()
            }
            // Attributes or modifiers alone on their line: the declaration goes on below.
            guard let keyword else { continue }
            // The first line of code: the imports are behind us.
            guard equals(text, keyword, "import") else { break }
            guard var path = nextWord() else { continue }
            if kinds.contains(where: { equals(text, path, $0) }) {
                guard let next = nextWord() else { continue }
                path = next
            }
            var nameEnd = path.lowerBound
            while nameEnd < path.upperBound, text[nameEnd] != UInt8(ascii: "."), text[nameEnd] != UInt8(ascii: ";"),
                  text[nameEnd] != UInt8(ascii: "/") { nameEnd += 1 }
            if nameEnd > path.lowerBound {
                modules.insert(String(decoding: UnsafeBufferPointer(rebasing: text[path.lowerBound..<nameEnd]), as: UTF8.self))
            }
        }
        return modules
    }

    private static func isBlank(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") || byte == UInt8(ascii: "\r")
    }

    private static func equals(_ text: UnsafeBufferPointer<UInt8>, _ word: Range<Int>, _ expected: StaticString) -> Bool {
        word.count == expected.utf8CodeUnitCount && starts(text, word, with: expected)
    }

    private static func starts(_ text: UnsafeBufferPointer<UInt8>, _ word: Range<Int>, with prefix: StaticString) -> Bool {
        let count = prefix.utf8CodeUnitCount
        guard word.count >= count else { return false }
        return memcmp(text.baseAddress! + word.lowerBound, prefix.utf8Start, count) == 0
    }

    private static func containsCommentEnd(_ text: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Bool {
        guard range.count >= 2 else { return false }
        return (range.lowerBound..<(range.upperBound - 1)).contains { text[$0] == UInt8(ascii: "*") && text[$0 + 1] == UInt8(ascii: "/") }
    }

    private static let modifiers: [StaticString] = ["public", "package", "internal", "fileprivate", "private"]
    private static let kinds: [StaticString] = ["struct", "class", "enum", "protocol", "typealias", "func", "var", "let", "actor"]
}
