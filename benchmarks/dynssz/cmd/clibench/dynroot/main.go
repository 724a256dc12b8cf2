// Command dynroot prints the root of the Fulu state file it is given, read
// with pk910/dynamic-ssz through attestantio/go-eth2-client's spec/fulu
// types, as the peer of the benchmarks does (one DynSsz with parallel
// hashing): read the file, UnmarshalSSZ, HashTreeRoot. It is clibench's
// peer row.
package main

import (
	"fmt"
	"os"
	"runtime"

	"github.com/attestantio/go-eth2-client/spec/fulu"
	dynssz "github.com/pk910/dynamic-ssz"
)

func main() {
	if len(os.Args) != 2 {
		fmt.Fprintln(os.Stderr, "usage: dynroot STATE.ssz")
		os.Exit(2)
	}
	b, err := os.ReadFile(os.Args[1])
	if err != nil {
		fmt.Fprintln(os.Stderr, "dynroot:", err)
		os.Exit(1)
	}
	ds := dynssz.NewDynSsz(nil, dynssz.WithAsyncHashing(runtime.GOMAXPROCS(0)))
	st := new(fulu.BeaconState)
	if err := ds.UnmarshalSSZ(st, b); err != nil {
		fmt.Fprintln(os.Stderr, "dynroot:", err)
		os.Exit(1)
	}
	b = nil // the bytes are garbage once decoded, as a program would drop them
	root, err := ds.HashTreeRoot(st)
	if err != nil {
		fmt.Fprintln(os.Stderr, "dynroot:", err)
		os.Exit(1)
	}
	fmt.Printf("0x%x\n", root)
}
