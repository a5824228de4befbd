import ArgumentParser
import CompositionalLayout
import Foundation
import LayoutSpec

/// Turns the errors of the modules into what a user sees and the exit code, in one place:
/// 2 for bad input (a spec, an argument, a layout that cannot be solved at that size), 1 otherwise.
enum Failure {
    static let badInput: Int32 = 2

    /// Runs `body`; prints any error to standard error and exits with its code.
    static func reporting<T>(_ body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch let error as SpecError {
            printError("\(error)")
            throw ExitCode(badInput)
        } catch let error as LayoutError {
            printError("error: \(error)")
            throw ExitCode(badInput)
        } catch let error as BadInput {
            printError("error: \(error.message)")
            throw ExitCode(badInput)
        }
    }

    static func printError(_ text: String) {
        FileHandle.standardError.write(Data((text + "\n").utf8))
    }
}

/// A bad argument found while running (after parsing).
struct BadInput: Error {
    var message: String
}
