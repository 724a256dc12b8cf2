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
)

// The targets of the consensus types, as in the module above: one fuzz
// target per type, whose second argument picks the fork, seeded with the
// mainnet ssz_static cases of the type in that fork; a fork whose type
// did not change takes go-eth2-client's type of the fork that last
// changed it.

// on is a fork of a target and go-eth2-client's type of it, as a peer.
type on struct {
	fork *def.Fork
	peer difftest.Peer
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
		out = append(out, &difftest.Target{
			Name:  typ + "/" + fork,
			Type:  t,
			Peers: []difftest.Peer{o.peer},
			Known: knownClasses,
			Seeds: func() ([][]byte, error) { return difftest.MainnetCases(fork, typ) },
		})
	}
	return out
}

func FuzzBeaconState(f *testing.F) {
	// States are megabytes: spliced (difftest.FuzzSpliced).
	difftest.FuzzSpliced(f, consensusTargets(f, "BeaconState",
		on{forks.Altair, dynsszPeer[altair.BeaconState]()},
		on{forks.Bellatrix, dynsszPeer[bellatrix.BeaconState]()},
		on{forks.Capella, dynsszPeer[capella.BeaconState]()},
		on{forks.Deneb, dynsszPeer[deneb.BeaconState]()},
		on{forks.Electra, dynsszPeer[electra.BeaconState]()},
		on{forks.Fulu, dynsszPeer[fulu.BeaconState]()},
		on{forks.Gloas, dynsszPeer[egloas.BeaconState]()},
		on{forks.Phase0, dynsszPeer[phase0.BeaconState]()},
	))
}

func FuzzSignedBeaconBlock(f *testing.F) {
	difftest.Fuzz(f, consensusTargets(f, "SignedBeaconBlock",
		on{forks.Altair, dynsszPeer[altair.SignedBeaconBlock]()},
		on{forks.Bellatrix, dynsszPeer[bellatrix.SignedBeaconBlock]()},
		on{forks.Capella, dynsszPeer[capella.SignedBeaconBlock]()},
		on{forks.Deneb, dynsszPeer[deneb.SignedBeaconBlock]()},
		on{forks.Electra, dynsszPeer[electra.SignedBeaconBlock]()},
		on{forks.Fulu, dynsszPeer[electra.SignedBeaconBlock]()},
		on{forks.Gloas, dynsszPeer[egloas.SignedBeaconBlock]()},
		on{forks.Phase0, dynsszPeer[phase0.SignedBeaconBlock]()},
	))
}

// byFork returns the targets of a type that changed in Phase 0 (p0),
// Electra (el) and Gloas (gl) only, in every fork from Altair on, then
// in Phase 0 (whose seeds difftest.MainnetCases gives).
func byFork(p0, el, gl difftest.Peer) []on {
	return []on{
		{forks.Altair, p0}, {forks.Bellatrix, p0}, {forks.Capella, p0}, {forks.Deneb, p0},
		{forks.Electra, el}, {forks.Fulu, el}, {forks.Gloas, gl}, {forks.Phase0, p0},
	}
}

func FuzzAttestation(f *testing.F) {
	difftest.Fuzz(f, consensusTargets(f, "Attestation",
		byFork(dynsszPeer[phase0.Attestation](), dynsszPeer[electra.Attestation](), dynsszPeer[egloas.Attestation]())...))
}

func FuzzSingleAttestation(f *testing.F) {
	p := dynsszPeer[electra.SingleAttestation]()
	difftest.Fuzz(f, consensusTargets(f, "SingleAttestation", on{forks.Electra, p}, on{forks.Fulu, p},
		on{forks.Gloas, p}))
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
	difftest.Fuzz(f, consensusTargets(f, "BlobSidecar", on{forks.Deneb, p}, on{forks.Electra, p},
		on{forks.Fulu, p}, on{forks.Gloas, p}))
}

// The ePBS types of Gloas: the builder's bid and the payload envelope, and
// the payload attestation of the payload timeliness committee.

func FuzzExecutionPayloadBid(f *testing.F) {
	difftest.Fuzz(f, consensusTargets(f, "SignedExecutionPayloadBid",
		on{forks.Gloas, dynsszPeer[egloas.SignedExecutionPayloadBid]()}))
}

func FuzzExecutionPayloadEnvelope(f *testing.F) {
	difftest.Fuzz(f, consensusTargets(f, "SignedExecutionPayloadEnvelope",
		on{forks.Gloas, dynsszPeer[egloas.SignedExecutionPayloadEnvelope]()}))
}

func FuzzPayloadAttestation(f *testing.F) {
	difftest.Fuzz(f, consensusTargets(f, "PayloadAttestation",
		on{forks.Gloas, dynsszPeer[egloas.PayloadAttestation]()}))
}
