package main

import (
	"fmt"
	"strings"

	"github.com/golang/snappy"

	"github.com/ssztree/ssztree/altair"
	"github.com/ssztree/ssztree/bellatrix"
	"github.com/ssztree/ssztree/capella"
	"github.com/ssztree/ssztree/def"
	"github.com/ssztree/ssztree/deneb"
	"github.com/ssztree/ssztree/electra"
	"github.com/ssztree/ssztree/forks"
	"github.com/ssztree/ssztree/fulu"
	"github.com/ssztree/ssztree/gloas"
	"github.com/ssztree/ssztree/phase0"
	"github.com/ssztree/ssztree/synth"
)

// marshaler is what gen writes.
type marshaler interface{ MarshalSSZ() ([]byte, error) }

// genState makes the synthetic state of a fork, in a preset, of n
// validators.
func genState(f forks.Name, p *def.Preset, n int, seed uint64) (marshaler, error) {
	switch f {
	case forks.NamePhase0:
		return build(phase0.NewSpec, p, func(s *phase0.Spec) (marshaler, error) { return synth.Phase0State(s, n, seed) })
	case forks.NameAltair:
		return build(altair.NewSpec, p, func(s *altair.Spec) (marshaler, error) { return synth.AltairState(s, n, seed) })
	case forks.NameBellatrix:
		return build(bellatrix.NewSpec, p, func(s *bellatrix.Spec) (marshaler, error) { return synth.BellatrixState(s, n, seed) })
	case forks.NameCapella:
		return build(capella.NewSpec, p, func(s *capella.Spec) (marshaler, error) { return synth.CapellaState(s, n, seed) })
	case forks.NameDeneb:
		return build(deneb.NewSpec, p, func(s *deneb.Spec) (marshaler, error) { return synth.DenebState(s, n, seed) })
	case forks.NameElectra:
		return build(electra.NewSpec, p, func(s *electra.Spec) (marshaler, error) { return synth.ElectraState(s, n, seed) })
	case forks.NameFulu:
		return build(fulu.NewSpec, p, func(s *fulu.Spec) (marshaler, error) { return synth.FuluState(s, n, seed) })
	case forks.NameGloas:
		return build(gloas.NewSpec, p, func(s *gloas.Spec) (marshaler, error) { return synth.GloasState(s, n, seed) })
	}
	return nil, fmt.Errorf("gen: no synthetic state of %v", f)
}

// genBlock makes the synthetic signed block of a fork, Capella or later.
func genBlock(f forks.Name, p *def.Preset, seed uint64) (marshaler, error) {
	switch f {
	case forks.NameCapella:
		return build(capella.NewSpec, p, func(s *capella.Spec) (marshaler, error) { return synth.CapellaBlock(s, seed) })
	case forks.NameDeneb:
		return build(deneb.NewSpec, p, func(s *deneb.Spec) (marshaler, error) { return synth.DenebBlock(s, seed) })
	case forks.NameElectra:
		return build(electra.NewSpec, p, func(s *electra.Spec) (marshaler, error) { return synth.ElectraBlock(s, seed) })
	case forks.NameFulu:
		return build(fulu.NewSpec, p, func(s *fulu.Spec) (marshaler, error) { return synth.FuluBlock(s, seed) })
	case forks.NameGloas:
		return build(gloas.NewSpec, p, func(s *gloas.Spec) (marshaler, error) { return synth.GloasBlock(s, seed) })
	}
	return nil, fmt.Errorf("gen: synthetic blocks are of capella to gloas, not %v", f)
}

// build makes the spec of a preset and a value with it.
func build[S any](newSpec func(*def.Preset) (*S, error), p *def.Preset, f func(*S) (marshaler, error)) (marshaler, error) {
	s, err := newSpec(p)
	if err != nil {
		return nil, err
	}
	return f(s)
}

// cmdGen writes a synthetic state or block.
func cmdGen(e *env, args []string) error {
	fs := newFlags("gen", "[flags]",
		"Writes a deterministic synthetic beacon state (package synth) of any fork, preset and\n"+
			"number of validators, or with -block a signed block (Capella to Gloas), to -o FILE (raw\n"+
			"SSZ; snappy's block format for .ssz_snappy) or to standard output.",
		"ssztree gen -fork fulu -validators 1000000 -o fulu.ssz\nssztree gen -block -fork gloas -preset minimal | ssztree info -")
	forkName := fs.String("fork", "fulu", "the fork: phase0 ... gloas")
	presetName := fs.String("preset", "mainnet", "the preset: mainnet, minimal or gnosis")
	n := fs.Int("validators", 1000, "the state's validators")
	seed := fs.Uint64("seed", 1, "the seed of the synthetic value")
	block := fs.Bool("block", false, "a signed block rather than a state")
	out := outputFlag(fs)
	if _, err := parse(fs, args, 0, 0); err != nil {
		return err
	}
	f, err := forks.ParseName(*forkName)
	if err != nil {
		return usagef("gen: -fork %q: %v", *forkName, err)
	}
	p, ok := forks.LookupPreset(*presetName)
	if !ok {
		return usagef("gen: -preset %q: want mainnet, minimal or gnosis", *presetName)
	}
	if *n < 0 || *n > 1<<24 {
		return usagef("gen: -validators %d: want 0 to %d", *n, 1<<24)
	}
	var m marshaler
	if *block {
		m, err = genBlock(f, p, *seed)
	} else {
		m, err = genState(f, p, *n, *seed)
	}
	if err != nil {
		return err
	}
	b, err := m.MarshalSSZ()
	if err != nil {
		return err
	}
	if formatOfName(*out) == fmtSnappy {
		b = snappy.Encode(nil, b)
	} else if strings.HasSuffix(*out, ".json") {
		return usagef("gen: writes SSZ; ssztree json converts it")
	}
	return writeOutput(e, *out, b, true)
}
