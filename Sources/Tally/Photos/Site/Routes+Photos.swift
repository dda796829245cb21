/// The photos source's pages and its links to Flickr and OpenStreetMap.
extension Routes {
    /// Places A–Z.
    public static let places = "places/index.html"
    /// Places holding favorites.
    public static let favorites = "favorites/index.html"
    /// Photos viewed in the last 48 hours.
    public static let recents = "recents/index.html"

    /// A place's photos; nil is the photos no file placed (`-none` is no slug `slug()` makes).
    public static func place(_ id: String?) -> String { "places/\(id.map(slug) ?? "-none")/index.html" }
    /// A place's favorite photos.
    public static func favoritePlace(_ id: String?) -> String { "favorites/\(id.map(slug) ?? "-none")/index.html" }
    /// One photo.
    public static func photo(_ id: String) -> String { "photos/\(idSlug(id))/index.html" }
    /// A cached image copied into the site; `name` is the cache's own (hex digits and an extension).
    public static func cachedImage(_ name: String) -> String {
        let parts = name.split(separator: ".", omittingEmptySubsequences: false)
        let safe = parts.count == 2 && parts[0].count == 32 && parts[0].allSatisfy { $0.isHexDigit && !$0.isUppercase }
            && (1...5).contains(parts[1].count) && parts[1].allSatisfy { $0.isASCII && ($0.isLowercase || $0.isNumber) }
        return "photos/images/\(safe ? name : slug(name))"
    }

    /// The photo's page on Flickr.
    public static func photoOnFlickr(owner: String, id: String) -> String? {
        external("https://www.flickr.com/photos/\(percentEncodeComponent(owner))/\(percentEncodeComponent(id))/")
    }

    /// OpenStreetMap centred on a point, with a marker.
    public static func openStreetMap(latitude: Double, longitude: Double) -> String? {
        let lat = String(format: "%.6f", latitude), lon = String(format: "%.6f", longitude)
        return external("https://www.openstreetmap.org/?mlat=\(lat)&mlon=\(lon)#map=15/\(lat)/\(lon)")
    }
}
