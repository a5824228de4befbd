import ArgumentParser

extension Layoutbench {
    struct Bench: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "(being written)")
        func run() throws { throw ExitCode.failure }
    }
}
