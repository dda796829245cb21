import Foundation

/// What a site is built from, in one digest: this tally binary, the theme, the settings, the
/// sources and the store's files (size and modification time, to the nanosecond).
///
/// Two builds with the same fingerprint make the same pages, but for the home page and
/// `assets/site.js`, which carry the build time: that is what lets a rebuild with nothing changed
/// replace two files instead of writing a new tree. Anything that writes the store changes its
/// files' times, so a change is never missed; a checkpoint that changes nothing only costs one
/// full build.
struct BuildFingerprint {
    /// The store's files as they are before the build opens them (opening creates its WAL file).
    struct StoreStamp {
        var text: String

        init(path: String) {
            text = [path, path + "-wal"].map(BuildFingerprint.stamp).joined(separator: ";")
        }
    }

    /// The pages every build renders whatever changed (home, search, 404): their templates are
    /// not part of `global`.
    static let pagesAlwaysRendered = ["home", "search", "404"]

    /// The fingerprint of everything, and of everything but the store's rows and the templates of
    /// each source's own folder (`global`): a site built with the same global fingerprint can be
    /// updated by planning only what changed. `themes` has the digest of each source's template
    /// folder that `global` leaves out: a source whose digest changed plans all its pages.
    static func make(store: StoreStamp, theme: Theme, site: SiteInfo, project: ProjectConfig, sources: [any DataSource],
                     notFoundRoot: String?, inputs: [String] = []) -> (all: String, global: String, themes: [String: String]) {
        let themeParts = theme.digests(folders: sources.map(\.id), pages: pagesAlwaysRendered)
        var parts = ["tally " + TallyVersion.current, "binary " + stamp("/proc/self/exe"), "theme " + themeParts.rest]
        parts.append("title " + project.title)
        parts.append("base " + (project.baseURL ?? ""))
        parts.append("404 " + (notFoundRoot ?? ""))
        parts.append("sources " + sources.map(\.id).joined(separator: ","))
        // The sources' settings (`people = [...]`): escaped as JSON strings, so no value can pass for two.
        for (key, value) in project.settings.sorted(by: { $0.key < $1.key }) {
            parts.append("setting " + JSONArgument.array([key] + value.list))
        }
        parts.append("navigation " + site.navigation.map { "\($0.id)=\($0.title)@\($0.path)" }.joined(separator: ","))
        parts += inputs.map { "inputs " + $0 }
        let global = Manifest.digest(Array(parts.joined(separator: "\n").utf8))
        return (Manifest.digest(Array((global + "\ntheme " + theme.digest + "\nstore " + store.text).utf8)), global, themeParts.folders)
    }

    /// `size:seconds.nanoseconds` of a file, or `-` when there is none (or an empty WAL).
    static func stamp(_ path: String) -> String {
        var info = stat()
        guard stat(path, &info) == 0, info.st_size > 0 else { return "-" }
        return "\(info.st_size):\(info.st_mtim.tv_sec).\(info.st_mtim.tv_nsec)"
    }
}
