/// An error in a spec file, located like a compiler diagnostic: the file, the line and column where the
/// offending value is written, and the path to it (`sections[2].group.horizontal.subitems[0]`), so a JSON
/// user and a YAML user both find it. A spec with an error is not solved (docs/spec-format.md, "Errors").
public struct SpecError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The kind of mistake, for programs; people read `description`.
    public enum Code: String, Hashable, Sendable, CaseIterable {
        /// A key the format does not have at that place (often misspelt: see `suggestion`).
        case unknownKey
        /// A required key is absent.
        case missingKey
        /// The same key twice in one mapping.
        case duplicateKey
        /// A value of the wrong kind: a string where a number belongs, a list where a map belongs.
        case wrongType
        /// A value of the right kind that is not one of the allowed forms (`fractionalWidht(0.5)`, `continous`).
        case invalidValue
        /// A number outside its range (a negative inset, count 0).
        case outOfRange
        /// Keys or values that exclude each other (`subitems` with `repeatingSubitem`, edges top with bottom).
        case contradictoryKeys
        /// One element kind declared twice among what is in force together in a section.
        case duplicateElementKind
        /// Something UIKit has that version 1 of the format leaves out (docs/layout-rules.md §8).
        case unsupportedFeature
        /// Beyond a limit of docs/spec-format.md "Limits": sizes, counts, nesting, alias expansion.
        case limitExceeded
        /// Not well-formed YAML or JSON.
        case syntax
        /// Bytes that are not UTF-8.
        case invalidEncoding
        /// The file could not be read.
        case io
    }

    public var code: Code
    /// What was found, e.g. "unknown key 'contentInset' in section definition".
    public var message: String
    /// What is allowed instead, e.g. "allowed keys: name, count, items, ...", when there is something to say.
    public var allowed: String?
    /// The file as the caller named it.
    public var file: String
    /// 1-based, counted in lines of the file; nil when the error has no place in the text (I/O).
    public var line: Int?
    /// 1-based, counted in Unicode scalars.
    public var column: Int?
    /// Where in the document's structure, like `sections[0].group.horizontal`; empty for the top level.
    public var path: String
    /// The nearest valid spelling of a misspelt key or value, when one is close.
    public var suggestion: String?

    public init(
        code: Code, message: String, allowed: String? = nil, file: String, line: Int? = nil,
        column: Int? = nil, path: String = "", suggestion: String? = nil
    ) {
        self.code = code
        self.message = message
        self.allowed = allowed
        self.file = file
        self.line = line
        self.column = column
        self.path = path
        self.suggestion = suggestion
    }

    /// `photo.yaml:12:7: error: unknown key 'contentInset' in section definition at sections[0]; did you mean
    /// 'contentInsets'? Allowed keys: ...`
    public var description: String {
        var out = file
        if let line {
            out += ":\(line)"
            if let column { out += ":\(column)" }
        }
        out += ": error: " + message
        if !path.isEmpty { out += " at " + path }
        if let suggestion {
            out += "; did you mean '\(suggestion)'?"
        }
        if let allowed, !allowed.isEmpty {
            out += suggestion == nil ? ". " : " "
            out += allowed.prefix(1).uppercased() + allowed.dropFirst()
            if !allowed.hasSuffix(".") { out += "." }
        }
        return out
    }
}
