package conformance

import (
	"bytes"
	"fmt"
	"strings"
	"testing"

	"github.com/ssztree/ssztree/forks"
)

// TestSSZFromYAMLStatic converts values written as in ssz_static value.yaml
// files: uint256 as quoted decimal strings, byte vectors and lists as hex,
// bitlists as hex of their serialization, lists of containers.
func TestSSZFromYAMLStatic(t *testing.T) {
	types, err := forks.Capella.Resolve(forks.Minimal)
	if err != nil {
		t.Fatal(err)
	}
	h32 := func(b byte) string { return fmt.Sprintf("'0x%s'", strings.Repeat(fmt.Sprintf("%02x", b), 32)) }
	for _, tt := range []struct {
		typ, yaml string
		want      []byte
	}{
		{"PowBlock", "{block_hash: " + h32(1) + ", parent_hash: " + h32(2) + ", total_difficulty: '258'}",
			cat(bytes.Repeat([]byte{1}, 32), bytes.Repeat([]byte{2}, 32), []byte{2, 1}, make([]byte, 30))},
		{"Withdrawal", "index: 1\nvalidator_index: 2\naddress: '0x" + strings.Repeat("ab", 20) + "'\namount: 3\n",
			cat([]byte{1}, make([]byte, 7), []byte{2}, make([]byte, 7), bytes.Repeat([]byte{0xab}, 20), []byte{3}, make([]byte, 7))},
		{"HistoricalBatch", "block_roots: [" + strings.Repeat(h32(7)+", ", 63) + h32(7) + "]\nstate_roots: [" + strings.Repeat(h32(8)+", ", 63) + h32(8) + "]\n",
			cat(bytes.Repeat([]byte{7}, 64*32), bytes.Repeat([]byte{8}, 64*32))},
		{"PendingAttestation", "aggregation_bits: '0x0d'\ndata: {slot: 1, index: 2, beacon_block_root: " + h32(0) +
			", source: {epoch: 3, root: " + h32(0) + "}, target: {epoch: 4, root: " + h32(0) + "}}\ninclusion_delay: 5\nproposer_index: 6\n",
			cat([]byte{148, 0, 0, 0}, []byte{1}, make([]byte, 7), []byte{2}, make([]byte, 7), make([]byte, 32),
				[]byte{3}, make([]byte, 7+32), []byte{4}, make([]byte, 7+32), []byte{5}, make([]byte, 7), []byte{6}, make([]byte, 7), []byte{0x0d})},
	} {
		got, err := SSZFromYAML(types.Container(tt.typ), parseYAML(t, tt.yaml))
		if err != nil {
			t.Errorf("%s: %v", tt.typ, err)
		} else if !bytes.Equal(got, tt.want) {
			t.Errorf("%s = %x, want %x", tt.typ, got, tt.want)
		}
	}
}

// cat returns the concatenation of bs.
func cat(bs ...[]byte) []byte { return bytes.Join(bs, nil) }

// TestTypedForks checks that every fork whose ssz_static cases are run has
// its generated Go types checked too, unless it is one of untypedForks,
// and that they are the fork's: a value of each container of the fork, of
// the size the schema gives.
func TestTypedForks(t *testing.T) {
	if !typedChecks {
		// Built with ssztree_nofork: no fork is checked through its
		// generated package.
		if len(typedValues) != 0 {
			t.Errorf("typed checks are off, but %d forks have Go types to check", len(typedValues))
		}
		return
	}
	for name, fork := range staticForks {
		newValue := typedValues[name]
		_, untyped := untypedForks[name]
		if untyped != (newValue == nil) {
			t.Errorf("fork %s: Go types checked: %v, listed in untypedForks: %v", name, newValue != nil, untyped)
			continue
		}
		if untyped {
			continue
		}
		for _, p := range staticPresets {
			types, err := fork.Resolve(p)
			if err != nil {
				t.Fatal(err)
			}
			for _, c := range types.Names() {
				v, ok := newValue(p, c)
				if !ok {
					t.Errorf("%s %s: no Go type for %s", name, p.Name, c)
					continue
				}
				if want := types.Type(c).Default().Root(); v.HashTreeRoot() != want {
					t.Errorf("%s %s: the Go type of %s has another default root than the schema type", name, p.Name, c)
				}
			}
			if _, ok := newValue(p, "NoSuchContainer"); ok {
				t.Errorf("%s %s: a Go type for NoSuchContainer", name, p.Name)
			}
		}
	}
}
