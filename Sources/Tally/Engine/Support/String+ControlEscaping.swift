extension String {
    /// The text with control characters shown as escapes (`\u{1B}`), for every message that quotes
    /// data (keys, paths, file names, feed fields): an escape sequence from a file or a feed could
    /// otherwise retitle the window or clear the screen of whoever reads the message.
    ///
    /// C0 controls, DEL and C1 controls are escaped. `keepingLineBreaks` keeps `\n` and `\t`, for
    /// whole messages Tally wrote itself, some of which span lines.
    public func escapingControls(keepingLineBreaks: Bool = false) -> String {
        func isControl(_ scalar: Unicode.Scalar) -> Bool {
            if keepingLineBreaks, scalar == "\n" || scalar == "\t" { return false }
            return scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
        }
        guard unicodeScalars.contains(where: isControl) else { return self }
        var out = ""
        for scalar in unicodeScalars {
            if isControl(scalar) {
                out += "\\u{" + String(scalar.value, radix: 16, uppercase: true).leftPadded(to: 2) + "}"
            } else {
                out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}
