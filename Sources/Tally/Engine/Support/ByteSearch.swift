#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Finds a run of bytes in a larger one with the C library's `memmem`.
///
/// The markers searched for in every page (`HTMLFragment`'s tokens, a root token in each link)
/// start with a letter common in HTML (`t`): finding each candidate first byte with `memchr` and
/// comparing the rest stopped at nearly every `t` of a page, and was 5 % of a 20k full build
/// (perf). glibc's `memmem` skips ahead by the marker's length where a pair of bytes cannot be
/// part of it.
enum ByteSearch {
    /// The offset of the first `needle` at or after `from` in `haystack`, or nil.
    static func offset(of needle: UnsafeRawBufferPointer, in haystack: UnsafeRawBufferPointer, from: Int = 0) -> Int? {
        guard let base = haystack.baseAddress, let wanted = needle.baseAddress, !needle.isEmpty,
              from >= 0, haystack.count - from >= needle.count else { return nil }
        guard let hit = cMemmem(base + from, haystack.count - from, wanted, needle.count) else { return nil }
        return base.distance(to: UnsafeRawPointer(hit))
    }

    /// The same for byte buffers.
    static func offset(of needle: [UInt8], in haystack: UnsafeBufferPointer<UInt8>, from: Int = 0) -> Int? {
        needle.withUnsafeBytes { offset(of: $0, in: UnsafeRawBufferPointer(haystack), from: from) }
    }
}

#if canImport(Glibc)
/// glibc's `memmem`, which the Glibc module leaves out (it is a GNU extension).
@_silgen_name("memmem")
private func cMemmem(_ haystack: UnsafeRawPointer, _ haystackLength: Int, _ needle: UnsafeRawPointer, _ needleLength: Int) -> UnsafeMutableRawPointer?
#else
private func cMemmem(_ haystack: UnsafeRawPointer, _ haystackLength: Int, _ needle: UnsafeRawPointer, _ needleLength: Int) -> UnsafeMutableRawPointer? {
    memmem(haystack, haystackLength, needle, needleLength)
}
#endif
