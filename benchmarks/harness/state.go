package harness

import (
	"fmt"
	"runtime"
)

// stateRunner runs the state script on one peer.
type stateRunner[S any] struct{ p StatePeer[S] }

// stateSession is a decoded state and the script's operations on it.
type stateSession interface {
	op(row string) (op, bool)
	decode() error
	root() ([32]byte, error)
	copyHeap(k int) (uint64, error)
	liveHeapOfDecode() (alloc, heapDecode, heapRoot uint64, err error)
}

// session holds one peer's decoded state while the script runs on it.
type session[S any] struct {
	p   StatePeer[S]
	in  []byte
	n0  int // validators in the input
	n   int // validators in s now
	s   S
	c   S // the latest copy
	idx []int

	lastRoot [32]byte
	lastEnc  []byte // the last encoding, whose buffer the next one reuses
}

func (r stateRunner[S]) session(in []byte, n int) (stateSession, error) {
	x := &session[S]{p: r.p, in: in, n0: n, n: n}
	if err := x.decode(); err != nil {
		return nil, err
	}
	if _, err := x.root(); err != nil {
		return nil, err
	}
	return x, nil
}

// drop releases the state and its copy, so that garbage collection can free
// them.
func (x *session[S]) drop() {
	var zero S
	x.s, x.c = zero, zero
}

// decode replaces the state with a fresh decode of the input.
func (x *session[S]) decode() error {
	x.drop()
	s, err := x.p.Decode(x.in)
	if err != nil {
		return fmt.Errorf("decode: %w", err)
	}
	x.s, x.n = s, x.n0
	return nil
}

func (x *session[S]) root() ([32]byte, error) {
	r, err := x.p.Root(x.s)
	x.lastRoot = r
	return r, err
}

// addBalances is one operation of a balance row on state s.
func (x *session[S]) addBalances(s S, row string, k, count int) error {
	x.idx = PickMany(x.idx, row, k, count, x.n)
	return x.p.AddBalances(s, x.idx, BalanceDelta(k))
}

// op returns the operation of a row, and false for a row that is not an
// operation (the memory rows).
func (x *session[S]) op(row string) (op, bool) {
	rooted := func(f func(k int) error) func(k int) error {
		return func(k int) error {
			if err := f(k); err != nil {
				return err
			}
			_, err := x.root()
			return err
		}
	}
	collect := func(int) error { x.drop(); runtime.GC(); return nil }
	switch row {
	case RowDecode:
		return op{row: row, prep: collect, do: func(int) error { return x.decode() }}, true
	case RowColdRoot:
		prep := func(k int) error {
			if err := x.decode(); err != nil {
				return err
			}
			runtime.GC()
			return nil
		}
		return op{row: row, prep: prep, do: func(int) error { _, err := x.root(); return err }}, true
	case RowDecodeColdRoot:
		return op{row: row, prep: collect, do: rooted(func(int) error { return x.decode() })}, true
	case RowEncode:
		return op{row: row, do: func(int) error {
			b, err := x.p.Encode(x.s, x.lastEnc[:0])
			x.lastEnc = b
			return err
		}}, true
	case RowRoot:
		return op{row: row, do: func(int) error { _, err := x.root(); return err }}, true
	case RowBalance1:
		return op{row: row, do: rooted(func(k int) error { return x.addBalances(x.s, row, k, 1) })}, true
	case RowBalance1000:
		return op{row: row, do: rooted(func(k int) error { return x.addBalances(x.s, row, k, Balance1000) })}, true
	case RowEffective:
		return op{row: row, do: rooted(func(k int) error {
			return x.p.SetEffectiveBalance(x.s, Pick(row, k, 0, x.n), EffectiveBalance(k))
		})}, true
	case RowAppend:
		// Appends grow the state: at most 1% more validators per row.
		return op{row: row, maxOps: max(1, x.n0/100/8), do: rooted(func(k int) error {
			v, balance, flags, score := NewValidator(k)
			if err := x.p.AppendValidator(x.s, v, balance, flags, score); err != nil {
				return err
			}
			x.n++
			return nil
		})}, true
	case RowBalanceAll:
		return op{row: row, do: rooted(func(k int) error { return x.p.AddAllBalances(x.s, BalanceDelta(k)) })}, true
	case RowCopy:
		return op{row: row, do: func(int) error {
			c, err := x.p.Copy(x.s)
			x.c = c
			return err
		}}, true
	case RowCopyBalance1:
		prep := func(int) error {
			c, err := x.p.Copy(x.s)
			x.c = c
			return err
		}
		return op{row: row, prep: prep, do: func(k int) error {
			if err := x.addBalances(x.c, row, k, 1); err != nil {
				return err
			}
			r, err := x.p.Root(x.c)
			x.lastRoot = r
			return err
		}}, true
	}
	return x.slotOp(row)
}

// liveHeapOfDecode decodes the state afresh and returns the bytes the decode
// allocated, the live heap it holds, and the live heap it holds once its
// root is known.
func (x *session[S]) liveHeapOfDecode() (alloc, heapDecode, heapRoot uint64, err error) {
	x.drop()
	h0 := liveHeap()
	a0 := totalAlloc()
	if err := x.decode(); err != nil {
		return 0, 0, 0, err
	}
	alloc = totalAlloc() - a0
	heapDecode = liveHeap() - h0
	if _, err := x.root(); err != nil {
		return 0, 0, 0, err
	}
	heapRoot = liveHeap() - h0
	return alloc, heapDecode, heapRoot, nil
}

// copyHeap returns the live heap held by a copy of the (hashed) state after
// one balance of the copy changed and the copy was hashed.
func (x *session[S]) copyHeap(k int) (uint64, error) {
	var zero S
	x.c = zero
	h0 := liveHeap()
	c, err := x.p.Copy(x.s)
	if err != nil {
		return 0, err
	}
	if err := x.addBalances(c, RowCopyHeap, k, 1); err != nil {
		return 0, err
	}
	if _, err := x.p.Root(c); err != nil {
		return 0, err
	}
	x.c = c // held while the heap is measured
	h1 := liveHeap()
	x.c = zero
	if h1 < h0 {
		return 0, nil
	}
	return h1 - h0, nil
}
