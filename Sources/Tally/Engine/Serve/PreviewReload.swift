import Foundation

/// What serve mode adds to pages so open ones reload after a rebuild: a small script, and the
/// CSP permission it needs to ask the server for the build's number. Neither is ever written to
/// the built site; they are added as the preview serves each page.
public enum PreviewReload {
    /// Where the preview serves the script and the build number; outside any output path.
    public static let scriptPath = "/_tally/reload.js"
    public static let generationPath = "/_tally/generation"

    /// Polls the build number and reloads the page when it changes.
    public static let script = """
        (function () {
          "use strict";
          var tag = document.currentScript;
          var seen = tag && tag.getAttribute("data-generation");
          function poll() {
            fetch("\(generationPath)", { cache: "no-store" }).then(function (response) {
              return response.text();
            }).then(function (text) {
              if (seen !== null && text !== seen) { window.location.reload(); return; }
              seen = text;
              setTimeout(poll, 400);
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
