/// libFuzzer's own driver (`-sanitize=fuzzer` links it): parses the flags, runs the corpus and the mutations,
/// and calls `callback` once per input.
@_silgen_name("LLVMFuzzerRunDriver")
private func LLVMFuzzerRunDriver(
    _ argc: UnsafeMutablePointer<CInt>,
    _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
    _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt
) -> CInt

/// Runs libFuzzer with the process's arguments and a target's `LLVMFuzzerTestOneInput`. SwiftPM links an
/// executable's `main` to `<Target>_main`, which `-parse-as-library` leaves undefined: each target defines it
/// as a call to this (/work/shared/TOOLCHAIN.md, "Fuzzing with libFuzzer").
public func runLibFuzzer(
    _ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?,
    _ testOneInput: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt
) -> CInt {
    var argc = argc
    var argv = argv
    return LLVMFuzzerRunDriver(&argc, &argv, testOneInput)
}
