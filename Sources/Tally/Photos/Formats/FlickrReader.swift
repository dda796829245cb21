/// Reads Flickr REST responses (`format=json&nojsoncallback=1`) into plain values.
///
/// Flickr's JSON is loose: numbers arrive as numbers or strings in the same response
/// (`photo_count`, `total`, `pages`, `width_*`, `longitude`), non-geotagged photos carry
/// `latitude: 0, longitude: 0`, titles may be empty, extras are present only when asked for, and
/// a failed call answers `{"stat": "fail", "code": …, "message": …}` with HTTP 200.
enum FlickrReader {
    /// A `{stat: "ok"|"fail"}` envelope: Flickr's, and no other source's.
    static func isEnvelope(_ root: JSONValue) -> Bool {
        root.kind == .object && root["stat"]?.kind == .string
    }

    /// Flickr's error answer, `{"stat": "fail", "code": 100, "message": "Invalid API Key …"}`.
    static func isFailure(_ root: JSONValue) -> Bool {
        isEnvelope(root) && root["stat"]?.string == "fail"
    }

    /// The error to report for a failure response: Flickr's own message and code.
    static func failure(_ root: JSONValue, path: String) -> ShapeError {
        let code = root["code"]?.integerLike.map { " \($0)" } ?? ""
        let message = root["message"]?.string ?? "no message"
        return ShapeError(path: path, reason: "Flickr answered with error\(code): \(message)")
    }

    /// `{places: {total, place: [...]}, stat: "ok"}`.
    static func places(_ root: JSONValue, path: String) throws -> [FlickrPlace] {
        if isFailure(root) { throw failure(root, path: path) }
        guard let places = root["places"], places.kind == .object else {
            throw ShapeError(path: path, reason: "expected Flickr places ({places: {place: [...]}, stat}), found keys \(root.keyList)")
        }
        guard let list = places["place"]?.array else {
            // Flickr omits the list when a user has no places.
            if places["place"] == nil, places["total"]?.integerLike == 0 { return [] }
            throw ShapeError(path: path + ".places.place", reason: "expected an array of places")
        }
        var result: [FlickrPlace] = []
        result.reserveCapacity(list.count)
        for (index, item) in list.enumerated() {
            result.append(try place(item, path: "\(path).places.place[\(index)]"))
        }
        return result
    }

    static func place(_ value: JSONValue, path: @autoclosure () -> String) throws -> FlickrPlace {
        guard value.kind == .object else { throw ShapeError(path: path(), reason: "expected a place object, found \(value.kind.described)") }
        guard let id = value["place_id"]?.identifier else {
            throw ShapeError(path: path(), reason: "expected a place with a `place_id`, found keys \(value.keyList)")
        }
        let fullName = value["_content"]?.string?.trimmed ?? ""
        let shortName = value["woe_name"]?.string?.trimmed ?? ""
        let name = !shortName.isEmpty ? shortName
            : fullName.split(separator: ",").first.map { String($0).trimmed } ?? ""
        return FlickrPlace(id: id, name: name.isEmpty ? id : name, fullName: fullName.isEmpty ? name : fullName,
                           placeType: value["place_type"]?.string,
                           latitude: value["latitude"]?.looseDouble, longitude: value["longitude"]?.looseDouble,
                           photoCount: value["photo_count"]?.integerLike.map { Int($0) },
                           timezone: value["timezone"]?.string)
    }

    /// `{photos: {page, pages, perpage, total, photo: [...]}, stat: "ok"}`.
    static func photos(_ root: JSONValue, path: String) throws -> FlickrPhotoPage {
        if isFailure(root) { throw failure(root, path: path) }
        guard let photos = root["photos"], photos.kind == .object else {
            throw ShapeError(path: path, reason: "expected a Flickr photo page ({photos: {photo: [...]}, stat}), found keys \(root.keyList)")
        }
        guard let list = photos["photo"]?.array else {
            throw ShapeError(path: path + ".photos.photo", reason: "expected an array of photos")
        }
        var page = FlickrPhotoPage(page: photos["page"]?.integerLike.map { Int($0) },
                                   pages: photos["pages"]?.integerLike.map { Int($0) },
                                   total: photos["total"]?.integerLike.map { Int($0) }, photos: [])
        page.photos.reserveCapacity(list.count)
        for (index, item) in list.enumerated() {
            page.photos.append(try photo(item, path: "\(path).photos.photo[\(index)]"))
        }
        return page
    }

    static func photo(_ value: JSONValue, path: @autoclosure () -> String) throws -> FlickrPhoto {
        guard value.kind == .object else { throw ShapeError(path: path(), reason: "expected a photo object, found \(value.kind.described)") }
        guard let id = value["id"]?.identifier else {
            throw ShapeError(path: path(), reason: "expected a photo with an `id`, found keys \(value.keyList)")
        }
        // `owner` is the NSID on list pages and an object on `photos.getInfo`.
        let ownerValue = value["owner"]
        let owner = ownerValue?.identifier ?? ownerValue?["nsid"]?.identifier ?? ""
        // The name the owner shows (`ownername` extra, getInfo's `realname` or `username`), never only the NSID.
        let ownerName = [value["ownername"], ownerValue?["realname"], value["realname"], ownerValue?["username"], value["username"]]
            .lazy.compactMap { $0?.string?.trimmed }.first { !$0.isEmpty }
        var latitude = value["latitude"]?.looseDouble
        var longitude = value["longitude"]?.looseDouble
        if latitude == 0 && longitude == 0 { latitude = nil; longitude = nil }
        if latitude == nil || longitude == nil { latitude = nil; longitude = nil }
        let uploaded = value["dateupload"]?.integerLike
        let taken = value["datetaken"]?.string.flatMap { $0.isEmpty || $0.hasPrefix("0000") ? nil : $0 }
        return FlickrPhoto(id: id, owner: owner, ownerName: ownerName?.isEmpty == true ? nil : ownerName,
                           title: (value["title"]?.content ?? "").trimmed,
                           description: value["description"]?.content ?? "",
                           taken: taken, uploaded: uploaded, latitude: latitude, longitude: longitude,
                           placeID: value["place_id"]?.identifier, images: images(value, id: id))
    }

    /// The `url_*` extras with their sizes, or, when none is listed, Flickr's documented URL scheme
    /// (`https://live.staticflickr.com/{server}/{id}_{secret}_{suffix}.jpg`) for a 150-pixel square
    /// and the 640-pixel size, which exist for every photo.
    static func images(_ value: JSONValue, id: String) -> [FlickrImage] {
        var found: [FlickrImage] = []
        for size in FlickrImage.sizes {
            guard let url = value.field("url_" + size)?.string, url.hasPrefix("https://") || url.hasPrefix("http://") else { continue }
            var width = value.field("width_" + size)?.integerLike.map { Int($0) }
            var height = value.field("height_" + size)?.integerLike.map { Int($0) }
            if size == "o", width == nil {
                width = value["o_width"]?.integerLike.map { Int($0) }
                height = value["o_height"]?.integerLike.map { Int($0) }
            }
            found.append(FlickrImage(size: size, url: url, width: width, height: height))
        }
        if !found.isEmpty { return found }
        guard let server = value["server"]?.identifier, let secret = value["secret"]?.identifier,
              server.allSatisfy(\.isASCIIAlphanumeric), secret.allSatisfy(\.isASCIIAlphanumeric),
              id.allSatisfy(\.isASCIIAlphanumeric) else { return [] }
        let base = "https://live.staticflickr.com/\(server)/\(id)_\(secret)"
        return [FlickrImage(size: "q", url: base + "_q.jpg", width: 150, height: 150),
                FlickrImage(size: "z", url: base + "_z.jpg")]
    }
}

/// One page of a Flickr photo list; `total` and `pages` are strings in some calls, numbers in others.
public struct FlickrPhotoPage: Sendable, Equatable {
    public var page: Int?
    public var pages: Int?
    public var total: Int?
    public var photos: [FlickrPhoto]
}

fileprivate extension JSONValue {
    /// A number written as a JSON number or as a decimal string ("121.166").
    var looseDouble: Double? {
        guard let value = double ?? string.flatMap({ Double($0.trimmed) }), value.isFinite else { return nil }
        return value
    }

    /// A string, or Flickr's `{"_content": "…"}` wrapper around one.
    var content: String? {
        if let text = string { return text }
        return self["_content"]?.string
    }
}

fileprivate extension String {
    var trimmed: String {
        var scalars = Substring(self)
        while let first = scalars.first, first.isWhitespace { scalars.removeFirst() }
        while let last = scalars.last, last.isWhitespace { scalars.removeLast() }
        return String(scalars)
    }
}

fileprivate extension Character {
    var isASCIIAlphanumeric: Bool { isASCII && (isLetter || isNumber) }
}
