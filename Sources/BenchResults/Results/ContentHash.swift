/// A content hash that needs no crypto library: FNV-1a over 64 bits, as 16 hex digits. It tells layouts
/// apart; it is not meant to resist anyone.
public enum ContentHash {
    /// The hash of `bytes`. Complexity: O(bytes).
    public static func fnv1a64<Bytes: Sequence>(_ bytes: Bytes) -> String where Bytes.Element == UInt8 {
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01B3 }
        let hex = String(hash, radix: 16)
        return String(repeating: "0", count: 16 - hex.count) + hex
    }

    /// The hash of a string's UTF-8 bytes.
    public static func fnv1a64(_ text: String) -> String { fnv1a64(text.utf8) }
}
