// Command peer runs the dynamic-ssz benchmark peer as a child of the
// benchmarks driver (cmd/report of the benchmarks module); see
// harness.ChildMain for its arguments.
package main

import (
	"os"

	"github.com/ssztree/ssztree/benchmarks/dynssz/peer"
	"github.com/ssztree/ssztree/benchmarks/harness"
)

// The peer samples no floor beside its cold root (a nil FloorSource): the
// cold root's target is ssztree's, whose child is the driver's binary.
func main() { harness.ChildMain(os.Args[1:], peer.Peers(), nil) }
