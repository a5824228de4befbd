# Sourced by scripts/test.sh and scripts/docs.sh: where the test build goes, and how it is made.
#
# Two ways, the same tests and the same code:
#   incremental    `swift build --build-tests` in .build/debug: a compile job per batch of files, so that an
#                  edit compiles again only what it touched. A developer's machine.
#   whole-module   each module compiled whole, with the optimizer off, in .build-tests/release: SwiftPM
#                  compiles a module whole only in its release configuration, so this is that configuration
#                  with `-Onone`, `-enable-testing` and `-DDEBUG` (what a debug build has: @testable imports,
#                  the debug checks and counters, `bench`'s refusal). From nothing it costs less: measured on
#                  a fresh clone here, 446 s and 843 CPU-seconds against 616 s for the incremental build
#                  (whose batches of files each read the rest of their module again, most likely the
#                  difference). An edit costs more: one engine file compiled 48 modules whole again, 158 s.
#                  CI builds from nothing.
# TEST_BUILD (incremental or whole-module) chooses; it defaults to whole-module when CI=true.
test_build_mode="${TEST_BUILD:-$([ "${CI:-}" = true ] && echo whole-module || echo incremental)}"
case "$test_build_mode" in
  incremental)
    test_build_scratch=.build
    test_build_products=.build/debug
    test_build_options=()
    ;;
  whole-module)
    test_build_scratch=.build-tests
    test_build_products=.build-tests/release
    test_build_options=(-c release --scratch-path .build-tests -Xswiftc -Onone -Xswiftc -enable-testing
      -Xswiftc -DDEBUG)
    ;;
  *)
    echo "TEST_BUILD must be incremental or whole-module, not '$test_build_mode'" >&2
    exit 2
    ;;
esac
