import Foundation
import Testing
@testable import Tally

@Suite("People, hashtags and timelines")
struct PeoplePageTests {
    @Test("`people = [...]` in tally.toml pins those people at the top of the People page")
    func pinned() throws {
        let project = TestProject()
        try project.folder.write([
            "tally.toml": "title = \"T\"\npeople = [\"bob\", \"@carol\", \"nobody\"]\n",
            "a.json": Synthetic.searchPage(query: "q", [
                TweetSpec(id: "1", text: "#x hello @bob", user: "alice"),
                TweetSpec(id: "2", text: "#x again", user: "bob"),
                TweetSpec(id: "3", text: "line one\nline two", user: "carol"),
            ]),
        ])
        try project.importFiles(["a.json"])
        let config = try ProjectConfig.load(folder: project.folder.url)
        #expect(config.settings["people"] == .list(["bob", "@carol", "nobody"]))
        var built = config
        built.templates = Fixture.repository.appendingPathComponent("templates").path
        var builder = SiteBuilder(project: built)
        builder.builtAt = 1_700_000_000
        try builder.build()
        let people = try project.page(Routes.people)
        let pinned = try #require(people.range(of: "<h2>Pinned</h2>"))
        let everyone = try #require(people.range(of: "<h2>Everyone</h2>"))
        let pinnedPart = people[pinned.upperBound..<everyone.lowerBound]
        #expect(pinnedPart.contains(">Bob</a>") && pinnedPart.contains(">Carol</a>") && !pinnedPart.contains(">Alice</a>"))
        #expect(people.contains("Pinned in <code>tally.toml</code> but not stored: @nobody."))
        // A mention of a person with a page links to it; a hashtag in two tweets has its page.
        let tweet = try project.page(Routes.tweet("1"))
        #expect(tweet.contains("<a class=\"mention\" href=\"../../people/bob/index.html\">@bob</a>"))
        #expect(tweet.contains("<a class=\"hashtag\" href=\"../../hashtags/x/index.html\">#x</a>"))
        let hashtag = try project.page(Routes.hashtag("x"))
        #expect(hashtag.contains("2 posts, newest first"))
        let carol = try project.page(Routes.person("carol"))
        #expect(carol.contains("line one<br>line two"))
        #expect(carol.contains("Add to contacts"))
    }

    @Test("a key no source declares is still refused")
    func unknownKey() throws {
        let folder = TemporaryFolder()
        try folder.write(["tally.toml": "peeple = [\"x\"]\n"])
        #expect { try ProjectConfig.load(folder: folder.url) } throws: { "\($0)".contains("peeple: unknown setting") && "\($0)".contains("people") }
    }

    @Test("a timeline file is recognised by shape, or named with --timeline, and gets its page")
    func timelines() throws {
        let project = TestProject()
        let importer = Importer(store: try project.store)
        _ = try importer.importFile(Fixture.url("v1-timeline-2010.json"), displayName: "t.json")
        var named = importer
        named.options["timeline"] = "My list"
        _ = try named.importFile(Fixture.url("v1-timeline-2007.json"), displayName: "u.json")
        let names = try project.store.timelines().map(\.name)
        #expect(names.contains("My list") && names.count == 2, "\(names)")
        try project.build()
        #expect(try project.page(Routes.timelines).contains(">My list</a>"))
        #expect(project.folder.exists("public/" + Routes.timeline("My list")))
    }

    @Test("an avatar's initials: the first letter or digit of the first two words, read as bytes for ASCII names as for others")
    func initials() {
        // The rule, Character by Character, as it was first written.
        func reference(_ user: StoredUser) -> String {
            let words = user.name.split(whereSeparator: { $0.isWhitespace }).compactMap { $0.first(where: { $0.isLetter || $0.isNumber }) }
            let letters = words.prefix(2).map { String($0).uppercased() }.joined()
            return letters.isEmpty ? String(user.screenName.prefix(1)).uppercased() : letters
        }
        let names = ["Ada Lovelace", "ada", "  (Ada)  [Byron]  King", "9 Lives Cat", "---", "", "a\tb\nc", "a\r\nb", "x\u{0B}y\u{0C}z",
                     "Ada_Lovelace", "Émile Zola", "日本 語", "O'Brien, Pat", "!!! ???", "\u{1F600} smile"]
        for name in names {
            let user = StoredUser(id: "1", screenName: "_someone", name: name, avatarURL: nil)
            #expect(TweetHTML.initials(user) == reference(user), "\(name.debugDescription)")
        }
        #expect(TweetHTML.initials(StoredUser(id: "1", screenName: "ab", name: "Ada Lovelace Byron", avatarURL: nil)) == "AL")
        #expect(TweetHTML.initials(StoredUser(id: "1", screenName: "ab", name: "...", avatarURL: nil)) == "A")
    }

    @Test("a People table row links the person's page and contact card as the routes name them, from the table's page")
    func rowLinks() {
        let directory = TwitterDirectory(terms: [], people: [], hashtags: [])
        for screenName in ["ada", "Ada_Lovelace", "K\u{212A}elvin", "ñandú"] {
            let person = StoredPerson(user: StoredUser(id: "1", screenName: screenName, name: "N", avatarURL: nil), tweetCount: 1, mentionCount: 0, searchCount: 0)
            for page in [Routes.people, "people/2/index.html"] {
                let row = PersonRow(person, from: page, directory: directory)
                #expect(row.href == Routes.relative(from: page, to: Routes.person(screenName)))
                #expect(row.cardHref == Routes.relative(from: page, to: Routes.contactCard(screenName)))
                #expect(row.cardHref.hasSuffix("/contact.vcf") && row.href.hasSuffix("/index.html"))
            }
        }
    }
}

