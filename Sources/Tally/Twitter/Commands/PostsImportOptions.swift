import ArgumentParser

/// The posts source's options on `tally import`.
public struct PostsImportOptions: ImportOptionGroup {
    @Option(help: "Count the posts for this search term (on their own network), instead of the one the file records.")
    var term: String?

    @Option(help: "Name the timeline these files hold (recognised by shape otherwise: home, user, list, mentions, public).")
    var timeline: String?

    @Option(help: ArgumentHelp("Name the author of a lone archive tweets.js by screen name (the archive's .zip or folder names its owner itself).",
                               valueName: "NAME"))
    var owner: String?

    public init() {}

    public func validate() throws {
        if let owner, TwitterArchive.screenName(fromOption: owner) == nil {
            throw ValidationError("--owner '\(owner)' is no Twitter screen name (letters, digits and _)")
        }
    }

    public var values: [String: String] {
        var values: [String: String] = [:]
        values["term"] = term
        values["timeline"] = timeline
        values[TwitterArchive.namedOwnerKey] = owner
        return values
    }
}
