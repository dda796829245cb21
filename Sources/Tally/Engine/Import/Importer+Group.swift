import Foundation

extension Importer {
    /// How many bytes of input files one group transaction of `importAll` takes at most before it
    /// commits: enough that a crawl of small files commits a few times, not once a file; small
    /// enough that a killed import loses little work (and nothing it reported as imported).
    public static let groupBytes = 32 << 20

    /// Imports the files in order, as `importPath` does each, with the small files grouped into one
    /// transaction (each in its own savepoint, so each still lands whole or not at all) that
    /// commits every `groupBytes` of input, after a file fails, before a bundle keeps its files,
    /// and at the end. `report` hears of every file, in order, only once what it stored has
    /// committed: a file reported imported is in the store.
    public func importAll(_ files: [(url: URL, name: String)], groupBytes: Int = Importer.groupBytes,
                          report: (_ name: String, _ result: Result<[ImportSummary], any Error>) -> Void) {
        var waiting: [(name: String, result: Result<[ImportSummary], any Error>)] = []
        let memo = ImportMemo()
        let ahead = ReadAhead(files, importer: self)
        defer { ahead.stop() }
        var next = 0
        do {
            try store.groupingImports { commit in
                func commitWaiting() throws {
                    memo.forget()
                    try commit()
                    for (name, result) in waiting { report(name, result) }
                    waiting.removeAll()
                }
                var grouped = 0
                while next < files.count {
                    let (url, name) = files[next]
                    next += 1
                    let read = ahead.next()
                    let result = Result { try importPath(url, displayName: name, memo: memo, readAhead: read, beforeKeepingFiles: commitWaiting) }
                    waiting.append((name, result))
                    grouped += (try? FileManager.default.attributesOfItem(atPath: url.path)[.size] as? Int) ?? 0
                    // A failed file commits what came before it at once: should its error have
                    // ended the whole transaction (a full disk), the files before it are told so.
                    if grouped >= groupBytes || (try? result.get()) == nil {
                        try commitWaiting()
                        grouped = 0
                    }
                }
            }
            for (name, result) in waiting { report(name, result) }
        } catch {
            // The group could not commit: none of its files landed, and none after it was tried.
            for (name, result) in waiting {
                if case .failure = result { report(name, result) } else {
                    report(name, .failure(ImportError(file: name, place: nil, reason: "was read, but the store could not keep it (\(error))")))
                }
            }
            for (_, name) in files[next...] {
                report(name, .failure(ImportError(file: name, place: nil, reason: "was not imported: the store failed before it (\(error))")))
            }
        }
    }
}
