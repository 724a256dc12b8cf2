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

// Pair is a fixed-size struct with every kind of field the values of a
// list may have: nested structs, by value and by pointer, a uint256 by
// value and by pointer, arrays of numbers and of byte arrays, a boolean.
type Pair struct {
	Left    Point
	Right   *Point
	Big     uint256.Int
	BigPtr  *uint256.Int
	Counts  [3]uint16
	Keys    [2][4]byte
	Enabled bool
	Tiny    uint8
}

// Point is a fixed-size struct of plain values.
type Point struct {
	Slot uint64
	Root Root
}

// Pairs holds a list and a vector of Pair values, and a progressive list
// of them.
type Pairs struct {
	List   []Pair `ssz-max:"10"`
	Vector [2]Pair
	Prog   []Pair `ssz-type:"progressive-list"`
}
