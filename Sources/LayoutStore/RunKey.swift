import BenchResults
import Foundation

/// A run's content id: what makes a retried upload of the same result file a no-op in every store.
public enum RunKey {
    /// FNV-1a 64 of the result's sorted-keys JSON, and that JSON's length. O(size of the result).
    public static func of(_ report: BenchReport) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let data = (try? encoder.encode(report)) ?? Data()
        return ContentHash.fnv1a64(data) + "-" + String(data.count)
    }
}
