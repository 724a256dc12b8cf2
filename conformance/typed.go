package conformance

import (
	"bytes"
	"fmt"
)

// typedValue is what a value of a fork package's generated types has (its
// package's Value interface), for checkTyped.
type typedValue interface {
	HashTreeRoot() [32]byte
	MarshalSSZ() ([]byte, error)
	UnmarshalSSZ(b []byte) error
	SizeSSZ() int
	MarshalJSON() ([]byte, error)
	UnmarshalJSON(data []byte) error
}

// checkTyped checks the serialized bytes b of an ssz_static case through
// the generated Go type of the container: they unmarshal, marshal back to
// b, hash to the root of roots.yaml, marshal back to b again, and survive a
// JSON round trip.
func checkTyped(path string, run *staticRun, name string, b []byte) error {
	newValue := typedValues[run.suite.fork]
	if newValue == nil {
		return nil
	}
	v, ok := newValue(run.types.Preset, name)
	if !ok {
		return fmt.Errorf("%s: no Go type for %s in package %s", path, name, run.suite.fork)
	}
	if err := v.UnmarshalSSZ(b); err != nil {
		return fmt.Errorf("%s: typed %s: UnmarshalSSZ: %v", path, name, err)
	}
	// A lazily decoded value encodes from its bytes, and a small one is
	// hashed from them too (schema.Root); the tree is checked by checkValue.
	if out, err := v.MarshalSSZ(); err != nil || !bytes.Equal(out, b) || v.SizeSSZ() != len(b) {
		return fmt.Errorf("%s: typed %s: MarshalSSZ before the root %v, %s (SizeSSZ %d)", path, name, err, diff(out, b), v.SizeSSZ())
	}
	want, err := readRoot(path, rootsFile)
	if err != nil {
		return err
	}
	if got := v.HashTreeRoot(); got != want {
		return fmt.Errorf("%s: typed %s: root 0x%x, want 0x%x", path, name, got, want)
	}
	out, err := v.MarshalSSZ()
	if err != nil || !bytes.Equal(out, b) || v.SizeSSZ() != len(b) {
		return fmt.Errorf("%s: typed %s: MarshalSSZ %v, %s (SizeSSZ %d)", path, name, err, diff(out, b), v.SizeSSZ())
	}
	js, err := v.MarshalJSON()
	if err != nil {
		return fmt.Errorf("%s: typed %s: MarshalJSON: %v", path, name, err)
	}
	back, _ := newValue(run.types.Preset, name)
	if err := back.UnmarshalJSON(js); err != nil {
		return fmt.Errorf("%s: typed %s: UnmarshalJSON of its own JSON: %v", path, name, err)
	}
	if out, _ := back.MarshalSSZ(); !bytes.Equal(out, b) {
		return fmt.Errorf("%s: typed %s: JSON round trip: %s", path, name, diff(out, b))
	}
	return nil
}
