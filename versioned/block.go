package versioned

import (
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
)

// blockBodyField is the index of body in the BeaconBlock of every fork,
// after slot, proposer_index, parent_root and state_root.
const blockBodyField = 4

// Block is a BeaconBlock of any fork: the view of the fork's package, with
// the fork and the preset it is of. Fulu's blocks are Electra's
// (fulu.BeaconBlock is electra.BeaconBlock): a Fulu block's view is an
// *electra.BeaconBlock, which Fulu and Electra both return for it. A nil
// *Block is not valid.
type Block struct {
	fork    forks.Name
	preset  *def.Preset
	blinded bool // a BlindedBeaconBlock, its types those of blindedTypes
	v       blockView
}

// DecodeBlock returns the BeaconBlock serialized in b, of fork and preset
// (forks.Mainnet or forks.Minimal), as the Eth-Consensus-Version header
// names the fork.
func DecodeBlock(fork forks.Name, preset *def.Preset, b []byte) (*Block, error) {
	t, spec, err := typesOf(fork, preset)
	if err != nil {
		return nil, err
	}
	v, err := t.decodeBlock(spec, b)
	if err != nil {
		return nil, err
	}
	return &Block{fork: fork, preset: preset, v: v}, nil
}

// DecodeBlockJSON returns the BeaconBlock of fork and preset in data, its
// JSON in the beacon-API format. A member the fork's block does not have
// is an error.
func DecodeBlockJSON(fork forks.Name, preset *def.Preset, data []byte) (*Block, error) {
	t, spec, err := typesOf(fork, preset)
	if err != nil {
		return nil, err
	}
	v := t.newBlock(spec)
	if err := v.UnmarshalJSON(data); err != nil {
		return nil, err
	}
	return &Block{fork: fork, preset: preset, v: v}, nil
}

// ForkName returns the fork the block is of.
func (b *Block) ForkName() forks.Name { return b.fork }

// Blinded reports whether b is a BlindedBeaconBlock, whose body holds the
// header of its execution payload; its view is then Any's, and the
// accessors of the forks' BeaconBlock views (Bellatrix()...) return false.
func (b *Block) Blinded() bool { return b.blinded }

// Preset returns the preset the block is of.
func (b *Block) Preset() *def.Preset { return b.preset }

// Slot returns slot.
func (b *Block) Slot() phase0.Slot { return b.v.Slot() }

// ProposerIndex returns proposer_index.
func (b *Block) ProposerIndex() phase0.ValidatorIndex { return b.v.ProposerIndex() }

// ParentRoot returns parent_root.
func (b *Block) ParentRoot() phase0.Root { return b.v.ParentRoot() }

// StateRoot returns state_root.
func (b *Block) StateRoot() phase0.Root { return b.v.StateRoot() }

// BodyRoot returns the hash_tree_root of body.
func (b *Block) BodyRoot() phase0.Root { return b.v.View().Field(blockBodyField).HashTreeRoot() }

// Header returns the block's BeaconBlockHeader: its fields but the body,
// and the body's root. Its root is the block's.
func (b *Block) Header() phase0.BeaconBlockHeader {
	return phase0.BeaconBlockHeader{
		Slot:          b.Slot(),
		ProposerIndex: b.ProposerIndex(),
		ParentRoot:    b.ParentRoot(),
		StateRoot:     b.StateRoot(),
		BodyRoot:      b.BodyRoot(),
	}
}

// HashTreeRoot returns the hash_tree_root of the block: the block root.
func (b *Block) HashTreeRoot() [32]byte { return b.v.HashTreeRoot() }

// Copy returns an independent copy of b in O(1).
func (b *Block) Copy() *Block {
	return &Block{fork: b.fork, preset: b.preset, blinded: b.blinded, v: tableOf(b.fork, b.blinded).copyBlock(b.v)}
}

// MarshalSSZ returns the serialization of the block.
func (b *Block) MarshalSSZ() ([]byte, error) { return b.v.MarshalSSZ() }

// MarshalJSON returns the JSON of the block in the beacon-API format.
func (b *Block) MarshalJSON() ([]byte, error) { return b.v.MarshalJSON() }

// Gindex returns the generalized index of path ("body.execution_payload")
// in the block's fork and preset.
func (b *Block) Gindex(path string) (tree.Gindex, error) {
	return schema.Gindex(b.v.View().Schema(), path)
}

// Prove returns a Merkle multiproof, against the block's root, of the
// parts named by paths: see view.Prove.
func (b *Block) Prove(paths ...string) (*tree.Multiproof, error) { return b.v.Prove(paths...) }

// ProveBranch returns the single Merkle proof, against the block's root,
// of the part named by path: see view.ProveBranch.
func (b *Block) ProveBranch(path string) (tree.Gindex, [32]byte, [][32]byte, error) {
	return b.v.ProveBranch(path)
}

// Any returns the fork's own view: a *phase0.BeaconBlock to an
// *electra.BeaconBlock (Fulu's).
func (b *Block) Any() any { return b.v }

// Phase0 returns the phase0 view, and false when b is of another fork.
func (b *Block) Phase0() (*phase0.BeaconBlock, bool) {
	return as[*phase0.BeaconBlock](b.fork, forks.NamePhase0, b.v)
}

// Altair returns the Altair view, and false when b is of another fork.
func (b *Block) Altair() (*altair.BeaconBlock, bool) {
	return as[*altair.BeaconBlock](b.fork, forks.NameAltair, b.v)
}

// Bellatrix returns the Bellatrix view, and false when b is of another
// fork.
func (b *Block) Bellatrix() (*bellatrix.BeaconBlock, bool) {
	return as[*bellatrix.BeaconBlock](b.fork, forks.NameBellatrix, b.v)
}

// Capella returns the Capella view, and false when b is of another fork.
func (b *Block) Capella() (*capella.BeaconBlock, bool) {
	return as[*capella.BeaconBlock](b.fork, forks.NameCapella, b.v)
}

// Deneb returns the Deneb view, and false when b is of another fork.
func (b *Block) Deneb() (*deneb.BeaconBlock, bool) {
	return as[*deneb.BeaconBlock](b.fork, forks.NameDeneb, b.v)
}

// Electra returns the Electra view, and false when b is of another fork.
func (b *Block) Electra() (*electra.BeaconBlock, bool) {
	return as[*electra.BeaconBlock](b.fork, forks.NameElectra, b.v)
}

// Fulu returns the Fulu view (Electra's type), and false when b is of
// another fork.
func (b *Block) Fulu() (*fulu.BeaconBlock, bool) {
	return as[*fulu.BeaconBlock](b.fork, forks.NameFulu, b.v)
}

// Gloas returns the Gloas view, and false when b is of another fork.
func (b *Block) Gloas() (*gloas.BeaconBlock, bool) {
	return as[*gloas.BeaconBlock](b.fork, forks.NameGloas, b.v)
}

// SignedBlock is a SignedBeaconBlock of any fork: the view of the fork's
// package, with the fork and the preset it is of. A nil *SignedBlock is
// not valid.
type SignedBlock struct {
	fork    forks.Name
	preset  *def.Preset
	blinded bool // a SignedBlindedBeaconBlock, its types those of blindedTypes
	v       signedView
}

// DecodeSignedBlock returns the SignedBeaconBlock serialized in b, of fork
// and preset (forks.Mainnet or forks.Minimal): the body of the beacon
// API's GET /eth/v2/beacon/blocks/{block_id} in SSZ, whose
// Eth-Consensus-Version header names the fork.
func DecodeSignedBlock(fork forks.Name, preset *def.Preset, b []byte) (*SignedBlock, error) {
	t, spec, err := typesOf(fork, preset)
	if err != nil {
		return nil, err
	}
	v, err := t.decodeSigned(spec, b)
	if err != nil {
		return nil, err
	}
	return &SignedBlock{fork: fork, preset: preset, v: v}, nil
}

// DecodeSignedBlockJSON returns the SignedBeaconBlock of fork and preset
// in data, its JSON in the beacon-API format. A member the fork's block
// does not have is an error: the JSON of a Deneb block decoded as
// Capella's fails and names the member.
func DecodeSignedBlockJSON(fork forks.Name, preset *def.Preset, data []byte) (*SignedBlock, error) {
	t, spec, err := typesOf(fork, preset)
	if err != nil {
		return nil, err
	}
	v := t.newSigned(spec)
	if err := v.UnmarshalJSON(data); err != nil {
		return nil, err
	}
	return &SignedBlock{fork: fork, preset: preset, v: v}, nil
}

// ForkName returns the fork the block is of.
func (b *SignedBlock) ForkName() forks.Name { return b.fork }

// Blinded reports whether b is a SignedBlindedBeaconBlock; its view is
// then Any's, and the accessors of the forks' SignedBeaconBlock views
// return false.
func (b *SignedBlock) Blinded() bool { return b.blinded }

// Preset returns the preset the block is of.
func (b *SignedBlock) Preset() *def.Preset { return b.preset }

// Message returns the handle of message, the block, which writes through
// to b.
func (b *SignedBlock) Message() *Block {
	return &Block{fork: b.fork, preset: b.preset, blinded: b.blinded, v: tableOf(b.fork, b.blinded).message(b.v)}
}

// Signature returns signature.
func (b *SignedBlock) Signature() phase0.BLSSignature { return b.v.Signature() }

// HashTreeRoot returns the hash_tree_root of the signed block (not the
// block root, which is Message().HashTreeRoot()).
func (b *SignedBlock) HashTreeRoot() [32]byte { return b.v.HashTreeRoot() }

// Copy returns an independent copy of b in O(1).
func (b *SignedBlock) Copy() *SignedBlock {
	return &SignedBlock{fork: b.fork, preset: b.preset, blinded: b.blinded, v: tableOf(b.fork, b.blinded).copySigned(b.v)}
}

// MarshalSSZ returns the serialization of the signed block.
func (b *SignedBlock) MarshalSSZ() ([]byte, error) { return b.v.MarshalSSZ() }

// MarshalJSON returns the JSON of the signed block in the beacon-API
// format, without the envelope.
func (b *SignedBlock) MarshalJSON() ([]byte, error) { return b.v.MarshalJSON() }

// Any returns the fork's own view: a *phase0.SignedBeaconBlock to an
// *electra.SignedBeaconBlock (Fulu's).
func (b *SignedBlock) Any() any { return b.v }

// Phase0 returns the phase0 view, and false when b is of another fork.
func (b *SignedBlock) Phase0() (*phase0.SignedBeaconBlock, bool) {
	return as[*phase0.SignedBeaconBlock](b.fork, forks.NamePhase0, b.v)
}

// Altair returns the Altair view, and false when b is of another fork.
func (b *SignedBlock) Altair() (*altair.SignedBeaconBlock, bool) {
	return as[*altair.SignedBeaconBlock](b.fork, forks.NameAltair, b.v)
}

// Bellatrix returns the Bellatrix view, and false when b is of another
// fork.
func (b *SignedBlock) Bellatrix() (*bellatrix.SignedBeaconBlock, bool) {
	return as[*bellatrix.SignedBeaconBlock](b.fork, forks.NameBellatrix, b.v)
}

// Capella returns the Capella view, and false when b is of another fork.
func (b *SignedBlock) Capella() (*capella.SignedBeaconBlock, bool) {
	return as[*capella.SignedBeaconBlock](b.fork, forks.NameCapella, b.v)
}

// Deneb returns the Deneb view, and false when b is of another fork.
func (b *SignedBlock) Deneb() (*deneb.SignedBeaconBlock, bool) {
	return as[*deneb.SignedBeaconBlock](b.fork, forks.NameDeneb, b.v)
}

// Electra returns the Electra view, and false when b is of another fork.
func (b *SignedBlock) Electra() (*electra.SignedBeaconBlock, bool) {
	return as[*electra.SignedBeaconBlock](b.fork, forks.NameElectra, b.v)
}

// Fulu returns the Fulu view (Electra's type), and false when b is of
// another fork.
func (b *SignedBlock) Fulu() (*fulu.SignedBeaconBlock, bool) {
	return as[*fulu.SignedBeaconBlock](b.fork, forks.NameFulu, b.v)
}

// Gloas returns the Gloas view, and false when b is of another fork.
func (b *SignedBlock) Gloas() (*gloas.SignedBeaconBlock, bool) {
	return as[*gloas.SignedBeaconBlock](b.fork, forks.NameGloas, b.v)
}
