package view

import (
	"bytes"
	"math/rand/v2"
	"testing"
)

// TestHandlesModel applies random operations to a long-lived state view
// through handles taken once (and kept across copies and commits), and the
// same operations to a fresh view decoded from the expected bytes each time,
// whose handles are new. Their encodings and roots must stay equal, and
// copies taken along the way must keep their bytes.
func TestHandlesModel(t *testing.T) {
	r := rand.New(rand.NewPCG(21, 22))
	for round := 0; round < 20; round++ {
		st := must(NewContainer(state))
		want, _ := st.MarshalSSZ()
		bal := st.Field(3).(*Uint64List)
		vals := st.Field(2).(*CompactList)
		bits := st.Field(4).(*Bitlist)
		structs := st.Field(6).(*List)
		type snapshot struct {
			v    *Container
			want []byte
		}
		var snaps []snapshot
		for step := 0; step < 60; step++ {
			op := r.IntN(12)
			k := r.Uint64()
			apply := func(st *Container, bal *Uint64List, vals *CompactList, bits *Bitlist, structs *List) {
				switch op {
				case 0:
					bal.Append(k % 1000)
				case 1:
					if bal.Len() > 0 {
						bal.Set(int(k%uint64(bal.Len())), k)
					}
				case 2:
					bal.Pop()
				case 3:
					bal.Update(func(i int, v uint64) uint64 { return v + uint64(i) + k%7 })
				case 4:
					v := make([]byte, 121)
					v[0], v[80] = byte(k), byte(k>>8)
					vals.Append(v)
				case 5:
					if vals.Len() > 0 {
						v := vals.Get(int(k % uint64(vals.Len())))
						v[88] ^= 1
						vals.Set(int(k%uint64(vals.Len())), v)
					}
				case 6:
					bits.Append(k%2 == 0)
				case 7:
					if structs.Len() < 16 {
						structs.Append(must(NewContainer(varTestStruct)))
					}
				case 8:
					if structs.Len() > 0 {
						c := structs.Get(int(k % uint64(structs.Len()))).(*Container)
						c.SetUint(0, k%60000)
						c.Field(1).(*BasicList[uint16]).Append(uint16(k))
					}
				case 9:
					structs.Pop()
				case 10:
					st.SetUint(0, k)
					cp := st.Field(1).(*Container)
					cp.SetUint(0, k>>1)
				case 11:
					empty, _ := NewBasicList[uint64](uint64List)
					empty.Append(k)
					st.Set(3, empty)
				}
			}
			// The long-lived view, through the handles taken at the start.
			apply(st, bal, vals, bits, structs)
			// The reference: a fresh view with fresh handles.
			fresh, err := DecodeContainer(state, want)
			if err != nil {
				t.Fatal(err)
			}
			apply(fresh, fresh.Field(3).(*Uint64List), fresh.Field(2).(*CompactList),
				fresh.Field(4).(*Bitlist), fresh.Field(6).(*List))
			want, _ = fresh.MarshalSSZ()

			if r.IntN(3) == 0 {
				st.HashTreeRoot()
			}
			if r.IntN(8) == 0 {
				snaps = append(snaps, snapshot{st.Copy(), append([]byte(nil), want...)})
			}
			if r.IntN(4) == 0 {
				got, _ := st.MarshalSSZ()
				if !bytes.Equal(got, want) {
					t.Fatalf("round %d step %d (op %d): the long-lived view differs", round, step, op)
				}
				if st.HashTreeRoot() != fresh.HashTreeRoot() {
					t.Fatalf("round %d step %d (op %d): roots differ", round, step, op)
				}
			}
		}
		got, _ := st.MarshalSSZ()
		if !bytes.Equal(got, want) {
			t.Fatalf("round %d: the long-lived view differs at the end", round)
		}
		for _, s := range snaps {
			expectValue(t, s.v, s.want)
		}
	}
}
