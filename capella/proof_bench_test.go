package capella_test

import (
	"fmt"
	"math/rand/v2"
	"sync"
	"testing"

	"github.com/ssztree/ssztree/capella"
	"github.com/ssztree/ssztree/schema"
	"github.com/ssztree/ssztree/synth"
	"github.com/ssztree/ssztree/tree"
	"github.com/ssztree/ssztree/view"
)

// proofState is a hashed Mainnet state of 1,000,000 validators, built once
// (it takes a few seconds).
var proofState = sync.OnceValue(func() *capella.BeaconState {
	st, err := synth.CapellaState(capella.Mainnet, 1_000_000, 1)
	if err != nil {
		panic(err)
	}
	st.HashTreeRoot()
	return st
})

func mustGindex(b *testing.B, path string) tree.Gindex {
	g, err := schema.Gindex(capella.Mainnet.Type("BeaconState"), path)
	if err != nil {
		b.Fatal(err)
	}
	return g
}

// BenchmarkProve measures single proofs on the hashed state: the light-client
// proofs, and a balance and a validator's field at a random index each time
// (cold caches: the page is read and its other values hashed).
func BenchmarkProve(b *testing.B) {
	st := proofState()
	node := st.View().Node()
	root := st.HashTreeRoot()
	const n = 1 << 12
	r := rand.New(rand.NewPCG(1, 2))
	random := func(format string) []tree.Gindex {
		gs := make([]tree.Gindex, n)
		for i := range gs {
			gs[i] = mustGindex(b, fmt.Sprintf(format, r.IntN(1_000_000)))
		}
		return gs
	}
	for _, c := range []struct {
		name string
		gs   []tree.Gindex
	}{
		{"finalized_checkpoint.root", []tree.Gindex{capella.FinalizedRootGindex}},
		{"current_sync_committee", []tree.Gindex{capella.CurrentSyncCommitteeGindex}},
		{"balances[i]", random("balances[%d]")},
		{"validators[i].effective_balance", random("validators[%d].effective_balance")},
	} {
		b.Run(c.name, func(b *testing.B) {
			leaf, branch, err := tree.Prove(node, c.gs[0])
			if err != nil || !tree.VerifyProof(root, c.gs[0], leaf, branch) {
				b.Fatalf("proof does not verify: %v", err)
			}
			b.ReportAllocs()
			i := 0
			for b.Loop() {
				if _, _, err := tree.Prove(node, c.gs[i%len(c.gs)]); err != nil {
					b.Fatal(err)
				}
				i++
			}
		})
	}
}

// BenchmarkProveMulti measures multiproofs of 100 leaves on the hashed
// state, a different random set each time: balances, validators' effective
// balances, and 100 paths through view.Prove (schema.Gindex included).
func BenchmarkProveMulti(b *testing.B) {
	st := proofState()
	node := st.View().Node()
	root := st.HashTreeRoot()
	const sets = 64
	r := rand.New(rand.NewPCG(3, 4))
	randomSets := func(format string) ([][]tree.Gindex, [][]string) {
		gs, paths := make([][]tree.Gindex, sets), make([][]string, sets)
		for s := range gs {
			for k := 0; k < 100; k++ {
				p := fmt.Sprintf(format, r.IntN(1_000_000))
				paths[s] = append(paths[s], p)
				gs[s] = append(gs[s], mustGindex(b, p))
			}
		}
		return gs, paths
	}
	balances, _ := randomSets("balances[%d]")
	validators, paths := randomSets("validators[%d].effective_balance")
	for _, c := range []struct {
		name string
		gs   [][]tree.Gindex
	}{
		{"100-balances", balances},
		{"100-validators.effective_balance", validators},
	} {
		b.Run(c.name, func(b *testing.B) {
			mp, err := tree.ProveMulti(node, c.gs[0])
			if err != nil || !mp.Verify(root) {
				b.Fatalf("multiproof does not verify: %v", err)
			}
			b.ReportMetric(float64(len(mp.HelperRoots)), "helpers")
			b.ReportAllocs()
			i := 0
			for b.Loop() {
				if _, err := tree.ProveMulti(node, c.gs[i%sets]); err != nil {
					b.Fatal(err)
				}
				i++
			}
		})
	}
	b.Run("view.Prove-100-validators.effective_balance", func(b *testing.B) {
		b.ReportAllocs()
		i := 0
		for b.Loop() {
			if _, err := view.Prove(st.View(), paths[i%sets]...); err != nil {
				b.Fatal(err)
			}
			i++
		}
	})
	b.Run("verify-100-validators.effective_balance", func(b *testing.B) {
		mp, _ := tree.ProveMulti(node, validators[0])
		b.ReportAllocs()
		for b.Loop() {
			if !mp.Verify(root) {
				b.Fatal("does not verify")
			}
		}
	})
}
