import ArgumentParser
import Foundation

/// `tally unfavorite`.
public struct UnfavoriteCommand: ParsableCommand {
    public static let configuration = CommandConfiguration(commandName: "unfavorite", abstract: "Remove a stored photo from the favorites.")

    @OptionGroup var options: ProjectOptions

    @Argument(help: "The Flickr photo id.")
    var photoID: String

    public init() {}

    public func run() throws {
        let was: Bool
        do { was = try options.openStore().unfavorite(photo: photoID) } catch { throw fail("\(error)") }
        print(was ? "Photo \(photoID) is no longer a favorite." : "Photo \(photoID) was not a favorite.")
    }
}
