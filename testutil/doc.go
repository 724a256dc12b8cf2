// Package testutil holds nothing itself: its packages are the repository's
// test support, not API. They are kept out of internal/, which holds only
// the library's bottom helpers (docs/architecture.md), and the tests of
// the repository's other modules (benchmarks, fuzzing) use them too; code
// outside the repository should not import them, and they change with the
// tests without notice.
//
//   - samples gives values of any SSZ type for the fork packages' tests:
//     random ones and those of the conformance cases, and the folder of
//     conformance data the tests read (SSZ_SPECTESTS or the carried subset).
//   - stress runs readers and writers of snapshots of one state together
//     (a test, run under -race in CI).
//   - proofcheck compares ssztree's proofs with Lodestar's golden files
//     (a test).
package testutil
