import FuzzSupport
import LayoutFuzzChecks

/// One input for a spec and operations, replayed on the engine and compared with the reference:
/// `FuzzTarget.replay` in LayoutFuzzChecks checks it and traps on a finding.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzReplay(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    FuzzTarget.replay.checkOrTrap(UnsafeRawBufferPointer(start: data, count: size))
    return 0
}

/// The executable's `main` (SwiftPM links `main` to `FuzzReplay_main`): libFuzzer's driver.
@_cdecl("FuzzReplay_main")
public func fuzzReplayMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    runLibFuzzer(argc, argv, fuzzReplay)
}
