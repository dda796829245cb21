// libFuzzer target over format detection, the JSON Lines reader, every format reader, the error
// locator and the store's writes: each input is imported as a file into a scratch store.
//
// `make fuzz` builds it with `-sanitize=fuzzer -DFUZZING` (libFuzzer supplies `main`). Built
// normally it replays the files it is given, which is how a crash is reproduced.
import Foundation
import Tally

let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("tally-fuzz-\(getpid())")
let store: Store = {
    try? FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
    return try! Store(path: scratch.appendingPathComponent("fuzz.sqlite").path)
}()

/// Imports `bytes` as a file; any error is fine, a crash is what the fuzzer looks for.
func importBytes(_ bytes: UnsafeRawBufferPointer) {
    let input = scratch.appendingPathComponent("input")
    try? Data(bytes).write(to: input)
    _ = try? Importer(store: store).importFile(input, displayName: "input")
}

#if FUZZING
/// libFuzzer's driver, which runs the fuzzing loop with the callback it is given.
@_silgen_name("LLVMFuzzerRunDriver")
func LLVMFuzzerRunDriver(
    _ argc: UnsafeMutablePointer<CInt>,
    _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
    _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt
) -> CInt

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    importBytes(UnsafeRawBufferPointer(start: start, count: count))
    return 0
}

/// SwiftPM links an executable's entry point as `<Target>_main`; it hands over to libFuzzer.
@_cdecl("TallyFuzz_main")
public func fuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    var count = argc
    var arguments = argv
    return LLVMFuzzerRunDriver(&count, &arguments) { start, length in fuzz(start, length) }
}
#else
@main
struct Replay {
    static func main() throws {
        for path in CommandLine.arguments.dropFirst() {
            let data = try Data(contentsOf: URL(fileURLWithPath: path))
            data.withUnsafeBytes { importBytes($0) }
            print("replayed \(path)")
        }
    }
}
#endif
