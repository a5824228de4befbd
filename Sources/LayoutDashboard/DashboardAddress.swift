import ErrorReporting

/// Where `watch --serve` listens: `[HOST:]PORT`, host 127.0.0.1 by default. Port 0 asks the system for a
/// free port (the bound one is printed).
public struct DashboardAddress: Hashable, Sendable {
    public var host: String
    public var port: Int

    public init(host: String, port: Int) { self.host = host; self.port = port }

    /// Parses `[HOST:]PORT` (an IPv6 host in brackets, `[::1]:8080`). A host that is not loopback is refused
    /// unless `allowRemote`: the dashboard has no authentication.
    public init(parsing text: String, allowRemote: Bool) throws(DashboardError) {
        var host = "127.0.0.1"
        var portText = Substring(text)
        if text.hasPrefix("["), let close = text.firstIndex(of: "]") {
            host = String(text[text.index(after: text.startIndex)..<close])
            let rest = text[text.index(after: close)...]
            guard rest.hasPrefix(":") else { throw .badAddress(text) }
            portText = rest.dropFirst()
        } else if let colon = text.lastIndex(of: ":") {
            host = String(text[..<colon])
            portText = text[text.index(after: colon)...]
        }
        guard !host.isEmpty, let port = Int(portText), (0...65_535).contains(port) else {
            throw .badAddress(text)
        }
        if !Self.isLoopback(host) && !allowRemote { throw .remoteNeedsFlag(host: host) }
        self.init(host: host, port: port)
    }

    /// 127.0.0.0/8, ::1 and localhost.
    public static func isLoopback(_ host: String) -> Bool {
        host == "localhost" || host == "::1" || host.hasPrefix("127.")
    }

    public var isLoopback: Bool { Self.isLoopback(host) }
}

/// What can go wrong starting the dashboard.
public enum DashboardError: Error, Hashable, Sendable, CustomStringConvertible {
    /// `--serve` is not `[HOST:]PORT`.
    case badAddress(String)
    /// A host other than loopback without `--allow-remote`.
    case remoteNeedsFlag(host: String)
    /// The server could not listen (the port is taken, the host is not this machine's).
    case cannotBind(address: String, reason: String)

    public var description: String {
        switch self {
        case .badAddress(let text):
            return "--serve \(text): expected [HOST:]PORT with PORT from 0 to 65535, such as 8080 or 127.0.0.1:8080"
        case .remoteNeedsFlag(let host):
            return
                "--serve \(host): not a loopback host; the dashboard has no authentication, so serving it to other "
                + "machines needs --allow-remote (or use 127.0.0.1)"
        case let .cannotBind(address, reason): return "--serve \(address): cannot listen: \(reason)"
        }
    }
}

extension DashboardError: ReportableError {
    /// An address that cannot be used: bad input (2).
    public var exitStatus: ExitStatus { .badInput }
    public var report: String { "error: \(self)" }
}
