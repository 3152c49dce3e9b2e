import Foundation

// Built with `-sanitize=fuzzer -DFUZZING` (make fuzz), libFuzzer owns main and calls
// LLVMFuzzerTestOneInput; built normally, `Replay` runs the files named on the command line through
// the same target, so an input libFuzzer found can be run again (the fuzz regression test does).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    FuzzTargets.run(UnsafeBufferPointer(start: data, count: size))
    return 0
}

#if FUZZING
/// SwiftPM links an executable's `main` to `carereport_fuzz_main`; under the fuzzer that hands over to
/// libFuzzer's driver.
@_silgen_name("LLVMFuzzerRunDriver")
func LLVMFuzzerRunDriver(
    _ argc: UnsafeMutablePointer<Int32>, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
    _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> Int32
) -> Int32

@_cdecl("carereport_fuzz_main")
public func fuzzDriverMain(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> Int32 {
    var count = argc
    var arguments = argv
    return LLVMFuzzerRunDriver(&count, &arguments) { data, size in fuzzOneInput(data, size) }
}
#else
@main
struct Replay {
    static func main() {
        for path in CommandLine.arguments.dropFirst() {
            guard let data = FileManager.default.contents(atPath: path) else {
                FileHandle.standardError.write(Data("\(path): error: cannot read\n".utf8))
                exit(66)
            }
            data.withUnsafeBytes { FuzzTargets.run($0.bindMemory(to: UInt8.self)) }
            print("\(path): ok")
        }
    }
}
#endif
