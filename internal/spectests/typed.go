package spectests

import (
	"bytes"
	"fmt"

	"github.com/ssztree/ssztree/altair"
	"github.com/ssztree/ssztree/bellatrix"
	"github.com/ssztree/ssztree/capella"
	"github.com/ssztree/ssztree/def"
	"github.com/ssztree/ssztree/deneb"
	"github.com/ssztree/ssztree/electra"
	"github.com/ssztree/ssztree/fulu"
	"github.com/ssztree/ssztree/gloas"
	"github.com/ssztree/ssztree/phase0"
)

// typedValues make, for a fork, preset and container name, a value of the
// Go type that the fork's package generates (a struct or a view), so that
// the ssz_static cases check the typed API too, not only the schema.
var typedValues = map[string]func(p *def.Preset, name string) (phase0.Value, bool){
	"phase0": func(p *def.Preset, name string) (phase0.Value, bool) {
		for _, s := range []*phase0.Spec{phase0.Mainnet, phase0.Minimal} {
			if s.Preset == p {
				return phase0.NewValue(s, name)
			}
		}
		return nil, false
	},
	"altair": func(p *def.Preset, name string) (phase0.Value, bool) {
		for _, s := range []*altair.Spec{altair.Mainnet, altair.Minimal} {
			if s.Preset == p {
				return altair.NewValue(s, name)
			}
		}
		return nil, false
	},
	"bellatrix": func(p *def.Preset, name string) (phase0.Value, bool) {
		for _, s := range []*bellatrix.Spec{bellatrix.Mainnet, bellatrix.Minimal} {
			if s.Preset == p {
				return bellatrix.NewValue(s, name)
			}
		}
		return nil, false
	},
	"capella": func(p *def.Preset, name string) (phase0.Value, bool) {
		for _, s := range []*capella.Spec{capella.Mainnet, capella.Minimal} {
			if s.Preset == p {
				return capella.NewValue(s, name)
			}
		}
		return nil, false
	},
	"deneb": func(p *def.Preset, name string) (phase0.Value, bool) {
		for _, s := range []*deneb.Spec{deneb.Mainnet, deneb.Minimal} {
			if s.Preset == p {
				return deneb.NewValue(s, name)
			}
		}
		return nil, false
	},
	"electra": func(p *def.Preset, name string) (phase0.Value, bool) {
		for _, s := range []*electra.Spec{electra.Mainnet, electra.Minimal} {
			if s.Preset == p {
				return electra.NewValue(s, name)
			}
		}
		return nil, false
	},
	"fulu": func(p *def.Preset, name string) (phase0.Value, bool) {
		for _, s := range []*fulu.Spec{fulu.Mainnet, fulu.Minimal} {
			if s.Preset == p {
				return fulu.NewValue(s, name)
			}
		}
		return nil, false
	},
	"gloas": func(p *def.Preset, name string) (phase0.Value, bool) {
		for _, s := range []*gloas.Spec{gloas.Mainnet, gloas.Minimal} {
			if s.Preset == p {
				return gloas.NewValue(s, name)
			}
		}
		return nil, false
	},
}

// checkTyped checks the serialized bytes b of an ssz_static case through
// the generated Go type of the container: they unmarshal, hash to the root
// of roots.yaml, marshal back to b, and survive a JSON round trip.
func checkTyped(path string, run *staticRun, name string, b []byte) error {
	newValue := typedValues[run.suite.fork]
	if newValue == nil {
		return nil
	}
	v, ok := newValue(run.types.Preset, name)
	if !ok {
		return fmt.Errorf("%s: no Go type for %s in package %s", path, name, run.suite.fork)
	}
	if err := v.UnmarshalSSZ(b); err != nil {
		return fmt.Errorf("%s: typed %s: UnmarshalSSZ: %v", path, name, err)
	}
	want, err := readRoot(path, rootsFile)
	if err != nil {
		return err
	}
	if got := v.HashTreeRoot(); got != want {
		return fmt.Errorf("%s: typed %s: root 0x%x, want 0x%x", path, name, got, want)
	}
	out, err := v.MarshalSSZ()
	if err != nil || !bytes.Equal(out, b) || v.SizeSSZ() != len(b) {
		return fmt.Errorf("%s: typed %s: MarshalSSZ %v, %s (SizeSSZ %d)", path, name, err, diff(out, b), v.SizeSSZ())
	}
	js, err := v.MarshalJSON()
	if err != nil {
		return fmt.Errorf("%s: typed %s: MarshalJSON: %v", path, name, err)
	}
	back, _ := newValue(run.types.Preset, name)
	if err := back.UnmarshalJSON(js); err != nil {
		return fmt.Errorf("%s: typed %s: UnmarshalJSON of its own JSON: %v", path, name, err)
	}
	if out, _ := back.MarshalSSZ(); !bytes.Equal(out, b) {
		return fmt.Errorf("%s: typed %s: JSON round trip: %s", path, name, diff(out, b))
	}
	return nil
}
