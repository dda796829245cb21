import Foundation

extension Importer {
    /// How many bytes of input files one group transaction of `importAll` takes at most before it
    /// commits: enough that a crawl of small files commits a few times, not once a file; small
    /// enough that a killed import loses little work (and nothing it reported as imported).
    public static let groupBytes = 32 << 20

    /// How many bytes of input a group takes at most while the store's secondary indexes wait
    /// for its end (`DeferredIndexes`): making them again costs about what the whole store's
    /// rows cost to sort, so a group that sets them aside is made larger, to pay for that once.
    public static let bulkGroupBytes = 128 << 20

    /// Imports the files in order, as `importPath` does each, with the small files grouped into one
    /// transaction (each in its own savepoint, so each still lands whole or not at all) that
    /// commits every `groupBytes` of input, after a file fails, before a bundle keeps its files,
    /// and at the end. `report` hears of every file, in order, only once what it stored has
    /// committed: a file reported imported is in the store.
    ///
    /// A group whose input is at least the store's size (a first import, a crawl's worth into a
    /// small store) sets the store's secondary indexes aside and makes them again before it
    /// commits, and takes up to `bulkGroupBytes` of input; one file is never split, whatever its size.
    public func importAll(_ files: [(url: URL, name: String)], groupBytes: Int = Importer.groupBytes,
                          bulkGroupBytes: Int = Importer.bulkGroupBytes,
                          report: (_ name: String, _ result: Result<[ImportSummary], any Error>) -> Void) {
        var waiting: [(name: String, result: Result<[ImportSummary], any Error>)] = []
        let memo = ImportMemo()
        let ahead = ReadAhead(files, importer: self)
        defer { ahead.stop() }
        let sizes = files.map { (try? FileManager.default.attributesOfItem(atPath: $0.url.path)[.size] as? Int) ?? 0 }
        var next = 0
        var limit = groupBytes
        // The input the group starting at `next` takes, at the larger size: set aside, the indexes
        // are made again from the whole store, so the group must be large against it to gain.
        func deferring(storeBytes: Int) -> Bool {
            var coming = 0
            for size in sizes[next...] where coming < bulkGroupBytes { coming += size }
            limit = coming >= storeBytes ? max(groupBytes, bulkGroupBytes) : groupBytes
            return coming >= storeBytes
        }
        do {
            try store.groupingImports(deferIndexes: deferring) { commit in
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
                    grouped += sizes[next - 1]
                    // A failed file commits what came before it at once: should its error have
                    // ended the whole transaction (a full disk), the files before it are told so.
                    if grouped >= limit || (try? result.get()) == nil {
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
