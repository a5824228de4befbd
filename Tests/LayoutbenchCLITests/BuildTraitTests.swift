import ErrorReporting
import Testing

/// The optional parts (README "Optional parts"): what a build without one says, and that a build with every
/// trait (the one the tests run) marks nothing as missing. A lean build's own errors are run by
/// scripts/lean-smoke.sh, which CI calls.
@Suite("build traits")
struct BuildTraitTests {
    @Test("the error names the trait, the exact build command, and exits 2")
    func missingTraitError() {
        let missing = MissingBuildTrait(.postgres, feature: "layoutbench push to postgres://u@h:5432/db")
        #expect(missing.exitStatus == .badInput)
        #expect(missing.failureCode == "missingTrait")
        #expect(missing.report.hasPrefix("error: layoutbench push to postgres://u@h:5432/db needs the Postgres trait"))
        #expect(missing.report.contains("swift build -c release --product layoutbench --traits "))
        #expect(missing.report.contains("README \"Optional parts\""))
    }

    @Test("the build command keeps the parts this build has and adds the missing one")
    func buildCommandKeepsTraits() {
        for trait in BuildTrait.allCases {
            let command = trait.buildCommand
            let listed = command.split(separator: " ").last.map { $0.split(separator: ",").map(String.init) } ?? []
            #expect(listed.contains(trait.name), "\(command)")
            for other in BuildTrait.allCases where other.isBuilt { #expect(listed.contains(other.name), "\(command)") }
            #expect(Set(listed).count == listed.count, "\(command)")
        }
    }

    @Test("with every trait built, help marks nothing as missing")
    func helpInFullBuild() throws {
        let everyTrait = BuildTrait.allCases.allSatisfy { $0.isBuilt }
        try #require(everyTrait, "the tests run in a build with every trait")
        for command in [["import", "--help"], ["push", "--help"], ["watch", "--help"], ["bench", "--help"]] {
            let help = try CLI.run(command)
            #expect(help.status == 0)
            #expect(!help.stdout.contains("not in this build"), "\(command): \(help.stdout)")
        }
    }
}
