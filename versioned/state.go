package versioned

import (
	"errors"

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
	"github.com/ssztree/ssztree/schema"
	"github.com/ssztree/ssztree/tree"
	"github.com/ssztree/ssztree/view"
)

// ErrPreset is the error, wrapped, of a nil preset or of one whose values
// do not resolve the types of the fork asked for (a preset without the
// parameters of that fork). Every other preset works, built in
// (forks.BuiltinPresets) or not (forks.LoadPreset, forks.NewPreset).
var ErrPreset = errors.New("invalid preset")

// State is a BeaconState of any fork: the view of the fork's package
// (*fulu.BeaconState...), with the fork and the preset it is of. Its
// methods are those every fork's state has; the fork's own view, for the
// rest, is one of Phase0 to Gloas, or Any. A nil *State is not valid.
type State struct {
	fork   forks.Name
	preset *def.Preset
	v      stateView
}

// DecodeState returns the state serialized in b, of fork and preset, any
// preset (forks.Mainnet, forks.Gnosis, one of forks.LoadPreset...): the
// fork package's types of a preset are made at its first use, and kept
// for the next. A state whose fork.current_version
// names another fork, or that fails to decode and whose version names
// another preset, is a *forks.WrongForkError saying what it holds; to find
// the fork from the bytes, see [ReadState].
func DecodeState(fork forks.Name, preset *def.Preset, b []byte) (*State, error) {
	return decodeState(fork, preset, b, true)
}

// decodeState is DecodeState, without the check of fork.current_version
// against the built-in schedules unless checked.
func decodeState(fork forks.Name, preset *def.Preset, b []byte, checked bool) (*State, error) {
	t, spec, err := typesOf(fork, preset)
	if err != nil {
		return nil, err
	}
	decode := t.decodeAny
	if checked {
		decode = t.decodeState
	}
	v, err := decode(spec, b)
	if err != nil {
		return nil, err
	}
	return &State{fork: fork, preset: preset, v: v}, nil
}

// DecodeStateJSON returns the state of fork and preset in data, its JSON
// in the beacon-API format (the data member of the API's response, the
// fork that of its Eth-Consensus-Version header). A member the fork's
// state does not have is an error: the JSON of a later fork's state
// decoded as an earlier one's fails and names the member.
func DecodeStateJSON(fork forks.Name, preset *def.Preset, data []byte) (*State, error) {
	t, spec, err := typesOf(fork, preset)
	if err != nil {
		return nil, err
	}
	v := t.newState(spec)
	if err := v.UnmarshalJSON(data); err != nil {
		return nil, err
	}
	return &State{fork: fork, preset: preset, v: v}, nil
}

// ForkName returns the fork the state is of.
func (s *State) ForkName() forks.Name { return s.fork }

// Preset returns the preset the state is of.
func (s *State) Preset() *def.Preset { return s.preset }

// GenesisTime returns genesis_time.
func (s *State) GenesisTime() uint64 { return s.v.GenesisTime() }

// GenesisValidatorsRoot returns genesis_validators_root.
func (s *State) GenesisValidatorsRoot() phase0.Root { return s.v.GenesisValidatorsRoot() }

// Slot returns slot.
func (s *State) Slot() phase0.Slot { return s.v.Slot() }

// Fork returns fork: the state's versions and the epoch of its fork.
func (s *State) Fork() phase0.Fork { return s.v.Fork() }

// LatestBlockHeader returns latest_block_header.
func (s *State) LatestBlockHeader() phase0.BeaconBlockHeader { return s.v.LatestBlockHeader() }

// Validators returns the handle of validators, which writes through to s:
// a *view.ValueList up to Fulu, a *view.ProgressiveValueList in Gloas.
func (s *State) Validators() ValueList[phase0.Validator] { return types[s.fork].validators(s.v) }

// Balances returns the handle of balances, which writes through to s: a
// *view.BasicList up to Fulu, a *view.ProgressiveBasicList in Gloas.
func (s *State) Balances() BasicList[phase0.Gwei] { return types[s.fork].balances(s.v) }

// PreviousJustifiedCheckpoint returns previous_justified_checkpoint.
func (s *State) PreviousJustifiedCheckpoint() phase0.Checkpoint {
	return s.v.PreviousJustifiedCheckpoint()
}

// CurrentJustifiedCheckpoint returns current_justified_checkpoint.
func (s *State) CurrentJustifiedCheckpoint() phase0.Checkpoint {
	return s.v.CurrentJustifiedCheckpoint()
}

// FinalizedCheckpoint returns finalized_checkpoint.
func (s *State) FinalizedCheckpoint() phase0.Checkpoint { return s.v.FinalizedCheckpoint() }

// HashTreeRoot returns the hash_tree_root of the state.
func (s *State) HashTreeRoot() [32]byte { return s.v.HashTreeRoot() }

// View returns the untyped view of the state, of any fork: its tree, its
// type and the fields by index; a *view.Container up to Fulu, a
// *view.ProgressiveContainer in Gloas. Writes through it change s.
func (s *State) View() view.AnyContainer {
	return s.v.Untyped().(view.AnyContainer)
}

// Untyped returns the untyped view of the state, of any fork: what View
// returns, as a view.View.
func (s *State) Untyped() view.View { return s.v.Untyped() }

// Copy returns an independent copy of s in O(1).
func (s *State) Copy() *State {
	return &State{fork: s.fork, preset: s.preset, v: types[s.fork].copyState(s.v)}
}

// MarshalSSZ returns the serialization of the state.
func (s *State) MarshalSSZ() ([]byte, error) { return s.v.MarshalSSZ() }

// MarshalJSON returns the JSON of the state in the beacon-API format,
// without the envelope.
func (s *State) MarshalJSON() ([]byte, error) { return s.v.MarshalJSON() }

// Gindex returns the generalized index of path ("finalized_checkpoint.root")
// in the state's fork and preset: 105 in Capella's state, 169 in
// Electra's, whose state has more fields.
func (s *State) Gindex(path string) (tree.Gindex, error) {
	return schema.Gindex(s.Untyped().Type(), path)
}

// Prove returns a Merkle multiproof, against the state's root, of the
// parts named by paths, at the indices of the state's fork: see
// view.Prove.
func (s *State) Prove(paths ...string) (*tree.Multiproof, error) { return s.v.Prove(paths...) }

// ProveBranch returns the single Merkle proof, against the state's root,
// of the part named by path, and its generalized index in the state's
// fork: see view.ProveBranch.
func (s *State) ProveBranch(path string) (tree.Gindex, [32]byte, [][32]byte, error) {
	return s.v.ProveBranch(path)
}

// Any returns the fork's own view: a *phase0.BeaconState to a
// *gloas.BeaconState.
func (s *State) Any() any { return s.v }

// Phase0 returns the phase0 view, and false when s is of another fork.
func (s *State) Phase0() (*phase0.BeaconState, bool) {
	return as[*phase0.BeaconState](s.fork, forks.NamePhase0, s.v)
}

// Altair returns the Altair view, and false when s is of another fork.
func (s *State) Altair() (*altair.BeaconState, bool) {
	return as[*altair.BeaconState](s.fork, forks.NameAltair, s.v)
}

// Bellatrix returns the Bellatrix view, and false when s is of another
// fork.
func (s *State) Bellatrix() (*bellatrix.BeaconState, bool) {
	return as[*bellatrix.BeaconState](s.fork, forks.NameBellatrix, s.v)
}

// Capella returns the Capella view, and false when s is of another fork.
func (s *State) Capella() (*capella.BeaconState, bool) {
	return as[*capella.BeaconState](s.fork, forks.NameCapella, s.v)
}

// Deneb returns the Deneb view, and false when s is of another fork.
func (s *State) Deneb() (*deneb.BeaconState, bool) {
	return as[*deneb.BeaconState](s.fork, forks.NameDeneb, s.v)
}

// Electra returns the Electra view, and false when s is of another fork.
func (s *State) Electra() (*electra.BeaconState, bool) {
	return as[*electra.BeaconState](s.fork, forks.NameElectra, s.v)
}

// Fulu returns the Fulu view, and false when s is of another fork.
func (s *State) Fulu() (*fulu.BeaconState, bool) {
	return as[*fulu.BeaconState](s.fork, forks.NameFulu, s.v)
}

// Gloas returns the Gloas view, and false when s is of another fork.
func (s *State) Gloas() (*gloas.BeaconState, bool) {
	return as[*gloas.BeaconState](s.fork, forks.NameGloas, s.v)
}
