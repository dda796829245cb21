/// A small line plot as a standalone SVG document, made at build time (no script library): one
/// series of values over evenly spaced steps, with gaps where a value is missing.
public struct SVGLinePlot: Sendable {
    public var values: [Double?]
    /// Labels under the first and last step.
    public var firstLabel: String
    public var lastLabel: String
    /// When true, smaller values are drawn higher (ranks: 1 at the top).
    public var inverted: Bool
    public var width = 600
    public var height = 200
    /// Said by screen readers and shown where images are off.
    public var title: String

    public init(values: [Double?], firstLabel: String, lastLabel: String, inverted: Bool, title: String) {
        self.values = values
        self.firstLabel = firstLabel
        self.lastLabel = lastLabel
        self.inverted = inverted
        self.title = title
    }

    /// The SVG text; every label is escaped for XML.
    public var svg: String {
        let present = values.compactMap { $0 }
        let low = present.min() ?? 0
        let high = max(present.max() ?? 1, low + 1)
        let left = 48.0, right = Double(width) - 16, top = 16.0, bottom = Double(height) - 32
        func x(_ index: Int) -> Double {
            values.count <= 1 ? (left + right) / 2 : left + (right - left) * Double(index) / Double(values.count - 1)
        }
        func y(_ value: Double) -> Double {
            let t = (value - low) / (high - low)
            return inverted ? top + (bottom - top) * t : bottom - (bottom - top) * t
        }
        func n(_ value: Double) -> String { String(Double(Int((value * 10).rounded())) / 10) }
        func label(_ value: Double) -> String { value == value.rounded() ? String(Int(value)) : n(value) }
        var paths: [String] = []
        var current = ""
        var dots = ""
        for (index, value) in values.enumerated() {
            guard let value else {
                if !current.isEmpty { paths.append(current) }
                current = ""
                continue
            }
            current += (current.isEmpty ? "M" : " L") + "\(n(x(index))) \(n(y(value)))"
            dots += "<circle cx=\"\(n(x(index)))\" cy=\"\(n(y(value)))\" r=\"3.5\"/>"
        }
        if !current.isEmpty { paths.append(current) }
        let topValue = inverted ? low : high
        let bottomValue = inverted ? high : low
        return """
            <svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 \(width) \(height)" width="\(width)" height="\(height)" role="img">
            <title>\(Self.escape(title))</title>
            <style>text{font:12px system-ui,sans-serif;fill:#57606a}.axis{fill:none;stroke:#d0d7de}.line{fill:none;stroke:#0a58ca;stroke-width:2.5}circle{fill:#0a58ca}@media (prefers-color-scheme:dark){text{fill:#9da7b3}.axis{stroke:#30363d}.line{stroke:#6cb6ff}circle{fill:#6cb6ff}}</style>
            <path class="axis" d="M\(n(left)) \(n(top)) V\(n(bottom)) H\(n(right))"/>
            <text x="\(n(left - 6))" y="\(n(top + 4))" text-anchor="end">\(Self.escape(label(topValue)))</text>
            <text x="\(n(left - 6))" y="\(n(bottom + 4))" text-anchor="end">\(Self.escape(label(bottomValue)))</text>
            <text x="\(n(left))" y="\(n(bottom + 20))">\(Self.escape(firstLabel))</text>
            <text x="\(n(right))" y="\(n(bottom + 20))" text-anchor="end">\(Self.escape(lastLabel))</text>
            \(paths.map { "<path class=\"line\" d=\"\($0)\"/>" }.joined())\(dots)
            </svg>

            """
    }

    static func escape(_ text: String) -> String {
        var out = ""
        for scalar in MarkdownEscaping.removingDirectionalControls(text).unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case _ where scalar.value < 0x20 && scalar != "\n" && scalar != "\t": continue
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}
