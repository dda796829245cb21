import Foundation

/// CPU time the process has used, so that `--verbose` can tell a step's work from its waiting on a
/// busy machine.
enum ProcessClock {
    /// CPU time (user and system, every thread) since the process started, in milliseconds.
    static func cpuMilliseconds() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &time)
        return Double(time.tv_sec) * 1000 + Double(time.tv_nsec) / 1e6
    }
}
