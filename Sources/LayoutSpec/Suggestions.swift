/// "Did you mean ...?" for misspelt keys and values: the candidate nearest by edit distance, offered only when
/// it is close enough that the guess is likely right (a far guess misleads more than no guess).
enum Suggestions {
    /// The candidate nearest to `word`, or nil when none is close. Case is ignored; a swap of two neighbouring
    /// letters (`fractionalWidht`) counts as one edit. Ties go to the earlier candidate.
    /// Complexity: O(candidates × word length × candidate length).
    static func nearest(to word: String, in candidates: [String]) -> String? {
        let lowered = word.lowercased()
        if let synonym = SpecValues.synonyms[lowered], candidates.contains(synonym) { return synonym }
        guard lowered.count <= 64 else { return nil }
        var best: (candidate: String, distance: Int)?
        for candidate in candidates {
            let distance = editDistance(lowered, candidate.lowercased())
            guard distance <= threshold(for: candidate) else { continue }
            if best == nil || distance < best!.distance { best = (candidate, distance) }
        }
        return best?.candidate
    }

    /// How many edits still look like a typo: one for short words, up to three for long ones.
    static func threshold(for candidate: String) -> Int {
        max(1, min(3, candidate.count / 4))
    }

    /// The optimal string alignment distance: insertions, deletions, substitutions and adjacent swaps.
    static func editDistance(_ a: String, _ b: String) -> Int {
        let a = Array(a.unicodeScalars)
        let b = Array(b.unicodeScalars)
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var previous2 = [Int](repeating: 0, count: b.count + 1)
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                var value = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    value = min(value, previous2[j - 2] + 1)
                }
                current[j] = value
            }
            (previous2, previous, current) = (previous, current, previous2)
        }
        return previous[b.count]
    }
}
