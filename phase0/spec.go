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
package phase0

//go:generate go run ../internal/sszgen -fork phase0 -out types_gen.go

import (
	"errors"

	"github.com/ssztree/ssztree/def"
	"github.com/ssztree/ssztree/forks"
	"github.com/ssztree/ssztree/schema"
)

// Spec holds the phase0 types resolved for one preset.
type Spec struct {
	// Preset is the preset the types are resolved for.
	Preset *def.Preset
	types  *def.Types
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
	return &Spec{Preset: p, types: ts}, nil
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
type Value interface {
	HashTreeRoot() [32]byte
	MarshalSSZ() ([]byte, error)
	MarshalSSZTo(dst []byte) ([]byte, error)
	UnmarshalSSZ(b []byte) error
	SizeSSZ() int
	MarshalJSON() ([]byte, error)
	UnmarshalJSON(data []byte) error
}
