// Package conformance runs the SSZ conformance tests of the Ethereum
// consensus-spec-tests releases against ssztree: package schema, and the
// Go types of the fork packages. The command ssztree conform, the tests of
// the repository and its differential fuzzers use it; it reads only the
// folder it is given, and the environment variable SSZ_SPECTESTS only in
// its test (below).
//
// The releases (https://github.com/ethereum/consensus-spec-tests/releases)
// ship general.tar.gz, minimal.tar.gz and mainnet.tar.gz; extracted into one
// folder, they give a tests/ folder laid out as
//
//	tests/<preset>/<fork>/<runner>/<handler>/<suite>/<case>/
//
// [Run] walks such a folder. It runs every case of the ssz_generic runner
// (tests/general/phase0/ssz_generic/<handler>/{valid,invalid}/<case>/),
// whose type is given by the handler folder and the case name (see
// [ParseType]). A valid case must decode; its tree must have the root of
// meta.yaml, encode back to the same bytes, and value.yaml, converted to
// SSZ bytes by walking the type, must give those bytes too, as must the
// value's JSON (package sszjson) read back. An invalid case
// must fail to decode. The serialized bytes are read from
// serialized.ssz_snappy (snappy block format) or, in older releases,
// serialized.ssz.
//
// It runs the cases of the ssz_static runner
// (tests/<preset>/<fork>/ssz_static/<type>/<handler>/<case>/) of the forks
// phase0, altair, bellatrix, capella, deneb, electra, fulu and gloas, for
// the presets mainnet and minimal: the type folder names a container
// (or progressive container) of the fork, as package forks defines it and
// resolves it for the preset. Each case is checked like a valid
// ssz_generic case, its root read from roots.yaml, and again through the
// Go type the fork's generated package has, with a JSON round trip (not
// in a build with the tag ssztree_nofork, which leaves the fork packages
// out). A type folder that names no container of the fork is a failure. The cases of other
// forks and presets are counted and listed, not run.
//
// The progressive lists, bitlists and containers (basic_progressive_list,
// progressive_bitlist, progressive_containers, the ProgressiveTestStruct and
// ProgressiveBitsStruct cases of containers) and the compatible unions
// (compatible_unions) are run like the others. Cases of handlers whose
// types the schema package does not support (stablecontainers and profiles
// of development branches of the specification) are counted and listed,
// not run.
// The other runners (operations, sanity...) test more than SSZ: they are
// listed with their case counts.
//
// The test TestConformance runs [Run] on the subset of the conformance
// data the repository carries, testdata/spectests (a case of every type of
// every fork and preset and of every ssz_generic handler; its README says
// how it was chosen), or, when the environment variable SSZ_SPECTESTS is
// set, on the folder it names, the folder holding tests/. A relative
// SSZ_SPECTESTS is resolved against the module root (the folder holding
// go.mod), not against the package folder where go test runs the test
// binary, so that from the repository root
//
//	SSZ_SPECTESTS=../shared/spectests go test -count=1 -v -run TestConformance ./conformance/
//
// reads ../shared/spectests as seen from the repository root. Its subtests
// are TestConformance/<handler> for the ssz_generic handlers and
// TestConformance/ssz_static/<preset>/<fork>/<type> for the ssz_static
// types, so that -run can pick some:
//
//	go test -run 'TestConformance/ssz_static/mainnet/capella/BeaconState' ./conformance/
//
// With -v the test writes the summary to standard output, one line per row,
// each line starting with "conformance:", so that CI can filter it (without
// -v it goes to the test log, which go test shows on failure):
//
//	go test -count=1 -v -run TestConformance ./conformance/ | grep -E '^(conformance:|--- FAIL|FAIL|ok)'
//
// The summary counts the ssz_generic cases by handler, and the ssz_static
// cases by preset and fork and by type.
//
// [Cases] returns the ssz_generic cases with their types and bytes, for use
// as fuzzing seeds.
package conformance
