import Foundation

/// Imported specs by content hash (the files, the request and the toolchain's fingerprint), so a second
/// import of unchanged code compiles nothing. Under `LAYOUTBENCH_CACHE_DIR`, else
/// `$XDG_CACHE_HOME/layoutbench/import`, else `~/.cache/layoutbench/import`.
public struct ImportCache: Sendable {
    public var directory: String

    public init(directory: String) { self.directory = directory }

    public static func standard(environment: [String: String] = ProcessInfo.processInfo.environment) -> ImportCache {
        if let given = environment["LAYOUTBENCH_CACHE_DIR"], !given.isEmpty { return ImportCache(directory: given) }
        let base =
            environment["XDG_CACHE_HOME"].flatMap { $0.isEmpty ? nil : $0 }
            ?? (environment["HOME"] ?? NSTemporaryDirectory()) + "/.cache"
        return ImportCache(directory: base + "/layoutbench/import")
    }

    func specPath(_ key: String) -> String { directory + "/" + key + ".yaml" }

    func spec(_ key: String) -> String? {
        FileManager.default.contents(atPath: specPath(key)).map { String(decoding: $0, as: UTF8.self) }
    }

    func sources(_ key: String) -> String? {
        FileManager.default.contents(atPath: directory + "/" + key + ".sources").map {
            String(decoding: $0, as: UTF8.self)
        }
    }

    /// Stores atomically (a temporary file, then a rename), the node places first so a spec found is never
    /// without them; a cache that cannot be written only costs speed.
    func store(_ text: String, sources: String, key: String) {
        try? FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        try? Data(sources.utf8).write(to: URL(fileURLWithPath: directory + "/" + key + ".sources"), options: .atomic)
        try? Data(text.utf8).write(to: URL(fileURLWithPath: specPath(key)), options: .atomic)
    }

    /// FNV-1a over the parts, twice with different offsets: 128 bits of hex.
    static func key(_ parts: [String]) -> String {
        var a: UInt64 = 0xcbf2_9ce4_8422_2325
        var b: UInt64 = 0x6c62_272e_07bb_0142
        for part in parts {
            for byte in part.utf8 + [0] {
                a = (a ^ UInt64(byte)) &* 0x0000_0100_0000_01b3
                b = (b ^ UInt64(byte)) &* 0x0000_0100_0000_01b3
                b = b &+ (b >> 29)
            }
        }
        return String(a, radix: 16) + String(b, radix: 16)
    }
}
