// Package altair holds the SSZ types of the Altair fork of the Ethereum
// consensus specification, for any preset, chosen at run time: the types
// Altair adds or changes (the sync committee containers and messages,
// BeaconBlockBody, BeaconState and the blocks, and the light-client
// types), and, as type aliases, those it takes unchanged from phase0
// (Checkpoint, Validator, Attestation...).
//
// Fixed-size containers whose shape does not depend on the preset
// (Checkpoint, Validator, SyncCommitteeMessage, and LightClientHeader,
// which holds a BeaconBlockHeader only) are plain Go structs with SSZ and
// JSON methods. Every other container (BeaconState, blocks,
// sync committees, light-client updates...) is a tree-backed view: field
// accessors named after the specification's fields read and write the
// tree, a copy is O(1), and the root is re-hashed only where the value
// changed. The code of both is generated from the definitions of package
// forks (go generate).
//
// # Specs
//
// A [Spec] holds the types resolved for one preset: [Mainnet], [Minimal],
// or [NewSpec] of another preset, as in package phase0. The functions that
// make a view take one: NewX (the default value), DecodeX (from bytes) and
// WrapX (over an untyped view of the type). A nil *Spec is a mistake of the
// caller: DecodeX returns an error wrapping [ErrNilSpec], and NewX and
// WrapX, which return no error, panic, as WrapX does for a view of another
// type.
//
// # Zero values
//
// The zero value of every type is the default value in the mainnet preset,
// as new(T) is in other SSZ libraries:
//
//	var st altair.BeaconState
//	err := st.UnmarshalSSZ(b) // decodes a mainnet state
//
// A zero view becomes the mainnet default at its first use, whatever the
// method: the first goroutine to use it makes that value, once and
// atomically, so that a zero view is as safe to share as any view (see
// package view), and a handle taken from it (st.Balances() of a zero st)
// writes through to it. A view made for another preset (NewX, DecodeX)
// keeps its preset when written. The views hold their tree behind an
// atomic pointer: use them through pointers, never copy one by value (go
// vet says so).
//
// # Derived values
//
// [BeaconBlockHeaderOf] and [SignedBeaconBlockHeaderOf] give the header of
// a block, which has the block's root.
package altair

//go:generate go run ../internal/sszgen -fork altair -out types_gen.go -test zero_gen_test.go

import (
	"errors"

	"github.com/ssztree/ssztree/def"
	"github.com/ssztree/ssztree/forks"
	"github.com/ssztree/ssztree/phase0"
	"github.com/ssztree/ssztree/schema"
)

// ErrNilSpec is the error, wrapped, of the functions given a nil *Spec:
// phase0.ErrNilSpec, so that errors.Is matches it from any fork's package.
var ErrNilSpec = phase0.ErrNilSpec

// Spec holds the Altair types resolved for one preset.
type Spec struct {
	// Preset is the preset the types are resolved for.
	Preset *def.Preset
	// Phase0 holds the phase0 types of the same preset, which Altair's
	// share where it takes them unchanged.
	Phase0 *phase0.Spec
	types  *def.Types
	// schemas are the schema types of the containers altair defines, in
	// fields: what the generated code uses, rather than Type.
	schemas schemas
}

// The presets of the specification.
var (
	Mainnet = mustSpec(forks.Mainnet)
	Minimal = mustSpec(forks.Minimal)
)

// NewSpec returns the Altair types resolved for preset p. Its Phase0 field
// is phase0.Mainnet or phase0.Minimal when p is forks.Mainnet or
// forks.Minimal, so that the types Altair takes from phase0 are those of
// package phase0's presets.
func NewSpec(p *def.Preset) (*Spec, error) {
	if p == nil {
		return nil, errors.New("altair: NewSpec of a nil preset")
	}
	var p0 *phase0.Spec
	switch p {
	case forks.Mainnet:
		p0 = phase0.Mainnet
	case forks.Minimal:
		p0 = phase0.Minimal
	default:
		var err error
		if p0, err = phase0.NewSpec(p); err != nil {
			return nil, err
		}
	}
	ts, err := forks.Altair.Resolve(p)
	if err != nil {
		return nil, err
	}
	return &Spec{Preset: p, Phase0: p0, types: ts, schemas: newSchemas(ts)}, nil
}

func mustSpec(p *def.Preset) *Spec {
	s, err := NewSpec(p)
	if err != nil {
		panic(err)
	}
	return s
}

// Type returns the schema type of the container name, or nil.
func (s *Spec) Type(name string) *schema.Container { return s.types.Container(name) }

// Types returns the resolved types.
func (s *Spec) Types() *def.Types { return s.types }

// Value is what every value of a container type offers, struct or view.
type Value = phase0.Value
