package sszjson

import (
	"bytes"
	"encoding/binary"
	"encoding/json"
	"fmt"
	"strconv"
)

// maxSkipDepth bounds the nesting of the values Unmarshal skips (members
// it does not know or that come before their turn, the data of an
// envelope), as encoding/json bounds all nesting: deeper input is rejected
// rather than allowed to grow the stack without limit. The values it
// decodes nest only as deep as their type.
const maxSkipDepth = 10000

// decoder scans JSON text in place. Its methods that read a value expect
// pos at the value's first byte (whitespace skipped) and leave it just
// past the value.
type decoder struct {
	data []byte
	pos  int
	// allowUnknown is UnmarshalOptions.AllowUnknownMembers.
	allowUnknown bool
}

// end checks that nothing but whitespace follows the value read.
func (d *decoder) end() error {
	d.ws()
	if d.pos != len(d.data) {
		what, _ := d.found()
		return d.errorf(ErrSyntax, d.pos, "data after the value: %s", what)
	}
	return nil
}

// unknown handles the member whose value is at pos, just after key read
// its name, that names nothing the object at hand holds: an error wrapping
// ErrUnknownMember at the value (as for a duplicate member), or with
// allowUnknown a skip of the value.
func (d *decoder) unknown() error {
	if !d.allowUnknown {
		return d.errorf(ErrUnknownMember, d.pos, "%s", excerpt(d.lastName()))
	}
	return d.skip(0)
}

// lastName returns the name of the member whose value is at pos, just
// after key read it, read back from the input. Only errors need it: the
// callers of key let go of the name once they have compared it, which
// keeps it out of the stack on the path every member takes (kept for an
// error, it cost container instructions on every member: BenchmarkUnmarshal
// under cachegrind, see the commit that added this).
func (d *decoder) lastName() []byte {
	// Back over the whitespace and colon after the name.
	i := d.pos - 1
	for i >= 0 && (isSpace(d.data[i]) || d.data[i] == ':') {
		i--
	}
	end := i
	if end < 1 || d.data[end] != '"' {
		return nil
	}
	// Back to the quote that opens the name: inside a string, a quote is
	// escaped, after an odd number of backslashes.
	start := end - 1
	for ; start >= 0; start-- {
		if d.data[start] != '"' {
			continue
		}
		n := 0
		for j := start - 1; j >= 0 && d.data[j] == '\\'; j-- {
			n++
		}
		if n%2 == 0 {
			break
		}
	}
	if start < 0 {
		return nil
	}
	name := decoder{data: d.data[:end+1], pos: start}
	s, err := name.str(maxEscapedString)
	if err != nil {
		return nil
	}
	return s
}

func isSpace(c byte) bool {
	return c == ' ' || c == '\t' || c == '\n' || c == '\r'
}

// ws skips whitespace.
func (d *decoder) ws() {
	for d.pos < len(d.data) {
		switch d.data[d.pos] {
		case ' ', '\t', '\n', '\r':
			d.pos++
		default:
			return
		}
	}
}

// peek returns the byte at pos, or 0 at the end of the input.
func (d *decoder) peek() byte {
	if d.pos < len(d.data) {
		return d.data[d.pos]
	}
	return 0
}

// literal consumes lit (true, false, null) if the input has it at pos.
func (d *decoder) literal(lit string) bool {
	if bytes.HasPrefix(d.data[d.pos:], []byte(lit)) {
		d.pos += len(lit)
		return true
	}
	return false
}

func (d *decoder) errorf(sentinel error, at int, format string, args ...any) *Error {
	return &Error{Offset: at, Err: sentinel, Detail: fmt.Sprintf(format, args...)}
}

// found describes the JSON value at pos, for errors; ok is false if no
// value can start there.
func (d *decoder) found() (what string, ok bool) {
	if d.pos >= len(d.data) {
		return "the end of the input", false
	}
	rest := d.data[d.pos:]
	switch c := rest[0]; {
	case c == '"':
		return "a string", true
	case c == '{':
		return "an object", true
	case c == '[':
		return "an array", true
	case c == '-' || c >= '0' && c <= '9':
		return "a number", true
	case bytes.HasPrefix(rest, []byte("true")):
		return "true", true
	case bytes.HasPrefix(rest, []byte("false")):
		return "false", true
	case bytes.HasPrefix(rest, []byte("null")):
		return "null", true
	default:
		return fmt.Sprintf("invalid character %q", c), false
	}
}

// kindError reports that the value at pos is not the kind wanted, want
// (ErrKind), or no JSON value at all (ErrSyntax). The error's path and
// type, which its caller's callers add, say whose value it is.
func (d *decoder) kindError(want string) *Error {
	what, ok := d.found()
	sentinel := ErrKind
	if !ok {
		sentinel = ErrSyntax
	}
	return d.errorf(sentinel, d.pos, "want %s, found %s", want, what)
}

// scanString consumes the string at pos and returns the offset of its
// closing quote, and whether it has escape sequences.
func (d *decoder) scanString() (end int, escaped bool, err error) {
	start := d.pos
	i := start + 1
	for {
		// Skip plain characters 8 at a time, then one at a time.
		for i+8 <= len(d.data) && !hasSpecial(binary.LittleEndian.Uint64(d.data[i:])) {
			i += 8
		}
		for i < len(d.data) && !stringSpecial[d.data[i]] {
			i++
		}
		if i >= len(d.data) {
			return 0, false, d.errorf(ErrSyntax, start, "unterminated string")
		}
		c := d.data[i]
		switch {
		case c == '"':
			d.pos = i + 1
			return i, escaped, nil
		case c == '\\':
			escaped = true
			if i+1 >= len(d.data) {
				return 0, false, d.errorf(ErrSyntax, start, "unterminated string")
			}
			switch d.data[i+1] {
			case '"', '\\', '/', 'b', 'f', 'n', 'r', 't':
				i += 2
			case 'u':
				if i+6 > len(d.data) {
					return 0, false, d.errorf(ErrSyntax, i, "invalid \\u escape")
				}
				for _, h := range d.data[i+2 : i+6] {
					if !isHex(h) {
						return 0, false, d.errorf(ErrSyntax, i, "invalid \\u escape")
					}
				}
				i += 6
			default:
				return 0, false, d.errorf(ErrSyntax, i, "invalid escape %q", d.data[i:i+2])
			}
		default:
			return 0, false, d.errorf(ErrSyntax, i, "control character %q in string", c)
		}
	}
}

// hasSpecial reports whether any of the 8 bytes of x is special in a
// string (see stringSpecial), with the exact tests for a zero byte and a
// byte below n of "Bit Twiddling Hacks" (Sean Eron Anderson).
func hasSpecial(x uint64) bool {
	const ones, highs = 0x0101010101010101, 0x8080808080808080
	quote := x ^ ones*'"'
	backslash := x ^ ones*'\\'
	return ((quote-ones)&^quote|(backslash-ones)&^backslash|(x-ones*0x20)&^x)&highs != 0
}

// stringSpecial marks the bytes that end a run of plain characters in a
// string: the quote, the backslash and the control characters.
var stringSpecial = func() (t [256]bool) {
	for c := 0; c < 0x20; c++ {
		t[c] = true
	}
	t['"'], t['\\'] = true, true
	return t
}()

func isHex(c byte) bool {
	return c >= '0' && c <= '9' || c >= 'a' && c <= 'f' || c >= 'A' && c <= 'F'
}

// maxEscapedString bounds the length in the input of a string with escape
// sequences that the decoder decodes where no type bounds it (a member
// name, the envelope's version): decoding copies the string, and a longer
// one is no name or version of any value, so it is rejected before the
// copy rather than allowed to allocate in proportion to the input.
const maxEscapedString = 64 << 10

// str consumes the string at pos and returns its contents: a slice of the
// input, or a copy with escape sequences decoded. A string with escapes
// longer than max bytes in the input is an error, found before the copy.
func (d *decoder) str(max int) ([]byte, error) {
	start := d.pos
	end, escaped, err := d.scanString()
	if err != nil {
		return nil, err
	}
	if !escaped {
		return d.data[start+1 : end], nil
	}
	if n := end - start - 1; n > max {
		return nil, d.errorf(ErrLength, start, "string of %d bytes with escapes, longer than any value here (%d)", n, max)
	}
	// Rare in practice: let encoding/json decode the escapes (surrogate
	// pairs included) of the string scanString has checked.
	var s string
	if err := json.Unmarshal(d.data[start:end+1], &s); err != nil {
		return nil, d.errorf(ErrSyntax, start, "%v", err)
	}
	return []byte(s), nil
}

// number consumes the number at pos and returns its text.
func (d *decoder) number() ([]byte, error) {
	start, i := d.pos, d.pos
	digits := func() bool {
		j := i
		for i < len(d.data) && d.data[i] >= '0' && d.data[i] <= '9' {
			i++
		}
		return i > j
	}
	if i < len(d.data) && d.data[i] == '-' {
		i++
	}
	switch {
	case i < len(d.data) && d.data[i] == '0':
		i++
	case !digits():
		return nil, d.errorf(ErrSyntax, start, "invalid number")
	}
	if i < len(d.data) && d.data[i] == '.' {
		i++
		if !digits() {
			return nil, d.errorf(ErrSyntax, start, "invalid number")
		}
	}
	if i < len(d.data) && (d.data[i] == 'e' || d.data[i] == 'E') {
		i++
		if i < len(d.data) && (d.data[i] == '+' || d.data[i] == '-') {
			i++
		}
		if !digits() {
			return nil, d.errorf(ErrSyntax, start, "invalid number")
		}
	}
	d.pos = i
	return d.data[start:i], nil
}

// key reads the next member name of an object and the colon after it,
// leaving pos at the member's value; ok is false, and pos past the object,
// at its closing brace. first says whether no member has been read yet.
func (d *decoder) key(first bool) (name []byte, ok bool, err error) {
	d.ws()
	c := d.peek()
	if c == '}' {
		d.pos++
		return nil, false, nil
	}
	if !first {
		if c != ',' {
			what, _ := d.found()
			return nil, false, d.errorf(ErrSyntax, d.pos, "want ',' or '}' after an object member, found %s", what)
		}
		d.pos++
		d.ws()
		c = d.peek()
	}
	if c != '"' {
		what, _ := d.found()
		return nil, false, d.errorf(ErrSyntax, d.pos, "want a member name, found %s", what)
	}
	if name, err = d.str(maxEscapedString); err != nil {
		return nil, false, err
	}
	d.ws()
	if d.peek() != ':' {
		what, _ := d.found()
		return nil, false, d.errorf(ErrSyntax, d.pos, "want ':' after a member name, found %s", what)
	}
	d.pos++
	d.ws()
	return name, true, nil
}

// more reports whether another element of an array follows, leaving pos at
// it, or consumes the closing bracket. first says whether no element has
// been read yet.
func (d *decoder) more(first bool) (bool, error) {
	d.ws()
	c := d.peek()
	if c == ']' {
		d.pos++
		return false, nil
	}
	if !first {
		if c != ',' {
			what, _ := d.found()
			return false, d.errorf(ErrSyntax, d.pos, "want ',' or ']' after an array element, found %s", what)
		}
		d.pos++
		d.ws()
	}
	return true, nil
}

// skip consumes the JSON value at pos, checking its syntax; depth is the
// nesting of skipped values around it.
func (d *decoder) skip(depth int) error {
	d.ws()
	switch c := d.peek(); {
	case c == '{' || c == '[':
		if depth >= maxSkipDepth {
			return d.errorf(ErrSyntax, d.pos, "nested deeper than %d", maxSkipDepth)
		}
		d.pos++
		for first := true; ; first = false {
			var ok bool
			var err error
			if c == '{' {
				_, ok, err = d.key(first)
			} else {
				ok, err = d.more(first)
			}
			if err != nil {
				return err
			}
			if !ok {
				return nil
			}
			if err := d.skip(depth + 1); err != nil {
				return err
			}
		}
	case c == '"':
		_, _, err := d.scanString()
		return err
	case c == '-' || c >= '0' && c <= '9':
		_, err := d.number()
		return err
	case d.literal("true") || d.literal("false") || d.literal("null"):
		return nil
	}
	what, _ := d.found()
	return d.errorf(ErrSyntax, d.pos, "want a JSON value, found %s", what)
}

// excerpt quotes s for an error message, shortened if long.
func excerpt(s []byte) string {
	const max = 40
	if len(s) > max {
		return strconv.Quote(string(s[:max])) + "..."
	}
	return strconv.Quote(string(s))
}
