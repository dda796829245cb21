/// A small line plot as a standalone SVG document, made at build time (no script library): one
/// series of values over evenly spaced steps, with gaps where a value is missing.
public struct SVGLinePlot: Sendable {
    public var values: [Double?]
    /// A label per step; a few of them, evenly spread and always the ends, are shown under their step.
    public var labels: [String]
    /// When true, smaller values are drawn higher (ranks: 1 at the top).
    public var inverted: Bool
    public var width = 600
    public var height = 200
    /// Said by screen readers and shown where images are off.
    public var title: String

    /// At most this many step labels, so that dates do not overlap in the plot's width.
    static let maximumLabels = 4

    public init(values: [Double?], labels: [String], inverted: Bool, title: String) {
        self.values = values
        self.labels = labels
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
        // A few ticks on each axis: whole values on the left, evenly spread steps below.
        var ticks = ""
        for value in Self.ticks(low: low, high: high) {
            ticks += "<path class=\"axis\" d=\"M\(n(left - 4)) \(n(y(value))) H\(n(left))\"/>"
            ticks += "<text x=\"\(n(left - 6))\" y=\"\(n(y(value) + 4))\" text-anchor=\"end\">\(Self.escape(label(value)))</text>"
        }
        let shown = Self.labelSteps(count: min(values.count, labels.count))
        for index in shown {
            let anchor = shown.count == 1 ? "middle" : index == shown.first ? "start" : index == shown.last ? "end" : "middle"
            ticks += "<path class=\"axis\" d=\"M\(n(x(index))) \(n(bottom)) V\(n(bottom + 4))\"/>"
            ticks += "<text x=\"\(n(x(index)))\" y=\"\(n(bottom + 20))\" text-anchor=\"\(anchor)\">\(Self.escape(labels[index]))</text>"
        }
        return """
            <svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 \(width) \(height)" width="\(width)" height="\(height)" role="img">
            <title>\(Self.escape(title))</title>
            <style>text{font:12px system-ui,sans-serif;fill:#57606a}.axis{fill:none;stroke:#d0d7de}.line{fill:none;stroke:#0a58ca;stroke-width:2.5}circle{fill:#0a58ca}@media (prefers-color-scheme:dark){text{fill:#9da7b3}.axis{stroke:#30363d}.line{stroke:#6cb6ff}circle{fill:#6cb6ff}}</style>
            <path class="axis" d="M\(n(left)) \(n(top)) V\(n(bottom)) H\(n(right))"/>
            \(ticks)
            \(paths.map { "<path class=\"line\" d=\"\($0)\"/>" }.joined())\(dots)
            </svg>

            """
    }

    /// The values ticked on the vertical axis: both ends and up to two whole values between,
    /// on a round step (1, 2, 5, 10, 20…).
    static func ticks(low: Double, high: Double) -> [Double] {
        guard high > low else { return [low] }
        let rough = (high - low) / 3
        let bases = [1.0, 2.0, 5.0]
        var base = 0, magnitude = 1.0
        while bases[base] * magnitude < rough {
            base += 1
            if base == bases.count { base = 0; magnitude *= 10 }
        }
        let step = bases[base] * magnitude
        var values = [low]
        var value = (low / step).rounded(.down) * step + step
        while value < high - step / 2 {
            if value - low >= step / 2 { values.append(value) }
            value += step
        }
        values.append(high)
        return values
    }

    /// Which of `count` steps get a label: the ends and evenly spread ones between, at most `maximumLabels`.
    static func labelSteps(count: Int) -> [Int] {
        guard count > 0 else { return [] }
        let shown = min(count, maximumLabels)
        guard shown > 1 else { return [0] }
        return (0..<shown).map { Int((Double($0) * Double(count - 1) / Double(shown - 1)).rounded()) }
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
