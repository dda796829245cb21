import Foundation

/// What serve mode adds to pages so open ones reload after a rebuild: a small script, and the
/// CSP permission it needs to ask the server for the build's number. Neither is ever written to
/// the built site; they are added as the preview serves each page.
public enum PreviewReload {
    /// Where the preview serves the script and the build number; outside any output path.
    public static let scriptPath = "/_tally/reload.js"
    public static let generationPath = "/_tally/generation"

    /// How long the server holds a request for the build number that names the build the page
    /// shows (`?after=N`) before answering it unchanged (at most half the connections' idle timeout).
    public static let holdSeconds = 10

    /// Asks for the build number, naming the one the page shows, and reloads the page when it
    /// changes. The server answers as soon as a rebuild is served, so the page reloads then
    /// rather than at its next poll (a 400 ms poll was up to 400 ms of every edit's wait).
    public static let script = """
        (function () {
          "use strict";
          var tag = document.currentScript;
          var seen = tag && tag.getAttribute("data-generation");
          function poll() {
            var query = seen === null ? "" : "?after=" + encodeURIComponent(seen);
            fetch("\(generationPath)" + query, { cache: "no-store" }).then(function (response) {
              return response.text();
            }).then(function (text) {
              if (seen !== null && text !== seen) { window.location.reload(); return; }
              seen = text;
              setTimeout(poll, 50);
            }, function () { setTimeout(poll, 1500); });
          }
          poll();
        })();

        """

    /// The page with the script tag before `</head>` and `connect-src 'self'` added to its CSP.
    public static func inject(into html: String, generation: Int) -> String {
        var page = html
        let tag = "<script src=\"\(scriptPath)\" data-generation=\"\(generation)\" defer></script>\n"
        if let head = page.range(of: "</head>", options: .caseInsensitive) {
            page.insert(contentsOf: tag, at: head.lowerBound)
        } else {
            page = tag + page
        }
        if let csp = page.range(of: "Content-Security-Policy\" content=\"") {
            page.insert(contentsOf: "connect-src 'self'; ", at: csp.upperBound)
        }
        return page
    }
}
