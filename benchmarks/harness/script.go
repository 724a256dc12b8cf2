package harness

import (
	"bytes"
	"encoding/hex"
	"fmt"
	"runtime"
	"time"
)

// scriptRows lists the timed rows after the decode rows, in order. The bulk
// change of every balance comes last, so that the copy rows run on the
// state of the rows before it.
var scriptRows = []string{
	RowEncode, RowRoot, RowBalance1, RowBalance1000, RowEffective,
	RowAppend, RowCopy, RowCopyBalance1, RowBalanceAll,
}

// verify runs each operation once (k = 0) on a fresh decode, in script order
// (then the slot and the epoch of a SlotPeer), and returns the roots and encoding checks every peer must agree on.
func (x *session[S]) verify() []Check {
	var checks []Check
	add := func(name string, r [32]byte, err error) {
		c := Check{Case: CaseState, Name: name, Value: hex.EncodeToString(r[:])}
		if err != nil {
			c.Value, c.Err = "", err.Error()
		}
		checks = append(checks, c)
	}
	if err := x.decode(); err != nil {
		add(RowColdRoot, [32]byte{}, err)
		return checks
	}
	r, err := x.root()
	add(RowColdRoot, r, err)
	for _, row := range scriptRows {
		o, _ := x.op(row)
		if o.prep != nil {
			if err := o.prep(0); err != nil {
				add(row, [32]byte{}, err)
				continue
			}
		}
		before := x.lastRoot
		err := o.do(0)
		switch row {
		case RowEncode:
			c := Check{Case: CaseState, Name: row, Value: EncodingEqual}
			if err != nil {
				c.Value, c.Err = "", err.Error()
			} else if !bytes.Equal(x.lastEnc, x.in) {
				c.Value = EncodingDiffers
			}
			checks = append(checks, c)
		case RowCopy:
			// Checked by RowCopyBalance1 and CheckCopyOriginal.
		case RowCopyBalance1:
			add(row, x.lastRoot, err)
			r, err := x.root()
			if err == nil && r != before {
				err = fmt.Errorf("the original's root changed with its copy")
			}
			add(CheckCopyOriginal, r, err)
		default:
			add(row, x.lastRoot, err)
		}
	}
	for _, row := range SlotRows {
		o, ok := x.op(row)
		if !ok {
			continue
		}
		err := o.prep(0)
		if err == nil {
			err = o.do(0)
		}
		add(row, x.lastRoot, err)
	}
	x.drop()
	return checks
}

// Run runs the state script: the checks on a fresh decode, then every row,
// then the cold twins of ColdStateRows, then the slot and epoch rows of a
// SlotPeer, then the live heap the state holds after all of them.
func (r stateRunner[S]) Run(cfg Config, in []byte, n int) (*Output, error) {
	x := &session[S]{p: r.p, in: in, n0: n, n: n}
	out := &Output{Case: CaseState, Validators: n}
	out.Checks = x.verify()
	k := 0
	timed := func(row string) {
		o, _ := x.op(row)
		res := Row{Case: CaseState, Name: row, Unit: UnitNs, Validators: x.n}
		var floor func() (time.Duration, error)
		if row == RowColdRoot && cfg.Floor != nil && cfg.FloorPairs > 0 {
			floor = func() (time.Duration, error) { return cfg.Floor(cfg.FloorPairs) }
		}
		samples, floors, ops, err := measurePaired(cfg, o, &k, floor)
		if err != nil {
			res.Err = err.Error()
		}
		res.Samples, res.Floor, res.OpsPerRun = samples, floors, ops
		out.Rows = append(out.Rows, res)
		k = 0
	}
	for _, row := range []string{RowDecode, RowColdRoot, RowDecodeColdRoot} {
		timed(row)
	}
	alloc := Row{Case: CaseState, Name: RowDecodeAlloc, Unit: UnitBytes, Validators: n}
	heapDecode := Row{Case: CaseState, Name: RowHeapDecode, Unit: UnitBytes, Validators: n}
	heapRoot := Row{Case: CaseState, Name: RowHeapRoot, Unit: UnitBytes, Validators: n}
	for range cfg.MemRuns {
		a, hd, hr, err := x.liveHeapOfDecode()
		if err != nil {
			return nil, err
		}
		alloc.Samples = append(alloc.Samples, float64(a))
		heapDecode.Samples = append(heapDecode.Samples, float64(hd))
		heapRoot.Samples = append(heapRoot.Samples, float64(hr))
	}
	out.Rows = append(out.Rows, alloc, heapDecode, heapRoot)
	settleHeap()
	for _, row := range scriptRows {
		timed(row)
	}
	copyHeap := Row{Case: CaseState, Name: RowCopyHeap, Unit: UnitBytes, Validators: x.n}
	for i := range cfg.MemRuns {
		b, err := x.copyHeap(i)
		if err != nil {
			copyHeap.Err = err.Error()
			break
		}
		copyHeap.Samples = append(copyHeap.Samples, float64(b))
	}
	out.Rows = append(out.Rows, copyHeap)
	for _, row := range ColdStateRows {
		o, _ := x.op(row)
		out.Rows = append(out.Rows, coldRow(CaseState, ColdRow(row), o, x.n))
	}
	for _, row := range SlotRows {
		if o, ok := x.op(row); ok {
			out.Rows = append(out.Rows, coldRow(CaseState, row, o, x.n))
		}
	}
	// The state's live heap after all of it: the heap with the state (not
	// its latest copy), less the heap once the state is dropped too.
	var zero S
	x.c = zero
	held := liveHeap()
	x.drop()
	rest := liveHeap()
	runtime.KeepAlive(x) // the input and the last encoding, in both
	changed := Row{Case: CaseState, Name: RowHeapChanged, Unit: UnitBytes, Validators: x.n}
	changed.Samples = []float64{float64(held - min(held, rest))}
	out.Rows = append(out.Rows, changed)
	return out, nil
}

// Verify runs the state checks alone: each operation once on a fresh decode
// of in (n validators).
func Verify(r StateRunner, in []byte, n int) []Check {
	return r.checks(in, n)
}

func (r stateRunner[S]) checks(in []byte, n int) []Check {
	x := &session[S]{p: r.p, in: in, n0: n, n: n}
	return x.verify()
}
