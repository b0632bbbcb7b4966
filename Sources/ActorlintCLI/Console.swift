import Foundation

/// Where the commands write. Tests capture it; the executable uses the process's streams.
public final class Console: @unchecked Sendable {
    public private(set) var output = ""
    public private(set) var errors = ""
    let capture: Bool
    /// Whether standard output is a terminal (colour by default).
    public let isTerminal: Bool
    /// The environment the commands read (`XDG_CACHE_HOME`, `HOME` for the cache); tests pass
    /// their own so they never write to the user's cache.
    public let environment: [String: String]

    public init(capture: Bool, isTerminal: Bool = false,
                environment: [String: String] = ProcessInfo.processInfo.environment) {
        self.capture = capture
        self.isTerminal = isTerminal
        self.environment = environment
    }

    public static func standard() -> Console {
        Console(capture: false, isTerminal: isatty(STDOUT_FILENO) == 1)
    }

    public func out(_ text: String) {
        if capture { output += text } else { FileHandle.standardOutput.write(Data(text.utf8)) }
    }

    public func err(_ text: String) {
        if capture { errors += text } else { FileHandle.standardError.write(Data(text.utf8)) }
    }
}
