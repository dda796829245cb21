extension Int {
    /// `2,045`: thousands grouped, the same on every machine.
    var formatted: String {
        let digits = String(self.magnitude)
        var out = ""
        for (index, character) in digits.enumerated() {
            if index > 0 && (digits.count - index) % 3 == 0 { out += "," }
            out.append(character)
        }
        return (self < 0 ? "-" : "") + out
    }
}

