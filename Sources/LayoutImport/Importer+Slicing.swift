import ErrorReporting

#if Import
extension Importer {
    /// The slicer (swift-syntax), in a build with the Import trait.
    typealias Slicing = SwiftSlicer
}

extension SwiftSlicer {
    init(files: [(path: String, text: String)], request: ImportRequest) throws(ImportError) {
        self.init(files: files)
    }
}
#else
extension Importer {
    /// A build without the Import trait has no slicer: making one says which trait and how to build it
    /// (README "Optional parts"), located at the first file given, and nothing is compiled.
    struct Slicing {
        init(files: [(path: String, text: String)], request: ImportRequest) throws(ImportError) {
            let missing = MissingBuildTrait(.importing, feature: "importing Swift layout code")
            var error = ImportError(file: request.files.first ?? "input", message: missing.message)
            error.kind = .missingTrait
            throw error
        }
        func candidates() -> [EntryCandidate] { [] }
        func slice(entry: EntryCandidate) -> [(path: String, text: String)] { [] }
    }
}
#endif
