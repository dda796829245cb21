import GRDB

/// Hands one file's batches, inside its transaction, to the sink of the source that read each,
/// opening a source's sink when its first batch arrives.
final class BatchWriter {
    private let db: Database
    private let sources: [any DataSource]
    private let options: ImportOptions
    private let memo: ImportMemo
    private var summary: ImportSummary
    private var sinks: [Int: any ImportSink] = [:]
    private var opened: [Int] = []

    init(db: Database, sources: [any DataSource], options: ImportOptions, file: String, memo: ImportMemo) {
        self.db = db
        self.memo = memo
        self.sources = sources
        self.options = options
        self.summary = ImportSummary(file: file)
    }

    func add(_ batch: any ImportBatch, _ match: FormatDetector.Match) throws {
        if !summary.formats.contains(match.format.name) { summary.formats.append(match.format.name) }
        if sinks[match.source] == nil {
            sinks[match.source] = try sources[match.source].makeSink(db, options: options, memo: memo)
            opened.append(match.source)
        }
        try sinks[match.source]!.add(batch, format: match.format)
    }

    /// Lets every sink write what it gathered; the file's summary.
    func finish() throws -> ImportSummary {
        summary.reports = try opened.map { try sinks[$0]!.finish() }
        return summary
    }
}
