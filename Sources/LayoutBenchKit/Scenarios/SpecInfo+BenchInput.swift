import BenchResults

extension SpecInfo {
    public init(_ input: BenchInput) {
        self.init(
            name: input.name, source: input.source, items: input.items,
            sections: input.layout.sectionCount, contentHash: input.contentHash)
    }
}
