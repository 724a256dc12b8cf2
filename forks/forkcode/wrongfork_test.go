package forkcode_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/ssztree/ssztree/altair"
	"github.com/ssztree/ssztree/bellatrix"
	"github.com/ssztree/ssztree/capella"
	"github.com/ssztree/ssztree/deneb"
	"github.com/ssztree/ssztree/electra"
	"github.com/ssztree/ssztree/forks"
	"github.com/ssztree/ssztree/fulu"
	"github.com/ssztree/ssztree/gloas"
	"github.com/ssztree/ssztree/phase0"
)

// stateCodec is what the test needs of one fork's BeaconState: the bytes
// of a default state whose fork.current_version is v, in the mainnet or
// the minimal preset, and its two decoders.
type stateCodec struct {
	encode    func(minimal bool, v phase0.Version) []byte
	decode    func(minimal bool, b []byte) error
	unmarshal func(b []byte) error // of a zero value: mainnet
}

// codec returns the stateCodec of the functions of one fork's package.
func codec[S interface {
	SetFork(phase0.Fork)
	MarshalSSZ() ([]byte, error)
	UnmarshalSSZ([]byte) error
}, P any](mainnet, minimal P, newState func(P) S, decodeState func(P, []byte) (S, error), zero func() S) stateCodec {
	spec := func(min bool) P {
		if min {
			return minimal
		}
		return mainnet
	}
	return stateCodec{
		encode: func(min bool, v phase0.Version) []byte {
			st := newState(spec(min))
			st.SetFork(phase0.Fork{CurrentVersion: v})
			b, err := st.MarshalSSZ()
			if err != nil {
				panic(err)
			}
			return b
		},
		decode: func(min bool, b []byte) error {
			_, err := decodeState(spec(min), b)
			return err
		},
		unmarshal: func(b []byte) error { return zero().UnmarshalSSZ(b) },
	}
}

var codecs = [...]stateCodec{
	forks.NamePhase0: codec(phase0.Mainnet, phase0.Minimal, phase0.NewBeaconState, phase0.DecodeBeaconState,
		func() *phase0.BeaconState { return new(phase0.BeaconState) }),
	forks.NameAltair: codec(altair.Mainnet, altair.Minimal, altair.NewBeaconState, altair.DecodeBeaconState,
		func() *altair.BeaconState { return new(altair.BeaconState) }),
	forks.NameBellatrix: codec(bellatrix.Mainnet, bellatrix.Minimal, bellatrix.NewBeaconState, bellatrix.DecodeBeaconState,
		func() *bellatrix.BeaconState { return new(bellatrix.BeaconState) }),
	forks.NameCapella: codec(capella.Mainnet, capella.Minimal, capella.NewBeaconState, capella.DecodeBeaconState,
		func() *capella.BeaconState { return new(capella.BeaconState) }),
	forks.NameDeneb: codec(deneb.Mainnet, deneb.Minimal, deneb.NewBeaconState, deneb.DecodeBeaconState,
		func() *deneb.BeaconState { return new(deneb.BeaconState) }),
	forks.NameElectra: codec(electra.Mainnet, electra.Minimal, electra.NewBeaconState, electra.DecodeBeaconState,
		func() *electra.BeaconState { return new(electra.BeaconState) }),
	forks.NameFulu: codec(fulu.Mainnet, fulu.Minimal, fulu.NewBeaconState, fulu.DecodeBeaconState,
		func() *fulu.BeaconState { return new(fulu.BeaconState) }),
	forks.NameGloas: codec(gloas.Mainnet, gloas.Minimal, gloas.NewBeaconState, gloas.DecodeBeaconState,
		func() *gloas.BeaconState { return new(gloas.BeaconState) }),
}

// A state of each fork and preset, its version set, decoded as every
// fork's state in each preset: the error names the fork and preset the
// bytes hold where they are not the type's, and decoding as the right type
// succeeds.
func TestWrongFork(t *testing.T) {
	for _, schedule := range []*forks.Schedule{forks.MainnetSchedule, forks.MinimalSchedule} {
		heldMinimal := schedule == forks.MinimalSchedule
		for _, held := range forks.Names() {
			v, _ := schedule.Version(held)
			if v == (forks.ForkVersion{}) {
				continue // mainnet phase0: the zero version names no fork, see TestZeroVersion
			}
			b := codecs[held].encode(heldMinimal, phase0.Version(v))
			for _, decoded := range forks.Names() {
				for _, decMinimal := range []bool{false, true} {
					err := codecs[decoded].decode(decMinimal, b)
					decPreset := map[bool]string{false: "mainnet", true: "minimal"}[decMinimal]
					if decoded == held && decMinimal == heldMinimal {
						if err != nil {
							t.Errorf("%v %s as itself: %v", held, schedule, err)
						}
						continue
					}
					var wrong *forks.WrongForkError
					if !errors.As(err, &wrong) {
						t.Errorf("%v of %s decoded as %s %v: error %v, want a WrongForkError", held, schedule, decPreset, decoded, err)
						continue
					}
					if wrong.Fork != held || wrong.Schedule != schedule || wrong.DecodedFork != decoded || wrong.DecodedPreset != decPreset {
						t.Errorf("%v of %s decoded as %s %v: %+v", held, schedule, decPreset, decoded, wrong)
					}
					what := held.String() + " state (fork.current_version " + v.String() + "), decoded as "
					if decMinimal != heldMinimal {
						what = schedule.Preset().Name + "-preset " + what + decPreset + "-preset "
					}
					if !strings.HasPrefix(err.Error(), decoded.String()+": bytes hold a") || !strings.Contains(err.Error(), what+decoded.String()) {
						t.Errorf("%v of %s decoded as %s %v: %q", held, schedule, decPreset, decoded, err)
					}
					// The shape differs between presets and forks: the
					// decoder fails, or did not run for another fork.
					if (wrong.Err == nil) != (decoded != held) {
						t.Errorf("%v of %s decoded as %s %v: decoder's error %v", held, schedule, decPreset, decoded, wrong.Err)
					}
				}
				// UnmarshalSSZ of a zero value (mainnet) says the same.
				err := codecs[decoded].unmarshal(b)
				var wrong *forks.WrongForkError
				if decoded == held && !heldMinimal {
					if err != nil {
						t.Errorf("UnmarshalSSZ of %v %s as itself: %v", held, schedule, err)
					}
				} else if !errors.As(err, &wrong) || wrong.Fork != held || wrong.DecodedFork != decoded {
					t.Errorf("UnmarshalSSZ of %v of %s as %v: %v", held, schedule, decoded, err)
				}
			}
		}
	}
}

// The message of the issue: a Fulu state decoded as Capella's.
func TestWrongForkMessage(t *testing.T) {
	b := codecs[forks.NameFulu].encode(false, phase0.Version{0x06})
	_, err := capella.DecodeBeaconState(capella.Mainnet, b)
	if err == nil || err.Error() != "capella: bytes hold a fulu state (fork.current_version 0x06000000), decoded as capella" {
		t.Errorf("got %v", err)
	}
	var st capella.BeaconState
	if err := st.UnmarshalSSZ(b); err == nil || !strings.HasPrefix(err.Error(), "capella: bytes hold a fulu state") {
		t.Errorf("UnmarshalSSZ: %v", err)
	}
	b = codecs[forks.NameAltair].encode(false, phase0.Version{0x01})
	if _, err := phase0.DecodeBeaconState(phase0.Mainnet, b); err == nil || !strings.HasPrefix(err.Error(), "phase0: bytes hold an altair state") {
		t.Errorf("altair as phase0: %v", err)
	}
	// A minimal Electra state decoded as a mainnet one fails in the
	// decoder, whose error the message ends with.
	b = codecs[forks.NameElectra].encode(true, phase0.Version{0x05, 0, 0, 0x01})
	_, err = electra.DecodeBeaconState(electra.Mainnet, b)
	const want = "electra: bytes hold a minimal-preset electra state (fork.current_version 0x05000001), decoded as mainnet-preset electra: "
	if err == nil || !strings.HasPrefix(err.Error(), want) || len(err.Error()) == len(want) {
		t.Errorf("got %v", err)
	}
}

// A version no schedule has, or the zero version of every default state,
// leaves decoding as it was: a state decodes as its own type, and fails as
// another's with the decoder's error alone. So does a version of the
// state's own fork in another preset, when the state decodes.
func TestUnnamedVersions(t *testing.T) {
	for _, v := range []phase0.Version{{}, {0xde, 0xad, 0xbe, 0xef}} {
		for _, held := range forks.Names() {
			b := codecs[held].encode(false, v)
			for _, decoded := range forks.Names() {
				err := codecs[decoded].decode(false, b)
				var wrong *forks.WrongForkError
				switch {
				case decoded == held && err != nil:
					t.Errorf("%v with version %x as itself: %v", held, v, err)
				case decoded != held && (err == nil || errors.As(err, &wrong)):
					t.Errorf("%v with version %x as %v: %v", held, v, decoded, err)
				}
			}
		}
	}
	b := codecs[forks.NameDeneb].encode(true, phase0.Version{0x04})
	if err := codecs[forks.NameDeneb].decode(true, b); err != nil {
		t.Errorf("minimal deneb state with mainnet's version: %v", err)
	}
	// Too short to hold a version: the decoder's error.
	if _, err := fulu.DecodeBeaconState(fulu.Mainnet, make([]byte, 40)); err == nil || errors.As(err, new(*forks.WrongForkError)) {
		t.Errorf("40 bytes: %v", err)
	}
}
