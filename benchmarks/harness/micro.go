package harness

import (
	"bytes"
	"encoding/hex"
)

// CaseMicro names the micro cases' output (Output.Case).
const CaseMicro = "micro"

// microOp returns the operation of a row of micro case m on input in.
func microOp(m *Micro, in []byte, row string) op {
	switch row {
	case RowMicroEncode, RowMicroEncodeHashed:
		return op{row: row, do: func(int) error { _, err := m.encode(); return err }}
	case RowMicroDecodeRoot:
		return op{row: row, do: func(int) error {
			if err := m.decode(in); err != nil {
				return err
			}
			_, err := m.root()
			return err
		}}
	}
	return op{row: row, do: func(int) error { return m.decode(in) }}
}

// microRows returns the rows of a micro case: a Checkpoint is only decoded;
// the containers (the block, the gossip objects) are also encoded after a
// root.
func microRows(cs string) []string {
	switch cs {
	case CaseCheckpoint:
		return []string{RowMicroDecode}
	case CaseByteList, CaseVector:
		return []string{RowMicroDecode, RowMicroEncode, RowMicroDecodeRoot}
	}
	return []string{RowMicroDecode, RowMicroEncode, RowMicroEncodeHashed, RowMicroDecodeRoot}
}

// prepareMicro decodes in for a row that times its value (an encode), and
// hashes it for RowMicroEncodeHashed.
func prepareMicro(m *Micro, in []byte, row string) error {
	if row != RowMicroEncode && row != RowMicroEncodeHashed {
		return nil
	}
	if err := m.decode(in); err != nil {
		return err
	}
	if row == RowMicroEncodeHashed {
		if _, err := m.root(); err != nil {
			return err
		}
	}
	return nil
}

// verifyMicro decodes in once and returns the root and encoding checks.
func verifyMicro(cs string, m *Micro, in []byte) []Check {
	root := Check{Case: cs, Name: RowMicroDecodeRoot}
	enc := Check{Case: cs, Name: RowMicroEncode}
	if err := m.decode(in); err != nil {
		root.Err, enc.Err = err.Error(), err.Error()
		return []Check{root, enc}
	}
	if r, err := m.root(); err != nil {
		root.Err = err.Error()
	} else {
		root.Value = hex.EncodeToString(r[:])
	}
	if b, err := m.encode(); err != nil {
		enc.Err = err.Error()
	} else if bytes.Equal(b, in) {
		enc.Value = EncodingEqual
	} else {
		enc.Value = EncodingDiffers
	}
	return []Check{root, enc}
}

// RunMicro runs every micro case p has on the inputs (by case name).
func RunMicro(cfg Config, p Peer, inputs map[string][]byte) *Output {
	out := &Output{Peer: p.Name, Fork: p.Fork, Title: p.Title, Case: CaseMicro, Notes: map[string]string{}}
	for key, note := range p.Notes {
		out.Notes[key] = note
	}
	for _, cs := range MicroCases {
		m := p.Micro[cs]
		if m == nil {
			continue
		}
		if m.Note != "" {
			out.Notes[cs] = m.Note
		}
		in := inputs[cs]
		if m.Input != nil {
			in = m.Input(in)
		}
		out.Checks = append(out.Checks, verifyMicro(cs, m, in)...)
		for _, row := range microRows(cs) {
			k := 0
			if err := prepareMicro(m, in, row); err != nil {
				out.Rows = append(out.Rows, Row{Case: cs, Name: row, Unit: UnitNs, Err: err.Error()})
				continue
			}
			res := Row{Case: cs, Name: row, Unit: UnitNs}
			samples, ops, err := measure(cfg, microOp(m, in, row), &k)
			if err != nil {
				res.Err = err.Error()
			}
			res.Samples, res.OpsPerRun = samples, ops
			out.Rows = append(out.Rows, res)
		}
	}
	return out
}

// VerifyMicro runs the micro checks of p alone on the inputs (by case name).
func VerifyMicro(p Peer, inputs map[string][]byte) []Check {
	var checks []Check
	for _, cs := range MicroCases {
		if m := p.Micro[cs]; m != nil {
			in := inputs[cs]
			if m.Input != nil {
				in = m.Input(in)
			}
			checks = append(checks, verifyMicro(cs, m, in)...)
		}
	}
	return checks
}
