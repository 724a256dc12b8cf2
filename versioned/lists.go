package versioned

import (
	"iter"

	"github.com/ssztree/ssztree/view"
)

// ValueList is the handle of a state's list of plain values (validators),
// which writes through to the state: a *view.ValueList from phase0 to
// Fulu, a *view.ProgressiveValueList, without a limit, from Gloas on.
type ValueList[V any] interface {
	Len() int
	Get(i int) V
	Set(i int, v V)
	All() iter.Seq2[int, V]
	Append(v V) error
	Pop() (V, error)
	HashTreeRoot() [32]byte
}

// BasicList is the handle of a state's list of unsigned integers
// (balances), which writes through to the state: a *view.BasicList from
// phase0 to Fulu, a *view.ProgressiveBasicList, without a limit, from
// Gloas on.
type BasicList[T view.Unsigned] interface {
	Len() int
	Get(i int) T
	Set(i int, v T)
	All() iter.Seq2[int, T]
	Values() iter.Seq[T]
	Update(f func(i int, v T) T)
	Append(v T) error
	Pop() (T, error)
	HashTreeRoot() [32]byte
}
