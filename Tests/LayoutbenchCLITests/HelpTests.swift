import Foundation
import Testing

/// `layoutbench help`, `--help` and `--version` exit 0; a topic that does not exist and an unknown command exit 2.
@Suite("layoutbench help")
struct HelpTests {
    @Test("help, help SUBCOMMAND, --help and --version exit 0")
    func help() throws {
        let root = try CLI.run(["help"])
        #expect(root.status == 0)
        #expect(root.stdout.contains("SUBCOMMANDS") && root.stdout.contains("compare"))
        #expect(root.stdout.contains("Exit codes"))
        for command in ["solve", "render", "replay", "generate", "bench", "compare", "merge"] {
            let result = try CLI.run(["help", command])
            #expect(result.status == 0, "\(command)")
            #expect(result.stdout.contains("USAGE: layoutbench \(command)"), "\(command)")
        }
        let flag = try CLI.run(["bench", "--help"])
        #expect(flag.status == 0)
        #expect(flag.stdout.contains("--allow-debug"))
        let version = try CLI.run(["--version"])
        #expect(version.status == 0)
        #expect(!version.stdout.isEmpty)
    }

    @Test("help for a topic that does not exist exits 2 and lists the subcommands")
    func unknownTopic() throws {
        let unknown = try CLI.run(["help", "sovle"])
        #expect(unknown.status == 2)
        #expect(unknown.stderr.contains("'sovle'") && unknown.stderr.contains("solve, render"))
        #expect(unknown.stdout.isEmpty)
        let nested = try CLI.run(["help", "solve", "extra"])
        #expect(nested.status == 2)
        #expect(nested.stderr.contains("'extra'"))
    }

    @Test("an unknown subcommand or option exits 2 (not the parser's 64)")
    func unknownCommand() throws {
        let command = try CLI.run(["sovle", "x.yaml"])
        #expect(command.status == 2)
        #expect(command.stderr.contains("sovle"))
        let option = try CLI.run(["compare", "a.json", "b.json", "--colour"])
        #expect(option.status == 2)
        #expect(option.stderr.contains("--colour"))
    }
}
