package schema_test

import (
	"encoding/binary"
	"testing"

	"github.com/ssztree/ssztree/schema"
	"github.com/ssztree/ssztree/tree"
)

// TestMemoryByPath breaks a value down by field and checks the entries
// against the sizes of the fields' subtrees, alone and beside a set that
// already holds the value.
func TestMemoryByPath(t *testing.T) {
	checkpoint := schema.Must(schema.NewContainer("Checkpoint",
		schema.Field{Name: "epoch", Type: schema.Uint64},
		schema.Field{Name: "root", Type: schema.Must(schema.NewByteVector(32))}))
	inner := schema.Must(schema.NewContainer("Inner",
		schema.Field{Name: "slot", Type: schema.Uint64},
		schema.Field{Name: "balances", Type: schema.Must(schema.NewList(schema.Uint64, 1<<20))}))
	outer := schema.Must(schema.NewContainer("Outer",
		schema.Field{Name: "inner", Type: inner},
		schema.Field{Name: "finalized", Type: checkpoint},
		schema.Field{Name: "roots", Type: schema.Must(schema.NewVector(schema.Must(schema.NewByteVector(32)), 64))}))
	const n = 5000
	b := make([]byte, 0, 8+4+n*8+40+64*32)
	b = binary.LittleEndian.AppendUint32(b, 4+40+64*32) // offset of inner
	for i := range 40 + 64*32 {
		b = append(b, byte(i))
	}
	b = binary.LittleEndian.AppendUint64(b, 9)
	b = binary.LittleEndian.AppendUint32(b, 12)
	for i := range n {
		b = binary.LittleEndian.AppendUint64(b, uint64(i)*3)
	}
	root, err := outer.Decode(b)
	if err != nil {
		t.Fatal(err)
	}
	fields, _ := outer.Fields(root)
	innerFields, _ := inner.Fields(fields[0])

	var m tree.Memory
	got, err := schema.MemoryByPath(outer, root, &m, 2)
	if err != nil {
		t.Fatal(err)
	}
	byPath := map[string]int64{}
	var sum int64
	for _, e := range got {
		byPath[e.Path] += e.Bytes
		sum += e.Bytes
	}
	t.Log(got)
	if sum != tree.Size(root) || m.Bytes() != sum || m.Len() != 1 {
		t.Errorf("entries add up to %d, the set holds %d in %d roots; the value holds %d", sum, m.Bytes(), m.Len(), tree.Size(root))
	}
	for path, want := range map[string]int64{
		"inner.balances": tree.Size(innerFields[1]),
		"roots":          tree.Size(fields[2]),
		"finalized":      tree.Size(fields[1]),
	} {
		if byPath[path] != want || want == 0 {
			t.Errorf("%s holds %d bytes, its subtree %d", path, byPath[path], want)
		}
	}
	again, err := schema.MemoryByPath(outer, root, &m, 2)
	if err != nil || len(again) != 0 || m.Len() != 2 {
		t.Errorf("the value beside itself: %v, %v; set of %d roots", again, err, m.Len())
	}
}

func must[T any](v T, err error) T {
	if err != nil {
		panic(err)
	}
	return v
}
