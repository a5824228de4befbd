import Foundation

/// The machine a bench ran on, read from Linux's `/proc` and `/etc` (fields are "unknown" elsewhere).
public struct MachineInfo: Codable, Hashable, Sendable {
    /// `model name` of /proc/cpuinfo.
    public var cpu: String
    /// Logical cores the process may use.
    public var cores: Int
    /// Physical memory in bytes.
    public var memoryBytes: UInt64
    /// `PRETTY_NAME` of /etc/os-release.
    public var os: String
    public var kernel: String

    public init(cpu: String, cores: Int, memoryBytes: UInt64, os: String, kernel: String) {
        self.cpu = cpu; self.cores = cores; self.memoryBytes = memoryBytes; self.os = os; self.kernel = kernel
    }

    /// This machine.
    public static func current() -> MachineInfo {
        let info = ProcessInfo.processInfo
        let cpuinfo = (try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8)) ?? ""
        let cpu =
            cpuinfo.split(separator: "\n").first { $0.hasPrefix("model name") }
            .flatMap { $0.split(separator: ":", maxSplits: 1).last }
            .map { $0.trimmingCharacters(in: .whitespaces) } ?? "unknown"
        let release = (try? String(contentsOfFile: "/etc/os-release", encoding: .utf8)) ?? ""
        let os =
            release.split(separator: "\n").first { $0.hasPrefix("PRETTY_NAME=") }
            .map { String($0.dropFirst("PRETTY_NAME=".count)).trimmingCharacters(in: CharacterSet(charactersIn: "\"")) }
            ?? info.operatingSystemVersionString
        return MachineInfo(
            cpu: cpu, cores: info.activeProcessorCount, memoryBytes: info.physicalMemory,
            os: os, kernel: info.operatingSystemVersionString)
    }
}

/// The compiler that built the binary.
public struct ToolchainInfo: Codable, Hashable, Sendable {
    /// The first line of `swift --version` at run time, or the compile-time language version if no
    /// `swift` is on PATH (a binary copied to another machine).
    public var swift: String
    /// Which of the two it is: "swift --version" or "compile time".
    public var source: String

    public init(swift: String, source: String) {
        self.swift = swift
        self.source = source
    }

    public static func current() -> ToolchainInfo {
        if let line = ChildProcess.firstLine(["swift", "--version"]), line.contains("Swift") {
            return ToolchainInfo(swift: line, source: "swift --version")
        }
        return ToolchainInfo(swift: compileTimeVersion, source: "compile time")
    }

    static var compileTimeVersion: String {
        #if compiler(>=6.3)
        return "Swift 6.3 or later"
        #elseif compiler(>=6.2)
        return "Swift 6.2"
        #elseif compiler(>=6.1)
        return "Swift 6.1"
        #else
        return "Swift 6.0"
        #endif
    }
}

/// What a run records about its surroundings, captured once by the caller and handed to the suite.
public struct RunEnvironment: Sendable {
    public var machine: MachineInfo
    public var toolchain: ToolchainInfo
    public var gitCommit: String
    public var commandLine: [String]
    /// Whether the work tree had uncommitted changes to tracked files (nil: not a git work tree, or the
    /// commit came from CI's variables).
    public var gitDirty: Bool?
    /// Where `gitCommit` came from: "git", "GITHUB_SHA", "CI_COMMIT_SHA" or "unknown".
    public var commitSource: String = "git"

    public init(machine: MachineInfo, toolchain: ToolchainInfo, gitCommit: String, commandLine: [String]) {
        self.machine = machine; self.toolchain = toolchain; self.gitCommit = gitCommit; self.commandLine = commandLine
    }

    /// This machine, this toolchain, the git commit of the current directory (or, without one, the commit CI
    /// names in `GITHUB_SHA` or `CI_COMMIT_SHA`) and whether the work tree is dirty.
    public static func capture(
        commandLine: [String] = CommandLine.arguments,
        environment: [String: String] = ProcessInfo.processInfo.environment
    ) -> RunEnvironment {
        var commit = ChildProcess.firstLine(["git", "rev-parse", "HEAD"]).flatMap { $0.count == 40 ? $0 : nil }
        var source = "git"
        var dirty: Bool?
        if commit != nil {
            // `git diff --quiet` exits 1 when tracked files changed, 0 when not; anything else says nothing.
            switch ChildProcess.runOnPath(["git", "diff", "--quiet", "HEAD", "--"]).status {
            case 0: dirty = false
            case 1: dirty = true
            default: dirty = nil
            }
        } else if let sha = environment["GITHUB_SHA"], !sha.isEmpty {
            commit = sha; source = "GITHUB_SHA"
        } else if let sha = environment["CI_COMMIT_SHA"], !sha.isEmpty {
            commit = sha; source = "CI_COMMIT_SHA"
        } else {
            source = "unknown"
        }
        var result = RunEnvironment(
            machine: .current(), toolchain: .current(), gitCommit: commit ?? "unknown", commandLine: commandLine)
        result.gitDirty = dirty
        result.commitSource = source
        return result
    }
}
