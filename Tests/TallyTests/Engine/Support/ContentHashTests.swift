import Testing
@testable import Tally

@Suite("Content digests, eight bytes a step")
struct ContentHashTests {
    @Test("Equal bytes give equal digests, however they are held")
    func equalBytes() {
        let text = "<p>Café — 日本 🇫🇷 and a tail past eight bytes</p>"
        let bytes = Array(text.utf8)
        #expect(ContentHash(text) == ContentHash(bytes))
        #expect(ContentHash(bytes[...]) == ContentHash(bytes))
        // A slice that does not start at its array's start.
        let padded = [UInt8(0)] + bytes
        #expect(ContentHash(padded[1...]) == ContentHash(bytes))
        #expect(Manifest.Digest(padded[1...]) == Manifest.Digest(bytes))
    }

    @Test("Contents that differ in one byte, in length or only in trailing zeros differ")
    func differentBytes() {
        var seen = Set<ContentHash>()
        let base = Array("0123456789abcdefghij".utf8)
        var inputs: [[UInt8]] = [[], [0], [0, 0], Array(repeating: 0, count: 8), Array(repeating: 0, count: 9)]
        for length in 0...base.count { inputs.append(Array(base.prefix(length))) }
        for position in base.indices {
            var changed = base
            changed[position] ^= 1
            inputs.append(changed)
        }
        inputs.append(base + [0])
        for input in inputs { seen.insert(ContentHash(input)) }
        #expect(seen.count == Set(inputs).count)
        // The manifest's digest keeps the size beside the hash.
        #expect(Manifest.Digest(base).size == base.count)
    }

    @Test("bytes handed over in pieces of any size digest as they do at once")
    func streamed() {
        var random = SplitMix(seed: 7)
        for length in [0, 1, 7, 8, 9, 15, 16, 17, 100, 1_000] {
            let bytes = (0..<length).map { _ in UInt8(truncatingIfNeeded: random.next(below: 256)) }
            for piece in [1, 2, 3, 7, 8, 9, 64, 2_000] {
                var stream = ContentHash.Stream()
                for start in stride(from: 0, to: bytes.count, by: piece) { stream.add(Array(bytes[start..<min(start + piece, bytes.count)])) }
                #expect(stream.finish() == ContentHash(bytes), "\(length) bytes in pieces of \(piece)")
            }
        }
    }
}
