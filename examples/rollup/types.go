// Package rollup is an example of a user's own SSZ types: the state and the
// batches of a small rollup, written as Go structs with the tags of
// dynamic-ssz, whose tree-backed views (views_gen.go) cmd/sszgen
// generates. Its tests check that the views' roots and encodings are those
// dynamic-ssz gives the same structs.
//
// The types use every kind of the generator's input: containers, nested
// and in lists; lists with limits, one of them from a spec value; byte
// vectors; a bitlist (go-bitfield's); a uint256; a progressive container
// (RollupState, EIP-7495); a progressive list (EIP-7916); and a compatible
// union (Operation, EIP-8016).
package rollup

import (
	"github.com/OffchainLabs/go-bitfield"
	"github.com/holiman/uint256"
	dynssz "github.com/pk910/dynamic-ssz"
)

//go:generate go tool sszgen -types RollupState,Batch -values MAX_ACCOUNTS=4096,MAX_OPERATIONS=64 -out views_gen.go

// SpecValues are the spec values that the tags dynssz-max name, given to
// sszgen (-values, above) and to dynamic-ssz (dynssz.NewDynSsz).
var SpecValues = map[string]uint64{"MAX_ACCOUNTS": 4096, "MAX_OPERATIONS": 64}

// Address is an account's address: a named byte vector.
type Address [20]byte

// Account is an account of the rollup: a fixed-size container, which a
// list keeps in pages; its view's lists of accounts hand out AccountValue
// values, Account with the methods they need.
type Account struct {
	Address Address
	Balance uint64
	Nonce   uint64
	Frozen  bool
	// Stake is a uint256: nil is zero.
	Stake *uint256.Int
}

// BatchHeader is the header of a batch: a fixed-size container nested in
// others.
type BatchHeader struct {
	Number     uint64
	ParentRoot [32]byte
	StateRoot  [32]byte
	Timestamp  uint64
}

// Transfer moves an amount between two accounts. It is one option of
// Operation, a progressive container whose fields sit where Deposit's
// fields of the same name do (EIP-8016's compatible merkleization).
type Transfer struct {
	From   uint32 `ssz-index:"0"`
	To     uint32 `ssz-index:"1"`
	Amount uint64 `ssz-index:"2"`
}

// Deposit credits an address from the layer below: the other option of
// Operation.
type Deposit struct {
	Amount    uint64  `ssz-index:"2"`
	Recipient Address `ssz-index:"3"`
	L1Block   uint64  `ssz-index:"4"`
}

// Operation is a transfer (selector 1) or a deposit (selector 2): a
// compatible union of EIP-8016.
type Operation = dynssz.CompatibleUnion[struct {
	Transfer Transfer
	Deposit  Deposit
}]

// Batch is a batch of operations and its signers: a variable-size
// container.
type Batch struct {
	Header     BatchHeader
	Operations []Operation      `ssz-max:"1024" dynssz-max:"MAX_OPERATIONS"`
	Signers    bitfield.Bitlist `ssz-max:"128"`
	Signature  []byte           `ssz-size:"96"`
	Data       []byte           `ssz-max:"65536"`
}

// RollupState is the rollup's state: a progressive container (EIP-7495),
// whose fields keep their generalized indices when later versions add
// fields at the free positions (3 here).
type RollupState struct {
	ChainID      uint64       `ssz-index:"0"`
	Supply       *uint256.Int `ssz-index:"1"`
	LatestHeader BatchHeader  `ssz-index:"2"`
	Accounts     []Account    `ssz-index:"4" ssz-max:"1048576" dynssz-max:"MAX_ACCOUNTS"`
	// Withdrawals is a progressive list (EIP-7916): no limit.
	Withdrawals []uint64         `ssz-index:"5" ssz-type:"progressive-list"`
	RecentRoots [][32]byte       `ssz-index:"6" ssz-max:"64"`
	Operators   bitfield.Bitlist `ssz-index:"7" ssz-max:"256"`
	Pending     Operation        `ssz-index:"8"`
	Batches     []*Batch         `ssz-index:"9" ssz-max:"16"`
	// Label is not an SSZ field (ssz:"-"), nor would an unexported field
	// be.
	Label string `ssz:"-"`
}
