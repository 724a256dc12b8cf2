package fulu_test

import (
	"errors"
	"testing"

	"github.com/ssztree/ssztree/fulu"
)

// TestDataColumnSidecar checks the column of a sidecar: cells of 2,048
// bytes appended, read back, and kept through an encoding.
func TestDataColumnSidecar(t *testing.T) {
	sc := fulu.NewDataColumnSidecar(fulu.Minimal)
	sc.SetIndex(5)
	cell := make([]byte, 2048)
	cell[0], cell[2047] = 1, 2
	if err := sc.Column().Append(cell); err != nil {
		t.Fatal(err)
	}
	if err := sc.Column().Append(cell[1:]); err == nil {
		t.Error("a cell of 2,047 bytes appended")
	}
	sc.KZGCommitments().Append(fulu.KZGCommitment{9})
	b, err := sc.MarshalSSZ()
	if err != nil {
		t.Fatal(err)
	}
	back, err := fulu.DecodeDataColumnSidecar(fulu.Minimal, b)
	if err != nil {
		t.Fatal(err)
	}
	if back.HashTreeRoot() != sc.HashTreeRoot() || back.Index() != 5 || back.Column().Len() != 1 ||
		back.Column().Get(0)[2047] != 2 || back.KZGCommitments().Get(0) != (fulu.KZGCommitment{9}) {
		t.Error("the decoded sidecar differs")
	}
	if _, err := fulu.DecodeDataColumnSidecar(fulu.Minimal, b[:len(b)-1]); err == nil {
		t.Error("a truncated sidecar decoded")
	}
	if _, err := fulu.DecodeMatrixEntry(nil, nil); !errors.Is(err, fulu.ErrNilSpec) {
		t.Errorf("DecodeMatrixEntry(nil, nil): %v, want ErrNilSpec", err)
	}
}
