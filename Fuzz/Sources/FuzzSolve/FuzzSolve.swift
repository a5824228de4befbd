import FuzzSupport
import LayoutFuzzChecks

/// One input for a spec solved by both solvers:
/// `FuzzTarget.solve` in LayoutFuzzChecks checks it and traps on a finding.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzSolve(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    FuzzTarget.solve.checkOrTrap(UnsafeRawBufferPointer(start: data, count: size))
    return 0
}

/// The executable's `main` (SwiftPM links `main` to `FuzzSolve_main`): libFuzzer's driver.
@_cdecl("FuzzSolve_main")
public func fuzzSolveMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    runLibFuzzer(argc, argv, fuzzSolve)
}
