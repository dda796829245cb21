import Foundation

extension TableExport {
    /// The table as bytes in its format.
    public func encoded() -> [UInt8] {
        switch format {
        case .csv: return Array(csv().utf8)
        case .json: return json()
        }
    }

    /// RFC 4180 CSV. Text that a spreadsheet would run as a formula gets a leading `'`.
    func csv() -> String {
        var lines = [Self.csvLine(columns.map { .text($0) }, guardFormulas: false)]
        for row in rows { lines.append(Self.csvLine(row, guardFormulas: true)) }
        return lines.joined(separator: "\r\n") + "\r\n"
    }

    /// One CSV line, without its line break.
    static func csvLine(_ cells: [Cell], guardFormulas: Bool) -> String {
        cells.map { cell in
            switch cell {
            case .number(let value): return String(value)
            case .text(let text):
                let guarded = guardFormulas && text.first.map { "=+-@\t\r".contains($0) } == true ? "'" + text : text
                return csvField(guarded)
            }
        }.joined(separator: ",")
    }

    private static func csvField(_ text: String) -> String {
        guard text.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" }) else { return text }
        return "\"" + text.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }

    /// A JSON array of objects keyed by column, with sorted keys so output is reproducible.
    func json() -> [UInt8] {
        let objects: [[String: JSONCell]] = rows.map { row in
            Dictionary(uniqueKeysWithValues: zip(columns, row.map(JSONCell.init)))
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
        return [UInt8]((try? encoder.encode(objects)) ?? Data("[]".utf8)) + [0x0A]
    }

    private struct JSONCell: Encodable {
        var cell: Cell
        init(_ cell: Cell) { self.cell = cell }
        func encode(to encoder: Encoder) throws {
            var container = encoder.singleValueContainer()
            switch cell {
            case .text(let text): try container.encode(text)
            case .number(let value): try container.encode(value)
            }
        }
    }
}
