import Foundation
import Testing
@testable import Tally

@Suite("The People and Hashtags counts kept in the project's cache between builds")
struct TwitterCountsTests {
    private func sample() -> TwitterCounts {
        var counts = TwitterCounts(store: "/p/tally.sqlite", clock: TwitterClock(origin: "o1", seq: 5, removals: 1), binary: TwitterCounts.thisBinary)
        counts.users["u-a"] = TwitterCounts.Person(folded: "ada", tweets: 3, mentioned: 2, searches: [1, 4])
        counts.users["u-b"] = TwitterCounts.Person(folded: "ｂｏｂ", tweets: 0, mentioned: 7, searches: [])
        counts.hashtags["swift"] = TwitterCounts.Hashtag(display: "Swift", tweets: 9)
        counts.hashtags["once"] = TwitterCounts.Hashtag(display: "once", tweets: 1)
        return counts
    }

    @Test("counts read back as they were written; damaged or cut bytes read as none")
    func roundTrip() {
        let counts = sample()
        #expect(TwitterCounts(decoding: counts.encoded) == counts)
        var damaged = counts.encoded
        damaged[damaged.count / 3] ^= 0x01
        #expect(TwitterCounts(decoding: damaged) == nil)
        #expect(TwitterCounts(decoding: Array(counts.encoded.dropLast(3))) == nil)
        #expect(TwitterCounts(decoding: []) == nil)
    }

    @Test("kept counts are gone on from only for the same store and binary, with no prune since and no newer clock")
    func keptOnlyWhenValid() throws {
        let folder = TemporaryFolder()
        let counts = sample()
        let file = TwitterCounts.file(in: folder.url, store: counts.store)
        #expect(TwitterCounts.file(in: folder.url, store: "/other/tally.sqlite") != file)
        #expect(counts.keep(at: file))
        let clock = counts.clock
        #expect(TwitterCounts.kept(at: file, store: counts.store, clock: clock) == counts)
        #expect(TwitterCounts.kept(at: file, store: counts.store, clock: TwitterClock(origin: "o1", seq: 9, removals: 1)) == counts)
        #expect(TwitterCounts.kept(at: file, store: "/other/tally.sqlite", clock: clock) == nil)
        #expect(TwitterCounts.kept(at: file, store: counts.store, clock: TwitterClock(origin: "o2", seq: 5, removals: 1)) == nil)
        #expect(TwitterCounts.kept(at: file, store: counts.store, clock: TwitterClock(origin: "o1", seq: 5, removals: 2)) == nil)
        #expect(TwitterCounts.kept(at: file, store: counts.store, clock: TwitterClock(origin: "o1", seq: 4, removals: 1)) == nil)
        var other = counts
        other.binary = "another tally"
        #expect(other.keep(at: file))
        #expect(TwitterCounts.kept(at: file, store: counts.store, clock: clock) == nil)
        // Only the file itself is left: what was written beside it was moved over it.
        #expect(try FileManager.default.contentsOfDirectory(atPath: file.deletingLastPathComponent().path) == [file.lastPathComponent])
    }

    @Test("the hashtags listed are those on two posts or more, most first, ties by the folded name's bytes")
    func listedHashtags() {
        let listed = TwitterCounts.listed(["b": .init(display: "B", tweets: 2), "a": .init(display: "A", tweets: 2), "é": .init(display: "É", tweets: 2),
                                           "z": .init(display: "Z", tweets: 5), "one": .init(display: "one", tweets: 1)])
        #expect(listed.map(\.folded) == ["z", "a", "b", "é"])
        #expect(listed.first == StoredHashtag(folded: "z", display: "Z", tweetCount: 5))
    }

    @Test("namesakes by case: one page each name, the one with most posts, ties by id; every user kept")
    func peopleByName() {
        func user(_ id: String, _ name: String) -> FoldedUser {
            FoldedUser(user: StoredUser(id: id, screenName: name, name: name, avatarURL: nil), folded: name.lowercased())
        }
        let users = [user("1", "Ann"), user("2", "ann"), user("3", "ANN"), user("4", "bo")]
        let tweets = ["1": 1, "2": 5, "3": 5, "4": 0]
        let (people, all) = TwitterCounts.people(users) { id in tweets[id].map { (tweets: $0, mentioned: 0) } }
        #expect(people.map(\.user.id) == ["2", "4"])
        #expect(all.map(\.id) == ["2", "3", "1", "4"])
    }
}
