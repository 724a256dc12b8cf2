// Package phase0 holds the SSZ types of the phase0 fork of the Ethereum
// consensus specification, for any preset, chosen at run time.
//
// Fixed-size containers whose shape does not depend on the preset
// (Checkpoint, Validator, AttestationData...) are plain Go structs with SSZ
// and JSON methods. Every other container (BeaconState, blocks, lists of
// attestations...) is a tree-backed view: field accessors named after the
// specification's fields read and write the tree, a copy is O(1), and the
// root is re-hashed only where the value changed. The code of both is
// generated from the definitions of package forks (go generate).
//
// # Specs
//
// A [Spec] holds the types resolved for one preset: [Mainnet], [Minimal],
// or [NewSpec] of another preset. The functions that make a view take one:
// NewX (the default value), DecodeX (from bytes) and WrapX (over an untyped
// view of the type). A nil *Spec is a mistake of the caller: DecodeX
// returns an error wrapping [ErrNilSpec], and NewX and WrapX, which return
// no error, panic, as WrapX does for a view of another type.
//
// # Zero values
//
// The zero value of every type is the default value in the mainnet preset,
// as new(T) is in other SSZ libraries:
//
//	var st phase0.BeaconState
//	err := st.UnmarshalSSZ(b) // decodes a mainnet state
//
// A zero view becomes the mainnet default at its first use, whatever the
// method: the first goroutine to use it makes that value, once and
// atomically, so that a zero view is as safe to share as any view (see
// package view), and a handle taken from it (st.Balances() of a zero st)
// writes through to it. A view made for another preset (NewX, DecodeX)
// keeps its preset when written. Views are used through pointers: a view
// copied by value shares its tree with the original (Copy is the copy).
//
// # Derived values
//
// [BeaconBlockHeaderOf] and [SignedBeaconBlockHeaderOf] give the header of
// a block, which has the block's root.
package phase0

//go:generate go run ../internal/sszgen -fork phase0 -out types_gen.go -test zero_gen_test.go

import (
	"errors"

	"github.com/ssztree/ssztree/def"
	"github.com/ssztree/ssztree/forks"
	"github.com/ssztree/ssztree/schema"
)

// ErrNilSpec is the error, wrapped, of the functions given a nil *Spec.
var ErrNilSpec = errors.New("nil *Spec")

// Spec holds the phase0 types resolved for one preset.
type Spec struct {
	// Preset is the preset the types are resolved for.
	Preset *def.Preset
	types  *def.Types
	// schemas are the schema types of the containers phase0 defines, in
	// fields: what the generated code uses, rather than Type.
	schemas schemas
}

// The presets of the specification.
var (
	Mainnet = mustSpec(forks.Mainnet)
	Minimal = mustSpec(forks.Minimal)
)

// NewSpec returns the phase0 types resolved for preset p.
func NewSpec(p *def.Preset) (*Spec, error) {
	if p == nil {
		return nil, errors.New("phase0: NewSpec of a nil preset")
	}
	ts, err := forks.Phase0.Resolve(p)
	if err != nil {
		return nil, err
	}
	return &Spec{Preset: p, types: ts, schemas: newSchemas(ts)}, nil
}

func mustSpec(p *def.Preset) *Spec {
	s, err := NewSpec(p)
	if err != nil {
		panic(err)
	}
	return s
}

// Type returns the schema type of the container name, or nil: a look-up
// by name, for code that handles every container alike.
func (s *Spec) Type(name string) *schema.Container { return s.types.Container(name) }

// Types returns the resolved types.
func (s *Spec) Types() *def.Types { return s.types }

// Value is what every value of a container type offers, struct or view.
type Value interface {
	HashTreeRoot() [32]byte
	MarshalSSZ() ([]byte, error)
	MarshalSSZTo(dst []byte) ([]byte, error)
	UnmarshalSSZ(b []byte) error
	SizeSSZ() int
	MarshalJSON() ([]byte, error)
	UnmarshalJSON(data []byte) error
}
