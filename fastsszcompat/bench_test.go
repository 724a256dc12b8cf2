package fastsszcompat_test

import (
	"testing"

	e2capella "github.com/attestantio/go-eth2-client/spec/capella"
	"github.com/ssztree/ssztree/capella"
	"github.com/ssztree/ssztree/fastsszcompat"
	"github.com/ssztree/ssztree/synth"
)

// benchValidators is the size of the benchmarks' Capella state: large
// enough for the validators and balances to dominate, small enough for
// a run of a few seconds.
const benchValidators = 10_000

// BenchmarkGetTree: fastssz's proof tree of a Capella state and its root,
// from a hashed ssztree view (Wrap(...).GetTree) beside fastssz's own
// (go-eth2-client's GetTree), on the same state.
func BenchmarkGetTree(b *testing.B) {
	st, err := synth.CapellaState(capella.Mainnet, benchValidators, 1)
	if err != nil {
		b.Fatal(err)
	}
	st.HashTreeRoot()
	enc, err := st.MarshalSSZ()
	if err != nil {
		b.Fatal(err)
	}
	var peer e2capella.BeaconState
	if err := peer.UnmarshalSSZ(enc); err != nil {
		b.Fatal(err)
	}
	b.Run("ssztree", func(b *testing.B) {
		w := fastsszcompat.Wrap(st.View())
		b.ReportAllocs()
		for b.Loop() {
			n, err := w.GetTree()
			if err != nil {
				b.Fatal(err)
			}
			n.Hash()
		}
	})
	b.Run("fastssz", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			n, err := peer.GetTree()
			if err != nil {
				b.Fatal(err)
			}
			n.Hash()
		}
	})
}
