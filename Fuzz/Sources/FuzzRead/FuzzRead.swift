import FuzzSupport
import LayoutFuzzChecks

/// One input for the spec reader (YAML and JSON):
/// `FuzzTarget.read` in LayoutFuzzChecks checks it and traps on a finding.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzRead(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    FuzzTarget.read.checkOrTrap(UnsafeRawBufferPointer(start: data, count: size))
    return 0
}

/// The executable's `main` (SwiftPM links `main` to `FuzzRead_main`): libFuzzer's driver.
@_cdecl("FuzzRead_main")
public func fuzzReadMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    runLibFuzzer(argc, argv, fuzzRead)
}
