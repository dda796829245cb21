import ArgumentParser
import Foundation

/// Prints an error the way every command does: one line on stderr, then a non-zero exit.
public func fail(_ message: String) -> ExitCode {
    complain(message)
    return ExitCode.failure
}

/// Writes `tally: MESSAGE` on stderr, control characters from data escaped.
public func complain(_ message: String) {
    FileHandle.standardError.write(Data("tally: \(message.escapingControls(keepingLineBreaks: true))\n".utf8))
}
