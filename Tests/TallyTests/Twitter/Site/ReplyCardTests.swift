import Foundation
import Testing
@testable import Tally

/// A reply says whom it answers, and links the post it answers when that post is stored.
@Suite("Replies on cards")
struct ReplyCardTests {
    @Test("v1.1's in_reply_to fields are stored; the card says 'Replying to @x', linked to the parent's page when it is stored")
    func replyingTo() throws {
        let project = TestProject()
        // 2 answers 1 (stored), 3 answers 99 (not stored).
        try project.folder.write(["a.json": RetweetGroupTests.page([1, 2, 3], replies: [2: 1, 3: 99])])
        try project.importFiles(["a.json"])
        let stored = Dictionary(uniqueKeysWithValues: try project.store.allTweets().map { ($0.id, $0) })
        #expect(stored["2"]?.replyTo == "1" && stored["2"]?.replyToUser == "p1")
        #expect(stored["3"]?.replyTo == "99" && stored["1"]?.replyTo == nil)
        try project.build()
        let reply = try project.page("tweets/2/index.html")
        #expect(reply.contains("<article class=\"tweet tweet-reply\">"))
        #expect(reply.contains("<p class=\"tweet-context tweet-reply-to\">Replying to <a href=\"../../tweets/1/index.html\">@p1</a></p>"))
        let orphan = try project.page("tweets/3/index.html")
        #expect(orphan.contains("<p class=\"tweet-context tweet-reply-to\">Replying to @p99</p>"))
        // The parent's own card is no reply; its page lists the reply under Replies.
        let parent = try project.page("tweets/1/index.html")
        #expect(parent.components(separatedBy: "Replying to").count == 2)
        #expect(parent.contains("<h2>Replies</h2>") && parent.contains("<ol class=\"tweets thread-below\"><li><article class=\"tweet tweet-reply\">"))
        #expect(reply.contains("<ol class=\"tweets thread-above\"><li><article class=\"tweet\">"))
        // Every list page of posts loads the filter.
        #expect(try project.page("all-tweets/index.html").contains("assets/posts.js"))
        #expect(!parent.contains("posts.js"))
    }

    @Test("v2's replied_to reference and in_reply_to_user_id are stored")
    func v2Replies() throws {
        let project = TestProject()
        _ = try Importer(store: try project.store).importFile(Fixture.url("v2-brexit.jsonl"), displayName: "v2-brexit.jsonl")
        let replies = try project.store.allTweets().filter { $0.replyTo != nil }
        #expect(!replies.isEmpty)
        #expect(replies.contains { $0.id == "1440716745577140229" && $0.replyTo == "1440621713281093641" && $0.replyToUser == "AndrewKnight226" })
    }
}
