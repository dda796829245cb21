/// Counts steps of work (comparisons, scalars visited), so a test can check that an algorithm's
/// work grows linearly with its input without timing it. Code that takes one counts into it when
/// given one and costs nothing more than a nil check otherwise.
final class WorkCounter {
    private(set) var steps = 0

    func add(_ count: Int = 1) {
        steps += count
    }
}
