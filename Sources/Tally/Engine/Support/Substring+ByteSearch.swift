import Foundation

extension Substring {
    /// Where `marker` first occurs, compared as UTF-8 bytes.
    ///
    /// Foundation's `range(of:)` copies the text to UTF-16 to search it: on a page body of a few
    /// megabytes (a 29,000-row table), searched once per cell, that copying was a sixth of a
    /// rebuild's time (measured with perf). Markers here are ASCII tags, so a byte match always
    /// starts and ends on a scalar boundary.
    func firstByteRange(of marker: String) -> Range<Index>? {
        var marker = marker
        let offset: Int?? = utf8.withContiguousStorageIfAvailable { text in
            marker.withUTF8 { needle -> Int? in
                ByteSearch.offset(of: UnsafeRawBufferPointer(needle), in: UnsafeRawBufferPointer(text))
            }
        }
        guard let offset else { return range(of: marker) }  // not stored as UTF-8 (never on Linux)
        guard let offset else { return nil }
        let start = utf8.index(utf8.startIndex, offsetBy: offset)
        return start..<utf8.index(start, offsetBy: marker.utf8.count)
    }

    /// Where `marker` last occurs, compared as UTF-8 bytes (see `firstByteRange(of:)`).
    func lastByteRange(of marker: String) -> Range<Index>? {
        let needle = Array(marker.utf8)
        let offset: Int?? = utf8.withContiguousStorageIfAvailable { text -> Int? in
            guard !needle.isEmpty, text.count >= needle.count else { return nil }
            var start = text.count - needle.count
            while start >= 0 {
                if text[start] == needle[0], needle.indices.allSatisfy({ text[start + $0] == needle[$0] }) { return start }
                start -= 1
            }
            return nil
        }
        guard let offset else { return range(of: marker, options: .backwards) }
        guard let offset else { return nil }
        let start = utf8.index(utf8.startIndex, offsetBy: offset)
        return start..<utf8.index(start, offsetBy: needle.count)
    }
}
