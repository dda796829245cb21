import Testing
@testable import Tally

/// One tweet with 40,000 entities (a 1.6 MB file once stalled an import for minutes): placing
/// them and keeping each mention once must cost work linear in the text and the entities. The
/// work is counted, never timed; a quadratic check would count tens of thousands of times more.
@Suite("Entity checks do work linear in the text and the entities")
struct EntityWorkTests {
    static let count = 40_000
    /// Steps allowed per scalar of text and per entity: far above what the code does, far below
    /// what comparing every entity with every other (or with the whole text) would.
    static let stepsPerUnit = 64

    /// `é #t0 #t1 …`: the `é` keeps it off the ASCII fast path, where every offset must land.
    private static let text = "é " + (0..<count).map { "#t\($0)" }.joined(separator: " ")
    private static var scalars: Int { text.unicodeScalars.count }

    private func place(_ entities: [TextEntity]) -> (TweetText, steps: Int) {
        let work = WorkCounter()
        let text = TweetText(escaped: Self.text, entities: entities, work: work)
        return (text, work.steps)
    }

    private func bound(_ entities: Int) -> Int { Self.stepsPerUnit * (Self.scalars + entities) }

    @Test("40,000 hashtags whose offsets all miss are each found in the text")
    func allMissing() {
        let entities = (0..<Self.count).map { TextEntity(kind: .hashtag, value: "T\($0)", range: 0..<1) }
        let (text, steps) = place(entities)
        let scalars = Array(text.text.unicodeScalars)
        #expect(text.entities.allSatisfy { $0.range != nil })
        #expect(text.entities.enumerated().allSatisfy { index, entity in
            String(String.UnicodeScalarView(scalars[entity.range!])) == "#t\(index)"
        })
        #expect(steps <= bound(entities.count), "\(steps) steps for \(Self.scalars) scalars and \(entities.count) entities")
    }

    @Test("40,000 entities whose range is the whole text, and 40,000 of one tag, stay linear")
    func wholeTextRanges() {
        let whole = 0..<Self.scalars
        let entities = (0..<Self.count).map { TextEntity(kind: .hashtag, value: "t\($0 % 7)", range: whole) }
            + (0..<Self.count).map { _ in TextEntity(kind: .url, value: "https://t.co/x", range: whole) }
            + (0..<Self.count).map { _ in TextEntity(kind: .user, value: "nobody", range: whole) }
        let (text, steps) = place(entities)
        #expect(text.entities.filter { $0.kind == .hashtag && $0.range != nil }.count == 7, "each of #t0…#t6 stands once in the text")
        #expect(text.entities.filter { $0.kind == .url && $0.range != nil }.isEmpty, "the hashtags took part of the text first")
        #expect(steps <= bound(entities.count), "\(steps) steps for \(Self.scalars) scalars and \(entities.count) entities")
    }

    @Test("keeping each of 80,000 mentions once, by its folded key, looks at each once")
    func distinct() {
        let entities = (0..<Self.count).map { TextEntity(kind: .hashtag, value: "Tag\($0)", range: nil) }
            + (0..<Self.count).map { TextEntity(kind: .hashtag, value: "tag\($0)", range: nil) }
        let tweet = ImportedTweet(id: "1", author: nil, createdAt: 0, text: TweetText(text: "", entities: entities))
        let work = WorkCounter()
        let distinct = tweet.distinctMentions(work: work)
        #expect(distinct.count == Self.count)
        #expect(distinct.first?.value == "Tag0")
        #expect(work.steps <= 2 * entities.count)
    }
}
