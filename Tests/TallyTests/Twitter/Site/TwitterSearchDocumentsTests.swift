import Testing
@testable import Tally

/// A tweet's search record reads as its card does.
@Suite("Twitter search documents")
struct TwitterSearchDocumentsTests {
    @Test("shortened links become the addresses the card shows; misplaced ranges are left alone")
    func readableLinks() {
        let text = "naïve 🙂 see https://t.co/abc and https://t.co/xyz!"
        let first = TextEntity(kind: .url, value: "https://t.co/abc", range: 12..<28, expandedURL: "https://example.org/a/long/path",
                               displayURL: "example.org/a/long/…")
        let second = TextEntity(kind: .url, value: "https://t.co/xyz", range: 33..<49, expandedURL: "https://swift.org", displayURL: nil)
        #expect(TwitterSearchDocuments.readable(text, links: [second, first]) == "naïve 🙂 see example.org/a/long/… and https://swift.org!")
        let outside = TextEntity(kind: .url, value: "https://t.co/abc", range: 40..<400, displayURL: "x")
        let overlapping = TextEntity(kind: .url, value: "https://t.co/abc", range: 20..<30, displayURL: "y")
        #expect(TwitterSearchDocuments.readable(text, links: [first, outside, overlapping]) == "naïve 🙂 see example.org/a/long/… and https://t.co/xyz!")
        #expect(TwitterSearchDocuments.readable(text, links: []) == text)
    }

    @Test("the state a build keeps for the next reads back as written, and damaged bytes read as none")
    func stateRoundTrip() {
        var state = TwitterSearchState(store: "/tmp/s.sqlite", clock: TwitterClock(origin: "o", seq: 7, removals: 1))
        state.add(SearchableTweet(id: "1", createdAt: 10, text: "a", authorID: "u1", screenName: "ann", name: "Ann", hashtags: ["Swift", "go"]),
                  display: "Ann (@ann)")
        state.add(SearchableTweet(id: "2", createdAt: 11, text: "b", authorID: "u2", screenName: "bob", name: nil, hashtags: ["swift"]),
                  display: "bob (@bob)")
        #expect(state.posts == 2 && state.last == TwitterSearchState.Place(createdAt: 11, id: "2"))
        // The newest post names each; the first keeps the order they came in.
        #expect(state.hashtags["swift"] == TwitterSearchState.Newest(tweetID: "2", date: 11, display: "#swift", first: 0))
        #expect(state.hashtags["go"]?.first == 1 && state.people["u2"]?.first == 1)
        #expect(TwitterSearchState(decoding: state.encoded) == state)
        #expect(TwitterSearchState(decoding: Array(state.encoded.dropLast())) == nil)
        #expect(TwitterSearchState(decoding: state.encoded + [0]) == nil)
    }

    @Test("entries come in the order they first came, each put in its place; places not each their own are sorted")
    func entriesInOrder() {
        func newest(_ first: Int) -> TwitterSearchState.Newest { TwitterSearchState.Newest(tweetID: "t", date: 0, display: "d", first: first) }
        let map = ["c": newest(2), "a": newest(0), "b": newest(1)]
        #expect(TwitterSearchState.inOrder(map).map(\.key) == ["a", "b", "c"])
        // Two share a place and one is past the end: everything is sorted by (place, key).
        let damaged = ["z": newest(0), "y": newest(0), "x": newest(7)]
        #expect(TwitterSearchState.inOrder(damaged).map(\.key) == ["y", "z", "x"])
        #expect(TwitterSearchState.inOrder([:]).isEmpty)
    }

    @Test("people with posts come in the order of their first, then those only mentioned by name; damaged places sort everyone")
    func peopleInOrder() {
        func person(_ id: String, _ screenName: String) -> StoredPerson {
            StoredPerson(user: StoredUser(id: id, screenName: screenName, name: screenName, avatarURL: nil), tweetCount: 0, mentionCount: 0, searchCount: 0)
        }
        func newest(_ first: Int) -> TwitterSearchState.Newest { TwitterSearchState.Newest(tweetID: "t", date: 0, display: "d", first: first) }
        let directory = TwitterDirectory(terms: [], people: [person("1", "Zed"), person("2", "amy"), person("3", "Bob"), person("4", "cat")],
                                         hashtags: [])
        // u9 has posts but no page: it takes a place, and the directory's people keep theirs.
        let places = ["3": newest(0), "9": newest(1), "1": newest(2)]
        #expect(TwitterSearchDocuments.orderedPeople(directory, places: places).map(\.id) == ["3", "1", "2", "4"])
        let damaged = ["3": newest(1), "1": newest(1)]
        #expect(TwitterSearchDocuments.orderedPeople(directory, places: damaged).map(\.id) == ["3", "1", "2", "4"])
        let outside = ["4": newest(5), "2": newest(0)]
        #expect(TwitterSearchDocuments.orderedPeople(directory, places: outside).map(\.id) == ["2", "4", "3", "1"])
    }
}
