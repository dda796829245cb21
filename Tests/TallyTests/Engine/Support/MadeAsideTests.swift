import Foundation
import Testing
@testable import Tally

@Suite("Values made aside")
struct MadeAsideTests {
    final class Tracked: Sendable {}

    @Test("`take` hands the value over and keeps no copy of it")
    func take() {
        weak var watched: Tracked?
        let aside = MadeAside { Tracked() }
        do {
            let taken = aside.take()
            watched = taken
            #expect(watched != nil)
        }
        // The taker's copy was the last: the value is gone, though `aside` lives on.
        #expect(watched == nil)
        withExtendedLifetime(aside) {}
    }

    @Test("`value` waits for the value and keeps it")
    func value() {
        let aside = MadeAside { [1, 2, 3] }
        #expect(aside.value == [1, 2, 3])
        #expect(aside.value == [1, 2, 3])
    }
}
