package dynssz

import (
	"bytes"
	"encoding/json"
	"fmt"
	"maps"
	"testing"

	"github.com/attestantio/go-eth2-client/spec/deneb"
	"github.com/attestantio/go-eth2-client/spec/electra"
	"github.com/attestantio/go-eth2-client/spec/fulu"
	dynssz "github.com/pk910/dynamic-ssz"
	"github.com/ssztree/ssztree/def"
	ourdeneb "github.com/ssztree/ssztree/deneb"
	ourelectra "github.com/ssztree/ssztree/electra"
	"github.com/ssztree/ssztree/forks"
	ourfulu "github.com/ssztree/ssztree/fulu"
	"github.com/ssztree/ssztree/synth"
	"github.com/ssztree/ssztree/versioned"
)

// customPreset returns a preset of another name and shape than every
// built-in one: mainnet's, with 4 slots an epoch, sync committees of 64,
// shorter root vectors and 2 withdrawals a payload.
func customPreset(t *testing.T) *def.Preset {
	t.Helper()
	values := maps.Clone(forks.Mainnet.Values)
	for k := range forks.Derived {
		delete(values, k)
	}
	maps.Copy(values, map[string]uint64{
		"SLOTS_PER_EPOCH":              4,
		"SYNC_COMMITTEE_SIZE":          64,
		"SLOTS_PER_HISTORICAL_ROOT":    256,
		"EPOCHS_PER_HISTORICAL_VECTOR": 1024,
		"EPOCHS_PER_SLASHINGS_VECTOR":  512,
		"MAX_WITHDRAWALS_PER_PAYLOAD":  2,
	})
	p, err := forks.NewPreset("custom", values)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// presetValue is a state or block of ssztree's fork packages.
type presetValue interface {
	MarshalSSZ() ([]byte, error)
	HashTreeRoot() [32]byte
}

// presetCase makes a synthetic value of a fork in a preset with package
// synth, and names go-eth2-client's type of it.
type presetCase struct {
	fork  forks.Name
	what  string // "state" or "block"
	make  func(p *def.Preset) (presetValue, error)
	peer  func() any
	block bool
}

var presetCases = []presetCase{
	{forks.NameDeneb, "state", func(p *def.Preset) (presetValue, error) {
		spec, err := ourdeneb.NewSpec(p)
		if err != nil {
			return nil, err
		}
		return synth.DenebState(spec, 300, 11)
	}, func() any { return new(deneb.BeaconState) }, false},
	{forks.NameElectra, "state", func(p *def.Preset) (presetValue, error) {
		spec, err := ourelectra.NewSpec(p)
		if err != nil {
			return nil, err
		}
		return synth.ElectraState(spec, 300, 11)
	}, func() any { return new(electra.BeaconState) }, false},
	{forks.NameFulu, "state", func(p *def.Preset) (presetValue, error) {
		spec, err := ourfulu.NewSpec(p)
		if err != nil {
			return nil, err
		}
		return synth.FuluState(spec, 300, 11)
	}, func() any { return new(fulu.BeaconState) }, false},
	{forks.NameDeneb, "block", func(p *def.Preset) (presetValue, error) {
		spec, err := ourdeneb.NewSpec(p)
		if err != nil {
			return nil, err
		}
		return synth.DenebBlock(spec, 11)
	}, func() any { return new(deneb.SignedBeaconBlock) }, true},
	// go-eth2-client v0.30.1 takes Electra's block unchanged into Fulu.
	{forks.NameFulu, "block", func(p *def.Preset) (presetValue, error) {
		spec, err := ourfulu.NewSpec(p)
		if err != nil {
			return nil, err
		}
		return synth.FuluBlock(spec, 11)
	}, func() any { return new(electra.SignedBeaconBlock) }, true},
}

// TestPresetAgreement checks synthetic states of Deneb, Electra and Fulu,
// and signed blocks of Deneb and Fulu, of the gnosis preset and of a
// custom one, read through package versioned with that preset, against
// go-eth2-client's types through dynamic-ssz given the preset's values at
// run time: both decode the same bytes to the same root and encode them
// back to those bytes, the JSON of each decodes in the other to the same
// value, and the roots differ from those of the same bytes
// in mainnet's sizes, so that the preset's values are what agrees.
func TestPresetAgreement(t *testing.T) {
	mainnet := dynssz.NewDynSsz((&forksPreset{forks.Mainnet.Name, forks.Mainnet.Values}).specs())
	for _, p := range []*def.Preset{forks.Gnosis, customPreset(t)} {
		ds := dynssz.NewDynSsz((&forksPreset{p.Name, p.Values}).specs())
		for _, c := range presetCases {
			where := fmt.Sprintf("%s %v %s", p.Name, c.fork, c.what)
			v, err := c.make(p)
			if err != nil {
				t.Fatalf("%s: %v", where, err)
			}
			b, err := v.MarshalSSZ()
			if err != nil {
				t.Fatal(err)
			}
			var root [32]byte
			var out []byte
			if c.block {
				sb, err := versioned.DecodeSignedBlock(c.fork, p, b)
				if err != nil {
					t.Fatalf("%s: versioned: %v", where, err)
				}
				root = sb.HashTreeRoot()
				out, err = sb.MarshalSSZ()
				if err != nil {
					t.Fatal(err)
				}
			} else {
				st, err := versioned.DecodeState(c.fork, p, b)
				if err != nil {
					t.Fatalf("%s: versioned: %v", where, err)
				}
				root = st.HashTreeRoot()
				out, err = st.MarshalSSZ()
				if err != nil {
					t.Fatal(err)
				}
			}
			if root != v.HashTreeRoot() || !bytes.Equal(out, b) {
				t.Errorf("%s: versioned has another root or other bytes", where)
			}

			peer := c.peer()
			if err := ds.UnmarshalSSZ(peer, b); err != nil {
				t.Fatalf("%s: go-eth2-client: %v", where, err)
			}
			if got, err := ds.HashTreeRoot(peer); err != nil || got != root {
				t.Errorf("%s: go-eth2-client's root %x (%v), ssztree's %x", where, got, err, root)
			}
			if got, err := ds.MarshalSSZ(peer); err != nil || !bytes.Equal(got, b) {
				t.Errorf("%s: go-eth2-client encodes to other bytes (%v)", where, err)
			}
			// go-eth2-client's JSON, decoded by versioned, and
			// versioned's, decoded by go-eth2-client, give the value back.
			peerJSON, err := json.Marshal(peer)
			if err != nil {
				t.Fatalf("%s: go-eth2-client: %v", where, err)
			}
			var ourJSON []byte
			if c.block {
				sb, err := versioned.DecodeSignedBlockJSON(c.fork, p, peerJSON)
				if err != nil || sb.HashTreeRoot() != root {
					t.Errorf("%s: go-eth2-client's JSON, decoded by versioned: %v", where, err)
				} else if ourJSON, err = sb.MarshalJSON(); err != nil {
					t.Fatal(err)
				}
			} else {
				st, err := versioned.DecodeStateJSON(c.fork, p, peerJSON)
				if err != nil || st.HashTreeRoot() != root {
					t.Errorf("%s: go-eth2-client's JSON, decoded by versioned: %v", where, err)
				} else if ourJSON, err = st.MarshalJSON(); err != nil {
					t.Fatal(err)
				}
			}
			fromOurs := c.peer()
			if err := json.Unmarshal(ourJSON, fromOurs); err != nil {
				t.Errorf("%s: go-eth2-client decoding versioned's JSON: %v", where, err)
			} else if got, err := ds.MarshalSSZ(fromOurs); err != nil || !bytes.Equal(got, b) {
				t.Errorf("%s: versioned's JSON, decoded by go-eth2-client, is another value (%v)", where, err)
			}

			// In mainnet's sizes the bytes fail or have another root:
			// the agreement is the preset's.
			other := c.peer()
			if err := mainnet.UnmarshalSSZ(other, b); err == nil {
				if got, err := mainnet.HashTreeRoot(other); err == nil && got == root {
					t.Errorf("%s: the same root in mainnet's sizes", where)
				}
			}
		}
	}
}
