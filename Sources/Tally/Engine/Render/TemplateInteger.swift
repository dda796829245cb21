import Mustache

/// A whole number as templates see it. `{{width}}` shows it as written (`1200`, fit for an
/// attribute); `{{grouped(count)}}` groups its thousands for reading (`2,216`); and a plural noun
/// used as a transform puts the noun in agreement with it: `{{posts(count)}}` is `1 post` or
/// `2,216 posts`, `{{people(count)}}` `1 person`. Any English noun with a regular plural works, so
/// a theme never writes "1 items".
struct TemplateInteger: MustacheCustomRenderable, MustacheTransformable {
    let value: Int

    var renderText: String { String(value) }
    // A number is a value, not an empty list: `{{#count}}` renders for zero as it did for a plain Int.
    var isNull: Bool { false }

    func transform(_ name: String) -> Any? {
        if name == "grouped" { return Self.grouped(value) }
        if let standard = value.transform(name) { return standard }
        guard let singular = Self.singular(of: name) else { return nil }
        return "\(Self.grouped(value)) \(value == 1 ? singular : name)"
    }

    /// `2216` as `2,216`, the same on every machine (the build is reproducible).
    static func grouped(_ number: Int) -> String {
        // Written as bytes: a People table groups three numbers on each of its 14,000 rows.
        var digits: [UInt8] = []
        var rest = number.magnitude
        repeat {
            if digits.count % 4 == 3 { digits.append(UInt8(ascii: ",")) }
            digits.append(UInt8(ascii: "0") + UInt8(rest % 10))
            rest /= 10
        } while rest > 0
        if number < 0 { digits.append(UInt8(ascii: "-")) }
        digits.reverse()
        return String(decoding: digits, as: UTF8.self)
    }

    /// The singular of a lowercase English plural, or nil when `plural` does not look like one.
    static func singular(of plural: String) -> String? {
        guard plural.count > 1, plural.allSatisfy({ $0.isASCII && $0.isLowercase }) else { return nil }
        if let irregular = irregulars[plural] { return irregular }
        guard plural.hasSuffix("s"), !plural.hasSuffix("ss") else { return nil }
        for ending in ["ches", "shes", "sses", "xes", "zes"] where plural.hasSuffix(ending) { return String(plural.dropLast(2)) }
        if plural.hasSuffix("ies") { return String(plural.dropLast(3)) + "y" }
        return String(plural.dropLast())
    }

    private static let irregulars = ["people": "person", "children": "child", "men": "man", "women": "woman"]
}
