package fuzzing

import (
	"testing"

	e2altair "github.com/attestantio/go-eth2-client/spec/altair"
	e2bellatrix "github.com/attestantio/go-eth2-client/spec/bellatrix"
	e2capella "github.com/attestantio/go-eth2-client/spec/capella"
	e2deneb "github.com/attestantio/go-eth2-client/spec/deneb"
	e2electra "github.com/attestantio/go-eth2-client/spec/electra"
	e2fulu "github.com/attestantio/go-eth2-client/spec/fulu"
	e2phase0 "github.com/attestantio/go-eth2-client/spec/phase0"
	zaltair "github.com/protolambda/zrnt/eth2/beacon/altair"
	zbellatrix "github.com/protolambda/zrnt/eth2/beacon/bellatrix"
	zcapella "github.com/protolambda/zrnt/eth2/beacon/capella"
	zdeneb "github.com/protolambda/zrnt/eth2/beacon/deneb"
	zelectra "github.com/protolambda/zrnt/eth2/beacon/electra"
	zphase0 "github.com/protolambda/zrnt/eth2/beacon/phase0"
	"github.com/ssztree/ssztree/def"
	"github.com/ssztree/ssztree/forks"
	"github.com/ssztree/ssztree/fuzzing/difftest"
)

// The targets of the consensus types: one fuzz target per type, whose
// second argument picks the fork. The seeds are the mainnet ssz_static
// cases of the type in that fork (the peers have the mainnet sizes). A
// fork whose type did not change takes the peers' type of the fork that
// last changed it (Fulu's blocks are Electra's); a peer without the type
// in a fork is left out of it. Phase 0 comes last (difftest.MainnetCases
// gives its seeds: the conformance data has no mainnet Phase 0 cases).

// on is a fork of a target and the peers that have the type in it.
type on struct {
	fork  *def.Fork
	peers []difftest.Peer
}

// consensusTargets returns the targets of the type named typ in the
// forks of ons, with their mainnet spec-test cases as seeds.
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
			Peers: o.peers,
			Known: knownClasses,
			Seeds: func() ([][]byte, error) { return difftest.MainnetCases(fork, typ) },
		})
	}
	return out
}

func FuzzBeaconState(f *testing.F) {
	// States are megabytes: spliced (difftest.FuzzSpliced).
	difftest.FuzzSpliced(f, consensusTargets(f, "BeaconState",
		on{forks.Altair, []difftest.Peer{fastsszPeer[e2altair.BeaconState](), zrntView(zaltair.BeaconStateType(spec))}},
		on{forks.Bellatrix, []difftest.Peer{fastsszPeer[e2bellatrix.BeaconState](), zrntView(zbellatrix.BeaconStateType(spec))}},
		on{forks.Capella, []difftest.Peer{fastsszPeer[e2capella.BeaconState](), zrntView(zcapella.BeaconStateType(spec))}},
		on{forks.Deneb, []difftest.Peer{fastsszPeer[e2deneb.BeaconState](), zrntView(zdeneb.BeaconStateType(spec))}},
		on{forks.Electra, []difftest.Peer{fastsszPeer[e2electra.BeaconState](), zrntView(zelectra.BeaconStateType(spec))}},
		on{forks.Fulu, []difftest.Peer{fastsszPeer[e2fulu.BeaconState]()}},
		on{forks.Phase0, []difftest.Peer{fastsszPeer[e2phase0.BeaconState](), zrntView(zphase0.BeaconStateType(spec))}},
	))
}

func FuzzSignedBeaconBlock(f *testing.F) {
	difftest.Fuzz(f, consensusTargets(f, "SignedBeaconBlock",
		on{forks.Altair, []difftest.Peer{fastsszPeer[e2altair.SignedBeaconBlock](), zrntView(zaltair.SignedBeaconBlockType(spec))}},
		on{forks.Bellatrix, []difftest.Peer{fastsszPeer[e2bellatrix.SignedBeaconBlock](), zrntView(zbellatrix.SignedBeaconBlockType(spec))}},
		on{forks.Capella, []difftest.Peer{fastsszPeer[e2capella.SignedBeaconBlock](), zrntView(zcapella.SignedBeaconBlockType(spec))}},
		on{forks.Deneb, []difftest.Peer{fastsszPeer[e2deneb.SignedBeaconBlock](), zrntView(zdeneb.SignedBeaconBlockType(spec))}},
		on{forks.Electra, []difftest.Peer{fastsszPeer[e2electra.SignedBeaconBlock](), zrntView(zelectra.SignedBeaconBlockType(electraSpec))}},
		on{forks.Fulu, []difftest.Peer{fastsszPeer[e2electra.SignedBeaconBlock](), zrntView(zelectra.SignedBeaconBlockType(electraSpec))}},
		on{forks.Phase0, []difftest.Peer{fastsszPeer[e2phase0.SignedBeaconBlock](), zrntView(zphase0.SignedBeaconBlockType(spec))}},
	))
}

// phase0Peers and electraPeers are the peers of the attestation types,
// which changed in Phase 0 and Electra only.
func phase0Attestation() []difftest.Peer {
	return []difftest.Peer{fastsszPeer[e2phase0.Attestation](), zrntView(zphase0.AttestationType(spec))}
}

func electraAttestation() []difftest.Peer {
	return []difftest.Peer{fastsszPeer[e2electra.Attestation](), zrntView(zelectra.AttestationType(spec))}
}

func FuzzAttestation(f *testing.F) {
	difftest.Fuzz(f, consensusTargets(f, "Attestation",
		on{forks.Altair, phase0Attestation()}, on{forks.Bellatrix, phase0Attestation()},
		on{forks.Capella, phase0Attestation()}, on{forks.Deneb, phase0Attestation()},
		on{forks.Electra, electraAttestation()}, on{forks.Fulu, electraAttestation()},
		on{forks.Phase0, phase0Attestation()},
	))
}

func FuzzSingleAttestation(f *testing.F) {
	peers := func() []difftest.Peer {
		return []difftest.Peer{fastsszPeer[e2electra.SingleAttestation](), zrntView(zelectra.SingleAttestationType)}
	}
	difftest.Fuzz(f, consensusTargets(f, "SingleAttestation", on{forks.Electra, peers()}, on{forks.Fulu, peers()}))
}

func phase0Aggregate() []difftest.Peer {
	return []difftest.Peer{fastsszPeer[e2phase0.SignedAggregateAndProof](), zrntFlat[zphase0.SignedAggregateAndProof]()}
}

func electraAggregate() []difftest.Peer {
	return []difftest.Peer{fastsszPeer[e2electra.SignedAggregateAndProof](), zrntFlat[zelectra.SignedAggregateAndProof]()}
}

func FuzzSignedAggregateAndProof(f *testing.F) {
	difftest.Fuzz(f, consensusTargets(f, "SignedAggregateAndProof",
		on{forks.Altair, phase0Aggregate()}, on{forks.Bellatrix, phase0Aggregate()},
		on{forks.Capella, phase0Aggregate()}, on{forks.Deneb, phase0Aggregate()},
		on{forks.Electra, electraAggregate()}, on{forks.Fulu, electraAggregate()},
		on{forks.Phase0, phase0Aggregate()},
	))
}

func phase0Slashing() []difftest.Peer {
	return []difftest.Peer{fastsszPeer[e2phase0.AttesterSlashing](), zrntView(zphase0.AttesterSlashingType(spec))}
}

func electraSlashing() []difftest.Peer {
	return []difftest.Peer{fastsszPeer[e2electra.AttesterSlashing](), zrntView(zelectra.AttesterSlashingType(spec))}
}

func FuzzAttesterSlashing(f *testing.F) {
	difftest.Fuzz(f, consensusTargets(f, "AttesterSlashing",
		on{forks.Altair, phase0Slashing()}, on{forks.Bellatrix, phase0Slashing()},
		on{forks.Capella, phase0Slashing()}, on{forks.Deneb, phase0Slashing()},
		on{forks.Electra, electraSlashing()}, on{forks.Fulu, electraSlashing()},
		on{forks.Phase0, phase0Slashing()},
	))
}

// FuzzBlobSidecar has fastssz only: zrnt v0.34.1 has no BlobSidecar.
func FuzzBlobSidecar(f *testing.F) {
	peers := func() []difftest.Peer { return []difftest.Peer{fastsszPeer[e2deneb.BlobSidecar]()} }
	difftest.Fuzz(f, consensusTargets(f, "BlobSidecar",
		on{forks.Deneb, peers()}, on{forks.Electra, peers()}, on{forks.Fulu, peers()}))
}

// FuzzLightClientUpdate has zrnt only (go-eth2-client has no light-client
// types), in the forks whose LightClientUpdate is zrnt's: Altair's, which
// Bellatrix kept (Capella put an execution payload header in the
// LightClientHeader).
func FuzzLightClientUpdate(f *testing.F) {
	difftest.Fuzz(f, consensusTargets(f, "LightClientUpdate",
		on{forks.Altair, []difftest.Peer{zrntView(zaltair.LightClientUpdateType(spec))}},
		on{forks.Bellatrix, []difftest.Peer{zrntView(zaltair.LightClientUpdateType(spec))}},
	))
}

// FuzzAlone covers the types no peer has, with ssztree alone: no panic,
// and whatever it accepts encodes back to the input. DataColumnSidecar
// (Fulu), and the light-client updates from the forks whose
// LightClientHeader no peer has (Capella on; Altair's and Bellatrix's
// finality and optimistic updates are zrnt-less too).
func FuzzAlone(f *testing.F) {
	var ons []on
	var types []string
	add := func(typ string, fs ...*def.Fork) {
		for _, fork := range fs {
			ons = append(ons, on{fork: fork})
			types = append(types, typ)
		}
	}
	add("DataColumnSidecar", forks.Fulu)
	add("LightClientUpdate", forks.Capella, forks.Deneb, forks.Electra, forks.Fulu)
	all := []*def.Fork{forks.Altair, forks.Bellatrix, forks.Capella, forks.Deneb, forks.Electra, forks.Fulu}
	add("LightClientFinalityUpdate", all...)
	add("LightClientOptimisticUpdate", all...)
	var targets []*difftest.Target
	for i, o := range ons {
		targets = append(targets, consensusTargets(f, types[i], o)...)
	}
	difftest.Fuzz(f, targets)
}
