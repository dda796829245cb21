import Foundation

/// Turns stored photos into what pages show: titles, image sources (the cached copy when there
/// is one), and the script facts a photo page carries.
struct PhotoLinks: Sendable {
    /// Cached copies: image URL → output path.
    var cached: [String: String]
    /// The cache folder, and the output path of each file in it: the Favorites section copies them
    /// into the site, reading each only then.
    var folder: URL?
    var files: [String: String] = [:]

    static func title(_ photo: StoredPhoto) -> String { photo.title.isEmpty ? "Untitled" : photo.title }

    static func owner(_ photo: StoredPhoto) -> String { photo.ownerName ?? photo.owner }

    /// The image's source from the page at `page`: the local copy, else the remote URL (https).
    func source(_ image: FlickrImage?, from page: String) -> String? {
        guard let image else { return nil }
        if let local = cached[image.url] { return Routes.relative(from: page, to: local) }
        return Routes.secureImage(image.url)
    }

    func row(_ photo: StoredPhoto, from page: String) -> PhotoRow {
        let thumb = source(photo.thumbnail, from: page)
        return PhotoRow(title: Self.title(photo), href: Routes.relative(from: page, to: Routes.photo(photo.id)),
                        thumbSrc: thumb ?? "", hasThumb: thumb != nil, taken: photo.taken ?? "", owner: Self.owner(photo),
                        isFavorite: photo.isFavorite)
    }

    /// The thumbnail as the browser script keeps it: root-relative when local, absolute when remote.
    func scriptThumb(_ photo: StoredPhoto) -> String {
        guard let image = photo.thumbnail else { return "" }
        return cached[image.url] ?? source(image, from: Routes.home) ?? ""
    }
}
