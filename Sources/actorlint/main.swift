import ActorlintCLI
import Foundation

exit(ActorlintCommand.run(Array(CommandLine.arguments.dropFirst()), console: .standard()))
