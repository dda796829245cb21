import Foundation

/// The process's peak resident memory, which Linux lets a process reset, so that a build can say
/// what each of its steps needed (`--verbose`).
public enum ProcessMemory {
    /// Starts a new peak from the memory in use now; does nothing where Linux's `clear_refs` is absent.
    static func resetPeak() {
        guard let handle = FileHandle(forWritingAtPath: "/proc/self/clear_refs") else { return }
        try? handle.write(contentsOf: Data("5".utf8))
        try? handle.close()
    }

    /// Hands memory that was freed back to the system (glibc keeps freed pages for reuse), so a
    /// build step starts from what is in use, not from the peak of the step before it.
    static func returnFreed() {
        #if os(Linux)
        _ = glibcMallocTrim(0)
        #endif
    }

    /// Makes freed blocks of 128 KiB or more go back to the system at once, for the rest of the
    /// process. glibc raises the size it keeps each time a large block is freed (up to 32 MiB), so
    /// a build that made and dropped a long table's buffers kept their pages: a 100k-post build
    /// held 160 MiB where 126 MiB were in use. Fixed thresholds stop that. (`malloc_trim` between
    /// steps cannot: the peak is inside a step.)
    static func returnLargeBlocksAtOnce() {
        #if os(Linux)
        _ = glibcMallopt(glibcTrimThreshold, 128 << 10)
        #endif
    }

    /// The peak resident memory since the last reset (or since the program started), in MiB, or
    /// nil where it cannot be read.
    public static func peakMiB() -> Double? { read("VmHWM:") }

    /// The resident memory now, in MiB.
    static func residentMiB() -> Double? { read("VmRSS:") }

    private static func read(_ field: String) -> Double? {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
              let line = status.split(separator: "\n").first(where: { $0.hasPrefix(field) }),
              let kib = Double(line.split(separator: " ", omittingEmptySubsequences: true).dropFirst().first ?? "") else { return nil }
        return kib / 1024
    }
}

#if os(Linux)
/// glibc's `malloc_trim`, declared in `<malloc.h>`, which the Glibc module does not export.
@_silgen_name("malloc_trim")
private func glibcMallocTrim(_ pad: Int) -> Int32

/// glibc's `mallopt`, also from `<malloc.h>`.
@_silgen_name("mallopt")
private func glibcMallopt(_ parameter: Int32, _ value: Int32) -> Int32

/// `M_TRIM_THRESHOLD`: setting it also stops glibc from raising the mmap threshold.
private let glibcTrimThreshold: Int32 = -1
#endif
