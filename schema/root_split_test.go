package schema

import (
	"encoding/binary"
	"math/rand/v2"
	"testing"
)

// offsetList serializes the variable-size values parts as a list or
// vector of them: their offsets, then their bytes.
func offsetList(parts [][]byte) []byte {
	b := make([]byte, 4*len(parts))
	for i, p := range parts {
		binary.LittleEndian.PutUint32(b[4*i:], uint32(len(b)))
		b = append(b, p...)
	}
	return b
}

// randomBytes returns n random bytes.
func randomBytes(r *rand.Rand, n int) []byte {
	b := make([]byte, n)
	for i := range b {
		b[i] = byte(r.Uint32())
	}
	return b
}

// splitRoot returns the root Root computes of the value of type t
// serialized in b, hashing the values of lists and vectors of at least
// splitListBytes apart whatever GOMAXPROCS is, and the number of tasks
// that made.
func splitRoot(t Type, b []byte) ([32]byte, int) {
	m := &merkle{split: true}
	m.leaves = make([][32]byte, 0, 1) // grown by the layout: the tasks must see its final slice
	r := m.value(t, b)
	tasks := len(m.tasks)
	m.runTasks()
	m.hash()
	return m.val(r), tasks
}

// TestRootSplit compares the root of values whose lists of composite values
// are hashed apart, in tasks on several goroutines, with the reference's
// and with Root's on one goroutine: lists of transactions of every shape
// a block has or could have (none, one, an empty one, lengths that are no
// power of two, one transaction larger than a task, a task's size
// exactly, byte lists at their limit), attestations with large bitlists, vectors of fixed-size
// composite values, progressive lists, and a list of lists whose inner
// lists are hashed apart while the outer is not.
func TestRootSplit(t *testing.T) {
	r := rand.New(rand.NewPCG(42, 2))
	txType := Must(NewByteList(1 << 30))
	txsType := Must(NewList(txType, 1<<20))
	txs := func(sizes ...int) []byte {
		parts := make([][]byte, len(sizes))
		for i, n := range sizes {
			parts[i] = randomBytes(r, n)
		}
		return offsetList(parts)
	}
	many := func(n, lo, hi int) []int {
		s := make([]int, n)
		for i := range s {
			s[i] = lo + r.IntN(hi-lo+1)
		}
		return s
	}
	bits := Must(NewBitlist(2048 * 64))
	attestation := Must(NewContainer("Attestation", field("bits", bits), field("data", checkpoint), field("signature", Must(NewByteVector(96)))))
	attestations := Must(NewList(attestation, 8))
	bitlist := func(n int) []byte {
		b := randomBytes(r, n/8+1)
		b[len(b)-1] &= 1<<(n%8) - 1
		b[len(b)-1] |= 1 << (n % 8)
		return b
	}
	att := func(n int) []byte {
		fixed := make([]byte, 4+40+96)
		copy(fixed[4:], randomBytes(r, 136))
		binary.LittleEndian.PutUint32(fixed, uint32(len(fixed)))
		return append(fixed, bitlist(n)...)
	}
	progressive := Must(NewProgressiveList(txType))
	nested := Must(NewList(txsType, 4))

	cases := []struct {
		name  string
		typ   Type
		b     []byte
		split bool // the value makes tasks
	}{
		{"no transactions", txsType, txs(), false},
		{"one empty transaction", txsType, txs(0), false},
		{"one transaction of a task", txsType, txs(taskBytes), true},
		{"one transaction of half a task", txsType, txs(splitListBytes - 4), true},
		{"one transaction short of half a task", txsType, txs(splitListBytes - 5), false},
		{"two transactions of a task", txsType, txs(taskBytes, taskBytes), true},
		{"a task's size exactly, then one", txsType, txs(taskBytes, 0, 1), true},
		{"1,000 transactions", txsType, txs(many(1000, 100, 1000)...), true},
		{"1,023 transactions, some empty", txsType, txs(append(many(1022, 0, 600), 0)...), true},
		{"1,025 transactions", txsType, txs(many(1025, 1, 64)...), true},
		{"one large among small", txsType, txs(append(append(many(40, 10, 300), 100_000), many(40, 10, 300)...)...), true},
		{"eight attestations of full bits", attestations, offsetList([][]byte{att(2048 * 64), att(2048*64 - 1), att(1), att(0), att(2048 * 64), att(77777), att(9), att(2048 * 64)}), true},
		{"three attestations", attestations, offsetList([][]byte{att(2048 * 64), att(2048 * 64), att(5)}), true},
		{"validators", Must(NewList(validator, 1<<40)), randomSeq(r, validator, 1000, 0), true},
		{"a vector of deposits", Must(NewVector(deposit, 100)), randomBytes(r, (33*32+184)*100), true},
		{"byte lists at their limit", Must(NewList(Must(NewByteList(4096)), 64)), txs(many(40, 4096, 4096)...), true},
		{"progressive transactions", progressive, txs(many(300, 100, 400)...), true},
		{"lists of transactions", nested, offsetList([][]byte{txs(many(200, 100, 300)...), txs(), txs(many(3, 7000, 9000)...)}), true},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if err := Validate(c.typ, c.b); err != nil {
				t.Fatalf("the case's bytes: %v", err)
			}
			want := refRoot(c.typ, c.b)
			got, tasks := splitRoot(c.typ, c.b)
			if got != want {
				t.Fatalf("root hashed apart %x, reference %x", got, want)
			}
			if (tasks > 0) != c.split {
				t.Fatalf("%d tasks, want some: %v", tasks, c.split)
			}
			alone := new(merkle)
			if got := alone.root(c.typ, c.b); got != want {
				t.Fatalf("root on one goroutine %x, reference %x", got, want)
			}
			if got := must(Root(c.typ, c.b)); got != want {
				t.Fatalf("Root %x, reference %x", got, want)
			}
		})
	}
}
