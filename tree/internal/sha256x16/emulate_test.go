package sha256x16

import (
	"crypto/sha256"
	"encoding/binary"
	"fmt"
	"math/bits"
	"math/rand/v2"
	"os"
	"strconv"
	"strings"
	"testing"
)

// This file runs the generated kernels on an emulator of the few
// instructions they use, written from the descriptions in the Intel SDM
// (vol. 2), so that the AVX-512 kernel is run, as far as an emulator can
// run it, on processors without AVX-512. The emulator is checked on the
// AVX2 kernel, which is also run on the processor where it can be: the
// two agree with crypto/sha256, so the emulator reads the generated file's
// operand order as the assembler does for every instruction they share
// (loads, stores, additions, shifts, unpacks, byte shuffles, broadcasts).
// What it cannot check is its reading of the instructions only AVX-512
// has (VPRORD, VPTERNLOGD, embedded broadcasts, VSHUFI32X4,
// VEXTRACTI32X4): those are written from the manual alone.

// emuInst is one instruction of the generated file: its mnemonic and
// operands in the file's (Go's) order, destination last.
type emuInst struct {
	op   string
	args []string
	line int
}

type emuProgram struct {
	text   map[string][]emuInst // by function name
	labels map[string]map[string]int
	frame  map[string]int    // the stack frame's size, by function name
	data   map[string][]byte // the DATA of each symbol, sized by GLOBL
}

func parseAssembly(t *testing.T, file string) *emuProgram {
	t.Helper()
	src, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	p := &emuProgram{text: map[string][]emuInst{}, labels: map[string]map[string]int{}, frame: map[string]int{}, data: map[string][]byte{}}
	var fn string
	for i, line := range strings.Split(string(src), "\n") {
		line = strings.TrimSpace(line)
		if line == "" || strings.HasPrefix(line, "//") || strings.HasPrefix(line, "#") {
			continue
		}
		op, rest, _ := strings.Cut(line, " ")
		var args []string
		for _, a := range strings.Split(rest, ",") {
			if a = strings.TrimSpace(a); a != "" {
				args = append(args, a)
			}
		}
		switch {
		case op == "DATA": // DATA sym<>+off(SB)/size, $value
			sym, off := symbolOffset(t, strings.Split(args[0], "/")[0])
			size, _ := strconv.Atoi(strings.Split(args[0], "/")[1])
			v, err := strconv.ParseUint(strings.TrimPrefix(args[1], "$"), 0, 64)
			if err != nil {
				t.Fatalf("line %d: %v", i+1, err)
			}
			for len(p.data[sym]) < off+size {
				p.data[sym] = append(p.data[sym], 0)
			}
			for b := 0; b < size; b++ {
				p.data[sym][off+b] = byte(v >> (8 * b))
			}
		case op == "GLOBL":
		case op == "TEXT": // TEXT ·name(SB), ...
			fn = strings.TrimSuffix(strings.TrimPrefix(args[0], "·"), "(SB)")
			p.labels[fn] = map[string]int{}
			for _, a := range args[1:] { // $frame-args
				if frame, _, ok := strings.Cut(strings.TrimPrefix(a, "$"), "-"); ok && a[0] == '$' {
					if p.frame[fn], err = strconv.Atoi(frame); err != nil {
						t.Fatalf("line %d: %v", i+1, err)
					}
				}
			}
		case strings.HasSuffix(op, ":"):
			p.labels[fn][strings.TrimSuffix(op, ":")] = len(p.text[fn])
		default:
			p.text[fn] = append(p.text[fn], emuInst{op, args, i + 1})
		}
	}
	return p
}

// symbolOffset splits "sym<>+off(SB)".
func symbolOffset(t *testing.T, s string) (string, int) {
	s = strings.TrimSuffix(s, "(SB)")
	name, off, _ := strings.Cut(s, "+")
	n, err := strconv.Atoi(off)
	if off != "" && err != nil {
		t.Fatalf("bad offset in %q", s)
	}
	return strings.TrimSuffix(name, "<>"), n
}

// emulator is the state of one run: 32 vector registers of 512 bits, the
// general registers by name, and one flat memory holding the arguments'
// buffers, the stack frame and the data.
type emulator struct {
	t    *testing.T
	p    *emuProgram
	vec  [32][64]byte
	gp   map[string]uint64
	mem  []byte
	args map[string]uint64 // the FP arguments by name
	syms map[string]uint64 // where each data symbol lies in mem
}

func (e *emulator) fail(in emuInst, format string, a ...any) {
	e.t.Fatalf("emulator, line %d (%s %s): %s", in.line, in.op, strings.Join(in.args, ", "), fmt.Sprintf(format, a...))
}

// vecReg returns the number and width in bytes of a vector register
// operand, or ok false.
func vecReg(s string) (n, width int, ok bool) {
	if len(s) < 2 {
		return 0, 0, false
	}
	switch s[0] {
	case 'X':
		width = 16
	case 'Y':
		width = 32
	case 'Z':
		width = 64
	default:
		return 0, 0, false
	}
	n, err := strconv.Atoi(s[1:])
	return n, width, err == nil && n < 32
}

// addr returns the address of a memory operand.
func (e *emulator) addr(in emuInst, s string) uint64 {
	if strings.HasSuffix(s, "(SB)") {
		sym, off := symbolOffset(e.t, s)
		base, ok := e.syms[sym]
		if !ok {
			e.fail(in, "unknown symbol %s", sym)
		}
		return base + uint64(off)
	}
	disp, base, ok := strings.Cut(s, "(")
	if !ok {
		e.fail(in, "not a memory operand: %s", s)
	}
	base = strings.TrimSuffix(base, ")")
	d := 0
	if disp != "" {
		var err error
		if d, err = strconv.Atoi(disp); err != nil {
			e.fail(in, "bad displacement %s", disp)
		}
	}
	r, ok := e.gp[base]
	if !ok {
		e.fail(in, "unknown base register %s", base)
	}
	return r + uint64(d)
}

// read returns width bytes of a register or memory operand.
func (e *emulator) read(in emuInst, s string, width int) []byte {
	if n, w, ok := vecReg(s); ok {
		if w < width {
			e.fail(in, "%s is narrower than %d bytes", s, width)
		}
		return append([]byte(nil), e.vec[n][:width]...)
	}
	a := e.addr(in, s)
	if a+uint64(width) > uint64(len(e.mem)) {
		e.fail(in, "read outside memory")
	}
	return append([]byte(nil), e.mem[a:a+uint64(width)]...)
}

// write stores v into a register (zeroing the bits above it, as VEX and
// EVEX instructions do) or into memory.
func (e *emulator) write(in emuInst, s string, v []byte) {
	if n, _, ok := vecReg(s); ok {
		e.vec[n] = [64]byte{}
		copy(e.vec[n][:], v)
		return
	}
	a := e.addr(in, s)
	if a+uint64(len(v)) > uint64(len(e.mem)) {
		e.fail(in, "write outside memory")
	}
	copy(e.mem[a:], v)
}

// imm returns an immediate operand, negative ones (ANDQ $-64) as their
// two's complement.
func imm(in emuInst, e *emulator, s string) uint64 {
	v, err := strconv.ParseInt(strings.TrimPrefix(s, "$"), 0, 64)
	if err != nil || !strings.HasPrefix(s, "$") {
		e.fail(in, "bad immediate %s", s)
	}
	return uint64(v)
}

func words(b []byte) []uint32 {
	w := make([]uint32, len(b)/4)
	for i := range w {
		w[i] = binary.LittleEndian.Uint32(b[4*i:])
	}
	return w
}

func fromWords(w []uint32) []byte {
	b := make([]byte, 4*len(w))
	for i, x := range w {
		binary.LittleEndian.PutUint32(b[4*i:], x)
	}
	return b
}

// lanewise applies f to the 32-bit words of two sources.
func lanewise(a, b []byte, f func(x, y uint32) uint32) []byte {
	x, y := words(a), words(b)
	for i := range x {
		x[i] = f(x[i], y[i])
	}
	return fromWords(x)
}

// run executes function fn with the given arguments until RET.
func (e *emulator) run(fn string) {
	code, labels := e.p.text[fn], e.p.labels[fn]
	if code == nil {
		e.t.Fatalf("emulator: no function %s", fn)
	}
	var zero bool // ZF
	for pc, steps := 0, 0; ; steps++ {
		if pc >= len(code) || steps > 1e7 {
			e.t.Fatalf("emulator: %s ran off its end", fn)
		}
		in := code[pc]
		pc++
		a := in.args
		dst := ""
		if len(a) > 0 {
			dst = a[len(a)-1]
		}
		width := 0
		if _, w, ok := vecReg(dst); ok {
			width = w
		}
		switch in.op {
		case "RET":
			return
		case "MOVQ":
			switch {
			case strings.HasPrefix(a[0], "$"):
				e.gp[dst] = imm(in, e, a[0])
			case strings.HasSuffix(a[0], "(FP)"):
				name, _, _ := strings.Cut(a[0], "+")
				e.gp[dst] = e.args[name]
			default:
				e.fail(in, "only argument loads and immediates are emulated")
			}
		case "LEAQ":
			e.gp[dst] = e.addr(in, a[0])
		case "TESTQ":
			zero = e.gp[a[0]]&e.gp[a[1]] == 0
		case "DECQ":
			e.gp[dst]--
			zero = e.gp[dst] == 0
		case "ANDQ":
			e.gp[dst] &= imm(in, e, a[0])
			zero = e.gp[dst] == 0
		case "ADDQ":
			e.gp[dst] += imm(in, e, a[0])
			zero = e.gp[dst] == 0
		case "JZ", "JNZ":
			if zero == (in.op == "JZ") {
				pc = labels[a[0]]
			}
		case "JMP":
			pc = labels[a[0]]
		case "PREFETCHT0":
			// A hint: no architectural effect, and no fault on any address.
		case "VZEROUPPER":
			for i := range 16 {
				clear(e.vec[i][16:])
			}
		case "VMOVDQU", "VMOVDQU32", "VMOVDQA32", "VMOVDQA":
			w := width
			if w == 0 {
				_, w, _ = vecReg(a[0])
			}
			e.write(in, dst, e.read(in, a[0], w))
		case "VPBROADCASTD":
			v := e.read(in, a[0], 4)
			e.write(in, dst, fromWords(repeat(binary.LittleEndian.Uint32(v), width/4)))
		case "VPADDD":
			e.write(in, dst, lanewise(e.read(in, a[1], width), e.read(in, a[0], width), func(x, y uint32) uint32 { return x + y }))
		case "VPADDD.BCST":
			b := fromWords(repeat(binary.LittleEndian.Uint32(e.read(in, a[0], 4)), width/4))
			e.write(in, dst, lanewise(e.read(in, a[1], width), b, func(x, y uint32) uint32 { return x + y }))
		case "VPXOR", "VPOR", "VPAND", "VPANDN":
			f := map[string]func(x, y uint32) uint32{
				"VPXOR":  func(x, y uint32) uint32 { return x ^ y },
				"VPOR":   func(x, y uint32) uint32 { return x | y },
				"VPAND":  func(x, y uint32) uint32 { return x & y },
				"VPANDN": func(x, y uint32) uint32 { return ^x & y }, // NOT src1 AND src2
			}[in.op]
			e.write(in, dst, lanewise(e.read(in, a[1], width), e.read(in, a[0], width), f))
		case "VPRORD", "VPSRLD", "VPSLLD":
			n := int(imm(in, e, a[0]))
			f := map[string]func(x, y uint32) uint32{
				"VPRORD": func(x, _ uint32) uint32 { return bits.RotateLeft32(x, -n) },
				"VPSRLD": func(x, _ uint32) uint32 { return x >> n },
				"VPSLLD": func(x, _ uint32) uint32 { return x << n },
			}[in.op]
			s := e.read(in, a[1], width)
			e.write(in, dst, lanewise(s, s, f))
		case "VPTERNLOGD":
			// Bit i of the result: bit (dst_i << 2 | src2_i << 1 | src3_i)
			// of the immediate, src2 the second operand from the end.
			table := uint32(imm(in, e, a[0]))
			x, y, z := words(e.read(in, dst, width)), words(e.read(in, a[2], width)), words(e.read(in, a[1], width))
			r := make([]uint32, len(x))
			for i := range r {
				for bit := 0; bit < 32; bit++ {
					idx := (x[i]>>bit&1)<<2 | (y[i]>>bit&1)<<1 | z[i]>>bit&1
					r[i] |= (table >> idx & 1) << bit
				}
			}
			e.write(in, dst, fromWords(r))
		case "VPSHUFB":
			mask, s := e.read(in, a[0], width), e.read(in, a[1], width)
			r := make([]byte, width)
			for i := range r {
				if mask[i]&0x80 == 0 {
					r[i] = s[i&^15+int(mask[i]&15)]
				}
			}
			e.write(in, dst, r)
		case "VPUNPCKLDQ", "VPUNPCKHDQ", "VPUNPCKLQDQ", "VPUNPCKHQDQ":
			// Per 128-bit block, from src1 (second from the end) and src2.
			s1, s2 := words(e.read(in, a[1], width)), words(e.read(in, a[0], width))
			r := make([]uint32, len(s1))
			for b := 0; b < len(r); b += 4 {
				x, y := s1[b:b+4], s2[b:b+4]
				var q []uint32
				switch in.op {
				case "VPUNPCKLDQ":
					q = []uint32{x[0], y[0], x[1], y[1]}
				case "VPUNPCKHDQ":
					q = []uint32{x[2], y[2], x[3], y[3]}
				case "VPUNPCKLQDQ":
					q = []uint32{x[0], x[1], y[0], y[1]}
				case "VPUNPCKHQDQ":
					q = []uint32{x[2], x[3], y[2], y[3]}
				}
				copy(r[b:], q)
			}
			e.write(in, dst, fromWords(r))
		case "VSHUFI32X4":
			// Blocks 0 and 1 from src1, 2 and 3 from src2, two bits of the
			// immediate each.
			sel := imm(in, e, a[0])
			s1, s2 := e.read(in, a[2], 64), e.read(in, a[1], 64)
			r := make([]byte, 64)
			for k := 0; k < 4; k++ {
				src := s1
				if k >= 2 {
					src = s2
				}
				j := int(sel >> (2 * k) & 3)
				copy(r[16*k:], src[16*j:16*j+16])
			}
			e.write(in, dst, r)
		case "VPERM2I128":
			sel := imm(in, e, a[0])
			s1, s2 := e.read(in, a[2], 32), e.read(in, a[1], 32)
			r := make([]byte, 32)
			for h := 0; h < 2; h++ {
				c := sel >> (4 * h) & 15
				if c&8 != 0 {
					continue
				}
				src := s1
				if c&2 != 0 {
					src = s2
				}
				copy(r[16*h:], src[16*(c&1):16*(c&1)+16])
			}
			e.write(in, dst, r)
		case "VEXTRACTI32X4", "VEXTRACTI128":
			_, w, _ := vecReg(a[1])
			k := int(imm(in, e, a[0])) % (w / 16)
			e.write(in, dst, e.read(in, a[1], w)[16*k:16*k+16])
		default:
			e.fail(in, "instruction not emulated")
		}
	}
}

func repeat(x uint32, n int) []uint32 {
	w := make([]uint32, n)
	for i := range w {
		w[i] = x
	}
	return w
}

// emulate runs kernel fn of the generated file on in and returns the
// hashes it writes.
func emulate(t *testing.T, p *emuProgram, fn string, lanes int, in [][32]byte) [][32]byte {
	groups := len(in) / 2 / lanes
	e := &emulator{t: t, p: p, gp: map[string]uint64{}, syms: map[string]uint64{}}
	place := func(n int) uint64 {
		a := uint64(len(e.mem)) + 61 // every buffer unaligned
		e.mem = append(e.mem, make([]byte, 61+n)...)
		return a
	}
	inAt := place(32 * len(in))
	for i := range in {
		copy(e.mem[inAt+32*uint64(i):], in[i][:])
	}
	outAt := place(32 * groups * lanes)
	e.gp["SP"] = place(p.frame[fn])
	for sym, b := range p.data {
		e.syms[sym] = place(len(b))
		copy(e.mem[e.syms[sym]:], b)
	}
	e.args = map[string]uint64{"out": outAt, "in": inAt, "groups": uint64(groups)}
	e.run(fn)
	out := make([][32]byte, groups*lanes)
	for i := range out {
		copy(out[i][:], e.mem[outAt+32*uint64(i):])
	}
	return out
}

func TestEmulated(t *testing.T) {
	p := parseAssembly(t, "sha256x16_amd64.s")
	r := rand.New(rand.NewPCG(9, 10))
	for _, k := range []struct {
		fn    string
		lanes int
	}{
		{"hashAVX2", 8},
		{"hashAVX512", 16},
		{"hashAVX512x2", 32},
	} {
		t.Run(k.fn, func(t *testing.T) {
			in := randomChunks(r, 2*3*k.lanes)
			in[0], in[1] = [32]byte{}, [32]byte{}
			for i := range in[2] {
				in[2][i], in[3][i] = 0xff, 0xff
			}
			out := emulate(t, p, k.fn, k.lanes, in)
			for i := range out {
				if want := sha256.Sum256(append(in[2*i][:], in[2*i+1][:]...)); out[i] != want {
					t.Fatalf("emulated %s: hash %d is %x, want %x", k.fn, i, out[i], want)
				}
			}
		})
	}
}
