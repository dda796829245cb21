import Foundation

/// Places A–Z → a place's photos → one page per photo.
struct PlacesSection: SiteSection {
    static let entry = NavigationEntry(id: "places", title: "Places", path: Routes.places)

    let context: SiteContext
    /// Every place holding photos, A–Z.
    let places: [StoredPlace]
    let links: PhotoLinks

    var navigation: NavigationEntry? { Self.entry }

    func plan(into sink: PageSink) throws {
        let path = Routes.places
        try sink.page(SitePage(path: path, template: "photos/places", title: "Places", section: Self.entry.id, model: PlacesPage(
            rows: places.map { PhotosSource.row($0, href: Routes.relative(from: path, to: Routes.place($0.id))) },
            hasRows: !places.isEmpty, photoCount: places.reduce(0) { $0 + $1.photoCount })))

        for place in places {
            let path = Routes.place(place.id)
            let photos = try context.store.photos(inPlace: place.id)
            let favorites = photos.contains { $0.isFavorite }
            try sink.page(SitePage(path: path, template: "photos/place", title: place.name, section: Self.entry.id, model: PlacePage(
                name: place.name, fullName: place.fullName, showsFullName: place.fullName != place.name,
                backHref: Routes.relative(from: path, to: Routes.places), backTitle: "Places",
                photos: photos.map { links.row($0, from: path) }, count: photos.count,
                mapHref: place.latitude.flatMap { lat in place.longitude.flatMap { Routes.openStreetMap(latitude: lat, longitude: $0) } },
                otherHref: favorites ? Routes.relative(from: path, to: Routes.favoritePlace(place.id)) : nil,
                otherTitle: "Favorites here").decidingColumns()))
        }

        let byID = Dictionary(places.map { ($0.id ?? "", $0) }, uniquingKeysWith: { first, _ in first })
        try context.store.forEachPhotoChunk { chunk in
            for photo in chunk { try sink.page(page(for: photo, place: byID[photo.placeID ?? ""])) }
        }
    }

    private func page(for photo: StoredPhoto, place: StoredPlace?) -> SitePage {
        let path = Routes.photo(photo.id)
        let image = photo.largest
        let title = PhotoLinks.title(photo)
        let placeName = place?.name ?? "No place given"
        var map: String?, coordinates: String?
        if let lat = photo.latitude, let lon = photo.longitude {
            map = Routes.openStreetMap(latitude: lat, longitude: lon)
            coordinates = String(format: "%.5f, %.5f", lat, lon)
        }
        let model = PhotoPage(
            title: title, owner: PhotoLinks.owner(photo), taken: photo.taken, uploaded: photo.uploaded.map { UTCTime.format($0) + " UTC" },
            description: photo.description, hasDescription: !photo.description.isEmpty,
            imageSrc: links.source(image, from: path),
            imageSize: image.flatMap { image in image.width.flatMap { w in image.height.map { "\(w) × \($0) pixels" } } },
            isCached: image.map { links.cached[$0.url] != nil } ?? false,
            placeName: placeName, placeHref: Routes.relative(from: path, to: Routes.place(photo.placeID)),
            placesHref: Routes.relative(from: path, to: Routes.places), mapHref: map, coordinates: coordinates,
            flickrHref: Routes.photoOnFlickr(owner: photo.owner, id: photo.id), isFavorite: photo.isFavorite,
            favoritesHref: Routes.relative(from: path, to: Routes.favorites))
        let script = PageScript(asset: "photos.js", data: [
            ("page", "photo"), ("root", Routes.root(from: path)), ("id", photo.id), ("path", path), ("title", title),
            ("place", placeName), ("thumb", links.scriptThumb(photo)),
        ], stylesheet: "zoom.css")  // the viewer's styles, with zoom.js below
        var page = SitePage(path: path, template: "photos/photo", title: title, section: Self.entry.id, model: model, script: script)
        page.scripts = [Routes.asset("zoom.js")]  // photos.js zooms the photo with it
        return page
    }
}

/// Places holding favorites → their favorite photos; the browser adds photos starred in it.
struct FavoritesSection: SiteSection {
    static let entry = NavigationEntry(id: "favorites", title: "Favorites", path: Routes.favorites)

    let context: SiteContext
    /// Places holding favorites, A–Z, counting favorites.
    let places: [StoredPlace]
    let links: PhotoLinks

    var navigation: NavigationEntry? { Self.entry }

    /// The cached images the pages point at: a download that succeeds later changes the pages.
    var inputs: String? { "favorite images " + links.cached.keys.sorted().joined(separator: " ") }

    func plan(into sink: PageSink) throws {
        let path = Routes.favorites
        try sink.page(SitePage(path: path, template: "photos/favorites", title: "Favorites", section: Self.entry.id, model: FavoritesPage(
            rows: places.map { PhotosSource.row($0, href: Routes.relative(from: path, to: Routes.favoritePlace($0.id))) },
            hasRows: !places.isEmpty, photoCount: places.reduce(0) { $0 + $1.photoCount }),
            script: PageScript(asset: "photos.js", data: [("page", "favorites"), ("root", Routes.root(from: path))])))
        for place in places {
            let path = Routes.favoritePlace(place.id)
            let photos = try context.store.photos(inPlace: place.id, favoritesOnly: true)
            try sink.page(SitePage(path: path, template: "photos/place", title: "Favorites in \(place.name)", section: Self.entry.id,
                                   model: PlacePage(
                name: "Favorites in \(place.name)", fullName: place.fullName, showsFullName: true,
                backHref: Routes.relative(from: path, to: Routes.favorites), backTitle: "Favorites",
                photos: photos.map { links.row($0, from: path) }, count: photos.count, mapHref: nil,
                otherHref: Routes.relative(from: path, to: Routes.place(place.id)), otherTitle: "Every photo here").decidingColumns()))
        }
        // The favorites' cached images, copied into the site through the output.
        for (name, local) in links.files.sorted(by: { $0.value < $1.value }) {
            guard let folder = links.folder, let data = FileManager.default.contents(atPath: folder.appendingPathComponent(name).path) else { continue }
            try sink.file(OutputFile(path: local, bytes: [UInt8](data)))
        }
    }
}

/// Photos viewed in the last 48 hours, newest first; the browser applies the window again by its
/// own clock and adds the views it recorded.
struct RecentsSection: SiteSection {
    static let entry = NavigationEntry(id: "recents", title: "Recents", path: Routes.recents)

    let context: SiteContext
    let places: [String: StoredPlace]

    var navigation: NavigationEntry? { Self.entry }

    /// Which views fall in the window at build time: the list changes with the clock as well as the store.
    var inputs: String? {
        let views = (try? context.store.recentPhotos(since: context.builtAt - PhotosRules.recentWindow)) ?? []
        return "recents " + views.map { "\($0.photo.id)@\($0.viewedAt)" }.joined(separator: " ")
    }

    func plan(into sink: PageSink) throws {
        let path = Routes.recents
        let views = try context.store.recentPhotos(since: context.builtAt - PhotosRules.recentWindow)
        let rows = views.map { view in
            RecentsPage.Row(title: PhotoLinks.title(view.photo), href: Routes.relative(from: path, to: Routes.photo(view.photo.id)),
                            placeName: places[view.photo.placeID ?? ""]?.name ?? "No place given",
                            viewedAt: PhotoTime.format(view.viewedAt))
        }
        try sink.page(SitePage(path: path, template: "photos/recents", title: "Recents", section: Self.entry.id, model: RecentsPage(
            rows: rows, hasRows: !rows.isEmpty, builtAt: UTCTime.format(context.builtAt) + " UTC",
            windowHours: Int(PhotosRules.recentWindow / 3600)),
            script: PageScript(asset: "photos.js", data: [("page", "recents"), ("root", Routes.root(from: path)),
                                                          ("window", String(PhotosRules.recentWindow))])))
    }
}
