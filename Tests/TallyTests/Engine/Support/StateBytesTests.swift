import Testing
@testable import Tally

@Suite("A build's state as bytes")
struct StateBytesTests {
    @Test("Numbers are eight bytes, low first, and read back at any offset; texts after their length")
    func roundTrip() {
        var out = StateBytes()
        out.append("é")  // an odd length, so the numbers after it are not aligned
        out.append(UInt64(0x0102_0304_0506_0708))
        out.append(Int64(-2))
        out.append(UInt64.max)
        #expect(Array(out.bytes[0..<8]) == [2, 0, 0, 0, 0, 0, 0, 0])
        #expect(Array(out.bytes[10..<18]) == [8, 7, 6, 5, 4, 3, 2, 1])
        var reader = StateReader(out.bytes)
        #expect(reader.text() == "é")
        #expect(reader.number() == 0x0102_0304_0506_0708)
        #expect(reader.integer() == -2)
        #expect(reader.number() == .max)
        #expect(reader.isAtEnd)
        #expect(reader.number() == nil)
    }

    @Test("A read past the end, or of a text longer than what is left, fails")
    func shortReads() {
        var reader = StateReader([1, 2, 3, 4, 5, 6, 7])
        #expect(reader.number() == nil)
        var out = StateBytes()
        out.append(UInt64(5))
        out.append(UInt64(9))
        var long = StateReader(Array(out.bytes.prefix(12)))
        #expect(long.text() == nil)
    }
}
