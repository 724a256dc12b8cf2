//go:build !ssztree_nofork

package conformance

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
	"phase0":    typedFork(phase0.NewValue, phase0.Mainnet, phase0.Minimal, phase0.Mainnet.Preset, phase0.Minimal.Preset),
	"altair":    typedFork(altair.NewValue, altair.Mainnet, altair.Minimal, altair.Mainnet.Preset, altair.Minimal.Preset),
	"bellatrix": typedFork(bellatrix.NewValue, bellatrix.Mainnet, bellatrix.Minimal, bellatrix.Mainnet.Preset, bellatrix.Minimal.Preset),
	"capella":   typedFork(capella.NewValue, capella.Mainnet, capella.Minimal, capella.Mainnet.Preset, capella.Minimal.Preset),
	"deneb":     typedFork(deneb.NewValue, deneb.Mainnet, deneb.Minimal, deneb.Mainnet.Preset, deneb.Minimal.Preset),
	"electra":   typedFork(electra.NewValue, electra.Mainnet, electra.Minimal, electra.Mainnet.Preset, electra.Minimal.Preset),
	"fulu":      typedFork(fulu.NewValue, fulu.Mainnet, fulu.Minimal, fulu.Mainnet.Preset, fulu.Minimal.Preset),
	"gloas":     typedFork(gloas.NewValue, gloas.Mainnet, gloas.Minimal, gloas.Mainnet.Preset, gloas.Minimal.Preset),
}

// typedFork returns the maker of a fork package's values: newValue of the
// package's Spec for the preset, mainnet's or minimal's.
func typedFork[S any, V typedValue](newValue func(S, string) (V, bool), mainnet, minimal S, mainnetPreset, minimalPreset *def.Preset) func(*def.Preset, string) (typedValue, bool) {
	return func(p *def.Preset, name string) (typedValue, bool) {
		var s S
		switch p {
		case mainnetPreset:
			s = mainnet
		case minimalPreset:
			s = minimal
		default:
			return nil, false
		}
		v, ok := newValue(s, name)
		if !ok {
			return nil, false
		}
		return v, true
	}
}
