/// One fetch of a top chart, as a feed describes it: the chart, when it was made, its entries in rank order.
public struct ChartFeed: Sendable, Equatable {
    /// Names the chart across fetches: the feed's URL without scheme, host and size (`limit=25`,
    /// `/100/`), so a later or longer fetch of the same chart is the same chart.
    public var key: String
    /// The feed's own URL (`id`), when it gives one.
    public var feedURL: String?
    /// "Top Songs"; the legacy feeds' "iTunes Store: " prefix is dropped.
    public var title: String
    /// The media type, normalised: "songs", "albums", "apps", "podcasts", "movies", "books", "courses"…
    public var mediaType: String
    /// Lower-case ISO country code ("us"), when the feed says.
    public var country: String?
    /// When the feed was made, seconds since 1970; nil when the feed does not say.
    public var updatedAt: Int64?
    /// The `updated` text as the feed wrote it (with the entries, it tells one fetch from another).
    public var updatedText: String?
    /// The chart's page in the store, when given (http or https only).
    public var storeURL: String?
    /// The feed's copyright line.
    public var rights: String?
    /// The entries; an entry's rank is its position, from 1.
    public var entries: [ChartEntry]

    public init(key: String, feedURL: String? = nil, title: String, mediaType: String, country: String? = nil,
                updatedAt: Int64? = nil, updatedText: String? = nil, storeURL: String? = nil, rights: String? = nil,
                entries: [ChartEntry] = []) {
        self.key = key
        self.feedURL = feedURL
        self.title = title
        self.mediaType = mediaType
        self.country = country
        self.updatedAt = updatedAt
        self.updatedText = updatedText
        self.storeURL = storeURL
        self.rights = rights
        self.entries = entries
    }

    /// Tells two fetches of one chart apart: the feed's `updated` text and a digest of the
    /// ranking, so importing the same file again is recognised, and a feed edited by hand with the
    /// same time is not taken for the one it was edited from.
    public var fingerprint: String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for entry in entries {
            for byte in entry.id.utf8 { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
            hash = (hash ^ 0x0A) &* 0x100_0000_01b3
        }
        return (updatedText ?? "") + "|" + String(hash, radix: 16)
    }
}

/// One item of a chart, as the feed gives it.
public struct ChartEntry: Sendable, Equatable {
    /// The store's id (`im:id`, or `id`); the same item in two charts has the same id.
    public var id: String
    /// The position in its chart, from 1.
    public var rank: Int
    public var name: String
    public var artist: String?
    /// The artist's page in the store, when the feed links it.
    public var artistURL: String?
    /// What the item is, as the feed names it: "Album", "Track", "Podcast", "song", "course"…
    public var kind: String?
    /// The first genre or category.
    public var category: String?
    /// `2020-02-28`.
    public var releaseDate: String?
    /// The feed's own wording of the release date ("August 2, 2012"), when it gives one.
    public var releaseLabel: String?
    public var price: ChartPrice?
    /// Movies' rental price.
    public var rentalPrice: ChartPrice?
    public var summary: String?
    public var rights: String?
    /// The item's page in the store.
    public var storeURL: String?
    /// The artwork the feed offers, smallest first.
    public var images: [ChartImage]
    /// "Explicit", when the feed marks the item so.
    public var advisory: String?
    /// The album a song is from.
    public var collection: String?
    /// How many tracks an album has.
    public var trackCount: Int?

    public init(id: String, rank: Int, name: String, artist: String? = nil, artistURL: String? = nil, kind: String? = nil,
                category: String? = nil, releaseDate: String? = nil, releaseLabel: String? = nil, price: ChartPrice? = nil,
                rentalPrice: ChartPrice? = nil, summary: String? = nil, rights: String? = nil, storeURL: String? = nil,
                images: [ChartImage] = [], advisory: String? = nil, collection: String? = nil, trackCount: Int? = nil) {
        self.id = id
        self.rank = rank
        self.name = name
        self.artist = artist
        self.artistURL = artistURL
        self.kind = kind
        self.category = category
        self.releaseDate = releaseDate
        self.releaseLabel = releaseLabel
        self.price = price
        self.rentalPrice = rentalPrice
        self.summary = summary
        self.rights = rights
        self.storeURL = storeURL
        self.images = images
        self.advisory = advisory
        self.collection = collection
        self.trackCount = trackCount
    }

    /// The smallest image at least `minimum` pixels high, else the largest there is.
    public func image(atLeast minimum: Int) -> ChartImage? {
        images.first { $0.height >= minimum } ?? images.last
    }

    /// The largest image.
    public var largestImage: ChartImage? { images.last }
}

/// A price as the feed shows it, with its amount when known.
public struct ChartPrice: Sendable, Equatable {
    /// As shown: "$1.29", "Free", "Get".
    public var label: String
    /// The amount (0 for "Free" and "Get"), when the feed gives one or the label is a number.
    public var amount: Double?
    /// "USD".
    public var currency: String?

    public init(label: String, amount: Double? = nil, currency: String? = nil) {
        self.label = label
        self.amount = amount
        self.currency = currency
    }
}

/// An artwork URL and its size in pixels.
public struct ChartImage: Sendable, Equatable {
    public var url: String
    public var width: Int
    public var height: Int

    public init(url: String, width: Int, height: Int) {
        self.url = url
        self.width = width
        self.height = height
    }
}
