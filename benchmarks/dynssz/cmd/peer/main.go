// Command peer runs the dynamic-ssz benchmark peer as a child of the
// benchmarks driver (cmd/report of the benchmarks module); see
// harness.ChildMain for its arguments.
package main

import (
	"os"

	"github.com/ssztree/ssztree/benchmarks/dynssz/peer"
	"github.com/ssztree/ssztree/benchmarks/harness"
)

func main() { harness.ChildMain(os.Args[1:], peer.Peers()) }
