import ActorlintKit
import Foundation

/// `actorlint explain FILE:LINE[:COL]`.
struct Explain {
    let arguments: Arguments
    let console: Console

    func run() throws -> Int32 {
        throw UsageError("'explain' is not available yet.")
    }
}
