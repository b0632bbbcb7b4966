import ActorlintKit

enum Help {
    static func text(for command: Arguments.Command) -> String {
        switch command {
        case .fix: return """
            USAGE: actorlint fix [PATH…] [--unsafe-fixes] [--diff] [--config FILE] [--select RULES]
                                 [--passes N] [--no-cache] [--swift-version X.Y]

            Applies safe fixes in place. --unsafe-fixes also applies fixes that may change
            behaviour; --diff prints a unified diff and writes nothing. A file is written only if it
            changes and still parses cleanly; the write is atomic. Every file is analysed afresh
            before it is written, whatever the results cache holds. Fixing repeats on the fixed
            text until nothing is left to fix (at most 25 passes), so fixes that another fix made
            possible are applied too and a second run changes nothing; --passes 1 applies only the
            fixes of the findings `actorlint check` shows.

            """
        case .explain: return """
            USAGE: actorlint explain FILE:LINE[:COL] [--format text|json] [--no-cache] [--swift-version X.Y]

            Prints the innermost executable context at that point, where it runs (its isolation),
            the chain of reasons with file:line, and what changes under Swift 6.2's app settings
            (NonisolatedNonsendingByDefault and default isolation MainActor), with the compiler the
            project builds with and the evidence for it (apart from the language mode). The module's other
            files are summarized from the cache `check` keeps (for the file's project, or for a
            folder above it) where they are unchanged; it is read, never written. --no-cache
            parses them all.

            """
        default: return """
            actorlint \(ActorlintVersion.current): finds and fixes Swift concurrency habits that Swift 6.2 made wrong or unnecessary.

            USAGE: actorlint <command> [options]

            COMMANDS:
              check [PATH…]          Lint Swift files (default: the current folder).
              fix [PATH…]            Apply fixes (--unsafe-fixes, --diff).
              explain FILE:LINE[:COL] Where the code at that point runs, and why.
              rules                  List the rules (--format text|markdown|json).
              rule ID                Document one rule: what, why, examples, fix.

            OPTIONS:
              --format FORMAT        text (default), xcode, json, sarif, github.
              --fail-on LEVEL        warning (default) or error: the lowest severity that fails.
              --color WHEN           auto (default), always, never.
              --config FILE          Use this .actorlint.json instead of searching upward.
              --select RULES         Comma-separated rule ids, categories or sets (default, preview, modernize, all).
              --file-timeout SECONDS Give up on a file that takes longer (default: 10 s + 2 s per MiB).
              --no-cache             Neither read nor write the results cache (.build/actorlint-cache in
                                     the project, else $XDG_CACHE_HOME/actorlint).
              --swift-version X.Y    The Swift compiler that builds the project (not the language mode);
                                     outranks `swift-version` in .actorlint.json and what the project tells.
              --version, --help

            EXIT CODES: 0 clean, 1 findings at or above --fail-on, 2 usage or configuration error,
            3 some input could not be analysed (each one is named).

            """
        }
    }
}
