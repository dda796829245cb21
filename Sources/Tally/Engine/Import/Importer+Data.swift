import Foundation

extension Importer {
    /// Imports one downloaded JSON document, named `displayName` in summaries and errors, in one
    /// transaction with `alongside` (what the download records about itself): both land, or
    /// neither does.
    func importDocument(_ data: Data, displayName name: String, alongside: () throws -> Void = {}) throws -> ImportSummary {
        let options = self.options
        let detector = FormatDetector(sources: store.sources)
        do {
            return try store.importing { db in
                let writer = BatchWriter(db: db, sources: store.sources, options: options, file: name, memo: ImportMemo())
                let bytes = [UInt8](data)
                // A parsed value lives only as long as its parser, kept to the end of the transaction.
                let parser = JSONParser()
                defer { withExtendedLifetime(parser) {} }
                let root: JSONValue
                do { root = try parser.parse(bytes) } catch let error as JSONSyntaxError {
                    let located = JSONLocation.describe(bytes)
                    throw ImportError.Located(place: located?.0, reason: located?.1 ?? "invalid JSON: \(error.message)")
                }
                let match = try detector.detect(root)
                try writer.add(try match.format.read(root, path: "$", options: options), match)
                let summary = try writer.finish()
                try alongside()
                return summary
            }
        } catch let error as ImportError {
            throw error
        } catch let error as ShapeError {
            throw ImportError(file: name, place: error.path, reason: error.reason)
        } catch let error as ImportError.Located {
            throw ImportError(file: name, place: error.place, reason: error.reason)
        } catch {
            throw ImportError(file: name, place: nil, reason: "\(error)")
        }
    }
}
