import Mustache

/// swift-mustache's hook for HTML templates: the layout and a theme's HTML partials. Every
/// `{{value}}` is escaped one Unicode scalar at a time (`&`, `<`, `>`, `"` and `'`), with
/// directional controls dropped and NUL replaced, as `HTMLFragment` escapes text.
///
/// swift-mustache's own HTML escaping goes by Character, so a quote followed by a combining mark
/// (one Character) was left as it was and could end an attribute; escaping by scalar cannot be
/// fooled that way, and is faster than its per-character dictionary look-ups.
struct SafeHTMLContentType: MustacheContentType {
    func escapeText(_ text: String) -> String { Self.escape(text) }

    static func escape(_ text: String) -> String {
        guard text.utf8.contains(where: { $0 == 0x26 || $0 == 0x3C || $0 == 0x3E || $0 == 0x22 || $0 == 0x27 || $0 == 0 || $0 == 0xE2 }) else {
            return text
        }
        return HTMLFragment.escape(text.removingDirectionalControls, apostrophes: true)
    }
}
