extension JSONValue {
    /// A Twitter date string (either shape) as seconds since 1970, read without making a String.
    var twitterDate: Int64? {
        withUTF8 { TwitterDate.parse(bytes: $0) } ?? nil
    }
}
