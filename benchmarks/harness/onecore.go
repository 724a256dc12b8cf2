package harness

import (
	"runtime"
	"strings"
)

// The one-core rows: the decode, encode and root rows of a state, run
// again in a child pinned to one core with GOMAXPROCS=1 (the driver's
// CaseOneCore child), beside their twins that run on every core. A
// library that hashes or decodes in parallel shows here what one core
// of a busy node gets of it, and the figures compare with the
// scoreboard's, which runs the same way.

// CaseOneCore names the output of a one-core child; its rows are of
// CaseState, named by OneCoreRow, in the group of the state they ran on.
const CaseOneCore = "onecore"

// oneCoreSuffix ends the ID of the one-core twin of a state row.
const oneCoreSuffix = "-1core"

// OneCoreRows lists the state rows that also run on one core, in the order
// they run.
var OneCoreRows = []string{RowDecode, RowColdRoot, RowDecodeColdRoot, RowEncode}

// OneCoreRow returns the ID of the one-core twin of a state row.
func OneCoreRow(row string) string { return row + oneCoreSuffix }

// ManyCoreRow returns the row a one-core row is the twin of, and whether
// row is a one-core row.
func ManyCoreRow(row string) (string, bool) { return strings.CutSuffix(row, oneCoreSuffix) }

// OneCore runs the rows of OneCoreRows as the state script runs them
// (measure, after the same heap settling before the encode), on as many
// cores as GOMAXPROCS allows. Its rows have no checks of their own: the
// state child's checks of the same peer on the same state vouch for them
// (ChecksFor).
func (r stateRunner[S]) OneCore(cfg Config, in []byte, n int) (*Output, error) {
	x := &session[S]{p: r.p, in: in, n0: n, n: n}
	out := &Output{Case: CaseOneCore, Validators: n, Procs: runtime.GOMAXPROCS(0)}
	for _, row := range OneCoreRows {
		if row == RowEncode {
			if err := x.decode(); err != nil {
				return nil, err
			}
			settleHeap()
		}
		o, _ := x.op(row)
		res := Row{Case: CaseState, Name: OneCoreRow(row), Unit: UnitNs, Validators: n}
		k := 0
		samples, ops, err := measure(cfg, o, &k)
		if err != nil {
			res.Err = err.Error()
		}
		res.Samples, res.OpsPerRun = samples, ops
		out.Rows = append(out.Rows, res)
	}
	x.drop()
	return out, nil
}
