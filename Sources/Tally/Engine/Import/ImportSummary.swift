/// What one file's import did, for its summary line.
public struct ImportSummary: Sendable, CustomStringConvertible {
    /// The file, as the user named it.
    public var file: String
    /// The names of the formats its documents were read as, in the order first seen.
    public var formats: [String] = []
    /// What each source's sink did with the file, in the order the sources first appeared in it.
    public var reports: [any ImportReport] = []

    public init(file: String) { self.file = file }

    /// The report of the source whose sink reports as `type`, if the file held any of its data.
    public func report<Report: ImportReport>(_ type: Report.Type) -> Report? {
        reports.lazy.compactMap { $0 as? Report }.first
    }

    public var description: String {
        let format = formats.isEmpty ? "" : " [\(formats.joined(separator: ", "))]"
        let details = reports.isEmpty ? "nothing to import" : reports.map(\.description).joined(separator: "; ")
        return "\(file.escapingControls())\(format): \(details.escapingControls(keepingLineBreaks: true))"
    }
}
