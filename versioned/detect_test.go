package versioned

import (
	"bytes"
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/ssztree/ssztree/def"
	"github.com/ssztree/ssztree/forks"
	"github.com/ssztree/ssztree/schema"
	"github.com/ssztree/ssztree/testutil/samples"
)

// TestDetectSpecTests finds the fork and preset of every state and signed
// block of the ssz_static conformance cases (samples.Dir), of every fork
// and preset, with no hint: their versions are random (or 0x00000000 and
// 0xffffffff), so the structure decides. The answer is the case's fork and
// preset, or a candidate of the same types (Fulu's block is Electra's;
// phase0's blocks are the same in both presets); or, where two presets
// give the same layout (the mainnet and gnosis presets, before Fulu for
// states and for blocks too) and neither version nor slot decides, an
// AmbiguousError that lists the case's fork and preset. The value read
// encodes back to the case's bytes.
func TestDetectSpecTests(t *testing.T) {
	dir, err := samples.Dir()
	if err != nil {
		t.Fatal(err)
	}
	if dir == "" {
		t.Skip("a copy of the module in the module cache: no conformance data")
	}
	found := 0
	for _, preset := range []*def.Preset{forks.Mainnet, forks.Minimal} {
		for _, fork := range forks.Names() {
			for _, kind := range []Kind{KindState, KindSignedBlock} {
				cases, err := samples.Static(dir, preset.Name, fork.String(), kind.String())
				if err != nil {
					t.Fatal(err)
				}
				for _, c := range cases {
					name := preset.Name + "/" + fork.String() + "/" + kind.String() + "/" + c.Name
					truth := Candidate{Fork: fork, Preset: preset}
					var d Detection
					var enc []byte
					if kind == KindState {
						var st *State
						st, d, err = ReadState(c.SSZ)
						if err == nil {
							enc, err = st.MarshalSSZ()
						}
					} else {
						var b *SignedBlock
						b, d, err = ReadSignedBlock(c.SSZ)
						if err == nil {
							enc, err = b.MarshalSSZ()
						}
					}
					var amb *AmbiguousError
					switch {
					case errors.As(err, &amb):
						if !slices.Contains(amb.Candidates, truth) || !onlyPresets(kind, truth, amb.Candidates) {
							t.Errorf("%s: %v", name, err)
						}
						continue
					case err != nil:
						t.Errorf("%s: %v", name, err)
						continue
					}
					if !slices.Contains(d.Same, truth) {
						t.Errorf("%s: found %v (the same as %v)", name, d, d.Same)
					}
					if !bytes.Equal(enc, c.SSZ) {
						t.Errorf("%s: read as %v, encodes otherwise", name, d)
					}
					found++
				}
			}
		}
	}
	if found == 0 {
		t.Errorf("no states or blocks in %s", dir)
	}
	t.Logf("%d states and blocks found in %s", found, dir)
}

// onlyPresets reports whether the candidates of an ambiguity differ from
// truth only in their presets (the mainnet and gnosis presets lay a state
// out alike before Fulu): in truth's preset, every candidate's fork has
// truth's types. That is what only a version or a network tells apart.
func onlyPresets(kind Kind, truth Candidate, cs []Candidate) bool {
	presets := 0
	for i, c := range cs {
		if !schema.Equal(typeOf(kind, Candidate{Fork: c.Fork, Preset: truth.Preset}), typeOf(kind, truth)) {
			return false
		}
		if !slices.ContainsFunc(cs[:i], func(d Candidate) bool { return d.Preset == c.Preset }) {
			presets++
		}
	}
	return presets > 1
}

// TestDetectErrors checks the errors of detection: bytes too short, bytes
// of no state, a block given as a state.
func TestDetectErrors(t *testing.T) {
	if _, err := DetectState(make([]byte, 55)); err == nil {
		t.Error("55 bytes: no error")
	}
	if _, err := DetectState(make([]byte, 1000)); err == nil {
		t.Error("1000 zero bytes: a state")
	}
	b := testState(t, forks.NameDeneb, forks.MainnetSchedule, 5)
	if _, err := DetectSignedBlock(b); err == nil {
		t.Error("a state, as a block: no error")
	}
	if _, err := DetectState(b[:len(b)-1]); err == nil {
		t.Error("a state less its last byte: no error")
	}
}

// TestDetectBlinded finds the fork and preset of random signed blinded
// blocks of every fork that has them, in both presets, as
// TestDetectSpecTests does those of the conformance cases' blocks.
func TestDetectBlinded(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	for _, preset := range []*def.Preset{forks.Mainnet, forks.Minimal} {
		for _, fork := range forks.Names() {
			truth := Candidate{Fork: fork, Preset: preset}
			typ := typeOf(KindSignedBlindedBlock, truth)
			if typ == nil {
				continue
			}
			for i := range 4 {
				b, err := samples.Random(r, typ, 3)
				if err != nil {
					t.Fatal(err)
				}
				name := fmt.Sprintf("%v/%d", truth, i)
				sb, d, err := ReadSignedBlindedBlock(b)
				var amb *AmbiguousError
				switch {
				case errors.As(err, &amb):
					if !slices.Contains(amb.Candidates, truth) || !onlyPresets(KindSignedBlindedBlock, truth, amb.Candidates) {
						t.Errorf("%s: %v", name, err)
					}
					continue
				case err != nil:
					t.Errorf("%s: %v", name, err)
					continue
				}
				if !slices.Contains(d.Same, truth) || !sb.Blinded() {
					t.Errorf("%s: found %v (the same as %v)", name, d, d.Same)
				}
				if enc, err := sb.MarshalSSZ(); err != nil || !bytes.Equal(enc, b) {
					t.Errorf("%s: encodes otherwise: %v", name, err)
				}
			}
		}
	}
}
