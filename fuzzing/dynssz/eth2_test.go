package dynssz

import (
	"testing"

	"github.com/attestantio/go-eth2-client/spec/altair"
	"github.com/attestantio/go-eth2-client/spec/bellatrix"
	"github.com/attestantio/go-eth2-client/spec/capella"
	"github.com/attestantio/go-eth2-client/spec/deneb"
	"github.com/attestantio/go-eth2-client/spec/electra"
	"github.com/attestantio/go-eth2-client/spec/fulu"
	egloas "github.com/attestantio/go-eth2-client/spec/gloas"
	"github.com/attestantio/go-eth2-client/spec/phase0"
	"github.com/ssztree/ssztree/def"
	"github.com/ssztree/ssztree/forks"
	"github.com/ssztree/ssztree/fuzzing/difftest"
	ssztreephase0 "github.com/ssztree/ssztree/phase0"
	"github.com/ssztree/ssztree/synth"
)

// The targets of the consensus types, as in the module above: one fuzz
// target per type, whose second argument picks the fork, seeded with the
// mainnet ssz_static cases of the type in that fork; a fork whose type
// did not change takes go-eth2-client's type of the fork that last
// changed it.

// on is a fork of a target and go-eth2-client's type of it, as a peer.
// seeds, when set, gives the fork's seeds in place of its mainnet
// ssz_static cases (Phase 0 has none: ../shared/spectests holds its
// minimal cases only).
type on struct {
	fork  *def.Fork
	peer  difftest.Peer
	seeds func() ([][]byte, error)
}

func consensusTargets(tb testing.TB, typ string, ons ...on) []*difftest.Target {
	tb.Helper()
	var out []*difftest.Target
	for _, o := range ons {
		ts, err := o.fork.Resolve(forks.Presets["mainnet"])
		if err != nil {
			tb.Fatal(err)
		}
		t := ts.Type(typ)
		if t == nil {
			tb.Fatalf("ssztree has no %s in %s", typ, o.fork.Name)
		}
		fork := o.fork.Name
		seeds := o.seeds
		if seeds == nil {
			seeds = func() ([][]byte, error) { return difftest.StaticCases("mainnet", fork, typ) }
		}
		out = append(out, &difftest.Target{
			Name:  typ + "/" + fork,
			Type:  t,
			Peers: []difftest.Peer{o.peer},
			Known: knownClasses,
			Seeds: seeds,
		})
	}
	return out
}

func FuzzBeaconState(f *testing.F) {
	difftest.Fuzz(f, consensusTargets(f, "BeaconState",
		on{fork: forks.Altair, peer: dynsszPeer[altair.BeaconState]()},
		on{fork: forks.Bellatrix, peer: dynsszPeer[bellatrix.BeaconState]()},
		on{fork: forks.Capella, peer: dynsszPeer[capella.BeaconState]()},
		on{fork: forks.Deneb, peer: dynsszPeer[deneb.BeaconState]()},
		on{fork: forks.Electra, peer: dynsszPeer[electra.BeaconState]()},
		on{fork: forks.Fulu, peer: dynsszPeer[fulu.BeaconState]()},
		on{fork: forks.Gloas, peer: dynsszPeer[egloas.BeaconState]()},
		on{fork: forks.Phase0, peer: dynsszPeer[phase0.BeaconState](), seeds: phase0States},
	))
}

func FuzzSignedBeaconBlock(f *testing.F) {
	difftest.Fuzz(f, consensusTargets(f, "SignedBeaconBlock",
		on{fork: forks.Altair, peer: dynsszPeer[altair.SignedBeaconBlock]()},
		on{fork: forks.Bellatrix, peer: dynsszPeer[bellatrix.SignedBeaconBlock]()},
		on{fork: forks.Capella, peer: dynsszPeer[capella.SignedBeaconBlock]()},
		on{fork: forks.Deneb, peer: dynsszPeer[deneb.SignedBeaconBlock]()},
		on{fork: forks.Electra, peer: dynsszPeer[electra.SignedBeaconBlock]()},
		on{fork: forks.Fulu, peer: dynsszPeer[electra.SignedBeaconBlock]()},
		on{fork: forks.Gloas, peer: dynsszPeer[egloas.SignedBeaconBlock]()},
		on{fork: forks.Phase0, peer: dynsszPeer[phase0.SignedBeaconBlock](), seeds: noSeeds},
	))
}

// byFork returns the targets of a type that changed in Phase 0 (p0),
// Electra (el) and Gloas (gl) only, in every fork from Altair on, then
// Phase 0 (defaults and their mutations as seeds).
func byFork(p0, el, gl difftest.Peer) []on {
	return []on{
		{fork: forks.Altair, peer: p0}, {fork: forks.Bellatrix, peer: p0}, {fork: forks.Capella, peer: p0},
		{fork: forks.Deneb, peer: p0}, {fork: forks.Electra, peer: el}, {fork: forks.Fulu, peer: el},
		{fork: forks.Gloas, peer: gl}, {fork: forks.Phase0, peer: p0, seeds: noSeeds},
	}
}

func FuzzAttestation(f *testing.F) {
	difftest.Fuzz(f, consensusTargets(f, "Attestation",
		byFork(dynsszPeer[phase0.Attestation](), dynsszPeer[electra.Attestation](), dynsszPeer[egloas.Attestation]())...))
}

func FuzzSingleAttestation(f *testing.F) {
	p := dynsszPeer[electra.SingleAttestation]()
	difftest.Fuzz(f, consensusTargets(f, "SingleAttestation", on{fork: forks.Electra, peer: p}, on{fork: forks.Fulu, peer: p},
		on{fork: forks.Gloas, peer: p}))
}

func FuzzSignedAggregateAndProof(f *testing.F) {
	difftest.Fuzz(f, consensusTargets(f, "SignedAggregateAndProof",
		byFork(dynsszPeer[phase0.SignedAggregateAndProof](), dynsszPeer[electra.SignedAggregateAndProof](), dynsszPeer[egloas.SignedAggregateAndProof]())...))
}

func FuzzAttesterSlashing(f *testing.F) {
	difftest.Fuzz(f, consensusTargets(f, "AttesterSlashing",
		byFork(dynsszPeer[phase0.AttesterSlashing](), dynsszPeer[electra.AttesterSlashing](), dynsszPeer[egloas.AttesterSlashing]())...))
}

func FuzzBlobSidecar(f *testing.F) {
	p := dynsszPeer[deneb.BlobSidecar]()
	difftest.Fuzz(f, consensusTargets(f, "BlobSidecar", on{fork: forks.Deneb, peer: p}, on{fork: forks.Electra, peer: p},
		on{fork: forks.Fulu, peer: p}, on{fork: forks.Gloas, peer: p}))
}

// The ePBS types of Gloas: the builder's bid and the payload envelope, and
// the payload attestation of the payload timeliness committee.

func FuzzExecutionPayloadBid(f *testing.F) {
	difftest.Fuzz(f, consensusTargets(f, "SignedExecutionPayloadBid",
		on{fork: forks.Gloas, peer: dynsszPeer[egloas.SignedExecutionPayloadBid]()}))
}

func FuzzExecutionPayloadEnvelope(f *testing.F) {
	difftest.Fuzz(f, consensusTargets(f, "SignedExecutionPayloadEnvelope",
		on{fork: forks.Gloas, peer: dynsszPeer[egloas.SignedExecutionPayloadEnvelope]()}))
}

func FuzzPayloadAttestation(f *testing.F) {
	difftest.Fuzz(f, consensusTargets(f, "PayloadAttestation",
		on{fork: forks.Gloas, peer: dynsszPeer[egloas.PayloadAttestation]()}))
}

// noSeeds gives no seeds beyond the defaults (and their mutations).
func noSeeds() ([][]byte, error) { return nil, nil }

// phase0States seeds Phase 0's BeaconState with a synthetic mainnet state
// of 64 validators, for want of mainnet ssz_static cases.
func phase0States() ([][]byte, error) {
	st, err := synth.Phase0State(ssztreephase0.Mainnet, 64, 1)
	if err != nil {
		return nil, err
	}
	b, err := st.MarshalSSZ()
	return [][]byte{b}, err
}
