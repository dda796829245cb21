/// Why an input file could not be imported; the message names the file, the place and what was expected.
public struct ImportError: Error, Sendable, CustomStringConvertible {
    /// The file, as the user named it.
    public var file: String
    /// Where in the file: `line 3`, `byte 1024`, or a JSON path such as `$.statuses[2].user`.
    public var place: String?
    /// What was wrong and what was expected.
    public var reason: String

    public init(file: String, place: String?, reason: String) {
        self.file = file
        self.place = place
        self.reason = reason
    }

    /// The message, with control characters from data (file names, keys) escaped.
    public var description: String {
        let file = file.escapingControls(), reason = reason.escapingControls(keepingLineBreaks: true)
        if let place { return "\(file): \(place.escapingControls()): \(reason)" }
        return "\(file): \(reason)"
    }
}

/// A shape problem found while reading a document, before the file name is known to the reader.
struct ShapeError: Error {
    var path: String
    var reason: String
}
