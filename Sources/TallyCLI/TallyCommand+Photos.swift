import ArgumentParser
import Foundation
import Tally

extension TallyCommand {
    struct Favorite: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Mark a stored photo as a favorite (its images are cached at the next build).")

        @OptionGroup var options: ProjectOptions

        @Argument(help: "The Flickr photo id.")
        var photoID: String

        func run() throws {
            do { try openStore(options).favorite(photo: photoID) } catch { throw fail("\(error)") }
            print("Photo \(photoID) is a favorite; `tally build` caches its images.")
        }
    }

    struct Unfavorite: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Remove a stored photo from the favorites.")

        @OptionGroup var options: ProjectOptions

        @Argument(help: "The Flickr photo id.")
        var photoID: String

        func run() throws {
            let was: Bool
            do { was = try openStore(options).unfavorite(photo: photoID) } catch { throw fail("\(error)") }
            print(was ? "Photo \(photoID) is no longer a favorite." : "Photo \(photoID) was not a favorite.")
        }
    }

    struct Viewed: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Record a view of a stored photo, for Recents.")

        @OptionGroup var options: ProjectOptions

        @Option(help: "When it was viewed: seconds since 1970 or an ISO 8601 time such as 2026-11-21T18:00:00Z (default: now).")
        var at: String?

        @Argument(help: "The Flickr photo id.")
        var photoID: String

        func run() throws {
            do {
                let time = try at.map(PhotoTime.parse) ?? Int64(Date().timeIntervalSince1970)
                try openStore(options).viewed(photo: photoID, at: time)
                print("Recorded a view of photo \(photoID) at \(PhotoTime.format(time)).")
            } catch {
                throw fail("\(error)")
            }
        }
    }
}

private func openStore(_ options: ProjectOptions) throws -> Store {
    try Store(path: try options.load(needs: [.store]).storeURL.path)
}
