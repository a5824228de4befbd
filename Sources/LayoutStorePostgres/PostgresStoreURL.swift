import Foundation
import LayoutStore

/// A `--store postgres://USER@HOST:PORT/DB[?sslmode=...]` value, parsed. The password is never read from the
/// URL (it would end up in shell histories and CI logs): it comes from `PGPASSWORD` or `~/.pgpass`, as for
/// `psql`, and `description` never shows it.
public struct PostgresStoreURL: Hashable, Sendable, CustomStringConvertible {
    public enum TLSMode: String, Hashable, Sendable { case disable, prefer, require }

    public var user: String
    public var host: String
    public var port: Int
    public var database: String
    public var tls: TLSMode

    /// Whether `text` names a PostgreSQL store rather than a SQLite file.
    public static func isPostgres(_ text: String) -> Bool {
        text.hasPrefix("postgres://") || text.hasPrefix("postgresql://")
    }

    /// Parses `text`; a URL that carries a password, lacks a user or a database, or asks for an unknown
    /// `sslmode` is refused with what would be right.
    public init(_ text: String) throws(StoreError) {
        // The URL as messages show it: a password given in it (refused below) is never printed.
        var shown = URLComponents(string: text)
        if shown?.password != nil { shown?.password = "REDACTED" }
        let redacted = shown?.string ?? "the --store URL"
        func bad(_ reason: String) -> StoreError { .cannotOpen(path: redacted, reason: reason) }
        guard Self.isPostgres(text), let components = URLComponents(string: text) else {
            throw bad("not a postgres:// URL (expected postgres://USER@HOST:PORT/DB)")
        }
        if components.password != nil {
            throw bad("the URL carries a password; give it in PGPASSWORD or ~/.pgpass instead")
        }
        guard let user = components.user, !user.isEmpty else {
            throw bad("no user (expected postgres://USER@HOST:PORT/DB)")
        }
        guard let host = components.host, !host.isEmpty else { throw bad("no host") }
        let database = String(components.path.drop(while: { $0 == "/" }))
        guard !database.isEmpty else { throw bad("no database (expected postgres://USER@HOST:PORT/DB)") }
        var tls = TLSMode.disable
        for item in components.queryItems ?? [] {
            guard item.name == "sslmode" else { throw bad("unknown parameter '\(item.name)' (known: sslmode)") }
            switch item.value ?? "" {
            case "disable", "allow": tls = .disable
            case "prefer": tls = .prefer
            case "require", "verify-ca", "verify-full": tls = .require
            case let other: throw bad("unknown sslmode '\(other)' (known: disable, prefer, require)")
            }
        }
        self.user = user; self.host = host; self.port = components.port ?? 5432
        self.database = database; self.tls = tls
    }

    public var description: String {
        "postgres://\(user)@\(host):\(port)/\(database)" + (tls == .disable ? "" : "?sslmode=\(tls.rawValue)")
    }

    /// The password for this URL: `PGPASSWORD` if set, else the first matching line of `PGPASSFILE` or
    /// `~/.pgpass` (`host:port:database:user:password`, `*` matching anything, `\:` an escaped colon), else nil.
    public func password(environment: [String: String] = ProcessInfo.processInfo.environment) -> String? {
        if let password = environment["PGPASSWORD"] { return password }
        let file =
            environment["PGPASSFILE"]
            ?? (environment["HOME"].map { $0 + "/.pgpass" } ?? NSHomeDirectory() + "/.pgpass")
        guard let text = try? String(contentsOfFile: file, encoding: .utf8) else { return nil }
        let wanted = [host, String(port), database, user]
        for line in text.split(separator: "\n") where !line.hasPrefix("#") {
            let fields = Self.pgpassFields(line)
            guard fields.count == 5 else { continue }
            if zip(fields, wanted).allSatisfy({ $0 == "*" || $0 == $1 }) { return fields[4] }
        }
        return nil
    }

    /// A `.pgpass` line split at unescaped colons. Complexity: O(line).
    static func pgpassFields(_ line: Substring) -> [String] {
        var fields: [String] = []
        var current = ""
        var escaped = false
        for character in line {
            if escaped {
                current.append(character); escaped = false
            } else if character == "\\" {
                escaped = true
            } else if character == ":" {
                fields.append(current); current = ""
            } else {
                current.append(character)
            }
        }
        fields.append(current)
        return fields
    }
}
