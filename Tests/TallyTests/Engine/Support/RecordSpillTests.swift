import Foundation
import Testing
@testable import Tally

@Suite("Record spills: byte records kept in a temporary file, read back by number")
struct RecordSpillTests {
    /// About 3 MiB: the first records are in the file, the last still in the buffer.
    private let records = (0..<3_000).map { n in Array("record \(n) ".utf8) + Array(repeating: UInt8(ascii: "a") + UInt8(n % 26), count: 1_000 + n % 7) }

    private func filled() -> RecordSpill {
        let spill = RecordSpill()
        for record in records { spill.append(record) }
        return spill
    }

    @Test("records spilled to a file read back whole, from the file and from the buffer")
    func spill() throws {
        let spill = filled()
        #expect(spill.count == records.count)
        for n in [0, 1, 1_000, 1_047, 2_999, 17] {
            var out: [UInt8] = Array("x".utf8)
            try spill.read(n, into: &out)
            #expect(out == Array("x".utf8) + records[n], "record \(n)")
        }
    }

    @Test("records read in order, backwards, and again after more were added come back whole")
    func readInAnyOrder() throws {
        let spill = filled()
        var forward: [UInt8] = []
        for n in records.indices { try spill.read(n, into: &forward) }
        #expect(forward == Array(records.joined()))
        for n in records.indices.reversed() {
            var out: [UInt8] = []
            try spill.read(n, into: &out)
            #expect(out == records[n], "record \(n)")
        }
        // More records push the buffer into the file; what was read before reads the same.
        let more = (0..<1_200).map { n in Array("more \(n) ".utf8) + Array(repeating: UInt8(ascii: "b"), count: 1_000) }
        for record in more { spill.append(record) }
        // A record larger than the window, read after a small one and on its own.
        let large = (0..<200_000).map { UInt8(truncatingIfNeeded: $0 % 251) }
        spill.append(large)
        for _ in 0..<1_200 { spill.append(Array(repeating: UInt8(ascii: "c"), count: 1_000)) }  // into the file
        for n in [4_199, 4_200, 10, 4_200] {
            var out: [UInt8] = []
            try spill.read(n, into: &out)
            #expect(out == (n == 4_200 ? large : n < 3_000 ? records[n] : more[n - 3_000]), "record \(n)")
        }
        for n in [2_999, 0, 3_000 + 1_199, 3_000, 1_500, 3_000 + 600] {
            var out: [UInt8] = []
            try spill.read(n, into: &out)
            #expect(out == (n < 3_000 ? records[n] : more[n - 3_000]), "record \(n)")
        }
    }
}
