package tree

import (
	"bytes"
	"testing"
)

// TestBuildMixIn checks that the mix-ins built in one allocation with
// their stem stand for what a separate stem and mix-in do: the same
// root, the same data, the same shape below the length.
func TestBuildMixIn(t *testing.T) {
	l, err := NewLayout(ChunkShape, 2)
	if err != nil {
		t.Fatal(err)
	}
	for _, size := range []int{0, 1, 31, 32, 128, 129, 4 * 128, 4*128 + 7, 9 * 128} {
		data := make([]byte, size)
		for i := range data {
			data[i] = byte(i*7 + 1)
		}
		for _, depth := range []int{4, 10, 30} {
			got, err := BuildPagesMixIn(l, depth, data, uint64(size))
			if fits := (size+31)/32 <= 1<<depth; !fits {
				if err == nil {
					t.Errorf("%d bytes in depth %d: no error", size, depth)
				}
				continue
			}
			if err != nil {
				t.Fatal(err)
			}
			pages, err := BuildPages(l, depth, data)
			if err != nil {
				t.Fatal(err)
			}
			want := NewMixIn(pages, uint64(size))
			if got.Root() != want.Root() {
				t.Errorf("%d bytes, depth %d: BuildPagesMixIn's root %x, want %x", size, depth, got.Root(), want.Root())
			}
			dataNode, _ := got.Children()
			back, err := AppendData(nil, dataNode, depth, l, size)
			if err != nil || !bytes.Equal(back, data) {
				t.Errorf("%d bytes, depth %d: data %x (%v), want %x", size, depth, back, err, data)
			}
			if size > 0 && depth == 30 && !dataNode.IsStem() {
				t.Errorf("%d bytes, depth %d: the data tree under the mix-in is not a stem", size, depth)
			}
		}
	}
	leaves := make([]*Node, 5)
	for i := range leaves {
		leaves[i] = NewLeafUint64(uint64(i + 1))
	}
	for _, n := range []int{0, 1, 2, 5} {
		got, err := BuildMixIn(8, leaves[:n], 0, uint64(n))
		if err != nil {
			t.Fatal(err)
		}
		built, err := Build(8, leaves[:n], 0)
		if err != nil {
			t.Fatal(err)
		}
		if want := NewMixIn(built, uint64(n)); got.Root() != want.Root() {
			t.Errorf("%d leaves: BuildMixIn's root %x, want %x", n, got.Root(), want.Root())
		}
	}
	if _, err := BuildMixIn(2, leaves, 0, 5); err == nil {
		t.Error("BuildMixIn of 5 nodes in depth 2: no error")
	}
}
