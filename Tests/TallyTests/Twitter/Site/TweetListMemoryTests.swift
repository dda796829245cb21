import Testing
@testable import Tally

@Suite("What a build remembers of a long list")
struct TweetListMemoryTests {
    @Test("an entry reads back as written; damaged bytes and a short list's empty state read as none")
    func roundTrip() {
        let entry = TweetListMemory.Entry(total: 1_234, months: [.init(key: "2026-11", count: 34), .init(key: "2019-01", count: 1_200)])
        let bytes = TweetListMemory.encode(entry)
        #expect(TweetListMemory.decode(bytes) == entry)
        #expect(TweetListMemory.decode([]) == nil)
        #expect(TweetListMemory.decode(Array(bytes.dropLast())) == nil)
    }

    @Test("new posts' months are added to the remembered ones, newest month first")
    func months() throws {
        let entry = TweetListMemory.Entry(total: 3, months: [.init(key: "2020-02", count: 2), .init(key: "2019-12", count: 1)])
        // 2020-02-29 23:59:59, 2020-03-01 00:00:00 and 2019-11-30 12:00:00 UTC.
        let merged = try #require(TweetListMemory.months(entry, adding: [1_583_020_799, 1_583_020_800, 1_575_115_200]))
        #expect(merged.map(\.key) == ["2020-03", "2020-02", "2019-12", "2019-11"])
        #expect(merged.map(\.count) == [1, 3, 1, 1])
    }

    @Test("a build remembers long lists only, and a list that got short forgets what an earlier build remembered")
    func keeps() {
        let memory = BuildMemory()
        let key = TweetListMemory.stateKeyPrefix + "hashtags/x/"
        memory.start(previous: [key: TweetListMemory.encode(.init(total: 2_000, months: [.init(key: "2020-01", count: 2_000)]))])
        let lists = TweetListMemory(memory: memory)
        #expect(lists.previous("hashtags/x/")?.total == 2_000)
        // Carried over to the next build until a build plans the list again.
        #expect(memory.states[key] != nil)
        lists.keep(total: 999, months: [("2020-01", 999)], for: "hashtags/x/")
        #expect(memory.states[key] == [])
        lists.keep(total: 999, months: [("2020-01", 999)], for: "hashtags/y/")
        #expect(memory.states[TweetListMemory.stateKeyPrefix + "hashtags/y/"] == nil)
        lists.keep(total: 1_000, months: [("2020-01", 1_000)], for: "hashtags/z/")
        #expect(memory.states[TweetListMemory.stateKeyPrefix + "hashtags/z/"].flatMap(TweetListMemory.decode)?.total == 1_000)
    }
}
