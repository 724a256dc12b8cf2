package benchmarks

import (
	"testing"

	"github.com/ssztree/ssztree/benchmarks/bench"
	"github.com/ssztree/ssztree/benchmarks/harness"
	"github.com/ssztree/ssztree/benchmarks/peers"
)

// gossipRow benchmarks one row of every gossip micro case, a sub-benchmark
// per case and peer.
func gossipRow(b *testing.B, row string) {
	for _, cs := range harness.GossipCases {
		b.Run(cs, func(b *testing.B) { bench.MicroRow(b, peers.All(), cs, row) })
	}
}

// BenchmarkGossipDecode decodes each gossip object (SingleAttestation,
// SignedAggregateAndProof, BlobSidecar, DataColumnSidecar).
func BenchmarkGossipDecode(b *testing.B) { gossipRow(b, harness.RowMicroDecode) }

// BenchmarkGossipEncode encodes each decoded gossip object.
func BenchmarkGossipEncode(b *testing.B) { gossipRow(b, harness.RowMicroEncode) }

// BenchmarkGossipEncodeHashed encodes each gossip object decoded and
// hashed.
func BenchmarkGossipEncodeHashed(b *testing.B) { gossipRow(b, harness.RowMicroEncodeHashed) }

// BenchmarkGossipDecodeRoot decodes each gossip object and hashes it.
func BenchmarkGossipDecodeRoot(b *testing.B) { gossipRow(b, harness.RowMicroDecodeRoot) }
