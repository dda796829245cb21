import ArgumentParser

/// Where one network fetch asks, and which search its posts count toward.
struct FetchTargetOptions: ParsableArguments {
    @Option(help: "The server's URL (http or https, any host: a self-hosted or local server).")
    var server: String?

    @Option(help: "Count the posts toward this search instead of the tag or the words.")
    var term: String?
}
