//go:build !ssztree_nofork

package spectests

import (
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

// typedChecks is true: the ssz_static cases check the generated packages.
const typedChecks = true

// typedValues make, for a fork, preset and container name, a value of the
// Go type that the fork's package generates (a struct or a view), so that
// the ssz_static cases check the typed API too, not only the schema.
var typedValues = map[string]func(p *def.Preset, name string) (typedValue, bool){
	"phase0": func(p *def.Preset, name string) (typedValue, bool) {
		for _, s := range []*phase0.Spec{phase0.Mainnet, phase0.Minimal} {
			if s.Preset == p {
				return typed(phase0.NewValue(s, name))
			}
		}
		return nil, false
	},
	"altair": func(p *def.Preset, name string) (typedValue, bool) {
		for _, s := range []*altair.Spec{altair.Mainnet, altair.Minimal} {
			if s.Preset == p {
				return typed(altair.NewValue(s, name))
			}
		}
		return nil, false
	},
	"bellatrix": func(p *def.Preset, name string) (typedValue, bool) {
		for _, s := range []*bellatrix.Spec{bellatrix.Mainnet, bellatrix.Minimal} {
			if s.Preset == p {
				return typed(bellatrix.NewValue(s, name))
			}
		}
		return nil, false
	},
	"capella": func(p *def.Preset, name string) (typedValue, bool) {
		for _, s := range []*capella.Spec{capella.Mainnet, capella.Minimal} {
			if s.Preset == p {
				return typed(capella.NewValue(s, name))
			}
		}
		return nil, false
	},
	"deneb": func(p *def.Preset, name string) (typedValue, bool) {
		for _, s := range []*deneb.Spec{deneb.Mainnet, deneb.Minimal} {
			if s.Preset == p {
				return typed(deneb.NewValue(s, name))
			}
		}
		return nil, false
	},
	"electra": func(p *def.Preset, name string) (typedValue, bool) {
		for _, s := range []*electra.Spec{electra.Mainnet, electra.Minimal} {
			if s.Preset == p {
				return typed(electra.NewValue(s, name))
			}
		}
		return nil, false
	},
	"fulu": func(p *def.Preset, name string) (typedValue, bool) {
		for _, s := range []*fulu.Spec{fulu.Mainnet, fulu.Minimal} {
			if s.Preset == p {
				return typed(fulu.NewValue(s, name))
			}
		}
		return nil, false
	},
	"gloas": func(p *def.Preset, name string) (typedValue, bool) {
		for _, s := range []*gloas.Spec{gloas.Mainnet, gloas.Minimal} {
			if s.Preset == p {
				return typed(gloas.NewValue(s, name))
			}
		}
		return nil, false
	},
}

// typed converts what a fork package's NewValue returns, keeping a missing
// value nil.
func typed(v phase0.Value, ok bool) (typedValue, bool) {
	if !ok {
		return nil, false
	}
	return v, true
}
