import FuzzSupport
import LayoutFuzzChecks

/// One input for a calc(...) expression round-tripped through its written form:
/// `FuzzTarget.calc` in LayoutFuzzChecks checks it and traps on a finding.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzCalc(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    FuzzTarget.calc.checkOrTrap(UnsafeRawBufferPointer(start: data, count: size))
    return 0
}

/// The executable's `main` (SwiftPM links `main` to `FuzzCalc_main`): libFuzzer's driver.
@_cdecl("FuzzCalc_main")
public func fuzzCalcMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    runLibFuzzer(argc, argv, fuzzCalc)
}
