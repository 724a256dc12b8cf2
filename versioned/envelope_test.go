package versioned

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/ssztree/ssztree/def"
	"github.com/ssztree/ssztree/deneb"
	"github.com/ssztree/ssztree/forks"
	"github.com/ssztree/ssztree/fulu"
	"github.com/ssztree/ssztree/schema"
	"github.com/ssztree/ssztree/sszjson"
	"github.com/ssztree/ssztree/testutil/samples"
)

// presets are the presets the package has types for.
var presets = []*def.Preset{forks.Mainnet, forks.Minimal}

// randomOf returns the serialization of a random value of type t, its
// lists at most 3 long.
func randomOf(t *testing.T, r *rand.Rand, typ schema.Type) []byte {
	t.Helper()
	b, err := samples.Random(r, typ, 3)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// checkHead checks that js, an envelope MarshalXEnvelope wrote, starts
// with the members head, in that order, then the data.
func checkHead(t *testing.T, name string, js []byte, head string) {
	t.Helper()
	if want := head + `"data":`; !strings.HasPrefix(string(js), want) {
		t.Errorf("%s: envelope starts %.200s; want %s", name, js, want)
	}
}

// Every kind of value of every fork and preset, written in its envelope
// and read back: the same root, the envelope's members as written, the
// version the value's fork.
func TestEnvelopeRoundTrip(t *testing.T) {
	yes, no := true, false
	r := rand.New(rand.NewPCG(3, 8))
	for _, fork := range forks.Names() {
		for _, preset := range presets {
			minimal := preset == forks.Minimal
			spec, err := specOf(fork, preset)
			if err != nil {
				t.Fatal(err)
			}
			name := fmt.Sprintf("%v/%s", fork, preset.Name)

			// A state: random in the minimal preset, and with 3 validators
			// (the vectors are large) in mainnet.
			var stateSSZ []byte
			if minimal {
				stateSSZ = randomOf(t, r, types[fork].newState(spec).Untyped().Type())
			} else {
				stateSSZ = testState(t, fork, forks.MainnetSchedule, 99)
			}
			st, err := decodeState(fork, preset, stateSSZ, false)
			if err != nil {
				t.Fatalf("%s: %v", name, err)
			}
			js, err := MarshalStateEnvelope(st, sszjson.Envelope{ExecutionOptimistic: &no, Finalized: &yes})
			if err != nil {
				t.Fatalf("%s: MarshalStateEnvelope: %v", name, err)
			}
			checkHead(t, name+" state", js, `{"version":"`+fork.String()+`","execution_optimistic":false,"finalized":true,`)
			back, env, err := UnmarshalStateEnvelope(preset, js)
			if err != nil || back.ForkName() != fork || back.HashTreeRoot() != st.HashTreeRoot() ||
				env.Version != fork.String() || *env.ExecutionOptimistic || !*env.Finalized {
				t.Errorf("%s: state envelope read back: %v", name, err)
			}
			// The envelope read writes the state back, the same text.
			if again, err := MarshalStateEnvelope(back, env); err != nil || string(again) != string(js) {
				t.Errorf("%s: state envelope written again differs: %v", name, err)
			}

			// Signed blocks and their messages, random.
			for i := range 2 {
				signedSSZ := randomOf(t, r, types[fork].newSigned(spec).View().Schema())
				sb, err := DecodeSignedBlock(fork, preset, signedSSZ)
				if err != nil {
					t.Fatalf("%s: %v", name, err)
				}
				js, err := MarshalSignedBlockEnvelope(sb, sszjson.Envelope{Version: strings.ToUpper(fork.String()), ExecutionOptimistic: &yes, Finalized: &no})
				if err != nil {
					t.Fatalf("%s: MarshalSignedBlockEnvelope: %v", name, err)
				}
				checkHead(t, name+" signed block", js, `{"version":"`+fork.String()+`","execution_optimistic":true,"finalized":false,`)
				got, env, err := UnmarshalSignedBlockEnvelope(preset, js)
				if err != nil || got.ForkName() != fork || got.Blinded() || got.HashTreeRoot() != sb.HashTreeRoot() || !*env.ExecutionOptimistic {
					t.Errorf("%s: signed block %d read back: %v", name, i, err)
				}
				if fork < forks.NameBellatrix {
					// The blinded blocks' endpoint answers with the
					// full block before Bellatrix.
					if got, _, err := UnmarshalSignedBlindedBlockEnvelope(preset, js); err != nil || got.Blinded() || got.HashTreeRoot() != sb.HashTreeRoot() {
						t.Errorf("%s: %v signed block as a blinded one: %v", name, fork, err)
					}
				}

				m := sb.Message()
				js, err = MarshalBlockEnvelope(m, sszjson.Envelope{ExecutionPayloadValue: "12", ConsensusBlockValue: "34"})
				if err != nil {
					t.Fatalf("%s: MarshalBlockEnvelope: %v", name, err)
				}
				checkHead(t, name+" block", js, `{"version":"`+fork.String()+`","execution_payload_blinded":false,"execution_payload_value":"12","consensus_block_value":"34",`)
				block, env, err := UnmarshalBlockEnvelope(preset, js)
				if err != nil || block.Blinded() || block.HashTreeRoot() != m.HashTreeRoot() || env.ConsensusBlockValue != "34" {
					t.Errorf("%s: block %d read back: %v", name, i, err)
				}
			}

			// Blinded blocks, from Bellatrix to Fulu.
			if fork < forks.NameBellatrix || fork >= forks.NameGloas {
				continue
			}
			sb, err := DecodeSignedBlindedBlock(fork, preset, randomOf(t, r, blindedTypes[fork].newSigned(spec).View().Schema()))
			if err != nil {
				t.Fatalf("%s: %v", name, err)
			}
			js, err = MarshalSignedBlockEnvelope(sb, sszjson.Envelope{ExecutionOptimistic: &no, Finalized: &no})
			if err != nil {
				t.Fatalf("%s: MarshalSignedBlockEnvelope of a blinded block: %v", name, err)
			}
			got, _, err := UnmarshalSignedBlindedBlockEnvelope(preset, js)
			if err != nil || !got.Blinded() || got.HashTreeRoot() != sb.HashTreeRoot() {
				t.Errorf("%s: signed blinded block read back: %v", name, err)
			}
			if _, _, err := UnmarshalSignedBlockEnvelope(preset, js); !errors.Is(err, sszjson.ErrUnknownMember) {
				t.Errorf("%s: a blinded block read as a full one: %v", name, err)
			}
			js, err = MarshalBlockEnvelope(sb.Message(), sszjson.Envelope{ExecutionPayloadBlinded: &yes, ExecutionPayloadValue: "0", ConsensusBlockValue: "0"})
			if err != nil {
				t.Fatalf("%s: MarshalBlockEnvelope of a blinded block: %v", name, err)
			}
			checkHead(t, name+" blinded block", js, `{"version":"`+fork.String()+`","execution_payload_blinded":true,"execution_payload_value":"0","consensus_block_value":"0",`)
			block, _, err := UnmarshalBlockEnvelope(preset, js)
			if err != nil || !block.Blinded() || block.HashTreeRoot() != sb.Message().HashTreeRoot() {
				t.Errorf("%s: blinded block read back: %v", name, err)
			}
		}
	}
}

// Blob and data column sidecars, in their lists: written and read back,
// with and without a version.
func TestSidecarsEnvelope(t *testing.T) {
	yes := true
	r := rand.New(rand.NewPCG(5, 8))
	for _, preset := range presets {
		blobs, columns := deneb.Mainnet, fulu.Mainnet
		if preset == forks.Minimal {
			blobs, columns = deneb.Minimal, fulu.Minimal
		}
		for _, n := range []int{0, 1, 3} {
			name := fmt.Sprintf("%s/%d", preset.Name, n)
			var sidecars []*deneb.BlobSidecar
			for range n {
				sc, err := deneb.DecodeBlobSidecar(blobs, randomOf(t, r, blobs.Type("BlobSidecar")))
				if err != nil {
					t.Fatal(err)
				}
				sidecars = append(sidecars, sc)
			}
			for _, version := range []string{"", "deneb", "electra", "fulu", "gloas"} {
				js, err := MarshalBlobSidecarsEnvelope(sidecars, sszjson.Envelope{Version: version, ExecutionOptimistic: &yes, Finalized: &yes})
				if err != nil {
					t.Fatalf("%s %q: MarshalBlobSidecarsEnvelope: %v", name, version, err)
				}
				head := `{`
				if version != "" {
					head += `"version":"` + version + `",`
				}
				checkHead(t, name+" blob sidecars", js, head+`"execution_optimistic":true,"finalized":true,`)
				got, env, err := UnmarshalBlobSidecarsEnvelope(preset, js)
				if err != nil || len(got) != n || env.Version != version {
					t.Fatalf("%s %q: blob sidecars read back: %d, %v", name, version, len(got), err)
				}
				for i := range got {
					if got[i].HashTreeRoot() != sidecars[i].HashTreeRoot() {
						t.Errorf("%s %q: blob sidecar %d differs", name, version, i)
					}
				}
			}

			var cols []*fulu.DataColumnSidecar
			for range n {
				sc, err := fulu.DecodeDataColumnSidecar(columns, randomOf(t, r, columns.Type("DataColumnSidecar")))
				if err != nil {
					t.Fatal(err)
				}
				cols = append(cols, sc)
			}
			js, err := MarshalDataColumnSidecarsEnvelope(cols, sszjson.Envelope{ExecutionOptimistic: &yes, Finalized: &yes})
			if err != nil {
				t.Fatalf("%s: MarshalDataColumnSidecarsEnvelope: %v", name, err)
			}
			checkHead(t, name+" data column sidecars", js, `{"version":"fulu","execution_optimistic":true,"finalized":true,`)
			got, env, err := UnmarshalDataColumnSidecarsEnvelope(preset, js)
			if err != nil || len(got) != n || env.Version != "fulu" {
				t.Fatalf("%s: data column sidecars read back: %d, %v", name, len(got), err)
			}
			for i := range got {
				if got[i].HashTreeRoot() != cols[i].HashTreeRoot() {
					t.Errorf("%s: data column sidecar %d differs", name, i)
				}
			}
		}
	}
}

// Envelopes as beacon nodes write them: members the package does not know
// are skipped, members of the data it does not know are errors; faulty
// envelopes are errors that name the fault.
func TestEnvelopeLenientAndErrors(t *testing.T) {
	st, err := decodeState(forks.NameCapella, forks.Minimal, testState(t, forks.NameCapella, forks.MinimalSchedule, 5), false)
	if err != nil {
		t.Fatal(err)
	}
	stateJSON, err := st.MarshalJSON()
	if err != nil {
		t.Fatal(err)
	}
	data := string(stateJSON)
	// The data with a member no BeaconState has.
	unknownInData := `{"extra":"1",` + data[1:]

	for _, tc := range []struct {
		name, json string
		sentinel   error
		path       string // of the *sszjson.Error, Top.Path; empty for another error
	}{
		{"dependent_root", `{"version":"capella","execution_optimistic":false,"finalized":true,"dependent_root":"0x` + strings.Repeat("00", 32) + `","data":` + data + `}`, nil, ""},
		{"members after the data", `{"data":` + data + `,"meta":{"x":[1,{"y":null}]},"version":"capella","z":[]}`, nil, ""},
		{"unknown data member", `{"version":"capella","dependent_root":"0x00","data":` + unknownInData + `}`, sszjson.ErrUnknownMember, "BeaconState"},
		{"missing data", `{"version":"capella","finalized":true}`, sszjson.ErrField, "Envelope.data"},
		{"missing version", `{"finalized":true,"data":` + data + `}`, sszjson.ErrField, "Envelope.version"},
		{"empty version", `{"version":"","data":` + data + `}`, sszjson.ErrField, "Envelope.version"},
		{"version a number", `{"version":3,"data":` + data + `}`, sszjson.ErrKind, "Envelope.version"},
		{"unknown fork", `{"version":"heze","data":` + data + `}`, forks.ErrUnknownFork, ""},
		{"version of another fork", `{"version":"deneb","data":` + data + `}`, sszjson.ErrField, "BeaconState.latest_execution_payload_header.blob_gas_used"},
		{"duplicate version", `{"version":"capella","version":"capella","data":` + data + `}`, sszjson.ErrField, "Envelope.version"},
		{"duplicate data", `{"version":"capella","data":` + data + `,"data":` + data + `}`, sszjson.ErrField, "Envelope.data"},
		{"finalized a string", `{"version":"capella","finalized":"true","data":` + data + `}`, sszjson.ErrKind, "Envelope.finalized"},
		{"unknown member not JSON", `{"version":"capella","dependent_root":0x00,"data":` + data + `}`, sszjson.ErrSyntax, "Envelope"},
		{"not an object", `[` + data + `]`, sszjson.ErrKind, "Envelope"},
	} {
		got, env, err := UnmarshalStateEnvelope(forks.Minimal, []byte(tc.json))
		if tc.sentinel == nil {
			if err != nil || got.HashTreeRoot() != st.HashTreeRoot() || env.Version != "capella" {
				t.Errorf("%s: %v", tc.name, err)
			}
			continue
		}
		if !errors.Is(err, tc.sentinel) {
			t.Errorf("%s: %v; want an error wrapping %q", tc.name, err, tc.sentinel)
			continue
		}
		var e *sszjson.Error
		if tc.path != "" && (!errors.As(err, &e) || e.Top+strings.TrimSuffix("."+e.Path, ".") != tc.path) {
			t.Errorf("%s: %v; want an error at %s", tc.name, err, tc.path)
		}
	}

	// Sidecars: the version must allow the sidecars' type.
	for _, tc := range []struct{ name, json string }{
		{"capella blob sidecars", `{"version":"capella","data":[]}`},
		{"heze blob sidecars", `{"version":"heze","data":[]}`},
	} {
		if _, _, err := UnmarshalBlobSidecarsEnvelope(forks.Minimal, []byte(tc.json)); !errors.Is(err, forks.ErrUnknownFork) {
			t.Errorf("%s: %v", tc.name, err)
		}
	}
	for _, version := range []string{"deneb", "gloas"} {
		if _, _, err := UnmarshalDataColumnSidecarsEnvelope(forks.Minimal, []byte(`{"version":"`+version+`","data":[]}`)); !errors.Is(err, forks.ErrUnknownFork) {
			t.Errorf("%s data column sidecars: %v", version, err)
		}
	}
	// More sidecars than NUMBER_OF_COLUMNS.
	col, _ := fulu.NewDataColumnSidecar(fulu.Minimal).MarshalJSON()
	many := `{"version":"fulu","data":[` + strings.Repeat(string(col)+",", 128) + string(col) + `]}`
	if _, _, err := UnmarshalDataColumnSidecarsEnvelope(forks.Minimal, []byte(many)); !errors.Is(err, sszjson.ErrLength) {
		t.Errorf("129 data column sidecars: %v", err)
	}
	if _, _, err := UnmarshalBlobSidecarsEnvelope(forks.Minimal, []byte(`{"data":{}}`)); !errors.Is(err, sszjson.ErrKind) {
		t.Errorf("blob sidecars not in an array: %v", err)
	}

	// Writing: a version that contradicts the value's fork.
	if _, err := MarshalStateEnvelope(st, sszjson.Envelope{Version: "deneb"}); !errors.Is(err, ErrEnvelopeVersion) {
		t.Errorf("capella state written as deneb: %v", err)
	}
	if _, err := MarshalStateEnvelope(st, sszjson.Envelope{Version: "heze"}); !errors.Is(err, forks.ErrUnknownFork) {
		t.Errorf("capella state written as heze: %v", err)
	}
	sb, err := DecodeSignedBlock(forks.NameDeneb, forks.Minimal, mustSSZ(t, types[forks.NameDeneb].newSigned(deneb.Minimal)))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := MarshalSignedBlockEnvelope(sb, sszjson.Envelope{Version: "electra"}); !errors.Is(err, ErrEnvelopeVersion) {
		t.Errorf("deneb block written as electra: %v", err)
	}
	yes := true
	if _, err := MarshalBlockEnvelope(sb.Message(), sszjson.Envelope{ExecutionPayloadBlinded: &yes}); !errors.Is(err, ErrEnvelopeVersion) {
		t.Errorf("full block written as blinded: %v", err)
	}
	if _, err := MarshalBlockEnvelope(sb.Message(), sszjson.Envelope{ConsensusBlockValue: "-1"}); !errors.Is(err, sszjson.ErrValue) {
		t.Errorf("negative block value: %v", err)
	}
	if _, err := MarshalBlobSidecarsEnvelope(nil, sszjson.Envelope{Version: "capella"}); !errors.Is(err, forks.ErrUnknownFork) {
		t.Errorf("capella blob sidecars: %v", err)
	}
	if _, err := MarshalBlobSidecarsEnvelope([]*deneb.BlobSidecar{nil}, sszjson.Envelope{}); err == nil {
		t.Error("a nil blob sidecar written")
	}
	if _, err := MarshalDataColumnSidecarsEnvelope(nil, sszjson.Envelope{Version: "gloas"}); !errors.Is(err, ErrEnvelopeVersion) {
		t.Errorf("gloas data column sidecars: %v", err)
	}
}

// mustSSZ returns the serialization of v.
func mustSSZ(t *testing.T, v interface{ MarshalSSZ() ([]byte, error) }) []byte {
	t.Helper()
	b, err := v.MarshalSSZ()
	if err != nil {
		t.Fatal(err)
	}
	return b
}
