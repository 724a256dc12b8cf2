package main

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"math"
	"os"
	"strings"
	"unicode/utf8"

	"github.com/golang/snappy"
)

// maxInput is the largest SSZ value, and the largest text, the command
// reads, 2 GiB: many times any beacon state of today, well below what a
// corrupt length prefix can claim, so that a bad input costs no more than
// this. On a 32-bit platform, whose ints stop there, it is a byte less.
const maxInput = min(2<<30, math.MaxInt)

// sniffBytes is how much of an input whose name does not say its format is
// read to tell it: the bytes a text check looks at.
const sniffBytes = 512

// wholeBytes is how much of a binary input of unknown size whose name does
// not say its format is read before deciding between snappy's block format
// (held whole) and raw SSZ (streamed): what is shorter is read whole, and a
// longer one is snappy only if its length prefix says it decompresses to
// more than this much.
const wholeBytes = 8 << 20

// snappyStreamMagic begins a snappy stream in the framing format (the
// stream identifier chunk): the encoding of the p2p network's
// ssz_snappy. The spec tests' .ssz_snappy files are the block format, a
// single compressed value without it.
var snappyStreamMagic = []byte("\xff\x06\x00\x00sNaPpY")

// A format is an encoding of a value in a file.
type format string

const (
	fmtSSZ    format = "ssz"    // raw SSZ
	fmtSnappy format = "snappy" // snappy's block format (.ssz_snappy, Prysm's .ssz.snappy)
	fmtFramed format = "framed" // snappy's framing format (the p2p stream format)
	fmtJSON   format = "json"   // beacon-API JSON, with or without the envelope
	fmtYAML   format = "yaml"   // the spec tests' value.yaml
)

// formats are the formats -in takes.
var formats = []format{fmtSSZ, fmtSnappy, fmtFramed, fmtJSON, fmtYAML}

// parseFormat returns the format named s, or "" for "" (found from the name
// and the content).
func parseFormat(s string) (format, error) {
	for _, f := range formats {
		if string(f) == s {
			return f, nil
		}
	}
	if s == "" {
		return "", nil
	}
	return "", usagef("-in %q: want ssz, snappy, framed, json or yaml", s)
}

// formatOfName returns the format a file's name says, or "".
func formatOfName(name string) format {
	n := strings.ToLower(name)
	switch {
	case strings.HasSuffix(n, ".ssz_snappy"), strings.HasSuffix(n, ".ssz.snappy"):
		return fmtSnappy
	case strings.HasSuffix(n, ".ssz"):
		return fmtSSZ
	case strings.HasSuffix(n, ".json"):
		return fmtJSON
	case strings.HasSuffix(n, ".yaml"), strings.HasSuffix(n, ".yml"):
		return fmtYAML
	}
	return ""
}

// An input is an opened source: its bytes, after any decompression that
// streams (the framing format), and what is known of them.
type input struct {
	name   string    // the file's name, "-" for standard input, a URL
	format format    // the encoding found
	r      io.Reader // the SSZ bytes (streamed formats) or the encoded bytes
	size   int64     // the bytes of r, -1 when not known
	whole  []byte    // the SSZ or text bytes, when read whole
	fork   string    // the fork a server named (Eth-Consensus-Version), or ""
	closer io.Closer
	// reopen, for a file, opens it again to read it anew.
	reopen func() error
}

// Close releases the input.
func (in *input) Close() error {
	if in.closer != nil {
		return in.closer.Close()
	}
	return nil
}

// describe says which format the input was read in.
func (f format) describe() string {
	switch f {
	case fmtSSZ:
		return "raw SSZ"
	case fmtSnappy:
		return "snappy block format"
	case fmtFramed:
		return "snappy framing format"
	case fmtJSON:
		return "JSON"
	case fmtYAML:
		return "YAML"
	}
	return string(f)
}

// open opens the source name: a file, "-" for stdin, or a beacon node's
// URL (see openURL), in the format forced (or "": found from the name,
// then the content).
func open(name string, forced format, stdin io.Reader, o *netOptions) (*input, error) {
	if isURL(name) {
		return openURL(name, forced, o)
	}
	in := &input{name: name, size: -1}
	if name == "-" {
		in.r = stdin
	} else {
		f, err := os.Open(name)
		if err != nil {
			return nil, err
		}
		fi, err := f.Stat()
		if err != nil {
			f.Close()
			return nil, err
		}
		if fi.IsDir() {
			f.Close()
			return nil, fmt.Errorf("%s: a directory", name)
		}
		if fi.Mode().IsRegular() {
			in.size = fi.Size()
		}
		in.r, in.closer = f, f
		in.reopen = func() error {
			in.Close()
			f, err := os.Open(name)
			if err != nil {
				return err
			}
			in.r, in.closer = f, f
			return in.settle(in.format)
		}
	}
	if forced == "" {
		forced = formatOfName(name)
	}
	if err := in.settle(forced); err != nil {
		in.Close()
		return nil, err
	}
	return in, nil
}

// settle finds the input's format, unless given, from its first bytes, and
// prepares its reader: a framing-format stream is decompressed as it is
// read, a block-format one and text read whole; raw SSZ stays a stream.
func (in *input) settle(f format) error {
	br := bufio.NewReaderSize(in.r, 64<<10)
	in.r = br
	head, err := br.Peek(sniffBytes)
	if err != nil && err != io.EOF && !errors.Is(err, bufio.ErrBufferFull) {
		return fmt.Errorf("%s: %w", in.name, err)
	}
	if len(head) == 0 {
		return fmt.Errorf("%s: empty", in.name)
	}
	framed := bytes.HasPrefix(head, snappyStreamMagic)
	switch {
	case framed && (f == "" || f == fmtSnappy || f == fmtSSZ || f == fmtFramed):
		// The magic decides, whatever the name says: .ssz_snappy files
		// of either snappy format exist.
		in.format, in.r, in.size = fmtFramed, snappy.NewReader(br), -1
		return nil
	case f == fmtFramed:
		return fmt.Errorf("%s: not in snappy's framing format (no stream identifier)", in.name)
	case f == fmtSSZ:
		in.format = fmtSSZ
		return nil
	case f == fmtJSON, f == fmtYAML:
		in.format = f
		return in.readText()
	case f == fmtSnappy:
		in.format = fmtSnappy
		return in.readSnappy()
	case isText(head):
		in.format = fmtYAML
		if t := bytes.TrimLeft(head, " \t\r\n"); len(t) > 0 && (t[0] == '{' || t[0] == '[') {
			in.format = fmtJSON
		}
		return in.readText()
	}
	// Binary: snappy's block format or raw SSZ. A block's length prefix
	// says how long the value is, and snappy compresses n bytes to at
	// most 32 + n + n/6: raw SSZ whose first bytes, read as that prefix,
	// claim less than 6/7 of the input is no block.
	if in.size < 0 {
		// Read what may be the whole input, and decide on it.
		buf, err := readUpTo(br, wholeBytes+1)
		if err != nil {
			return fmt.Errorf("%s: %w", in.name, err)
		}
		if len(buf) <= wholeBytes {
			in.size = int64(len(buf))
			in.r = bytes.NewReader(buf)
			if looksSnappy(buf, in.size) {
				if b, err := decodeSnappy(buf); err == nil {
					in.format, in.whole = fmtSnappy, b
					return nil
				}
			}
			in.format = fmtSSZ
			return nil
		}
		in.r = io.MultiReader(bytes.NewReader(buf), br)
		if n, err := snappy.DecodedLen(buf); err == nil && n > wholeBytes {
			return in.snappyOrRaw()
		}
		in.format = fmtSSZ
		return nil
	}
	if looksSnappy(head, in.size) {
		return in.snappyOrRaw()
	}
	in.format = fmtSSZ
	return nil
}

// snappyOrRaw reads the input whole and takes it for snappy's block format
// if it decompresses, and for raw SSZ otherwise.
func (in *input) snappyOrRaw() error {
	b, err := readUpTo(in.r, maxInput+1)
	if err != nil {
		return fmt.Errorf("%s: %w", in.name, err)
	}
	if d, err := decodeSnappy(b); err == nil {
		in.format, in.whole, in.size = fmtSnappy, d, int64(len(d))
		return nil
	}
	if len(b) > maxInput {
		return fmt.Errorf("%s: more than %d bytes", in.name, maxInput)
	}
	in.format, in.whole, in.size = fmtSSZ, b, int64(len(b))
	return nil
}

// looksSnappy reports whether the first bytes of an input of size bytes can
// begin snappy's block format: a length prefix that is not less than a
// compressed value of size bytes holds, nor more than maxInput.
func looksSnappy(head []byte, size int64) bool {
	n, err := snappy.DecodedLen(head)
	if err != nil || n > maxInput || n == 0 {
		return false
	}
	return int64(n) >= (size-32)*6/7
}

// readText reads a text input whole.
func (in *input) readText() error {
	b, err := readUpTo(in.r, maxInput+1)
	if err != nil {
		return fmt.Errorf("%s: %w", in.name, err)
	}
	if len(b) > maxInput {
		return fmt.Errorf("%s: more than %d bytes", in.name, maxInput)
	}
	in.whole, in.size = b, int64(len(b))
	return nil
}

// readSnappy reads and decompresses a block-format input whole.
func (in *input) readSnappy() error {
	b, err := readUpTo(in.r, maxInput+1)
	if err != nil {
		return fmt.Errorf("%s: %w", in.name, err)
	}
	d, err := decodeSnappy(b)
	if err != nil {
		return fmt.Errorf("%s: %w", in.name, err)
	}
	in.whole, in.size = d, int64(len(d))
	return nil
}

// decodeSnappy decompresses snappy's block format, refusing a length
// prefix above maxInput before allocating it.
func decodeSnappy(b []byte) ([]byte, error) {
	n, err := snappy.DecodedLen(b)
	if err != nil {
		return nil, fmt.Errorf("snappy block format: %v", err)
	}
	if n > maxInput {
		return nil, fmt.Errorf("snappy block format: decompresses to %d bytes, more than %d", n, maxInput)
	}
	// A block expands at most about 1:21 (a copy of 64 bytes for every 3),
	// so a length prefix beyond that is corrupt: no allocation follows it.
	if n/24 > len(b) {
		return nil, fmt.Errorf("snappy block format: %d bytes cannot decompress to the %d their prefix claims", len(b), n)
	}
	d, err := snappy.Decode(make([]byte, n), b)
	if err != nil {
		return nil, fmt.Errorf("snappy block format: %v", err)
	}
	return d, nil
}

// readUpTo reads r to its end, or n bytes, growing its buffer as bytes
// arrive: no allocation is sized by a length the input claims.
func readUpTo(r io.Reader, n int) ([]byte, error) {
	return io.ReadAll(io.LimitReader(r, int64(n)))
}

// isText reports whether b, the first bytes of an input, is text: UTF-8
// without control characters but tabs and line ends. Serialized states and
// blocks hold zero bytes in their first bytes.
func isText(b []byte) bool {
	// The last rune may be cut by the peek.
	for len(b) > 0 {
		r, size := utf8.DecodeRune(b)
		if r == utf8.RuneError && size <= 1 {
			return len(b) < utf8.UTFMax && !utf8.FullRune(b)
		}
		if r < 0x20 && r != '\t' && r != '\n' && r != '\r' || r == 0x7f {
			return false
		}
		b = b[size:]
	}
	return true
}

// readSSZWhole returns the SSZ bytes of the input whole: read, for a raw
// or framed stream, up to maxInput.
func (in *input) readSSZWhole() ([]byte, error) {
	if in.whole != nil {
		return in.whole, nil
	}
	b, err := readUpTo(in.r, maxInput+1)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", in.name, err)
	}
	if len(b) > maxInput {
		return nil, fmt.Errorf("%s: more than %d bytes", in.name, maxInput)
	}
	in.whole = b
	return b, nil
}
