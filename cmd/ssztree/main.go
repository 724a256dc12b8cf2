// Command ssztree runs ssztree's demonstration workload and its
// conformance check, and tells what a state or block file holds.
//
// Usage:
//
//	ssztree demo [-fork F] [-validators N] [-seed S] [-out FILE]
//	ssztree conform [dir]
//	ssztree inspect [-block] [-fork F] [-preset P] [-network N|config.yaml] FILE
//
// demo builds a deterministic synthetic mainnet beacon state of fork F
// (phase0, altair, bellatrix, capella, deneb, electra, fulu or gloas; fulu by
// default) with N validators (1,000,000 by default), made by package
// synth, then encodes, decodes and hashes it, processes a slot, changes
// one, a thousand and every balance, takes a deposit, from Electra on
// queues a pending deposit, from Fulu on rotates the proposer lookahead,
// and copies it, printing the time of each step and the live heap, and the
// state roots, which are the same on every run. -out FILE writes the
// state's SSZ to FILE, a state to try the library on.
//
// conform runs every SSZ conformance case found in dir, a folder in the
// layout of the official consensus-spec-tests releases (the folder that
// holds tests/), and prints a summary; dir defaults to $SSZ_SPECTESTS, and
// then, from the repository's root, to the subset of the conformance data
// it carries, testdata/spectests.
//
// inspect prints the fork, network, preset, slot, validator count and root
// of the beacon state in FILE (SSZ, snappy-framed, or a spec test's
// .ssz_snappy), the fork found from its fork.current_version (or its slot)
// unless -fork names it; with -block, the slot, proposer and root of the
// signed block in FILE. demo -out writes a file it reads.
package main

import (
	"fmt"
	"os"
)

func main() {
	if len(os.Args) < 2 {
		usage()
	}
	var err error
	switch os.Args[1] {
	case "demo":
		err = demo(os.Args[2:], os.Stdout)
	case "conform":
		err = conform(os.Args[2:], os.Stdout)
	case "inspect":
		err = inspect(os.Args[2:], os.Stdout)
	default:
		usage()
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "ssztree:", err)
		os.Exit(1)
	}
}

func usage() {
	fmt.Fprintln(os.Stderr, "usage: ssztree demo [-fork F] [-validators N] [-seed S] [-out FILE]\n       ssztree conform [dir]\n       ssztree inspect [-block] [-fork F] [-preset P] [-network N|config.yaml] FILE")
	os.Exit(2)
}
