package schema

import (
	"errors"
	"fmt"
	"io"
	"math"

	"github.com/ssztree/ssztree/tree"
)

// This file holds decoding from an io.Reader and encoding to an io.Writer.
//
// Decoding reads the serialization in order, once, and never holds it
// whole. Valid SSZ puts the variable-size parts of a container or list in
// the order of their offsets, and the offsets are increasing, so a reader
// can decode the fixed part first (the fixed-size fields and the offsets,
// which give each variable part's size), then each variable part as it
// comes. What it keeps in memory at once, besides the tree it builds:
//
//   - the fixed part of each container on the path being read (a state's
//     is 2.7 MB with the mainnet preset: its vectors of roots);
//   - for a vector or list of fixed-size values (validators, balances,
//     participation flags, roots), one chunk of 2^streamChunkLevels pages,
//     read, validated and built into pages, then reused: the data, the
//     bulk of a state, is never held twice;
//   - any other value (a list of variable-size values, a bitlist, a byte
//     list, a union, a small container) whole, then decoded as from bytes:
//     the consensus types hold little in those (the execution payload
//     header; a block's transactions are a list of byte lists).
//
// Every buffer grows as bytes arrive, bounded by the part's size from the
// offsets and by the schema's maximum size, never allocated at a size
// the input merely claims; a stream that ends early is an error wrapping
// ErrTruncated, and no tree.

// streamChunkLevels sets the pages of values read and built at a time,
// 2^streamChunkLevels: 64 pages of 2 KiB of validators are 128 KiB, small
// beside any state and large enough that each read and build costs
// little per page.
const streamChunkLevels = 6

// streamBufStep bounds the encoding buffer that EncodeWriter keeps for
// the next small part.
const streamBufStep = 1 << 20

// reader counts what it has read, for errors' offsets, and, when limit
// is not negative, reads no more than limit bytes: limit is one past the
// caller's bound, and the byte beyond the bound, read, is errOverBound.
type reader struct {
	r     io.Reader
	pos   int
	limit int
}

// errOverBound is what reader.full returns when the stream holds more
// bytes than the bound: readErr turns it into an [*Error] of the type
// being read, wrapping ErrTooLarge.
var errOverBound = errors.New("over the bound")

// full reads len(b) bytes, or fewer at the end of the stream: it returns
// how many it read, and an error only for a failure of the stream or for
// a byte beyond the bound.
func (r *reader) full(b []byte) (int, error) {
	if r.limit >= 0 && len(b) > r.limit-r.pos {
		b = b[:r.limit-r.pos]
	}
	n, err := io.ReadFull(r.r, b)
	r.pos += n
	if err == io.EOF || err == io.ErrUnexpectedEOF {
		err = nil
	}
	if err == nil && r.limit >= 0 && r.pos >= r.limit {
		err = errOverBound
	}
	return n, err
}

// room is how many bytes the bound lets r read before it fails, and one
// more (the byte that tells the stream too large): what a buffer for the
// rest of the stream needs at most.
func (r *reader) room() int {
	if r.limit < 0 {
		return math.MaxInt
	}
	return r.limit - r.pos
}

// readErr is the error of a failure of the stream r, of a value of type
// t, at offset at.
func readErr(t Type, r *reader, err error) error {
	if err == errOverBound {
		return overBound(t, r.limit-1)
	}
	return fmt.Errorf("schema: reading %v at byte %d: %w", t, r.pos, err)
}

// overBound is the error of a value of type t that needs more than bound
// bytes: at byte bound, the first beyond it.
func overBound(t Type, bound int) *Error {
	return decodeError(t, bound, ErrTooLarge, "more than %d bytes", bound)
}

// DecodeReader builds the tree of the value of type t serialized in the
// stream r, reading it once, in order, without holding the serialization
// whole (see the comment at the top of stream.go for what it holds).
// size is the serialization's length, or -1 when unknown (an HTTP body
// without a length): then the value ends where the stream does. With a
// known size, DecodeReader reads exactly size bytes. It validates
// everything Decode does, and gives an [*Error] (wrapping [ErrTruncated]
// for a stream that ends early) or the stream's own error, and no tree.
//
// Of a stream of unknown size, DecodeReader reads as much as t's largest
// value allows, which for a type with a progressive list is any amount:
// [DecodeReaderMax] takes a bound of the caller's.
func DecodeReader(t Type, r io.Reader, size int64) (*tree.Node, error) {
	return decodeReader(t, r, size, -1)
}

// DecodeReaderMax is [DecodeReader] for a value of at most maxSize bytes,
// a bound of the caller's beside the type's own (a progressive list has
// none): a value that needs more is an [*Error] wrapping [ErrTooLarge],
// at the offset maxSize, and no tree. A known size above maxSize is that
// error before anything is read; of a stream of unknown size,
// DecodeReaderMax reads at most maxSize+1 bytes (the last one to tell
// that the stream goes on), and allocates for the serialization no more
// than those bytes. A negative maxSize is an error.
//
// Bytes already in memory need no such bound: [Type.Decode] sizes what it
// builds by their real length, so a caller compares len(b) with its
// bound, or applies forks.CheckMessageSize to a p2p message.
func DecodeReaderMax(t Type, r io.Reader, size, maxSize int64) (*tree.Node, error) {
	if maxSize < 0 {
		return nil, fmt.Errorf("schema: decoding %v: a negative bound, %d bytes", t, maxSize)
	}
	return decodeReader(t, r, size, maxSize)
}

// decodeReader is DecodeReader with a bound of bound bytes, or none for a
// negative bound.
func decodeReader(t Type, r io.Reader, size, bound int64) (*tree.Node, error) {
	if size >= 0 && (uint64(size) < t.MinSize() || uint64(size) > t.MaxSize()) {
		return nil, topError(t, decodeError(t, 0, ErrSize, "%d bytes, want %d to %d", size, t.MinSize(), t.MaxSize()))
	}
	rd := &reader{r: r, limit: -1}
	if bound >= 0 {
		if size > bound {
			return nil, topError(t, decodeError(t, 0, ErrTooLarge, "%d bytes, over %d", size, bound))
		}
		if uint64(bound) < t.MinSize() {
			return nil, topError(t, decodeError(t, 0, ErrTooLarge, "the smallest value is %d bytes, over %d", t.MinSize(), bound))
		}
		if bound < math.MaxInt {
			rd.limit = int(bound) + 1
		}
	}
	n := int(size)
	if size < 0 {
		n = -1
	}
	node, err := decodeStream(t, rd, n)
	if err != nil {
		return nil, topError(t, err)
	}
	if size < 0 {
		// The value must end with the stream.
		var one [1]byte
		k, err := rd.full(one[:])
		if err != nil {
			return nil, topError(t, readErr(t, rd, err))
		}
		if k > 0 {
			return nil, topError(t, decodeError(t, rd.pos-1, ErrSize, "bytes after the end of the value"))
		}
	}
	return node, nil
}

// decodeStream decodes a value of type t from r: n bytes, or, for n < 0,
// what is left of the stream.
func decodeStream(t Type, r *reader, n int) (*tree.Node, error) {
	if t.IsFixedSize() {
		if n >= 0 && n != t.FixedSize() {
			return nil, decodeError(t, r.pos, ErrSize, "%d bytes, want %d", n, t.FixedSize())
		}
		n = t.FixedSize()
	}
	switch t := t.(type) {
	case *Container:
		if t.shp == nil && !t.IsFixedSize() {
			return t.decodeStream(r, n)
		}
	case *List:
		if t.layout != nil {
			data, count, err := t.elements.streamData(t, r, n, t.limit)
			if err != nil {
				return nil, err
			}
			return tree.NewMixIn(data, count), nil
		}
	case *Vector:
		if t.layout != nil {
			at := r.pos
			data, count, err := t.elements.streamData(t, r, n, t.n)
			if err != nil {
				return nil, err
			}
			if count != t.n {
				return nil, decodeError(t, at, ErrSize, "%d elements, want %d", count, t.n)
			}
			return data, nil
		}
	}
	at := r.pos
	b, err := readPart(t, r, n)
	if err != nil {
		return nil, err
	}
	return t.decode(b, at)
}

// readPart reads a part of type t whose serialization is n bytes long, or
// for n < 0 the rest of the stream, growing its buffer as bytes arrive.
func readPart(t Type, r *reader, n int) ([]byte, error) {
	at := r.pos
	want := n
	if n < 0 {
		// To the end of the stream, and at most one byte beyond the
		// largest value, which tells a value too large.
		// No more than the bound lets r read, either: the byte past it
		// is an error of r's.
		want = min(int(min(t.MaxSize(), uint64(math.MaxInt-1)))+1, r.room())
	} else if uint64(n) > t.MaxSize() {
		return nil, decodeError(t, at, ErrSize, "%d bytes, above the largest value's %d", n, t.MaxSize())
	} else if n >= r.room() {
		return nil, overBound(t, r.limit-1)
	}
	var b []byte
	for len(b) < want {
		// Each step reads as much as arrived before it into a buffer
		// of exactly that much more: the buffer is never above twice
		// what arrived (nor above what the input claims), the buffers
		// of all steps together four times, and a part of n bytes
		// takes log2(n) steps.
		k := min(want-len(b), max(len(b), 512))
		grown := make([]byte, len(b)+k)
		copy(grown, b)
		b = grown
		got, err := r.full(b[len(b)-k:])
		if err != nil {
			return nil, readErr(t, r, err)
		}
		if got < k {
			b = b[:len(b)-k+got]
			if n >= 0 {
				return nil, decodeError(t, at, ErrTruncated, "the stream ends after %d of its %d bytes", len(b), n)
			}
			return b, nil
		}
	}
	return b, nil
}

// decodeStream decodes a variable-size container: its fixed part whole,
// then each variable-size field in turn.
func (c *Container) decodeStream(r *reader, n int) (*tree.Node, error) {
	at := r.pos
	if n >= 0 && n < c.fixedPart {
		return nil, decodeError(c, at, ErrSize, "%d bytes, shorter than the fixed part of %d", n, c.fixedPart)
	}
	// Grown as its bytes arrive, as any part: a stream that ends early
	// costs what it sent, not the fixed part of the type (2.7 MB for a
	// mainnet state, its vectors of roots).
	fixed, err := readPart(c, r, c.fixedPart)
	if err != nil {
		return nil, err
	}
	starts := make([]int, len(c.variable))
	prev := c.fixedPart
	for k, i := range c.variable {
		off := le32(fixed[c.offsets[i]:])
		if err := c.checkOffset(k, i, off, prev, n, at); err != nil {
			return nil, err
		}
		switch {
		case r.limit >= 0 && off >= int64(r.limit-at):
			return nil, decodeError(c, at+c.offsets[i], ErrTooLarge, "offset of field %s is %d, past %d bytes", c.fields[i].Name, off, r.limit-1)
		case off > math.MaxInt:
			// Only where int has 32 bits: no stream that long is read.
			return nil, decodeError(c, at+c.offsets[i], ErrOffset, "offset of field %s is %d, beyond the sizes this platform reads", c.fields[i].Name, off)
		}
		starts[k] = int(off)
		prev = int(off)
	}
	nodes := make([]*tree.Node, len(c.fields))
	for i, f := range c.fields {
		if !f.Type.IsFixedSize() {
			continue
		}
		off := c.offsets[i]
		if nodes[i], err = f.Type.decode(fixed[off:off+f.Type.FixedSize()], at+off); err != nil {
			return nil, inField(err, FieldStep(f.Name))
		}
	}
	fixed = nil // the fixed part is decoded: let it go before the rest arrives
	for k, i := range c.variable {
		size := -1
		if k+1 < len(starts) {
			size = starts[k+1] - starts[k]
		} else if n >= 0 {
			size = n - starts[k]
		}
		if nodes[i], err = decodeStream(c.fields[i].Type, r, size); err != nil {
			return nil, inField(err, FieldStep(c.fields[i].Name))
		}
	}
	return tree.BuildApart(c.depth, nodes, 0) // see Container.decode
}

// streamData reads the data of a vector or list of fixed-size values in
// pages (e.layout is not nil): n bytes, or the rest of the stream for
// n < 0, at most limit values. It reads 2^streamChunkLevels pages at a time
// into one buffer, validates them and builds them into a subtree, then
// builds the data tree over those subtrees.
func (e *elements) streamData(t Type, r *reader, n int, limit uint64) (*tree.Node, uint64, error) {
	at := r.pos
	if n >= 0 {
		if n%e.esize != 0 {
			return nil, 0, decodeError(t, at, ErrSize, "%d bytes, not a whole number of %d-byte elements", n, e.esize)
		}
		if uint64(n/e.esize) > limit {
			return nil, 0, decodeError(t, at, ErrLimit, "%d elements, limit %d", n/e.esize, limit)
		}
	}
	l := e.layout
	chunkDepth := min(e.depth, l.Depth()+streamChunkLevels)
	chunkBytes := l.PageSize() << uint(chunkDepth-l.Depth())
	// Values per chunk: whole values only, so that no value straddles
	// two chunks (packed values fill their pages exactly).
	per := chunkBytes / e.esize
	chunkBytes = per * e.esize
	var buf []byte
	var subtrees []*tree.Node
	total := 0
	for n < 0 || total < n {
		if buf == nil {
			// Of what the part or the bound allows, if less than a
			// chunk: a short list costs its bytes, not a chunk.
			size := min(chunkBytes, r.room())
			if n >= 0 {
				size = min(size, n)
			}
			buf = make([]byte, size)
		}
		want := len(buf)
		if n >= 0 {
			want = min(want, n-total)
		}
		got, err := r.full(buf[:want])
		if err != nil {
			return nil, 0, readErr(t, r, err)
		}
		if got < want && n >= 0 {
			return nil, 0, decodeError(t, at, ErrTruncated, "the stream ends after %d of its %d bytes", total+got, n)
		}
		if got%e.esize != 0 {
			return nil, 0, decodeError(t, at, ErrSize, "%d bytes, not a whole number of %d-byte elements", total+got, e.esize)
		}
		if got == 0 {
			break
		}
		if uint64((total+got)/e.esize) > limit {
			return nil, 0, decodeError(t, at, ErrLimit, "more than %d elements", limit)
		}
		chunk := buf[:got]
		if err := e.checkChunk(chunk, at+total, total/e.esize); err != nil {
			return nil, 0, err
		}
		sub, err := tree.BuildPages(l, chunkDepth, chunk)
		if err != nil {
			return nil, 0, treeError(t, "%v", err)
		}
		subtrees = append(subtrees, sub)
		total += got
		if got < want {
			break // the end of the stream
		}
	}
	count := uint64(total / e.esize)
	if len(subtrees) == 0 {
		return tree.Zero(e.depth), 0, nil
	}
	data, err := tree.Build(e.depth-chunkDepth, subtrees, chunkDepth)
	if err != nil {
		return nil, 0, treeError(t, "%v", err)
	}
	return data, count, nil
}

// checkChunk validates the values serialized in b, the first of which is
// value first of the sequence, at offset at of the input.
func (e *elements) checkChunk(b []byte, at, first int) error {
	if !e.elem.needsCheck() {
		return nil
	}
	if e.packed {
		return checkBools(b, at)
	}
	for i := 0; i*e.esize < len(b); i++ {
		if err := e.elem.validate(b[i*e.esize:(i+1)*e.esize], at+i*e.esize); err != nil {
			return inField(err, IndexStep(uint64(first+i)))
		}
	}
	return nil
}

// EncodeWriter writes the serialization of the value of type t whose tree
// is n to w, and returns the bytes written. It never builds the whole
// serialization: vectors and lists of fixed-size values are written a
// chunk of 2^streamChunkLevels pages at a time, a variable-size container
// field by field after its fixed part; other values are encoded whole,
// then written.
func EncodeWriter(t Type, w io.Writer, n *tree.Node) (int64, error) {
	if n == nil {
		return 0, treeError(t, "nil tree")
	}
	cw := &countWriter{w: w}
	if err := encodeStream(t, cw, n); err != nil {
		if cw.err != nil {
			return cw.n, cw.err
		}
		return cw.n, topError(t, err)
	}
	return cw.n, nil
}

// countWriter counts what it writes and keeps the first error.
type countWriter struct {
	w   io.Writer
	n   int64
	err error
	buf []byte
}

func (c *countWriter) write(b []byte) error {
	if c.err != nil {
		return c.err
	}
	k, err := c.w.Write(b)
	c.n += int64(k)
	if err != nil {
		c.err = fmt.Errorf("schema: writing: %w", err)
	}
	return c.err
}

func encodeStream(t Type, w *countWriter, n *tree.Node) error {
	switch t := t.(type) {
	case *Container:
		if t.shp == nil && !t.IsFixedSize() {
			return t.encodeStream(w, n)
		}
	case *List:
		if t.layout != nil {
			data, length, err := t.parts(n)
			if err != nil {
				return err
			}
			return t.elements.streamEncode(t, w, data, length)
		}
	case *Vector:
		if t.layout != nil {
			return t.elements.streamEncode(t, w, n, int(t.n))
		}
	}
	b, err := t.encode(w.buf[:0], n)
	if err != nil {
		return err
	}
	if cap(b) <= streamBufStep {
		w.buf = b // reused: small parts follow one another
	}
	return w.write(b)
}

// encodeStream writes a variable-size container's fixed part, then each
// variable-size field.
func (c *Container) encodeStream(w *countWriter, n *tree.Node) error {
	nodes, err := c.Fields(n)
	if err != nil {
		return err
	}
	fixed := make([]byte, 0, c.fixedPart)
	next := c.fixedPart
	for i, f := range c.fields {
		if f.Type.IsFixedSize() {
			if fixed, err = f.Type.encode(fixed, nodes[i]); err != nil {
				return inField(err, FieldStep(f.Name))
			}
			continue
		}
		fixed = append(fixed, 0, 0, 0, 0)
		if err := putOffset(c, fixed[len(fixed)-4:], next); err != nil {
			return err
		}
		size, err := f.Type.size(nodes[i])
		if err != nil {
			return inField(err, FieldStep(f.Name))
		}
		next += size
	}
	if err := w.write(fixed); err != nil {
		return err
	}
	for _, i := range c.variable {
		if err := encodeStream(c.fields[i].Type, w, nodes[i]); err != nil {
			return inField(err, FieldStep(c.fields[i].Name))
		}
	}
	return nil
}

// streamEncode writes the first count values of a data tree in pages, a
// chunk of 2^streamChunkLevels pages at a time.
func (e *elements) streamEncode(t Type, w *countWriter, data *tree.Node, count int) error {
	l := e.layout
	chunkDepth := min(e.depth, l.Depth()+streamChunkLevels)
	per := (l.PageSize() << uint(chunkDepth-l.Depth())) / e.esize
	chunks := (count + per - 1) / per
	subtrees, err := tree.Nodes(nil, data, e.depth-chunkDepth, uint64(chunks))
	if err != nil {
		return treeError(t, "%v", err)
	}
	var buf []byte
	for k, sub := range subtrees {
		values := min(per, count-k*per)
		if buf, err = tree.AppendData(buf[:0], sub, chunkDepth, l, values*e.esize); err != nil {
			return treeError(t, "%v", err)
		}
		if err := w.write(buf); err != nil {
			return err
		}
	}
	return nil
}
