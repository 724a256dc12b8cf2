package versioned_test

import (
	"strings"
	"testing"

	"github.com/ssztree/ssztree/altair"
	"github.com/ssztree/ssztree/bellatrix"
	"github.com/ssztree/ssztree/capella"
	"github.com/ssztree/ssztree/def"
	"github.com/ssztree/ssztree/deneb"
	"github.com/ssztree/ssztree/electra"
	"github.com/ssztree/ssztree/fulu"
	"github.com/ssztree/ssztree/gloas"
	"github.com/ssztree/ssztree/phase0"
	"github.com/ssztree/ssztree/schema"
	"github.com/ssztree/ssztree/testutil/samples"
	"github.com/ssztree/ssztree/view"
)

// The tests of this file and of forks_*_test.go check the functions that
// every fork's package has beyond its types (header_gen.go,
// blinded_gen.go, lightclient_gen.go, sidecar_gen.go of each), one table
// over the forks: each row takes a fork's functions, and the checks read
// the values they return through their untyped views, the same in every
// fork.

// forkSpec is what the tests read of a fork package's *Spec.
type forkSpec interface {
	Type(name string) schema.Type
	Types() *def.Types
}

// untyped is a fork's view.
type untyped interface{ Untyped() view.View }

// decoder is a fork package's Decode function of a type.
type decoder[S forkSpec, V any] func(S, []byte) (V, error)

// at returns the part of v at path, failing t if there is none.
func at(t *testing.T, v view.View, path string) view.View {
	t.Helper()
	p, err := view.At(v, path)
	if err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	return p
}

// eachSample calls check with every sample of the container name of each
// of specs (random values, and the conformance cases' that the repository
// carries), decoded.
func eachSample[S forkSpec, V any](t *testing.T, fork, name string, decode decoder[S, V], check func(where string, v V, ssz []byte), specs ...S) {
	t.Helper()
	for _, spec := range specs {
		preset := spec.Types().Preset.Name
		for _, c := range samples.All(t, fork, preset, spec.Type(name)) {
			where := fork + " " + preset + " " + name + " " + c.Name
			v, err := decode(spec, c.SSZ)
			if err != nil {
				t.Fatalf("%s: %v", where, err)
			}
			check(where, v, c.SSZ)
		}
	}
}

// A headerFork checks the header functions of one fork (header_gen.go).
type headerFork struct {
	name             string
	blocks, payloads func(t *testing.T)
}

// headerBlock is what the header tests read of a block.
type headerBlock interface {
	untyped
	HashTreeRoot() [32]byte
	Slot() phase0.Slot
}

// headerSigned is what they read of a signed block.
type headerSigned interface {
	untyped
	HashTreeRoot() [32]byte
	Signature() phase0.BLSSignature
}

// blockHeaders returns the check of a fork's BeaconBlockHeaderOf and
// SignedBeaconBlockHeaderOf: a block's header has the block's root and
// slot, and the root of its body; a signed block's signed header has the
// signed block's root and its signature.
func blockHeaders[S forkSpec, B headerBlock, SB headerSigned](fork string, decodeBlock decoder[S, B], decodeSigned decoder[S, SB],
	headerOf func(B) phase0.BeaconBlockHeader, signedHeaderOf func(SB) phase0.SignedBeaconBlockHeader, specs ...S,
) func(t *testing.T) {
	return func(t *testing.T) {
		eachSample(t, fork, "BeaconBlock", decodeBlock, func(where string, block B, _ []byte) {
			h := headerOf(block)
			if h.HashTreeRoot() != block.HashTreeRoot() {
				t.Errorf("%s: the header's root is not the block's", where)
			}
			if h.Slot != block.Slot() || h.BodyRoot != at(t, block.Untyped(), "body").HashTreeRoot() {
				t.Errorf("%s: header %+v", where, h)
			}
		}, specs...)
		eachSample(t, fork, "SignedBeaconBlock", decodeSigned, func(where string, signed SB, _ []byte) {
			h := signedHeaderOf(signed)
			if h.HashTreeRoot() != signed.HashTreeRoot() || h.Message.HashTreeRoot() != at(t, signed.Untyped(), "message").HashTreeRoot() {
				t.Errorf("%s: the header's root is not the block's", where)
			}
			if h.Signature != signed.Signature() {
				t.Errorf("%s: signature %v, want %v", where, h.Signature, signed.Signature())
			}
		}, specs...)
	}
}

// headerPayload is what the header tests read and change of a payload.
type headerPayload interface {
	untyped
	HashTreeRoot() [32]byte
	BlockNumber() uint64
	SetBlockNumber(uint64)
}

// payloadHeaders returns the check of a fork's ExecutionPayloadHeaderOf:
// a payload's header has the payload's root; each of its fields X_root
// that the payload lacks is the root of the payload's X, and each other
// field is the payload's; and
// the header does not change with the payload it was taken from.
func payloadHeaders[S forkSpec, P headerPayload, H untyped](fork string, decode decoder[S, P], headerOf func(P) (H, error), specs ...S) func(t *testing.T) {
	return func(t *testing.T) {
		eachSample(t, fork, "ExecutionPayload", decode, func(where string, payload P, _ []byte) {
			h, err := headerOf(payload)
			if err != nil {
				t.Fatalf("%s: %v", where, err)
			}
			root := payload.HashTreeRoot()
			hv, pv := h.Untyped(), payload.Untyped()
			if hv.HashTreeRoot() != root {
				t.Errorf("%s: the header's root is not the payload's", where)
			}
			ht, pt := hv.Type().(*schema.Container), pv.Type().(*schema.Container)
			hf, err1 := ht.Fields(hv.Node())
			pf, err2 := pt.Fields(pv.Node())
			if err1 != nil || err2 != nil {
				t.Fatalf("%s: %v, %v", where, err1, err2)
			}
			for i := range ht.NumFields() {
				name := ht.Field(i).Name
				of := name
				if pt.FieldIndex(name) < 0 {
					of = strings.TrimSuffix(name, "_root")
				}
				if j := pt.FieldIndex(of); j < 0 || hf[i].Root() != pf[j].Root() {
					t.Errorf("%s: the header's %s is not the payload's %s", where, name, of)
				}
			}
			number := payload.BlockNumber()
			payload.SetBlockNumber(number + 1)
			if hv.HashTreeRoot() != root {
				t.Errorf("%s: the header changed with the payload", where)
			}
		}, specs...)
	}
}

// headerForks are the rows of TestHeaders: every fork, and the payloads
// of those with payload headers.
var headerForks = []headerFork{
	{"phase0", blockHeaders("phase0", phase0.DecodeBeaconBlock, phase0.DecodeSignedBeaconBlock, phase0.BeaconBlockHeaderOf, phase0.SignedBeaconBlockHeaderOf, phase0.Mainnet, phase0.Minimal), nil},
	{"altair", blockHeaders("altair", altair.DecodeBeaconBlock, altair.DecodeSignedBeaconBlock, altair.BeaconBlockHeaderOf, altair.SignedBeaconBlockHeaderOf, altair.Mainnet, altair.Minimal), nil},
	{"bellatrix", blockHeaders("bellatrix", bellatrix.DecodeBeaconBlock, bellatrix.DecodeSignedBeaconBlock, bellatrix.BeaconBlockHeaderOf, bellatrix.SignedBeaconBlockHeaderOf, bellatrix.Mainnet, bellatrix.Minimal),
		payloadHeaders("bellatrix", bellatrix.DecodeExecutionPayload, bellatrix.ExecutionPayloadHeaderOf, bellatrix.Mainnet, bellatrix.Minimal)},
	{"capella", blockHeaders("capella", capella.DecodeBeaconBlock, capella.DecodeSignedBeaconBlock, capella.BeaconBlockHeaderOf, capella.SignedBeaconBlockHeaderOf, capella.Mainnet, capella.Minimal),
		payloadHeaders("capella", capella.DecodeExecutionPayload, capella.ExecutionPayloadHeaderOf, capella.Mainnet, capella.Minimal)},
	{"deneb", blockHeaders("deneb", deneb.DecodeBeaconBlock, deneb.DecodeSignedBeaconBlock, deneb.BeaconBlockHeaderOf, deneb.SignedBeaconBlockHeaderOf, deneb.Mainnet, deneb.Minimal),
		payloadHeaders("deneb", deneb.DecodeExecutionPayload, deneb.ExecutionPayloadHeaderOf, deneb.Mainnet, deneb.Minimal)},
	{"electra", blockHeaders("electra", electra.DecodeBeaconBlock, electra.DecodeSignedBeaconBlock, electra.BeaconBlockHeaderOf, electra.SignedBeaconBlockHeaderOf, electra.Mainnet, electra.Minimal),
		payloadHeaders("electra", electra.DecodeExecutionPayload, electra.ExecutionPayloadHeaderOf, electra.Mainnet, electra.Minimal)},
	{"fulu", blockHeaders("fulu", fulu.DecodeBeaconBlock, fulu.DecodeSignedBeaconBlock, fulu.BeaconBlockHeaderOf, fulu.SignedBeaconBlockHeaderOf, fulu.Mainnet, fulu.Minimal),
		payloadHeaders("fulu", fulu.DecodeExecutionPayload, fulu.ExecutionPayloadHeaderOf, fulu.Mainnet, fulu.Minimal)},
	{"gloas", blockHeaders("gloas", gloas.DecodeBeaconBlock, gloas.DecodeSignedBeaconBlock, gloas.BeaconBlockHeaderOf, gloas.SignedBeaconBlockHeaderOf, gloas.Mainnet, gloas.Minimal), nil},
}

// TestHeaders checks the headers of every fork's blocks and payloads, on
// random values and those of the conformance cases, in both presets.
func TestHeaders(t *testing.T) {
	for _, f := range headerForks {
		t.Run(f.name, func(t *testing.T) {
			f.blocks(t)
			if f.payloads != nil {
				f.payloads(t)
			}
		})
	}
}
