package fuzzing

import (
	"bytes"
	"testing"

	e2altair "github.com/attestantio/go-eth2-client/spec/altair"
	e2phase0 "github.com/attestantio/go-eth2-client/spec/phase0"
	zelectra "github.com/protolambda/zrnt/eth2/beacon/electra"
	zphase0 "github.com/protolambda/zrnt/eth2/beacon/phase0"
	"github.com/protolambda/ztyp/view"
	"github.com/ssztree/ssztree/def"
	"github.com/ssztree/ssztree/forks"
	"github.com/ssztree/ssztree/fuzzing/difftest"
	"github.com/ssztree/ssztree/schema"
)

// TestKnownDisagreements holds the smallest input of each disagreement
// settled against a peer (README.md, "Disagreements"): without the known
// classes the harness must report it, with them it must not. So a class
// that stops matching its input, or a peer that is fixed, is seen.
func TestKnownDisagreements(t *testing.T) {
	deneb := resolve(t, forks.Deneb)
	attestation := deneb.Type("Attestation")
	// The default Attestation: the fixed part (228 bytes, the offset of
	// aggregation_bits first) and the empty bitlist.
	plain := encodeDefault(t, attestation)

	gapped := append(append(append([]byte(nil), plain[:228]...), 1), plain[228:]...)
	gapped[0]++ // the offset points past a byte nobody reads

	// A gap of one byte and a last byte that is no bitlist: zrnt reads the
	// bitlist from the gap's byte, 0x30 (4 bits), with the length the
	// offset gives.
	shifted := append(append([]byte(nil), plain[:228]...), 0x30, 0)
	shifted[0]++

	full := append([]byte(nil), plain[:228]...)
	full = append(full, bytes.Repeat([]byte{0xff}, 256)...)
	full = append(full, 1) // 2048 bits, the limit, then the delimiter

	validator := encodeDefault(t, deneb.Type("Validator"))
	validator[88] = 2 // slashed

	// The default Altair state with a bit past its Bitvector[4] of
	// justification bits.
	altairState := resolve(t, forks.Altair).Container("BeaconState")
	padded := encodeDefault(t, altairState)
	for i := range altairState.NumFields() {
		if altairState.Field(i).Name == "justification_bits" {
			padded[altairState.FieldOffset(i)] = 0x80
		}
	}

	varTest := genericType(t, "VarTestStruct_")
	// Two default VarTestStructs (A, the offset 7 of an empty B, C) as a
	// Vector[VarTestStruct, 2] whose first offset is 9, not 8, and a byte
	// after them: zrnt reads the elements from byte 8 on, 7 bytes each (the
	// second offset less the first, the end less the second), and never
	// the last byte.
	elem := []byte{0, 0, 7, 0, 0, 0, 0}
	vectorOffset := append([]byte{9, 0, 0, 0, 16, 0, 0, 0}, elem...)
	vectorOffset = append(append(vectorOffset, elem...), 0)
	cases := []struct {
		name   string
		target *difftest.Target
		input  []byte
	}{
		{"gap after the fixed part", &difftest.Target{Type: attestation, Peers: phase0Attestation()}, gapped},
		{"gap read as the field's start", &difftest.Target{Type: attestation, Peers: []difftest.Peer{zrntView(zphase0.AttestationType(spec))}}, shifted},
		{"boolean byte 2", &difftest.Target{Type: deneb.Type("Validator"), Peers: []difftest.Peer{fastsszPeer[e2phase0.Validator]()}}, validator},
		{"bitvector padding", &difftest.Target{Type: altairState, Peers: []difftest.Peer{fastsszPeer[e2altair.BeaconState]()}}, padded},
		{"full bitlist", &difftest.Target{Type: attestation, Peers: []difftest.Peer{zrntFlat[zphase0.Attestation]()}}, full},
		{"first offset 0", &difftest.Target{
			Type:  schema.Must(schema.NewList(varTest, 4)),
			Peers: []difftest.Peer{zrntView(view.ListType(zVarTestStruct, 4))},
		}, []byte{0, 0, 0, 0, 0}},
		{"vector's first offset 9", &difftest.Target{
			Type:  schema.Must(schema.NewVector(varTest, 2)),
			Peers: []difftest.Peer{zrntView(view.VectorType(zVarTestStruct, 2))},
		}, vectorOffset},
		{"bytes after None", &difftest.Target{
			Type:  schema.Must(schema.NewUnion(nil, schema.Uint16, varTest)),
			Peers: []difftest.Peer{zrntView(view.UnionType([]view.TypeDef{nil, view.Uint16Type, zVarTestStruct}))},
		}, []byte{0, 0, 0}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if ds := difftest.Disagreements(c.target, c.input); len(ds) != len(c.target.Peers) {
				t.Fatalf("without the known classes: %d disagreements, want one per peer (%d): %q", len(ds), len(c.target.Peers), ds)
			}
			c.target.Known = knownClasses
			if ds := difftest.Disagreements(c.target, c.input); len(ds) != 0 {
				t.Fatalf("the known classes leave %q", ds)
			}
		})
	}
}

// TestZrntElectraAttesterSlashings checks the disagreement the targets
// skip by configuring zrnt (electraSpec): with zrnt's own mainnet
// configuration, the root of an Electra block differs from ssztree's.
func TestZrntElectraAttesterSlashings(t *testing.T) {
	block := resolve(t, forks.Electra).Type("SignedBeaconBlock")
	input := encodeDefault(t, block)
	target := &difftest.Target{Type: block, Peers: []difftest.Peer{zrntView(zelectra.SignedBeaconBlockType(spec))}}
	if ds := difftest.Disagreements(target, input); len(ds) != 1 {
		t.Fatalf("zrnt's mainnet configuration: %q, want the roots to differ", ds)
	}
	target.Peers = []difftest.Peer{zrntView(zelectra.SignedBeaconBlockType(electraSpec))}
	if ds := difftest.Disagreements(target, input); len(ds) != 0 {
		t.Fatalf("electraSpec: %q", ds)
	}
}

// TestZtypBoolVector checks why FuzzGenericVector leaves out the vectors
// of booleans: ztyp's Vector[boolean, 2] has another root.
func TestZtypBoolVector(t *testing.T) {
	target := &difftest.Target{
		Type:  schema.Must(schema.NewVector(schema.Boolean, 2)),
		Peers: []difftest.Peer{zrntView(view.VectorType(view.BoolType, 2))},
	}
	if ds := difftest.Disagreements(target, []byte{1, 0}); len(ds) != 1 {
		t.Fatalf("got %q, want the roots to differ", ds)
	}
}

func resolve(tb testing.TB, fork *def.Fork) *def.Types {
	tb.Helper()
	ts, err := fork.Resolve(forks.Presets["mainnet"])
	if err != nil {
		tb.Fatal(err)
	}
	return ts
}

func encodeDefault(tb testing.TB, t schema.Type) []byte {
	tb.Helper()
	b, err := t.Encode(nil, t.Default())
	if err != nil {
		tb.Fatal(err)
	}
	return b
}
