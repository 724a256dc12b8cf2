package conformance

import (
	"fmt"
	"runtime/debug"

	"github.com/ssztree/ssztree/def"
	"github.com/ssztree/ssztree/forks"
)

// staticForks are the forks whose ssz_static cases are run, by folder
// name, and staticPresets the presets they are run for.
var (
	staticForks = map[string]*def.Fork{
		forks.Phase0.Name:    forks.Phase0,
		forks.Altair.Name:    forks.Altair,
		forks.Bellatrix.Name: forks.Bellatrix,
		forks.Capella.Name:   forks.Capella,
		forks.Deneb.Name:     forks.Deneb,
		forks.Electra.Name:   forks.Electra,
		forks.Fulu.Name:      forks.Fulu,
		forks.Gloas.Name:     forks.Gloas,
	}
	staticPresets = forks.Presets
	// untypedForks are the forks of staticForks whose cases are run
	// against the schema alone, because they have no generated package
	// yet, with the reason: none today (Gloas' is package gloas).
	untypedForks = map[string]string{}
)

// A staticRun is an ssz_static suite and what its cases need: the fork's
// types for the preset, resolved once for all of them.
type staticRun struct {
	suite *staticSuite
	// unsupported says why the cases are not run, or is empty.
	unsupported string
	// types are the fork's types for the preset, unless the fork failed to
	// resolve (err): then every case fails with err.
	types *def.Types
	err   error
}

// newStaticRun resolves the fork of the suite s for its preset, if both
// are supported.
func newStaticRun(s *staticSuite) *staticRun {
	run := &staticRun{suite: s}
	fork, preset := staticForks[s.fork], staticPresets[s.preset]
	switch {
	case fork == nil:
		run.unsupported = "fork " + s.fork + " not supported yet"
	case preset == nil:
		run.unsupported = "no preset " + s.preset
	default:
		run.types, run.err = fork.Resolve(preset)
	}
	return run
}

// runStaticCase runs the ssz_static case in the folder ref with the types
// of run: it checks that the serialized bytes decode as a value of the
// container named by the type folder, with the root of roots.yaml, that
// the value encodes back to the same bytes, and that value.yaml gives the
// same bytes. A type folder that names no container of the fork is a
// failure, matching [ErrUnknownType]. A panic in the schema package is
// recovered and reported as a failure.
func runStaticCase(run *staticRun, ref staticRef) (err error) {
	defer func() {
		if p := recover(); p != nil {
			err = fmt.Errorf("%s: panic: %v\n%s", ref.path, p, debug.Stack())
		}
	}()
	if run.err != nil {
		return fmt.Errorf("%s: %v", ref.path, run.err)
	}
	t := run.types.Type(ref.typ)
	if t == nil {
		return fmt.Errorf("%s: %w: %s is not a container of %s", ref.path, ErrUnknownType, ref.typ, run.suite.fork)
	}
	b, err := readSerialized(ref.path)
	if err != nil {
		return err
	}
	if err := checkValue(ref.path, t, b, rootsFile); err != nil {
		return err
	}
	return checkTyped(ref.path, run, ref.typ, b)
}
