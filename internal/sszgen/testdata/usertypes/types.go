// Package usertypes holds Go structs with SSZ tags whose views sszgen's
// tests generate (-types) and compile.
package usertypes

import "github.com/holiman/uint256"

// Gwei is a named basic type.
type Gwei uint64

// Root is a named byte vector.
type Root [32]byte

// Account is fixed-size: kept in pages in a list.
type Account struct {
	Balance Gwei
	Nonce   uint32
	Frozen  bool
	Owner   [20]byte
}

// Header is a nested container.
type Header struct {
	Slot       uint64
	ParentRoot Root
	StateRoot  []byte `ssz-size:"32"`
}

// Block has variable-size fields.
type Block struct {
	Header   *Header
	Txs      [][]byte `ssz-max:"16,1024"`
	Graffiti []byte   `ssz-max:"32"`
}

// Extra is a progressive container.
type Extra struct {
	A uint64   `ssz-index:"0"`
	B []uint64 `ssz-index:"2" ssz-type:"progressive-list"`
}

// State holds every kind.
type State struct {
	Slot     uint64 `json:"slot"`
	Supply   *uint256.Int
	Balances []Gwei     `ssz-max:"1024" dynssz-max:"MAX_ITEMS"`
	Roots    [][32]byte `ssz-size:"8,32"`
	Accounts []Account  `ssz-max:"100"`
	Blocks   []*Block   `ssz-max:"4"`
	Bits     []byte     `ssz-type:"bitlist" ssz-max:"100"`
	Flags    [1]byte    `ssz-type:"bitvector" ssz-bitsize:"4"`
	Extra    Extra
	Items    []uint16 `ssz-type:"progressive-list"`
	Latest   Header
	cache    int
	Skip     int `ssz:"-"`
}
