/// Writes one source's batches of one input file, inside that file's transaction.
///
/// The engine opens a sink the first time a file yields a batch of the source, hands it every such
/// batch in order, and calls `finish()` once before the transaction commits.
public protocol ImportSink: AnyObject {
    /// Writes a batch read by one of the source's formats.
    func add(_ batch: any ImportBatch, format: any DocumentFormat) throws
    /// Writes what was gathered across batches and says what the file did.
    func finish() throws -> any ImportReport
}

/// What one file did to one source, as its summary line says it (`50 posts new, …`).
public protocol ImportReport: Sendable, CustomStringConvertible {}
