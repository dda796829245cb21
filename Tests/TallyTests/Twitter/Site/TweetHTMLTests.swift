import Testing
@testable import Tally

@Suite("Pieces of post pages built in code")
struct TweetHTMLTests {
    /// The avatar as it was built before it was written into one buffer: an element per piece,
    /// joined. The two must agree byte for byte on any person.
    private static func reference(_ user: StoredUser?, size: Int, page: String, local: String?) -> HTMLFragment {
        let initials = HTMLFragment.element("span", ["class": "avatar-initials", "aria-hidden": "true"], [.text(TweetHTML.initials(user))])
        var parts = [initials]
        if let local {
            parts.append(.element("img", ["class": "avatar-img", "src": Routes.relative(from: page, to: local), "alt": "", "width": "\(size)",
                                          "height": "\(size)", "loading": "lazy", "decoding": "async"]))
        } else if var url = user?.avatarURL {
            if size > 48 { url = url.replacingOccurrences(of: "_normal.", with: "_400x400.") }
            if let safe = Routes.secureImage(url) {
                parts.append(.element("img", ["class": "avatar-img", "src": safe, "alt": "", "width": "\(size)", "height": "\(size)",
                                              "loading": "lazy", "decoding": "async", "referrerpolicy": "no-referrer"]))
            }
        }
        return .element("span", ["class": size > 48 ? "avatar avatar-large" : "avatar"], parts)
    }

    @Test("the large avatar's address replaces every _normal. as Foundation did, and keeps other addresses")
    func largeAvatar() {
        let addresses = ["https://pbs.twimg.com/profile_images/1/a_normal.jpg", "https://example.com/a.png", "", "_normal.", "_normal._normal.",
                         "x_normal_normal.jpg", "https://ex.com/é_normal.png?名=_normal.", "_normal", "a_NORMAL.jpg", "\u{1F600}_normal.\u{1F600}"]
        for address in addresses {
            #expect(TweetHTML.largeAvatar(address) == address.replacingOccurrences(of: "_normal.", with: "_400x400."), "\(address)")
        }
        #expect(TweetHTML.largeAvatar("https://pbs.twimg.com/a_normal.jpg") == "https://pbs.twimg.com/a_400x400.jpg")
    }

    @Test("an avatar is the same HTML as its elements built one by one, for hostile names and addresses too")
    func avatarMatchesElements() {
        let names = ["Ada Lovelace", "", "<script>alert(1)</script>", "Zoë \"Q\" & 'co'", "\u{202E}evil", "名前 テスト", "a\u{0}b", "   "]
        let addresses: [String?] = [nil, "https://pbs.twimg.com/profile_images/1/a_normal.jpg", "http://example.com/x.png",
                                    "javascript:alert(1)", "https://example.com/\"><img src=x onerror=alert(1)>_normal.png",
                                    "data:image/png;base64,AAAA", "//example.com/a.png", ""]
        let locals: [String?] = [nil, "media/owner/avatar.png", "media/a \"b\"/<c>.png", "", "javascript:alert(1)"]
        var compared = 0
        for name in names {
            for address in addresses {
                for local in locals {
                    for size in [48, 96] {
                        for page in ["people/index.html", "people/ada/2/index.html", SharedParts.page] {
                            let user = StoredUser(id: "1", screenName: "ada_\(compared % 7)", name: name, avatarURL: address)
                            let made = TweetHTML.avatar(user, size: size, page: page, local: local)
                            #expect(made == Self.reference(user, size: size, page: page, local: local), "\(name) \(address ?? "-") \(local ?? "-") \(size)")
                            compared += 1
                        }
                    }
                }
            }
        }
        #expect(TweetHTML.avatar(nil, size: 48, page: "a/index.html") == Self.reference(nil, size: 48, page: "a/index.html", local: nil))
        #expect(compared == names.count * addresses.count * locals.count * 2 * 3)
    }

    @Test("an avatar escapes the initials and drops an address that is not a picture on the web")
    func avatarIsInert() {
        // No letter in the name: the initials are the screen name's first character, here `<`.
        let user = StoredUser(id: "1", screenName: "<b>", name: "!!", avatarURL: "javascript:alert(1)")
        let html = TweetHTML.avatar(user, size: 48, page: "people/index.html").html
        #expect(html.contains(">&lt;</span>"))
        #expect(!html.contains("javascript"))
        #expect(html.hasPrefix("<span class=\"avatar\"><span class=\"avatar-initials\" aria-hidden=\"true\">"))
    }
}
