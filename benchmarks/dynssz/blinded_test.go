package dynssz

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"testing"

	apibellatrix "github.com/attestantio/go-eth2-client/api/v1/bellatrix"
	apicapella "github.com/attestantio/go-eth2-client/api/v1/capella"
	apideneb "github.com/attestantio/go-eth2-client/api/v1/deneb"
	apielectra "github.com/attestantio/go-eth2-client/api/v1/electra"
	dynssz "github.com/pk910/dynamic-ssz"
	"github.com/ssztree/ssztree/bellatrix"
	"github.com/ssztree/ssztree/capella"
	"github.com/ssztree/ssztree/deneb"
	"github.com/ssztree/ssztree/electra"
	"github.com/ssztree/ssztree/forks"
	"github.com/ssztree/ssztree/fulu"
	"github.com/ssztree/ssztree/phase0"
	"github.com/ssztree/ssztree/schema"
	"github.com/ssztree/ssztree/testutil/samples"
)

// blindedFork is a fork's signed blinded block in ssztree and in
// go-eth2-client (api/v1/<fork>, Electra's for Fulu, which go-eth2-client
// v0.30.1 takes unchanged as the builder specs do).
type blindedFork struct {
	name string
	// blinded returns ssztree's SignedBlindedBeaconBlock of the preset,
	// empty, and the schema type of a SignedBeaconBlock.
	blinded func(p string) (phase0.Value, schema.Type)
	// blind returns the serialization of the signed blinded block of the
	// signed block serialized in b.
	blind func(p string, b []byte) ([]byte, error)
	// peer returns go-eth2-client's SignedBlindedBeaconBlock, empty.
	peer func() any
}

// specOf returns the spec of the preset named p among the fork's two.
func specOf[S any](p string, mainnet, minimal S) S {
	if p == forks.Minimal.Name {
		return minimal
	}
	return mainnet
}

// forkSpec is what the Spec of every fork's package has.
type forkSpec interface {
	Type(string) schema.Type
}

// newBlinded returns blindedFork.blinded of a fork: its NewValue and
// Type, given the fork's two specs.
func newBlinded[S forkSpec, V phase0.Value](mainnet, minimal S, newValue func(S, string) (V, bool)) func(string) (phase0.Value, schema.Type) {
	return func(p string) (phase0.Value, schema.Type) {
		spec := specOf(p, mainnet, minimal)
		v, _ := newValue(spec, "SignedBlindedBeaconBlock")
		return v, spec.Type("SignedBeaconBlock")
	}
}

// newBlind returns blindedFork.blind of a fork.
func newBlind[S any, B interface{ MarshalSSZ() ([]byte, error) }, F any](mainnet, minimal S, decode func(S, []byte) (F, error), blind func(F) (B, error)) func(string, []byte) ([]byte, error) {
	return func(p string, b []byte) ([]byte, error) {
		signed, err := decode(specOf(p, mainnet, minimal), b)
		if err != nil {
			return nil, err
		}
		blinded, err := blind(signed)
		if err != nil {
			return nil, err
		}
		return blinded.MarshalSSZ()
	}
}

var blindedForks = []blindedFork{
	{"bellatrix",
		newBlinded(bellatrix.Mainnet, bellatrix.Minimal, bellatrix.NewValue),
		newBlind(bellatrix.Mainnet, bellatrix.Minimal, bellatrix.DecodeSignedBeaconBlock, bellatrix.BlindSigned),
		func() any { return new(apibellatrix.SignedBlindedBeaconBlock) }},
	{"capella",
		newBlinded(capella.Mainnet, capella.Minimal, capella.NewValue),
		newBlind(capella.Mainnet, capella.Minimal, capella.DecodeSignedBeaconBlock, capella.BlindSigned),
		func() any { return new(apicapella.SignedBlindedBeaconBlock) }},
	{"deneb",
		newBlinded(deneb.Mainnet, deneb.Minimal, deneb.NewValue),
		newBlind(deneb.Mainnet, deneb.Minimal, deneb.DecodeSignedBeaconBlock, deneb.BlindSigned),
		func() any { return new(apideneb.SignedBlindedBeaconBlock) }},
	{"electra",
		newBlinded(electra.Mainnet, electra.Minimal, electra.NewValue),
		newBlind(electra.Mainnet, electra.Minimal, electra.DecodeSignedBeaconBlock, electra.BlindSigned),
		func() any { return new(apielectra.SignedBlindedBeaconBlock) }},
	{"fulu",
		newBlinded(fulu.Mainnet, fulu.Minimal, fulu.NewValue),
		newBlind(fulu.Mainnet, fulu.Minimal, fulu.DecodeSignedBeaconBlock, fulu.BlindSigned),
		func() any { return new(apielectra.SignedBlindedBeaconBlock) }},
}

// blindedCount is the number of blinded blocks of each fork and preset
// that TestBlindedAgreement compares, each the blinded block of a random
// signed block: enough that every list of a body is empty in some and not
// in others.
const blindedCount = 24

// TestBlindedAgreement checks ssztree's blinded blocks against
// go-eth2-client's, of every fork from Bellatrix on, in both presets
// (go-eth2-client's sizes are mainnet's; dynamic-ssz, given the preset's
// values, sizes its types for minimal): SSZ bytes decoded by both give the
// same root and encode back to the same bytes, and the JSON of each,
// decoded by the other, gives the same value. The blinded blocks are those
// of random signed blocks and of the signed blocks of the conformance
// cases (samples.Dir: the subset ssztree's repository carries, or the
// folder SSZ_SPECTESTS names).
func TestBlindedAgreement(t *testing.T) {
	for _, p := range []*forksPreset{{forks.Mainnet.Name, forks.Mainnet.Values}, {forks.Minimal.Name, forks.Minimal.Values}} {
		ds := dynssz.NewDynSsz(p.specs())
		for _, f := range blindedForks {
			_, full := f.blinded(p.name)
			r := rand.New(rand.NewPCG(7, 8))
			var cases []samples.Case
			for i := 0; i < blindedCount; i++ {
				b, err := samples.Random(r, full, 3)
				if err != nil {
					t.Fatal(err)
				}
				cases = append(cases, samples.Case{Name: fmt.Sprintf("random/%d", i), SSZ: b})
			}
			dir, err := samples.Dir()
			if err != nil {
				t.Fatal(err)
			}
			if dir != "" {
				static, err := samples.Static(dir, p.name, f.name, "SignedBeaconBlock")
				if err != nil {
					t.Fatal(err)
				}
				cases = append(cases, static...)
			}
			for _, c := range cases {
				where := fmt.Sprintf("%s %s SignedBeaconBlock %s", p.name, f.name, c.Name)
				b, err := f.blind(p.name, c.SSZ)
				if err != nil {
					t.Fatalf("%s: %v", where, err)
				}
				checkBlindedAgreement(t, where, ds, f, p.name, b)
			}
			t.Logf("%s %s: %d blinded blocks", p.name, f.name, len(cases))
		}
	}
}

// forksPreset is a preset of package forks, by name and values.
type forksPreset struct {
	name   string
	values map[string]uint64
}

// specs returns the preset's values as dynamic-ssz takes them.
func (p *forksPreset) specs() map[string]any {
	m := make(map[string]any, len(p.values))
	for k, v := range p.values {
		m[k] = v
	}
	return m
}

// checkBlindedAgreement checks the signed blinded block serialized in b
// in ssztree and in go-eth2-client, through dynamic-ssz ds.
func checkBlindedAgreement(t *testing.T, where string, ds *dynssz.DynSsz, f blindedFork, preset string, b []byte) {
	t.Helper()
	ours, _ := f.blinded(preset)
	if err := ours.UnmarshalSSZ(b); err != nil {
		t.Fatalf("%s: ssztree: %v", where, err)
	}
	root := ours.HashTreeRoot()

	peer := f.peer()
	if err := ds.UnmarshalSSZ(peer, b); err != nil {
		t.Fatalf("%s: go-eth2-client: %v", where, err)
	}
	if got, err := ds.HashTreeRoot(peer); err != nil || got != root {
		t.Errorf("%s: go-eth2-client's root %x (%v), ssztree's %x", where, got, err, root)
	}
	if got, err := ds.MarshalSSZ(peer); err != nil || !bytes.Equal(got, b) {
		t.Errorf("%s: go-eth2-client encodes to other bytes (%v)", where, err)
	}

	// ssztree's JSON, decoded by go-eth2-client, and go-eth2-client's,
	// decoded by ssztree, give the value back.
	ourJSON, err := json.Marshal(ours)
	if err != nil {
		t.Fatalf("%s: ssztree: %v", where, err)
	}
	fromOurs := f.peer()
	if err := json.Unmarshal(ourJSON, fromOurs); err != nil {
		t.Fatalf("%s: go-eth2-client decoding ssztree's JSON: %v", where, err)
	}
	if got, err := ds.MarshalSSZ(fromOurs); err != nil || !bytes.Equal(got, b) {
		t.Errorf("%s: ssztree's JSON, decoded by go-eth2-client, is another value (%v)", where, err)
	}
	peerJSON, err := json.Marshal(peer)
	if err != nil {
		t.Fatalf("%s: go-eth2-client: %v", where, err)
	}
	fromPeer, _ := f.blinded(preset)
	if err := json.Unmarshal(peerJSON, fromPeer); err != nil {
		t.Fatalf("%s: ssztree decoding go-eth2-client's JSON: %v", where, err)
	}
	if got, err := fromPeer.MarshalSSZ(); err != nil || !bytes.Equal(got, b) {
		t.Errorf("%s: go-eth2-client's JSON, decoded by ssztree, is another value (%v)", where, err)
	}
}
