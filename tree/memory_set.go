package tree

import (
	"math/bits"
	"unsafe"
)

// addrSet is a set of non-zero addresses in one pointer-free array, open
// addressing with linear probing: a slot is a uintptr (8 bytes on 64-bit
// platforms, 4 on 386), kept between 3/8 and 3/4 full, about 14 bytes an
// address on average on 64 bits, where a Go map of the same
// keys takes about 38 (its slot of a key and an empty value is 16 bytes:
// a struct ending in a zero-size field is padded), and the collector
// scans none of it.
type addrSet struct {
	slots []uintptr // 0 is an empty slot; len is 0 or a power of two
	n     int
	shift uint8 // 64 - log2(len(slots))
}

// minAddrSlots is the smallest table an addrSet makes.
const minAddrSlots = 64

func (s *addrSet) home(k uintptr) int {
	return int(uint64(k) * 0x9e3779b97f4a7c15 >> s.shift)
}

// len returns the number of addresses in the set.
func (s *addrSet) len() int { return s.n }

// bytes returns the heap bytes of the set's table.
func (s *addrSet) bytes() int64 {
	return heapSize(int(unsafe.Sizeof(uintptr(0)))*len(s.slots), false)
}

// has reports whether k is in the set.
func (s *addrSet) has(k uintptr) bool {
	if s.n == 0 {
		return false
	}
	mask := len(s.slots) - 1
	for i := s.home(k); ; i = (i + 1) & mask {
		switch s.slots[i] {
		case k:
			return true
		case 0:
			return false
		}
	}
}

// add adds k, which must not be 0, and reports whether it was not in the
// set before.
func (s *addrSet) add(k uintptr) bool {
	if 4*(s.n+1) > 3*len(s.slots) {
		s.resize(max(minAddrSlots, 2*len(s.slots)))
	}
	mask := len(s.slots) - 1
	for i := s.home(k); ; i = (i + 1) & mask {
		switch s.slots[i] {
		case k:
			return false
		case 0:
			s.slots[i] = k
			s.n++
			return true
		}
	}
}

// remove removes k and reports whether it was in the set. The addresses
// after it in its run move back (backward-shift deletion), so that no
// tombstones slow later look-ups; the table halves once it is under 3/16
// full.
func (s *addrSet) remove(k uintptr) bool {
	if s.n == 0 {
		return false
	}
	mask := len(s.slots) - 1
	i := s.home(k)
	for s.slots[i] != k {
		if s.slots[i] == 0 {
			return false
		}
		i = (i + 1) & mask
	}
	for j := (i + 1) & mask; s.slots[j] != 0; j = (j + 1) & mask {
		// The address at j may fill the hole at i unless its home lies
		// cyclically in (i, j]: then it is already as close to it as it
		// can be.
		h := s.home(s.slots[j])
		if (j-h)&mask >= (j-i)&mask {
			s.slots[i] = s.slots[j]
			i = j
		}
	}
	s.slots[i] = 0
	s.n--
	if len(s.slots) > minAddrSlots && 16*s.n < 3*len(s.slots) {
		s.resize(len(s.slots) / 2)
	}
	return true
}

// resize moves the set into a table of size slots, a power of two.
func (s *addrSet) resize(size int) {
	old := s.slots
	s.slots = make([]uintptr, size)
	s.shift = uint8(64 - bits.TrailingZeros(uint(size)))
	s.n = 0
	for _, k := range old {
		if k != 0 {
			s.add(k)
		}
	}
}
