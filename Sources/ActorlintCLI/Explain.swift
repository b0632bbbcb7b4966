import ActorlintKit
import Foundation

/// `actorlint explain FILE:LINE[:COL]`.
struct Explain {
    let arguments: Arguments
    let console: Console

    func run() throws -> Int32 {
        guard arguments.paths.count == 1, let spec = arguments.paths.first else {
            throw UsageError("'explain' takes one location, FILE:LINE or FILE:LINE:COL.")
        }
        let parts = spec.split(separator: ":", omittingEmptySubsequences: false).map(String.init)
        var numbers: [Int] = []
        var pathParts = parts
        while let last = pathParts.last, let number = Int(last), numbers.count < 2, pathParts.count > 1 {
            numbers.insert(number, at: 0)
            pathParts.removeLast()
        }
        guard !numbers.isEmpty else { throw UsageError("'\(spec)' is not FILE:LINE[:COL]; e.g. Sources/App/Feed.swift:12.") }
        let path = pathParts.joined(separator: ":")
        do {
            let explanation = try Actorlint(arguments.options(environment: console.environment))
                .explain(path: path, line: numbers[0], column: numbers.count > 1 ? numbers[1] : nil)
            if arguments.format == "json" {
                let data = try JSONSerialization.data(withJSONObject: explanation.json, options: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes])
                console.out(String(decoding: data, as: UTF8.self) + "\n")
            } else {
                console.out(explanation.text)
            }
            return 0
        } catch let failure as AnalysisFailure {
            console.err("\(failure.path): error: \(failure.reason)\n")
            return 3
        }
    }
}
