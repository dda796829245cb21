import Testing
@testable import Tally

@Suite("Long tables are windowed after rendering")
struct TableWindowingTests {
    private let windowing = TableWindowing(threshold: 20, keptRows: 5)

    private func markdown(rows: Int, csv: Bool) -> String {
        var text = "## Hashtags\n\n| Hashtag | Tweets |\n| --- | ---: |\n"
        for n in 0..<rows { text += "| [#tag\(n) & co](https://twitter.com/hashtag/tag\(n)) | \(1000 - n) |\n" }
        text += "\n" + (csv ? "Download: [CSV](hashtags.csv)\n" : "Plain text.\n")
        return text
    }

    @Test("a table at or under the threshold is left exactly as cmark-gfm wrote it")
    func shortTableUnchanged() {
        let body = MarkdownRenderer.html(markdown(rows: 20, csv: false))
        let (result, files) = windowing.apply(body, page: "searches/x/index.html")
        #expect(result == body)
        #expect(files.isEmpty)
    }

    @Test("a long table keeps its first rows with their place, and links its existing CSV")
    func longTableKeepsFirstRows() throws {
        let body = MarkdownRenderer.html(markdown(rows: 50, csv: true))
        let (result, files) = windowing.apply(body, page: "searches/x/index.html")
        #expect(result.components(separatedBy: "<tr role=\"row\" aria-rowindex=").count - 1 == 6, "the header row and five body rows")
        #expect(result.contains("<table data-rows=\"../../searches/x/hashtags.table.js\" aria-rowcount=\"51\">"))
        #expect(result.contains("<tr role=\"row\" aria-rowindex=\"6\">") && !result.contains("#tag5 &amp; co"))
        #expect(result.contains("<a href=\"hashtags.csv\">All 50 rows as CSV</a>"))
        #expect(!result.contains("<script"), "the theme's script loads the rows once the first ones are painted")
        #expect(files.map(\.path) == ["searches/x/hashtags.table.js"], "no second CSV when the page links one")
    }

    @Test("the data script holds every row: links as prefix and rest, numbers as numbers")
    func dataScript() throws {
        let body = MarkdownRenderer.html(markdown(rows: 50, csv: true))
        let script = try #require(windowing.apply(body, page: "searches/x/index.html").files.first).string
        #expect(script.hasPrefix("(window.tallyRows = window.tallyRows || {})[\"../../searches/x/hashtags.table.js\"] = JSON.parse('{\"rows\":["))
        #expect(script.hasSuffix("]}');\n") && !script.dropLast().contains("\n"))
        #expect(script.contains("[[\"#tag0 & co\",0,\"tag0\"],1000]"))
        #expect(script.contains("[[\"#tag49 & co\",0,\"tag49\"],951]"))
        let short = MarkdownRenderer.html("## Users\n\n| User |\n| --- |\n" + (0..<30).map { "| [@u\($0)](https://x.org/u\($0)) |\n" }.joined())
        let own = try #require(windowing.apply(short, page: "index.html").files.last).string
        #expect(own.contains("[[\"@u0\",0]],[[\"@u1\",0]]"), "a link ending in its own text leaves that out")
        #expect(script.contains("\"prefixes\":[[\"https://twitter.com/hashtag/\"],[]]"))
    }

    @Test("a table of pictures is windowed from its own lower threshold, alike when cut in the Markdown and after rendering")
    func pictureTables() throws {
        let windowing = TableWindowing(threshold: 20, keptRows: 5, pictureThreshold: 10)
        try HTMLFragment.$table.withValue(HTMLFragment.Table()) {
            func people(_ rows: Int, pictures: Bool) throws -> String {
                var text = "## People\n\n| Person | Tweets |\n| --- | ---: |\n"
                for n in 0..<rows {
                    // An avatar travels through Markdown as its fragment's token, as from a template.
                    let avatar = pictures ? try #require(MustacheValueEncoder.encode(HTMLFragment.element("img", ["src": "a\(n).png", "alt": ""])) as? String) + " " : ""
                    text += "| \(avatar)[@u\(n)](../u\(n)/) | \(n) |\n"
                }
                return text
            }
            let page = "people/index.html"
            let cut = windowing.render(markdown: try people(11, pictures: true), page: page)
            #expect(cut.body.contains("aria-rowcount=\"12\""))
            #expect(cut.body.components(separatedBy: "<img").count - 1 == 5, "only the kept rows' pictures are in the HTML")
            #expect(cut.files.map(\.path) == ["people/people.table.csv", "people/people.table.js"])
            #expect(cut.files[1].string.contains("a10.png"), "every row's picture is in the data script")
            let rendered = windowing.apply(MarkdownRenderer.html(try people(11, pictures: true)), page: page)
            #expect(rendered.body == cut.body)
            #expect(rendered.files.map(\.bytes) == cut.files.map(\.bytes))
            for (rows, pictures) in [(11, false), (10, true)] {
                let markdown = try people(rows, pictures: pictures)
                #expect(windowing.render(markdown: markdown, page: page).files.isEmpty, "\(rows) rows, pictures \(pictures)")
                #expect(windowing.apply(MarkdownRenderer.html(markdown), page: page).files.isEmpty)
            }
        }
    }

    @Test("every row's picture of a table read in batches on several threads is in the data script and the CSV, as from the whole table")
    func picturesInBatchesOnThreads() throws {
        let windowing = TableWindowing(threshold: 20, keptRows: 5, pictureThreshold: 10)
        // 2,000 rows: two batches, rendered on the pool's threads at once, where the page's
        // fragment table, which numbers the pictures, must be bound too. Which batch runs on
        // which thread is the pool's choice (on one core, or with the pool busy, all run on this
        // one, and a fault there goes unseen): the table is rendered four times, and every time
        // every picture must come out.
        for round in 0..<4 {
            try HTMLFragment.$table.withValue(HTMLFragment.Table()) {
                var text = "## People\n\n| Person | Tweets |\n| --- | ---: |\n"
                for n in 0..<2_000 {
                    let avatar = try #require(MustacheValueEncoder.encode(HTMLFragment.element("img", ["src": "a\(n).png", "alt": ""])) as? String)
                    text += "| \(avatar) [@u\(n)](../u\(n)/) | \(n) |\n"
                }
                let page = "people/index.html"
                let batched = windowing.render(markdown: text, page: page)
                let whole = windowing.apply(MarkdownRenderer.html(text), page: page)
                #expect(batched.files.map(\.path) == ["people/people.table.csv", "people/people.table.js"])
                for file in batched.files {
                    #expect(!file.string.contains("tallyhtml"), "round \(round): a picture's token is left in \(file.path)")
                }
                #expect(batched.files.last?.string.contains("a1999.png") == true)
                #expect(batched.files.map(\.bytes).elementsEqual(whole.files.map(\.bytes)), "round \(round)")
            }
        }
    }

    @Test("a body's tags, and those opening with i, are counted as a plain scan counts them")
    func tagCounts() {
        var generator = SystemRandomNumberGenerator()
        let alphabet = Array("<i>mg a".utf8)
        // Texts under 9 bytes are counted a byte at a time; longer ones eight bytes at a time
        // (a word and the one a byte after it), then the rest.
        let lengths = (0..<500).map { _ in Int.random(in: 0...100, using: &generator) } + [8, 9, 16, 17, 20_000]
            + (0..<20).map { _ in Int.random(in: 1_000...30_000, using: &generator) }
        let texts = ["", "<", "i", "<i", "a<img<i>b<", "<<i<ii<", String(repeating: "<i", count: 10_000), String(repeating: "<", count: 9_000)]
            + lengths.map { length in
                String(decoding: (0..<length).map { _ in alphabet.randomElement(using: &generator)! }, as: UTF8.self)
            }
        for text in texts {
            let bytes = Array(text.utf8)
            let all = bytes.filter { $0 == UInt8(ascii: "<") }.count
            let startingWithI = bytes.indices.dropLast().filter { bytes[$0] == UInt8(ascii: "<") && bytes[$0 + 1] == UInt8(ascii: "i") }.count
            let counted = bytes.withUnsafeBufferPointer { TableWindowing.tags(in: $0) }
            #expect(counted.all == all && counted.startingWithI == startingWithI, "\(text.prefix(80)), \(text.utf8.count) bytes")
        }
    }

    @Test("a long table with no CSV link gets a CSV of its own beside the page")
    func csvWritten() throws {
        let body = MarkdownRenderer.html(markdown(rows: 30, csv: false))
        let (result, files) = windowing.apply(body, page: "a/index.html")
        #expect(files.map(\.path) == ["a/hashtags.table.csv", "a/hashtags.table.js"])
        let csv = files[0].string
        #expect(csv.hasPrefix("Hashtag,Tweets\r\n#tag0 & co,1000\r\n"))
        #expect(csv.components(separatedBy: "\r\n").count == 32)
        #expect(result.contains("<a href=\"../a/hashtags.table.csv\">All 30 rows as CSV</a>"))
    }

    @Test("hostile cell text stays text in the data script")
    func hostile() throws {
        let cell = MarkdownEscaping.escape("</script><img src=x onerror=alert(1)> it's \\ \u{2028} \"")
        let text = "| Name |\n| --- |\n" + String(repeating: "| \(cell) |\n", count: 30)
        let script = try #require(windowing.apply(MarkdownRenderer.html(text), page: "index.html").files.last).string
        #expect(!script.contains("</script") && !script.contains("<img"))
        #expect(script.contains(#"\\u003c/script>\\u003cimg src=x onerror=alert(1)> it\'s \\\\ "#))
        #expect(script.contains(#"\\""#) && !script.unicodeScalars.contains("\u{2028}"))
    }

    @Test("a cell's JSON string escapes quotes, backslashes, < , control characters and script line ends, byte for byte as per character")
    func jsonString() {
        // The escaping as the JSON and script rules say it, a character at a time.
        func reference(_ text: String) -> String {
            var out = "\""
            for scalar in text.unicodeScalars {
                switch scalar {
                case "\"": out += "\\\""
                case "\\": out += "\\\\"
                case "<": out += "\\u003c"
                case "\u{2028}": out += "\\u2028"
                case "\u{2029}": out += "\\u2029"
                default:
                    if scalar.value < 0x20 {
                        let hex = String(scalar.value, radix: 16)
                        out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                    } else {
                        out.unicodeScalars.append(scalar)
                    }
                }
            }
            return out + "\""
        }
        let texts = ["", "plain", "say \"hi\" \\ </script>", "tab\there\nline\r\u{0}\u{1f}\u{7f}", "a\u{2028}b\u{2029}c\u{2027}\u{202a}",
                     "Zürich café 東京 👩🏽‍💻 \u{E2}", "<img src=\"x\" alt=\"\">", String(repeating: "é<\"", count: 300)]
        for text in texts {
            #expect(TableWindowing.jsonString(text) == reference(text), "\(text.debugDescription)")
        }
        #expect(TableWindowing.jsonString("a\u{1}<") == #""a\u0001\u003c""#)
    }

    @Test("row counts are grouped the same way on every machine")
    func grouping() {
        #expect(TableWindowing.grouped(100_000) == "100,000")
        #expect(TableWindowing.grouped(999) == "999")
        #expect(TableWindowing.grouped(1_000_000) == "1,000,000")
    }
    @Test("a long table cut in the Markdown and read in batches gives the same page and files as the whole table", arguments: [true, false])
    func cutMatchesWhole(csv: Bool) throws {
        // 2,500 rows: three batches, the last one short; a short table before it keeps its place.
        let text = "## First\n\n| A |\n| --- |\n| a |\n\n" + markdown(rows: 2_500, csv: csv)
        let cut = try #require(windowing.cut(text))
        #expect(cut.tableCount == 2 && cut.tables.keys.sorted() == [1])
        #expect(cut.markdown.utf8.count < text.utf8.count / 50)
        let whole = windowing.apply(MarkdownRenderer.html(text), page: "searches/x/index.html")
        let batched = windowing.render(markdown: text, page: "searches/x/index.html")
        #expect(batched.body == whole.body)
        #expect(batched.files.map(\.path) == whole.files.map(\.path))
        #expect(batched.files.map(\.bytes) == whole.files.map(\.bytes))
        #expect(batched.files.last?.string.contains("[[\"#tag2499 & co\",0,\"tag2499\"],\"-1499\"]") == true)
    }

    @Test("tables the cut cannot match to cmark-gfm's (a table-like block in a code fence) fall back to the whole page")
    func cutFallsBack() throws {
        let fenced = "```\n| A |\n| --- |\n| a |\n```\n\n" + markdown(rows: 30, csv: false)
        let cut = try #require(windowing.cut(fenced))
        #expect(cut.tableCount == 2, "the cut counts the fenced block as a table; cmark-gfm does not")
        #expect(windowing.window(MarkdownRenderer.html(cut.markdown), page: "a/index.html", cut: cut) == nil)
        let result = windowing.render(markdown: fenced, page: "a/index.html")
        #expect(result.body == windowing.apply(MarkdownRenderer.html(fenced), page: "a/index.html").body)
        #expect(result.body.contains("aria-rowcount=\"31\""))
    }
}
