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

    /// The modules a file imports, from its first `headerBytes`; empty for what is not a
    /// regular, readable file (the summary step reports those).
    static func imports(ofFileAt path: String) -> Set<String> {
        var info = stat()
        guard stat(path, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return [] }
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return [] }
        defer { close(descriptor) }
        var buffer = [UInt8](repeating: 0, count: headerBytes)
        let count = buffer.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, $0.count, 0) }
        return count > 0 ? imports(in: buffer[0..<count]) : []
    }

    /// `import Foo`, `@testable import Foo`, `public import struct Foo.Bar`, `@_spi(X) import Foo`…
    static func imports(in text: some Collection<UInt8>) -> Set<String> {
        var modules: Set<String> = []
        var inBlockComment = false
        for line in text.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: true) {
            var words = line.split { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") || $0 == UInt8(ascii: "\r") }[...]
            if inBlockComment {
                if line.containsSequence("*/") { inBlockComment = false }
                continue
            }
            guard let first = words.first else { continue }
            if first.starts(with: "/*".utf8) {
                inBlockComment = !line.containsSequence("*/")
                continue
            }
            while let word = words.first, word.first == UInt8(ascii: "@") || modifiers.contains(String(decoding: word, as: UTF8.self)) {
                words.removeFirst()
            }
            guard words.first.map({ $0.elementsEqual("import".utf8) }) == true else { continue }
            words.removeFirst()
            if let kind = words.first, kinds.contains(String(decoding: kind, as: UTF8.self)) { words.removeFirst() }
            guard let path = words.first else { continue }
            let name = path.prefix { $0 != UInt8(ascii: ".") && $0 != UInt8(ascii: ";") && $0 != UInt8(ascii: "/") }
            if !name.isEmpty { modules.insert(String(decoding: name, as: UTF8.self)) }
        }
        return modules
    }

    private static let modifiers: Set<String> = ["public", "package", "internal", "fileprivate", "private"]
    private static let kinds: Set<String> = ["struct", "class", "enum", "protocol", "typealias", "func", "var", "let", "actor"]
}

private extension Collection where Element == UInt8 {
    func containsSequence(_ needle: String) -> Bool {
        let bytes = Array(needle.utf8)
        let haystack = Array(self)
        guard haystack.count >= bytes.count else { return false }
        return (0...(haystack.count - bytes.count)).contains { haystack[$0..<($0 + bytes.count)].elementsEqual(bytes) }
    }
}
