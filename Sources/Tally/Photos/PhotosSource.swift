import ArgumentParser
import Foundation
import GRDB

/// Flickr places and photos: places A–Z, a page per photo, favorites (in the store and in the
/// browser), recently viewed photos, and a cache of the favorites' images so they show offline.
public struct PhotosSource: DataSource {
    public init() {}

    public var id: String { "photos" }
    public var title: String { "Photos" }
    public var formats: [any DocumentFormat] { FlickrFormat.allCases }

    public var summary: String? { "Flickr photos" }
    public var commands: [any ParsableCommand.Type] { [FavoriteCommand.self, UnfavoriteCommand.self, ViewedCommand.self] }
    public var fetchCommands: [any ParsableCommand.Type] { [FlickrFetchCommand.self] }
    public var refetchWords: RefetchWords? {
        RefetchWords(summary: "every Flickr place's photos", item: "place's photos", items: "places",
                     hint: "a place's photos with tally fetch flickr photos")
    }
    public func refetch(_ store: Store, network: NetworkFetchOptions, report: (ImportSummary) -> Void, failed: (Error) -> Void) throws -> Int {
        try FlickrFetcher.fetchAgain(into: store, key: APIKey.optional(FlickrFetcher.keyVariable), limit: network.limit,
                                     client: network.client(), progress: network.progress(), report: report, failed: { failed($1) })
    }

    public func registerMigrations(in migrator: inout DatabaseMigrator) {
        PhotosSchema.registerMigrations(in: &migrator)
    }

    /// `options["place"]` (`--place ID`) files every photo of the file under that place.
    public func makeSink(_ db: Database, options: ImportOptions) throws -> any ImportSink {
        PhotoSink(db: db, place: options["place"])
    }

    public func sections(_ context: SiteContext) throws -> [any SiteSection] {
        let places = NameCollation.sorted(try context.store.photoPlaces())
        let links = try cachedImages(context)
        return [PlacesSection(context: context, places: places, links: links),
                FavoritesSection(context: context, places: NameCollation.sorted(try context.store.photoPlaces(favorites: true)), links: links),
                RecentsSection(context: context, places: Dictionary(places.map { ($0.id ?? "", $0) }, uniquingKeysWith: { a, _ in a }))]
    }

    /// Every photo and every named place, opening their pages.
    public func searchDocuments(_ context: SiteContext, _ emit: (SearchDocument) throws -> Void) throws {
        try PhotosSearchDocuments.produce(context.store, emit)
    }

    public func stats(_ db: Database) throws -> SourceStats? {
        try PhotoStats.stats(db)
    }

    public func homeCard(_ context: SiteContext) throws -> HomeCard? {
        let totals = try context.store.photoTotals()
        guard totals.photos > 0 else { return nil }
        let places = NameCollation.sorted(try context.store.photoPlaces())
        let shown = places.prefix(PhotosSource.cardPlaces)
        return HomeCard(title: title, newest: totals.newest, template: "photos/card", model: PhotosCard(
            photoCount: totals.photos, placeCount: totals.places, favoriteCount: totals.favorites,
            places: shown.map { Self.row($0, href: Routes.relative(from: Routes.home, to: Routes.place($0.id))) },
            hasMorePlaces: places.count > shown.count,
            placesHref: Routes.relative(from: Routes.home, to: Routes.places),
            favoritesHref: Routes.relative(from: Routes.home, to: Routes.favorites),
            recentsHref: Routes.relative(from: Routes.home, to: Routes.recents)))
    }

    /// How many places the home card lists.
    static let cardPlaces = 8

    static func row(_ place: StoredPlace, href: String) -> PlaceRow {
        PlaceRow(name: place.name, fullName: place.fullName, showsFullName: place.fullName != place.name, href: href, count: place.photoCount)
    }

    /// Brings the image cache to the favorites' images (their thumbnails and largest sizes) and
    /// reads the copies for the site; without a cache folder, every image stays remote.
    private func cachedImages(_ context: SiteContext) throws -> PhotoLinks {
        guard let root = context.cacheFolder else { return PhotoLinks(cached: [:]) }
        let cache = ImageCache(folder: root.appendingPathComponent("\(id)/images", isDirectory: true))
        let favorites = try context.store.favoritePhotos()
        if favorites.isEmpty && !FileManager.default.fileExists(atPath: cache.folder.path) { return PhotoLinks(cached: [:]) }
        var urls: [String] = []
        for photo in favorites {
            for image in [photo.thumbnail, photo.largest].compactMap({ $0 }) where !urls.contains(image.url) { urls.append(image.url) }
        }
        var report: (@Sendable (Int, Int) -> Void)?
        if let show = context.progress {
            report = { done, total in show("favorite images: \(done)/\(total)") }
        }
        let result = try cache.update(keeping: urls, progress: report)
        for warning in result.warnings { context.warn?(warning) }
        var links = PhotoLinks(cached: [:], folder: cache.folder)
        for (url, name) in result.files {
            let local = Routes.cachedImage(name)
            links.cached[url] = local
            links.files[name] = local
        }
        return links
    }
}
