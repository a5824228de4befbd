import CompositionalLayout

/// The reference solver: SEMANTICS.md followed literally (being written).
public enum ReferenceSolver {}
