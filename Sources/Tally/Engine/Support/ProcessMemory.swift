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

    /// Fixes glibc's thresholds for the rest of the process: freed memory at the heap's top goes
    /// back to the system once 128 KiB of it are free, and only blocks of 4 MiB or more get
    /// mappings of their own. glibc raises both each time a large block is freed (up to 32 MiB),
    /// so a build that made and dropped a long table's buffers kept their pages: a 100k-post build
    /// held 160 MiB where 126 MiB were in use. (`malloc_trim` between steps cannot: the peak is
    /// inside a step.) Fixing the trim threshold alone left the mapping threshold at 128 KiB:
    /// every buffer of that size (a page's HTML, a chunk of rows) was mapped, faulted in zeroed
    /// and unmapped again. At 4 MiB a 100k rebuild took 1.65 s instead of 1.84 s and a full 100k
    /// build 35.4 s instead of 38.7 s, with peaks within 3 MiB of each other (tmpfs, 2026-11-27).
    static func returnLargeBlocksAtOnce() {
        #if os(Linux)
        _ = glibcMallopt(glibcTrimThreshold, 128 << 10)
        _ = glibcMallopt(glibcMmapThreshold, 4 << 20)
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

/// `M_MMAP_THRESHOLD`: blocks this size or larger are mapped on their own.
private let glibcMmapThreshold: Int32 = -3
#endif
