import FuzzSupport
import LayoutFuzzChecks

/// One input for a spec read, written and read again:
/// `FuzzTarget.write` in LayoutFuzzChecks checks it and traps on a finding.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzWrite(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    FuzzTarget.write.checkOrTrap(UnsafeRawBufferPointer(start: data, count: size))
    return 0
}

/// The executable's `main` (SwiftPM links `main` to `FuzzWrite_main`): libFuzzer's driver.
@_cdecl("FuzzWrite_main")
public func fuzzWriteMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    runLibFuzzer(argc, argv, fuzzWrite)
}
