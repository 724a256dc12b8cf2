// Package peers lists the benchmark peers of the benchmarks module. The
// dynamic-ssz peer lives in the sibling module ./dynssz, because it needs
// another version of go-eth2-client.
package peers

import (
	"github.com/ssztree/ssztree/benchmarks/harness"
	"github.com/ssztree/ssztree/benchmarks/peers/fastssz"
	"github.com/ssztree/ssztree/benchmarks/peers/karalabe"
	"github.com/ssztree/ssztree/benchmarks/peers/ssztree"
	"github.com/ssztree/ssztree/benchmarks/peers/zrnt"
)

// All returns the peers of this module, ssztree first.
func All() []harness.Peer {
	var all []harness.Peer
	for _, f := range []func() []harness.Peer{ssztree.Peers, fastssz.Peers, karalabe.Peers, zrnt.Peers} {
		all = append(all, f()...)
	}
	return all
}
