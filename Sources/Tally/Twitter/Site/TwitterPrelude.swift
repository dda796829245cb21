/// The reads the Twitter sections begin with, started before the theme is loaded and the home
/// card is made so that they run beside both (`TwitterSource.prepare`): everyone with a page, with three counts each
/// (and every user, from the same rows), and the searches per author, each on a connection of its own (at 100,000
/// posts a tenth of a second each, while the card's counts took a twentieth on the build's own connection). The
/// hashtags are read after the searches per author, on their connection: the people's read is the
/// longer, and the build's own thread waits for it anyway.
struct TwitterPrelude: Sendable {
    /// Under this key `prepare` lends the prelude to `sections`, which takes it.
    static let key = "twitter:prelude"

    /// Read first: rows stamped after it are planned again by the next build, even if this one saw them.
    let clock: TwitterClock
    let people: MadeAside<Result<(people: [StoredPerson], users: [StoredUser]), any Error>>
    let counts: MadeAside<Result<(searches: [String: Int], hashtags: [StoredHashtag]), any Error>>

    /// Starts the reads on connections of their own.
    init(store: Store) throws {
        clock = try store.twitterClock()
        let reader = try store.reader()
        let counter = try store.reader()
        counts = MadeAside { Result { (try counter.searchesPerAuthor(), try counter.hashtags()) } }
        people = MadeAside { Result { try reader.peopleBeforeSearches() } }
    }

    /// Everyone with a page, with their searches counted, once both reads are done.
    func everyone() throws -> [StoredPerson] {
        Store.people(try people.value.get().people, searches: try counts.value.get().searches)
    }

    /// Every stored user (`Store.allUsers`, in another order), read with everyone.
    func users() throws -> [StoredUser] {
        try people.value.get().users
    }

    /// The hashtags with a page (`Store.hashtags()`).
    func hashtags() throws -> [StoredHashtag] {
        try counts.value.get().hashtags
    }
}
