import ArgumentParser

extension Layoutbench {
    struct Replay: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "(being written)")
        func run() throws { throw ExitCode.failure }
    }
}
