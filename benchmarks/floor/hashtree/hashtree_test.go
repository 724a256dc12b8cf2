package hashtree

import (
	"errors"
	"testing"
)

// TestHashErrors checks that every kernel refuses bad lengths, and one the
// processor lacks any call, with the package's sentinel errors.
func TestHashErrors(t *testing.T) {
	for _, k := range Kernels() {
		if !k.Supported() {
			if err := k.Hash(make([][32]byte, 1), make([][32]byte, 2)); !errors.Is(err, ErrUnsupported) {
				t.Errorf("%s, which %s: %v, want ErrUnsupported", k.Name, k.Why(), err)
			}
			continue
		}
		if k.Why() != "" {
			t.Errorf("%s: supported, yet Why says %q", k.Name, k.Why())
		}
		if err := k.Hash(make([][32]byte, 2), make([][32]byte, 3)); !errors.Is(err, ErrOddChunks) {
			t.Errorf("%s, 3 chunks: %v, want ErrOddChunks", k.Name, err)
		}
		if err := k.Hash(make([][32]byte, 1), make([][32]byte, 4)); !errors.Is(err, ErrShortDigests) {
			t.Errorf("%s, 1 digest for 2 pairs: %v, want ErrShortDigests", k.Name, err)
		}
		if err := k.Hash(nil, nil); err != nil {
			t.Errorf("%s, no pairs: %v", k.Name, err)
		}
	}
}
