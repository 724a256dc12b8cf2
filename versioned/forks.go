package versioned

import (
	"fmt"
	"io"

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
	"github.com/ssztree/ssztree/tree"
	"github.com/ssztree/ssztree/view"
)

// value is what every view of the package's types has, whatever its fork.
type value interface {
	HashTreeRoot() [32]byte
	MarshalSSZ() ([]byte, error)
	MarshalJSON() ([]byte, error)
	UnmarshalJSON(data []byte) error
	Prove(paths ...string) (*tree.Multiproof, error)
	ProveBranch(path string) (tree.Gindex, [32]byte, [][32]byte, error)
}

// stateView is what every fork's *BeaconState has: the fields of phase0's
// state that no fork changed the type of, and the untyped view (a
// *view.Container, or a *view.ProgressiveContainer from Gloas on). The
// lists that Gloas made progressive are read through the forkTypes.
type stateView interface {
	value
	Untyped() view.View
	GenesisTime() uint64
	GenesisValidatorsRoot() phase0.Root
	Slot() phase0.Slot
	Fork() phase0.Fork
	LatestBlockHeader() phase0.BeaconBlockHeader
	PreviousJustifiedCheckpoint() phase0.Checkpoint
	CurrentJustifiedCheckpoint() phase0.Checkpoint
	FinalizedCheckpoint() phase0.Checkpoint
}

// blockView is what every fork's *BeaconBlock has: a plain container in
// every fork, Gloas' too (its body is progressive).
type blockView interface {
	value
	View() *view.Container
	Slot() phase0.Slot
	ProposerIndex() phase0.ValidatorIndex
	ParentRoot() phase0.Root
	StateRoot() phase0.Root
}

// signedView is what every fork's *SignedBeaconBlock has.
type signedView interface {
	value
	View() *view.Container
	Signature() phase0.BLSSignature
}

// forkTypes are the functions of one fork's package that the package
// uses, made over the fork's concrete types by newForkTypes, so that the
// rest of the package has no switch on the fork. Each takes spec, the
// fork package's *Spec of the value's preset, as specOf returns it.
type forkTypes struct {
	// newSpec returns the fork package's *Spec of preset p: its Mainnet
	// or Minimal for forks.Mainnet and forks.Minimal, else NewSpec's.
	newSpec     func(p *def.Preset) (any, error)
	newState    func(spec any) stateView
	decodeState func(spec any, b []byte) (stateView, error)
	// decodeAny decodes a state without the fork packages' check of its
	// fork.current_version against the built-in schedules: for a state
	// whose fork a schedule of the caller's gave.
	decodeAny func(spec any, b []byte) (stateView, error)
	// readState decodes a state from a stream of size bytes (-1: up to
	// its end) of at most maxSize bytes (-1: any) as its bytes arrive
	// (view.DecodeReader), without that check either: ReadStateFrom has
	// found the fork from the version.
	readState func(spec any, r io.Reader, size, maxSize int64) (stateView, error)
	copyState func(stateView) stateView
	// validators and balances return the handles of a state's lists, of
	// types that depend on the fork.
	validators   func(stateView) ValueList[phase0.Validator]
	balances     func(stateView) BasicList[phase0.Gwei]
	newBlock     func(spec any) blockView
	decodeBlock  func(spec any, b []byte) (blockView, error)
	copyBlock    func(blockView) blockView
	newSigned    func(spec any) signedView
	decodeSigned func(spec any, b []byte) (signedView, error)
	copySigned   func(signedView) signedView
	message      func(signedView) blockView
}

// newForkTypes returns the forkTypes of the fork whose Specs of the two
// presets of the specification are mainnet and minimal, whose NewSpec
// makes that of another preset, and whose constructors, decoders and
// wrappers of the state, block and signed block, and the state's methods
// Validators and Balances (whose types differ between the forks), are
// given. C is the type of the state's untyped view.
func newForkTypes[P interface {
	Types() *def.Types
},
	C view.View, VL ValueList[phase0.Validator], BL BasicList[phase0.Gwei],
	S interface {
		stateView
		Copy() S
	},
	B interface {
		blockView
		Copy() B
	},
	SB interface {
		signedView
		Copy() SB
		Message() B
	}](
	mainnet, minimal P, newSpec func(*def.Preset) (P, error),
	newState func(P) S, decodeState func(P, []byte) (S, error), wrapState func(P, C) S,
	validators func(S) VL, balances func(S) BL,
	newBlock func(P) B, decodeBlock func(P, []byte) (B, error),
	newSigned func(P) SB, decodeSigned func(P, []byte) (SB, error),
) forkTypes {
	return forkTypes{
		newSpec:  specMaker(mainnet, minimal, newSpec),
		newState: func(s any) stateView { return newState(s.(P)) },
		decodeState: func(s any, b []byte) (stateView, error) {
			v, err := decodeState(s.(P), b)
			if err != nil {
				return nil, err
			}
			return v, nil
		},
		decodeAny: func(s any, b []byte) (stateView, error) {
			c, err := view.Decode(s.(P).Types().Type("BeaconState"), b)
			if err != nil {
				return nil, err
			}
			return wrapState(s.(P), c.(C)), nil
		},
		readState: func(s any, r io.Reader, size, maxSize int64) (stateView, error) {
			var v view.View
			var err error
			if t := s.(P).Types().Type("BeaconState"); maxSize < 0 {
				v, err = view.DecodeReader(t, r, size)
			} else {
				v, err = view.DecodeReaderMax(t, r, size, maxSize)
			}
			if err != nil {
				return nil, err
			}
			c, ok := v.(C)
			if !ok {
				return nil, fmt.Errorf("versioned: a BeaconState read as a %T", v)
			}
			return wrapState(s.(P), c), nil
		},
		copyState:  func(v stateView) stateView { return v.(S).Copy() },
		validators: func(v stateView) ValueList[phase0.Validator] { return validators(v.(S)) },
		balances:   func(v stateView) BasicList[phase0.Gwei] { return balances(v.(S)) },
		newBlock:   func(s any) blockView { return newBlock(s.(P)) },
		decodeBlock: func(s any, b []byte) (blockView, error) {
			v, err := decodeBlock(s.(P), b)
			if err != nil {
				return nil, err
			}
			return v, nil
		},
		copyBlock: func(v blockView) blockView { return v.(B).Copy() },
		newSigned: func(s any) signedView { return newSigned(s.(P)) },
		decodeSigned: func(s any, b []byte) (signedView, error) {
			v, err := decodeSigned(s.(P), b)
			if err != nil {
				return nil, err
			}
			return v, nil
		},
		copySigned: func(v signedView) signedView { return v.(SB).Copy() },
		message:    func(v signedView) blockView { return v.(SB).Message() },
	}
}

// specMaker returns the newSpec of forkTypes: mainnet and minimal for
// forks.Mainnet and forks.Minimal, so that the package's values share the
// types of the fork packages' presets, else newSpec's.
func specMaker[P any](mainnet, minimal P, newSpec func(*def.Preset) (P, error)) func(*def.Preset) (any, error) {
	return func(p *def.Preset) (any, error) {
		switch p {
		case forks.Mainnet:
			return mainnet, nil
		case forks.Minimal:
			return minimal, nil
		}
		s, err := newSpec(p)
		if err != nil {
			return nil, err
		}
		return s, nil
	}
}

// types are the forkTypes of every fork, by forks.Name.
var types = [...]forkTypes{
	forks.NamePhase0: newForkTypes(phase0.Mainnet, phase0.Minimal, phase0.NewSpec,
		phase0.NewBeaconState, phase0.DecodeBeaconState, phase0.WrapBeaconState,
		(*phase0.BeaconState).Validators, (*phase0.BeaconState).Balances,
		phase0.NewBeaconBlock, phase0.DecodeBeaconBlock,
		phase0.NewSignedBeaconBlock, phase0.DecodeSignedBeaconBlock),
	forks.NameAltair: newForkTypes(altair.Mainnet, altair.Minimal, altair.NewSpec,
		altair.NewBeaconState, altair.DecodeBeaconState, altair.WrapBeaconState,
		(*altair.BeaconState).Validators, (*altair.BeaconState).Balances,
		altair.NewBeaconBlock, altair.DecodeBeaconBlock,
		altair.NewSignedBeaconBlock, altair.DecodeSignedBeaconBlock),
	forks.NameBellatrix: newForkTypes(bellatrix.Mainnet, bellatrix.Minimal, bellatrix.NewSpec,
		bellatrix.NewBeaconState, bellatrix.DecodeBeaconState, bellatrix.WrapBeaconState,
		(*bellatrix.BeaconState).Validators, (*bellatrix.BeaconState).Balances,
		bellatrix.NewBeaconBlock, bellatrix.DecodeBeaconBlock,
		bellatrix.NewSignedBeaconBlock, bellatrix.DecodeSignedBeaconBlock),
	forks.NameCapella: newForkTypes(capella.Mainnet, capella.Minimal, capella.NewSpec,
		capella.NewBeaconState, capella.DecodeBeaconState, capella.WrapBeaconState,
		(*capella.BeaconState).Validators, (*capella.BeaconState).Balances,
		capella.NewBeaconBlock, capella.DecodeBeaconBlock,
		capella.NewSignedBeaconBlock, capella.DecodeSignedBeaconBlock),
	forks.NameDeneb: newForkTypes(deneb.Mainnet, deneb.Minimal, deneb.NewSpec,
		deneb.NewBeaconState, deneb.DecodeBeaconState, deneb.WrapBeaconState,
		(*deneb.BeaconState).Validators, (*deneb.BeaconState).Balances,
		deneb.NewBeaconBlock, deneb.DecodeBeaconBlock,
		deneb.NewSignedBeaconBlock, deneb.DecodeSignedBeaconBlock),
	forks.NameElectra: newForkTypes(electra.Mainnet, electra.Minimal, electra.NewSpec,
		electra.NewBeaconState, electra.DecodeBeaconState, electra.WrapBeaconState,
		(*electra.BeaconState).Validators, (*electra.BeaconState).Balances,
		electra.NewBeaconBlock, electra.DecodeBeaconBlock,
		electra.NewSignedBeaconBlock, electra.DecodeSignedBeaconBlock),
	forks.NameFulu: newForkTypes(fulu.Mainnet, fulu.Minimal, fulu.NewSpec,
		fulu.NewBeaconState, fulu.DecodeBeaconState, fulu.WrapBeaconState,
		(*fulu.BeaconState).Validators, (*fulu.BeaconState).Balances,
		fulu.NewBeaconBlock, fulu.DecodeBeaconBlock,
		fulu.NewSignedBeaconBlock, fulu.DecodeSignedBeaconBlock),
	forks.NameGloas: newForkTypes(gloas.Mainnet, gloas.Minimal, gloas.NewSpec,
		gloas.NewBeaconState, gloas.DecodeBeaconState, gloas.WrapBeaconState,
		(*gloas.BeaconState).Validators, (*gloas.BeaconState).Balances,
		gloas.NewBeaconBlock, gloas.DecodeBeaconBlock,
		gloas.NewSignedBeaconBlock, gloas.DecodeSignedBeaconBlock),
}

// typesOf returns the forkTypes of fork and the fork package's *Spec of
// preset (see specOf), or an error for a fork the package does not have
// or a preset whose values do not resolve the fork's types.
func typesOf(fork forks.Name, preset *def.Preset) (*forkTypes, any, error) {
	if !fork.Valid() {
		return nil, nil, fmt.Errorf("versioned: %w: %v", forks.ErrUnknownFork, fork)
	}
	spec, err := specOf(fork, preset)
	if err != nil {
		return nil, nil, err
	}
	return &types[fork], spec, nil
}

// as returns v as a T when the value is of fork want, and false otherwise.
func as[T any](have, want forks.Name, v any) (T, bool) {
	if have != want {
		var zero T
		return zero, false
	}
	t, ok := v.(T)
	return t, ok
}
