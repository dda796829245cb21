import ArgumentParser
import Foundation

/// `tally favorite`.
public struct FavoriteCommand: ParsableCommand {
    public static let configuration = CommandConfiguration(commandName: "favorite", abstract: "Mark a stored photo as a favorite (its images are cached at the next build).")

    @OptionGroup var options: ProjectOptions

    @Argument(help: "The Flickr photo id.")
    var photoID: String

    public init() {}

    public func run() throws {
        do { try options.openStore().favorite(photo: photoID) } catch { throw fail("\(error)") }
        print("Photo \(photoID) is a favorite; `tally build` caches its images.")
    }
}
