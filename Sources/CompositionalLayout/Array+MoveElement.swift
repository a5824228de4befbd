extension UnsafeMutableBufferPointer {
    /// Moves element `from` to index `to`; the elements between shift by one toward `from`'s old place. The
    /// elements are moved bitwise (no copies, no reference counting), only those between the two indices.
    /// - Complexity: O(|to − from|).
    package func moveElement(from: Int, to: Int) {
        precondition(indices.contains(from) && indices.contains(to), "moveElement: index out of range")
        guard from != to else { return }
        let base = baseAddress!
        let moved = (base + from).move()
        if from < to {
            (base + from).moveInitialize(from: base + from + 1, count: to - from)
        } else {
            (base + to + 1).moveInitialize(from: base + to, count: from - to)
        }
        (base + to).initialize(to: moved)
    }
}

extension Array {
    /// `UnsafeMutableBufferPointer.moveElement(from:to:)` on the array's storage. Complexity: O(|to − from|).
    package mutating func moveElement(from: Int, to: Int) {
        withUnsafeMutableBufferPointer { $0.moveElement(from: from, to: to) }
    }
}

extension ContiguousArray {
    /// `UnsafeMutableBufferPointer.moveElement(from:to:)` on the array's storage. Complexity: O(|to − from|).
    package mutating func moveElement(from: Int, to: Int) {
        withUnsafeMutableBufferPointer { $0.moveElement(from: from, to: to) }
    }
}
