import ArgumentParser

/// The photos source's option on `tally import`.
public struct PhotosImportOptions: ImportOptionGroup {
    @Option(help: "File every Flickr photo of the files under this place id (instead of each photo's place_id).")
    var place: String?

    public init() {}

    public var values: [String: String] { place.map { ["place": $0] } ?? [:] }
}
