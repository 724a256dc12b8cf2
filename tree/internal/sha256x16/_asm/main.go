// Command _asm generates the SHA-256 kernels of package sha256x16 and their
// Go declarations:
//
//	go run . -out ../sha256x16_amd64.s -stubs ../sha256x16_amd64.go -pkg sha256x16
//
// (package sha256x16's go:generate line runs it). The kernels hash n
// 64-byte messages at once, one message per 32-bit lane:
//
//   - hashAVX512, 16 lanes in ZMM registers (VPRORD, VPTERNLOGD, embedded
//     broadcasts, VSHUFI32X4 transposes), one group at a time, every round
//     written out and the message schedule in registers (kernelInRegisters):
//     the form for processors bound by how many instructions they issue;
//   - hashAVX512x2, two such groups whose rounds are interleaved, in loops
//     of 8 rounds with the schedule in the frame (kernel): the form for
//     processors bound by how long each instruction waits for its operands;
//   - hashAVX2, 8 lanes in YMM registers (rotations by shifts and OR, Ch and
//     Maj by AND, ANDN, XOR and OR, VPERM2I128 transposes), by kernel.
//
// Only the operations of type simd differ between the AVX-512 and AVX2
// instructions; the transposes of messages and hashes, the schedule's and
// rounds' arithmetic and the padding block are shared, so that testing
// hashAVX2 on a processor without AVX-512 tests all of kernel's code but
// the interleaving of groups. kernelInRegisters needs 32 vector registers,
// which only AVX-512 has: the package's tests run it on the processor where
// it can, and on an emulator of the instructions everywhere.
//
// Written from FIPS 180-4, Secure Hash Standard (August 2015): the
// functions of §4.1.2, the constants of §4.2.2 and §5.3.3 (computed here
// from their definition), the padding of §5.1.1 and the computation of
// §6.2.2.
//
// The module is separate from the library's so that avo never enters the
// library's dependencies.
package main

import (
	"fmt"
	"math/big"

	. "github.com/mmcloughlin/avo/build"
	. "github.com/mmcloughlin/avo/operand"
	. "github.com/mmcloughlin/avo/reg"
)

func main() {
	ConstraintExpr("amd64")

	tables()
	kernelInRegisters(avx512{})
	kernel(avx512{}, 2)
	kernel(avx2{}, 1)
	detection()

	Generate()
}

// The read-only tables both kernels share.
var (
	initial Mem // H(0), §5.3.3: 8 words
	consts  Mem // K, §4.2.2: 64 words
	padKW   Mem // K[t] + W[t] of the padding block of a 64-byte message: 64 words
	swap    Mem // the VPSHUFB mask that reverses the bytes of each 32-bit word: 64 bytes
)

func tables() {
	primes := firstPrimes(64)
	initial = GLOBL("initial", RODATA|NOPTR)
	for i := 0; i < 8; i++ {
		DATA(4*i, U32(fractionOfRoot(primes[i], 2)))
	}
	var k [64]uint32
	consts = GLOBL("consts", RODATA|NOPTR)
	for i := range k {
		k[i] = fractionOfRoot(primes[i], 3)
		DATA(4*i, U32(k[i]))
	}
	w := paddingSchedule()
	padKW = GLOBL("padkw", RODATA|NOPTR)
	for i := range k {
		DATA(4*i, U32(k[i]+w[i]))
	}
	swap = GLOBL("swap", RODATA|NOPTR)
	for i := 0; i < 64; i++ {
		DATA(i, U8(i&^3|(3-i&3)))
	}
}

// firstPrimes returns the first n prime numbers.
func firstPrimes(n int) []int64 {
	var ps []int64
	for c := int64(2); len(ps) < n; c++ {
		prime := true
		for _, p := range ps {
			if c%p == 0 {
				prime = false
				break
			}
		}
		if prime {
			ps = append(ps, c)
		}
	}
	return ps
}

// fractionOfRoot returns the first 32 bits of the fractional part of the
// k-th root of p (§4.2.2, §5.3.3): the low 32 bits of the integer k-th root
// of p·2^(32k), found exactly by bisection.
func fractionOfRoot(p int64, k int) uint32 {
	target := new(big.Int).Lsh(big.NewInt(p), uint(32*k))
	lo, hi := big.NewInt(0), new(big.Int).Lsh(big.NewInt(1), 64)
	one := big.NewInt(1)
	for new(big.Int).Sub(hi, lo).Cmp(one) > 0 { // invariant: lo^k <= target < hi^k
		mid := new(big.Int).Rsh(new(big.Int).Add(lo, hi), 1)
		if new(big.Int).Exp(mid, big.NewInt(int64(k)), nil).Cmp(target) <= 0 {
			lo = mid
		} else {
			hi = mid
		}
	}
	return uint32(lo.Uint64())
}

// paddingSchedule returns the message schedule W[0..63] (§6.2.2 step 1) of
// the second block of every 64-byte message: by §5.1.1 it is the bit 1,
// 447 zero bits and the message length, 512, as a 64-bit integer.
func paddingSchedule() [64]uint32 {
	var w [64]uint32
	w[0] = 0x80000000
	w[15] = 512
	rotr := func(x uint32, n uint) uint32 { return x>>n | x<<(32-n) }
	for t := 16; t < 64; t++ {
		s0 := rotr(w[t-15], 7) ^ rotr(w[t-15], 18) ^ w[t-15]>>3
		s1 := rotr(w[t-2], 17) ^ rotr(w[t-2], 19) ^ w[t-2]>>10
		w[t] = s1 + w[t-7] + s0 + w[t-16]
	}
	return w
}

// simd is what differs between the two kernels: the width and the
// instructions of each operation. Operations that return a register return
// a new one unless they say otherwise.
type simd interface {
	name() string
	lanes() int // 32-bit lanes per register
	doc() []string
	load(m Mem) VecVirtual
	store(x VecVirtual, m Mem)
	broadcast(m Mem) VecVirtual // the 32-bit word at m in every lane
	add(dst VecVirtual, x Op)   // dst += x, lane by lane
	addBroadcast(dst VecVirtual, m Mem)
	sum(x VecVirtual, y Op) VecVirtual // x + y, lane by lane
	sumBroadcast(x VecVirtual, m Mem) VecVirtual
	move(x, dst VecVirtual)
	rotr(x VecVirtual, n int) VecVirtual
	shr(x VecVirtual, n int) VecVirtual
	xor3(x, y, z VecVirtual) VecVirtual // x ^ y ^ z, into x
	// ch returns (x AND y) XOR (NOT x AND z), §4.1.2 (4.2), and maj the
	// majority of x, y, z, (4.3); with overwrite, in z's register or a new
	// one, else in a new one.
	ch(x, y, z VecVirtual, overwrite bool) VecVirtual
	maj(x, y, z VecVirtual, overwrite bool) VecVirtual
	bswap(x VecVirtual) // in place
	// blocks transposes the L/4 × L/4 matrix of 128-bit blocks of rows:
	// block k of result j is block j of rows[k].
	blocks(rows []VecVirtual) []VecVirtual
	// storeBlock stores 128-bit block k of x at m.
	storeBlock(x VecVirtual, k int, m Mem)
}

// kernel emits the function that hashes groups·ways·lanes messages of 64
// bytes at in and writes their hashes at out, ways groups of lanes
// messages at a time: each group's rounds are one chain of dependent
// instructions (the lanes of a register move together), and with two
// groups the processor runs one group's instructions while the other's
// wait.
//
// The rounds are loops of 8 (the working variables' registers come back
// to their places after 8 rounds, by a copy each), so that the code of two
// groups fits the processor's cache of decoded instructions: the message
// block's first 16 rounds, which take their W from the message, are
// written out, rounds 16 to 55 are a loop of 5 and 56 to 63 are written
// out; the padding block's rounds 0 to 55 are a loop of 7 and 56 to 63
// are written out. The last 8 rounds of each block are written out because
// the last round differs (it keeps every working variable, see round).
func kernel(s simd, ways int) {
	L := s.lanes()
	vb := 4 * L // bytes of a register
	name, doc := s.name(), s.doc()
	if ways > 1 {
		name = fmt.Sprintf("%sx%d", s.name(), ways)
		doc = []string{
			fmt.Sprintf("%s is %s on %d groups of %d messages at a time: it", name, s.name(), ways, L),
			fmt.Sprintf("hashes %d·groups messages.", ways*L),
		}
	}
	TEXT(name, 0, "func(out, in *[32]byte, groups int)")
	Doc(doc...)
	Pragma("noescape")
	out := Load(Param("out"), GP64())
	in := Load(Param("in"), GP64())
	groups := Load(Param("groups"), GP64())
	// W[t] of every round of the message block, group after group, and the
	// hash values after it, by group, in a frame aligned to 64 bytes by
	// hand: Go aligns a frame to 8, and a ZMM load or store that crosses a
	// cache line costs twice (the kernel's speed varied by a quarter from
	// one binary to the next with the frame's alignment).
	frame := AllocLocal(72*vb*ways + 64)
	base := GP64()
	LEAQ(frame, base)
	ADDQ(U32(63), base)
	ANDQ(I32(-64), base)
	w := Mem{Base: base}
	mid := Mem{Base: base, Disp: 64 * vb * ways}
	wp, kp, count := GP64(), GP64(), GP64() // W[t0], K[t0] of the loop's first round t0, and the loop's count
	// wAt is W[t0 + j] of group k.
	wAt := func(k int) func(j int) Mem {
		return func(j int) Mem { return Mem{Base: wp, Disp: (64*k + j) * vb} }
	}

	Label("loop")
	TESTQ(groups, groups)
	JZ(LabelRef("done"))

	Comment("First block: the message. Load it and transpose it so that register t holds word t of every message.")
	for k := 0; k < ways; k++ {
		for pass := 0; pass < 16/L; pass++ {
			rows := make([]VecVirtual, L)
			for i := range rows {
				rows[i] = s.load(Mem{Base: in, Disp: 64*(L*k+i) + vb*pass})
				s.bswap(rows[i])
			}
			words := transposeIn(s, rows)
			for j, x := range words {
				s.store(x, w.Offset((64*k+L*pass+j)*vb))
			}
		}
	}
	LEAQ(w, wp)
	LEAQ(consts, kp)
	st := make([][8]VecVirtual, ways)
	for k := range st {
		for i := range st[k] {
			st[k][i] = s.broadcast(initial.Offset(4 * i))
		}
	}
	// messageKW returns, for round t0 + j of the message block, x + K + W,
	// computing W first from t0 + j >= 16 on (the loop's rounds).
	messageKW := func(t0 int) func(k, j int) func(VecVirtual) VecVirtual {
		return func(k, j int) func(VecVirtual) VecVirtual {
			return func(x VecVirtual) VecVirtual {
				var wt Op = wAt(k)(j)
				if t0+j >= 16 {
					wt = schedule(s, wAt(k), j)
				}
				r := s.sum(x, wt)
				s.addBroadcast(r, Mem{Base: kp, Disp: 4 * j})
				return r
			}
		}
	}
	prepare(s, st, messageKW(0))
	st = rounds(s, st, 16, messageKW(0), false)
	ADDQ(U32(16*vb), wp)
	ADDQ(U32(4*16), kp)
	st = loop(s, "message", st, 5, messageKW(16), wp, kp, count)
	st = rounds(s, st, 8, messageKW(56), true)
	for k := range st {
		for i := range st[k] {
			s.addBroadcast(st[k][i], initial.Offset(4*i))
			s.store(st[k][i], mid.Offset((8*k+i)*vb))
		}
	}

	Comment("Second block: the padding, the same for every 64-byte message; its K[t] + W[t] are a table.")
	LEAQ(padKW, kp)
	paddingKW := func(k, j int) func(VecVirtual) VecVirtual {
		return func(x VecVirtual) VecVirtual { return s.sumBroadcast(x, Mem{Base: kp, Disp: 4 * j}) }
	}
	prepare(s, st, paddingKW)
	st = loop(s, "padding", st, 7, paddingKW, nil, kp, count)
	st = rounds(s, st, 8, paddingKW, true)
	for k := range st {
		for i := range st[k] {
			s.add(st[k][i], mid.Offset((8*k+i)*vb))
			s.bswap(st[k][i])
		}
	}

	Comment("Transpose the hash values back: hash m is word m of the 8 registers.")
	for k := range st {
		for g := 0; g < 2; g++ {
			t := transpose4(st[k][4*g : 4*g+4])
			// Block b of t[j] holds words 4g..4g+3 of the hash of message 4b+j.
			for b := 0; b < L/4; b++ {
				for j := range t {
					s.storeBlock(t[j], b, Mem{Base: out, Disp: 32*(L*k+4*b+j) + 16*g})
				}
			}
		}
	}

	ADDQ(U32(64*L*ways), in)
	ADDQ(U32(32*L*ways), out)
	DECQ(groups)
	JMP(LabelRef("loop"))

	Label("done")
	VZEROUPPER()
	RET()
}

// kernelInRegisters emits s's one-group kernel in the form a processor
// that is bound by how many vector instructions it issues, not by how long
// each waits, runs fastest (Intel's AVX-512 cores: two ZMM operations a
// cycle, each ready the next): every round written out, the message
// schedule kept in 16 registers rather than in the frame, the state after
// the message block kept in 8 more, and each round in its plain form
// (roundPlain), one addition fewer than round's prepared one. It needs 32
// vector registers, which only AVX-512 has.
func kernelInRegisters(s simd) {
	L := s.lanes()
	TEXT(s.name(), 0, "func(out, in *[32]byte, groups int)")
	Doc(s.doc()...)
	Pragma("noescape")
	out := Load(Param("out"), GP64())
	in := Load(Param("in"), GP64())
	groups := Load(Param("groups"), GP64())

	Label("loop")
	TESTQ(groups, groups)
	JZ(LabelRef("done"))

	Comment("First block: the message. Load it and transpose it so that register t holds word t of every message.")
	rows := make([]VecVirtual, L)
	for i := range rows {
		rows[i] = s.load(Mem{Base: in, Disp: 64 * i})
		s.bswap(rows[i])
	}
	w := transposeIn(s, rows)
	// Ask for the next group's messages while this group's rounds run: a
	// group's loads come all at once, before 2,800 instructions that need
	// none. A prefetch past the end of in is a hint that cannot fault.
	for i := 0; i < L; i++ {
		PREFETCHT0(Mem{Base: in, Disp: 64 * (L + i)})
	}
	var st [8]VecVirtual
	for i := range st {
		st[i] = s.broadcast(initial.Offset(4 * i))
	}
	// messageKW returns, for round t of the message block, x + K[t] + W[t],
	// computing W[t] first from t = 16 on, into the register of W[t-16].
	messageKW := func(t int) func(VecVirtual) VecVirtual {
		return func(x VecVirtual) VecVirtual {
			if t >= 16 {
				scheduleInRegisters(s, w, t)
			}
			r := s.sum(x, w[t%16])
			s.addBroadcast(r, consts.Offset(4*t))
			return r
		}
	}
	st = roundsPlain(s, st, messageKW)
	var mid [8]VecVirtual
	for i := range st {
		s.addBroadcast(st[i], initial.Offset(4*i))
		mid[i] = VecVirtual(ZMM())
		s.move(st[i], mid[i])
	}

	Comment("Second block: the padding, the same for every 64-byte message; its K[t] + W[t] are a table.")
	paddingKW := func(t int) func(VecVirtual) VecVirtual {
		return func(x VecVirtual) VecVirtual { return s.sumBroadcast(x, padKW.Offset(4*t)) }
	}
	st = roundsPlain(s, st, paddingKW)
	for i := range st {
		s.add(st[i], mid[i])
		s.bswap(st[i])
	}

	Comment("Transpose the hash values back: hash m is word m of the 8 registers, two hashes a register.")
	// Block b of u[j] holds words 0..3, and of v[j] words 4..7, of the hash
	// of message 4b+j; result b of blocks then holds the hashes of messages
	// 4b+2h and 4b+2h+1, which lie side by side in out.
	u, v := transpose4(st[0:4]), transpose4(st[4:8])
	for h := 0; h < 2; h++ {
		for b, x := range s.blocks([]VecVirtual{u[2*h], v[2*h], u[2*h+1], v[2*h+1]}) {
			s.store(x, Mem{Base: out, Disp: 32 * (4*b + 2*h)})
		}
	}

	ADDQ(U32(64*L), in)
	ADDQ(U32(32*L), out)
	DECQ(groups)
	JMP(LabelRef("loop"))

	Label("done")
	VZEROUPPER()
	RET()
}

// scheduleInRegisters computes W[t] for t >= 16 (§6.2.2 step 1) into
// w[t%16], the register of W[t-16], which no later round reads.
func scheduleInRegisters(s simd, w []VecVirtual, t int) {
	x := w[(t-15)%16]
	s0 := s.xor3(s.rotr(x, 7), s.rotr(x, 18), s.shr(x, 3)) // σ0, (4.6)
	y := w[(t-2)%16]
	s1 := s.xor3(s.rotr(y, 17), s.rotr(y, 19), s.shr(y, 10)) // σ1, (4.7)
	n := w[t%16]
	s.add(n, s0)
	s.add(n, s1)
	s.add(n, w[(t-7)%16])
}

// roundsPlain emits the 64 rounds of one block (§6.2.2 step 3) on the
// working variables st, each in roundPlain's form, and returns them:
// kw(t)(x) returns, in a new register, x + K[t] + W[t].
func roundsPlain(s simd, st [8]VecVirtual, kw func(t int) func(VecVirtual) VecVirtual) [8]VecVirtual {
	st[7] = kw(0)(st[7])
	for t := 0; t < 64; t++ {
		var next func(VecVirtual) VecVirtual
		if t < 63 {
			next = kw(t + 1)
		}
		st = roundPlain(s, st, next)
	}
	return st
}

// roundPlain emits one round on st, whose h already holds h + K[t] +
// W[t], and returns the next round's working variables, their h prepared
// with next, or, when next is nil, as they are.
//
// Only h is prepared: the next round's h + K + W is taken from g first,
// so that Ch can overwrite g; T1 is then added to d and to Σ0 + Maj. It
// has one addition fewer than round's form of two groups and two fewer
// than its short form, at the price of e waiting for four instructions
// (a rotation, a VPTERNLOGD and two additions) and of a copy of a for Maj,
// which the processor makes by renaming: the form for a processor whose
// ZMM operations are ready the next cycle, where a group's chain is never
// what it waits for.
func roundPlain(s simd, st [8]VecVirtual, next func(VecVirtual) VecVirtual) [8]VecVirtual {
	a, b, c, d, e, f, g, hk := st[0], st[1], st[2], st[3], st[4], st[5], st[6], st[7]
	var nextHK VecVirtual
	if next != nil {
		nextHK = next(g) // the next round's h + K + W: g is its h
	}
	ch := s.ch(e, f, g, next != nil)
	s.add(hk, ch)
	s.add(hk, s.xor3(s.rotr(e, 6), s.rotr(e, 11), s.rotr(e, 25))) // T1 = h + Σ1(e) + Ch(e, f, g) + K[t] + W[t]
	s.add(d, hk)                                                  // e = d + T1
	sigma0 := s.xor3(s.rotr(a, 2), s.rotr(a, 13), s.rotr(a, 22))  // Σ0
	s.add(sigma0, s.maj(a, b, c, false))
	s.add(hk, sigma0) // a = T1 + Σ0(a) + Maj(a, b, c), (4.4)
	if next == nil {
		return [8]VecVirtual{hk, a, b, c, d, e, f, g}
	}
	return [8]VecVirtual{hk, a, b, c, d, e, f, nextHK}
}

// loop emits n iterations of 8 rounds, from the round at wp and kp (wp
// nil for the padding block, which reads no W) on: kw(k, j) is the K + W
// of round j of the iteration, relative to wp and kp, which each iteration
// moves on by 8 rounds. It returns the working variables, prepared for the
// round after the loop.
func loop(s simd, label string, st [][8]VecVirtual, n int, kw func(k, j int) func(VecVirtual) VecVirtual, wp, kp, count GPVirtual) [][8]VecVirtual {
	MOVQ(U32(n), count)
	Label(label)
	next := rounds(s, st, 8, kw, false)
	for k := range st {
		for i := range st[k] {
			for _, r := range st[k] {
				if next[k][i] == r {
					panic("a register of the loop's start is still live at its end")
				}
			}
		}
		for i := range st[k] {
			s.move(next[k][i], st[k][i])
		}
	}
	if wp != nil {
		ADDQ(U32(8*4*s.lanes()), wp)
	}
	ADDQ(U32(4*8), kp)
	DECQ(count)
	JNZ(LabelRef(label))
	return st
}

// transposeIn turns rows (row i: L consecutive words of message i) into
// registers (register j: word j of every message).
func transposeIn(s simd, rows []VecVirtual) []VecVirtual {
	L := len(rows)
	// After the 4×4 transposes inside each 128-bit block, block k of
	// t[g][j] holds word 4k+j of messages 4g..4g+3.
	t := make([][]VecVirtual, L/4)
	for g := range t {
		t[g] = transpose4(rows[4*g : 4*g+4])
	}
	words := make([]VecVirtual, L)
	for j := 0; j < 4; j++ {
		col := make([]VecVirtual, L/4)
		for g := range col {
			col[g] = t[g][j]
		}
		// Block g of result k holds word 4k+j of messages 4g..4g+3.
		for k, x := range s.blocks(col) {
			words[4*k+j] = x
		}
	}
	return words
}

// transpose4 transposes the 4×4 matrices of 32-bit words in each 128-bit
// block of r: word i of block k of result j is word j of block k of r[i].
// The instructions are the same at every width.
func transpose4(r []VecVirtual) []VecVirtual {
	vec := func() VecVirtual {
		if r[0].Size() == 64 {
			return ZMM()
		}
		return YMM()
	}
	p := []VecVirtual{vec(), vec(), vec(), vec()}
	VPUNPCKLDQ(r[1], r[0], p[0]) // r0[0] r1[0] r0[1] r1[1]
	VPUNPCKHDQ(r[1], r[0], p[1]) // r0[2] r1[2] r0[3] r1[3]
	VPUNPCKLDQ(r[3], r[2], p[2]) // r2[0] r3[0] r2[1] r3[1]
	VPUNPCKHDQ(r[3], r[2], p[3]) // r2[2] r3[2] r2[3] r3[3]
	t := []VecVirtual{vec(), vec(), vec(), vec()}
	VPUNPCKLQDQ(p[2], p[0], t[0]) // r0[0] r1[0] r2[0] r3[0]
	VPUNPCKHQDQ(p[2], p[0], t[1]) // r0[1] r1[1] r2[1] r3[1]
	VPUNPCKLQDQ(p[3], p[1], t[2]) // r0[2] ...
	VPUNPCKHQDQ(p[3], p[1], t[3]) // r0[3] ...
	return t
}

// schedule computes W[t] for t >= 16 (§6.2.2 step 1), where at(j) is
// W[t0 + j] and t = t0 + j, into at(j), and returns it in a register.
func schedule(s simd, at func(int) Mem, j int) VecVirtual {
	x := s.load(at(j - 15))
	s0 := s.xor3(s.rotr(x, 7), s.rotr(x, 18), s.shr(x, 3)) // σ0, (4.6)
	y := s.load(at(j - 2))
	s1 := s.xor3(s.rotr(y, 17), s.rotr(y, 19), s.shr(y, 10)) // σ1, (4.7)
	n := s.load(at(j - 16))
	s.add(n, s0)
	s.add(n, s1)
	s.add(n, at(j-7))
	s.store(n, at(j))
	return n
}

// prepare turns the working variables of each group into the prepared
// form round works on, for the round whose K + W kw(k, 0) adds: h becomes
// h + K + W and d becomes d + h + K + W.
func prepare(s simd, st [][8]VecVirtual, kw func(k, j int) func(VecVirtual) VecVirtual) {
	for k := range st {
		hk := kw(k, 0)(st[k][7])
		st[k][3], st[k][7] = s.sum(st[k][3], hk), hk
	}
}

// rounds emits rounds 0 to n-1 (relative to kw's first round) of §6.2.2
// step 3 on the prepared working variables of each group, round by round
// and group by group, and returns them prepared for round n, or, with
// last, round n-1 keeps every variable and they are returned as they are.
// kw(k, j)(x) returns, in a new register, x + K + W of round j of group k.
//
// In the prepared form d and h already hold d + h + K[t] + W[t] and h +
// K[t] + W[t]: those sums do not wait for e and a, and computing them a
// round ahead, from the g and c that become the next round's h and d,
// leaves g and c dead once the next round's sums are taken, so that Ch and
// Maj can overwrite them instead of a copy (VPTERNLOGD overwrites one of
// its operands).
func rounds(s simd, st [][8]VecVirtual, n int, kw func(k, j int) func(VecVirtual) VecVirtual, last bool) [][8]VecVirtual {
	st = append([][8]VecVirtual(nil), st...)
	for j := 0; j < n; j++ {
		for k := range st {
			var next func(VecVirtual) VecVirtual
			if !last || j < n-1 {
				next = kw(k, j+1)
			}
			st[k] = round(s, st[k], next, len(st) == 1)
		}
	}
	return st
}

// round emits one round on the prepared state st (see rounds) and returns
// the next round's, prepared with next, or, when next is nil, the working
// variables themselves.
//
// With short, e waits for three instructions after the round's e (a
// rotation, a VPTERNLOGD and an addition, for AVX-512), at the price of one
// addition more than without, where it waits for four. One group alone is
// bound by that wait and takes short; two are bound by how many
// instructions they have (docs/performance.md#hashing-kernel).
func round(s simd, st [8]VecVirtual, next func(VecVirtual) VecVirtual, short bool) [8]VecVirtual {
	a, b, c, dk, e, f, g, hk := st[0], st[1], st[2], st[3], st[4], st[5], st[6], st[7]
	var nextHK, nextDK VecVirtual
	if next != nil {
		nextHK = next(g) // the next round's h + K + W: g is its h
		nextDK = s.sum(c, nextHK)
	}
	last := next == nil
	ch := s.ch(e, f, g, !last)
	sigma1 := s.xor3(s.rotr(e, 6), s.rotr(e, 11), s.rotr(e, 25)) // Σ1, (4.5)
	if short {
		s.add(dk, ch)
		s.add(dk, sigma1) // e = d + T1
		s.add(hk, ch)
		s.add(hk, sigma1) // T1 = h + Σ1(e) + Ch(e, f, g) + K[t] + W[t]
	} else {
		s.add(ch, sigma1) // Σ1(e) + Ch(e, f, g)
		s.add(dk, ch)     // e = d + T1
		s.add(hk, ch)     // T1
	}
	s.add(hk, s.maj(a, b, c, !last))
	s.add(hk, s.xor3(s.rotr(a, 2), s.rotr(a, 13), s.rotr(a, 22))) // a = T1 + Σ0(a) + Maj(a, b, c), (4.4)
	if last {
		return [8]VecVirtual{hk, a, b, c, dk, e, f, g}
	}
	return [8]VecVirtual{hk, a, b, nextDK, dk, e, f, nextHK}
}

// avx512 is 16 lanes in ZMM registers: AVX-512 F, and BW for VPSHUFB.
type avx512 struct{}

func (avx512) name() string { return "hashAVX512" }
func (avx512) lanes() int   { return 16 }
func (avx512) load(m Mem) VecVirtual {
	x := ZMM()
	VMOVDQU32(m, x)
	return x
}
func (avx512) store(x VecVirtual, m Mem) { VMOVDQU32(x, m) }
func (avx512) broadcast(m Mem) VecVirtual {
	x := ZMM()
	VPBROADCASTD(m, x)
	return x
}
func (avx512) rotr(x VecVirtual, n int) VecVirtual {
	r := ZMM()
	VPRORD(U8(n), x, r)
	return r
}
func (avx512) shr(x VecVirtual, n int) VecVirtual {
	r := ZMM()
	VPSRLD(U8(n), x, r)
	return r
}

// ternary returns VPTERNLOGD's immediate for f: its truth table, in which
// bit 4a+2b+c is f(a, b, c), a the destination operand (the last in Go's
// order), b the middle one and c the first.
func ternary(f func(a, b, c bool) bool) U8 {
	var imm U8
	for i := 0; i < 8; i++ {
		if f(i&4 != 0, i&2 != 0, i&1 != 0) {
			imm |= 1 << i
		}
	}
	return imm
}

var (
	tableXor3 = ternary(func(a, b, c bool) bool { return a != b != c })
	// tableCh is Ch(x, y, z) with a = x, b = y, c = z, and tableChIntoZ
	// the same function with a = z, b = x, c = y.
	tableCh      = ternary(func(x, y, z bool) bool { return x && y || !x && z })
	tableChIntoZ = ternary(func(z, x, y bool) bool { return x && y || !x && z })
	// tableMaj is symmetric: any operand can be the destination.
	tableMaj = ternary(func(a, b, c bool) bool { return a && b || a && c || b && c })
)

func (avx512) add(dst VecVirtual, x Op)           { VPADDD(x, dst, dst) }
func (avx512) addBroadcast(dst VecVirtual, m Mem) { VPADDD_BCST(m, dst, dst) }
func (avx512) sum(x VecVirtual, y Op) VecVirtual {
	r := ZMM()
	VPADDD(y, x, r)
	return r
}
func (avx512) sumBroadcast(x VecVirtual, m Mem) VecVirtual {
	r := ZMM()
	VPADDD_BCST(m, x, r)
	return r
}
func (avx512) move(x, dst VecVirtual) { VMOVDQA32(x, dst) }
func (avx512) xor3(x, y, z VecVirtual) VecVirtual {
	VPTERNLOGD(tableXor3, z, y, x)
	return x
}
func (avx512) ch(x, y, z VecVirtual, overwrite bool) VecVirtual {
	if overwrite {
		VPTERNLOGD(tableChIntoZ, y, x, z)
		return z
	}
	r := ZMM()
	VMOVDQA32(x, r)
	VPTERNLOGD(tableCh, z, y, r)
	return r
}
func (avx512) maj(x, y, z VecVirtual, overwrite bool) VecVirtual {
	if overwrite {
		VPTERNLOGD(tableMaj, y, x, z)
		return z
	}
	r := ZMM()
	VMOVDQA32(x, r)
	VPTERNLOGD(tableMaj, z, y, r)
	return r
}
func (avx512) bswap(x VecVirtual) { VPSHUFB(swap, x, x) }
func (avx512) blocks(rows []VecVirtual) []VecVirtual {
	// Two rounds of 2×2 transposes of pairs of blocks, then of blocks.
	x := []VecVirtual{ZMM(), ZMM(), ZMM(), ZMM()}
	VSHUFI32X4(U8(0x44), rows[1], rows[0], x[0]) // r0.0 r0.1 r1.0 r1.1
	VSHUFI32X4(U8(0xee), rows[1], rows[0], x[1]) // r0.2 r0.3 r1.2 r1.3
	VSHUFI32X4(U8(0x44), rows[3], rows[2], x[2]) // r2.0 r2.1 r3.0 r3.1
	VSHUFI32X4(U8(0xee), rows[3], rows[2], x[3]) // r2.2 r2.3 r3.2 r3.3
	y := []VecVirtual{ZMM(), ZMM(), ZMM(), ZMM()}
	VSHUFI32X4(U8(0x88), x[2], x[0], y[0]) // r0.0 r1.0 r2.0 r3.0
	VSHUFI32X4(U8(0xdd), x[2], x[0], y[1]) // r0.1 r1.1 r2.1 r3.1
	VSHUFI32X4(U8(0x88), x[3], x[1], y[2]) // r0.2 ...
	VSHUFI32X4(U8(0xdd), x[3], x[1], y[3]) // r0.3 ...
	return y
}
func (avx512) storeBlock(x VecVirtual, k int, m Mem) { VEXTRACTI32X4(U8(k), x, m) }
func (avx512) doc() []string {
	return []string{
		"hashAVX512 writes to out[i] the SHA-256 hash of the 64 bytes at in[2i],",
		"for i < 16·groups, 16 messages at a time in ZMM registers.",
	}
}

// avx2 is 8 lanes in YMM registers: AVX2.
type avx2 struct{}

func (avx2) name() string { return "hashAVX2" }
func (avx2) lanes() int   { return 8 }
func (avx2) load(m Mem) VecVirtual {
	x := YMM()
	VMOVDQU(m, x)
	return x
}
func (avx2) store(x VecVirtual, m Mem) { VMOVDQU(x, m) }
func (avx2) broadcast(m Mem) VecVirtual {
	x := YMM()
	VPBROADCASTD(m, x)
	return x
}
func (avx2) add(dst VecVirtual, x Op) { VPADDD(x, dst, dst) }
func (avx2) sum(x VecVirtual, y Op) VecVirtual {
	r := YMM()
	VPADDD(y, x, r)
	return r
}
func (s avx2) sumBroadcast(x VecVirtual, m Mem) VecVirtual {
	r := s.broadcast(m)
	VPADDD(x, r, r)
	return r
}
func (s avx2) addBroadcast(dst VecVirtual, m Mem) {
	VPADDD(s.broadcast(m), dst, dst)
}
func (avx2) rotr(x VecVirtual, n int) VecVirtual {
	r, l := YMM(), YMM()
	VPSRLD(U8(n), x, r)
	VPSLLD(U8(32-n), x, l)
	VPOR(l, r, r)
	return r
}
func (avx2) shr(x VecVirtual, n int) VecVirtual {
	r := YMM()
	VPSRLD(U8(n), x, r)
	return r
}
func (avx2) move(x, dst VecVirtual) { VMOVDQA(x, dst) }
func (avx2) xor3(x, y, z VecVirtual) VecVirtual {
	VPXOR(y, x, x)
	VPXOR(z, x, x)
	return x
}
func (avx2) ch(x, y, z VecVirtual, _ bool) VecVirtual {
	r, n := YMM(), YMM()
	VPAND(y, x, r)  // x AND y
	VPANDN(z, x, n) // NOT x AND z
	VPXOR(n, r, r)
	return r
}
func (avx2) maj(x, y, z VecVirtual, _ bool) VecVirtual {
	// (x AND y) OR (z AND (x OR y)): the same function as (4.3) with one
	// operation fewer.
	r, n := YMM(), YMM()
	VPOR(y, x, r)
	VPAND(z, r, r)
	VPAND(y, x, n)
	VPOR(n, r, r)
	return r
}
func (avx2) bswap(x VecVirtual) { VPSHUFB(swap, x, x) }
func (avx2) blocks(rows []VecVirtual) []VecVirtual {
	y := []VecVirtual{YMM(), YMM()}
	VPERM2I128(U8(0x20), rows[1], rows[0], y[0]) // r0.0 r1.0
	VPERM2I128(U8(0x31), rows[1], rows[0], y[1]) // r0.1 r1.1
	return y
}
func (avx2) storeBlock(x VecVirtual, k int, m Mem) {
	if k == 0 {
		VMOVDQU(x.AsX(), m)
		return
	}
	VEXTRACTI128(U8(k), x, m)
}
func (avx2) doc() []string {
	return []string{
		"hashAVX2 writes to out[i] the SHA-256 hash of the 64 bytes at in[2i],",
		"for i < 8·groups, 8 messages at a time in YMM registers.",
	}
}

// detection emits CPUID and XGETBV, for finding the processor's features
// without a dependency.
func detection() {
	TEXT("cpuid", NOSPLIT, "func(leaf, sub uint32) (eax, ebx, ecx, edx uint32)")
	Doc("cpuid returns the registers CPUID sets for leaf and subleaf sub.")
	Load(Param("leaf"), EAX)
	Load(Param("sub"), ECX)
	CPUID()
	Store(EAX, Return("eax"))
	Store(EBX, Return("ebx"))
	Store(ECX, Return("ecx"))
	Store(EDX, Return("edx"))
	RET()

	TEXT("xgetbv", NOSPLIT, "func() (eax, edx uint32)")
	Doc("xgetbv returns XCR0, the register state the operating system saves.",
		"It faults unless CPUID reports OSXSAVE.")
	XORL(ECX, ECX)
	XGETBV()
	Store(EAX, Return("eax"))
	Store(EDX, Return("edx"))
	RET()
}
