import ArgumentParser
import Foundation

/// `tally viewed`.
public struct ViewedCommand: ParsableCommand {
    public static let configuration = CommandConfiguration(commandName: "viewed", abstract: "Record a view of a stored photo, for Recents.")

    @OptionGroup var options: ProjectOptions

    @Option(help: "When it was viewed: seconds since 1970 or an ISO 8601 time such as 2026-11-21T18:00:00Z (default: now).")
    var at: String?

    @Argument(help: "The Flickr photo id.")
    var photoID: String

    public init() {}

    public func run() throws {
        do {
            let time = try at.map(PhotoTime.parse) ?? Int64(Date().timeIntervalSince1970)
            try options.openStore().viewed(photo: photoID, at: time)
            print("Recorded a view of photo \(photoID) at \(PhotoTime.format(time)).")
        } catch {
            throw fail("\(error)")
        }
    }
}
