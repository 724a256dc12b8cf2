package difftest

import (
	"bytes"
	"fmt"
	"runtime/debug"

	"github.com/ssztree/ssztree/schema"
)

// A Peer is another SSZ implementation of one type: Decode decodes b and,
// if it accepts it, returns the value's hash_tree_root and its encoding.
// A panic in Decode is caught and counts as a disagreement: bad input must
// give an error.
type Peer struct {
	Name   string
	Decode func(b []byte) (root [32]byte, encoding []byte, err error)
}

// A Result is what one implementation made of an input.
type Result struct {
	OK       bool
	Root     [32]byte
	Encoding []byte
	// Err is the decoding error of a rejected input; Panic the value of a
	// panic and its stack.
	Err   error
	Panic string
}

func (r Result) String() string {
	switch {
	case r.Panic != "":
		return "panic: " + r.Panic
	case !r.OK:
		return fmt.Sprintf("rejected (%v)", r.Err)
	}
	return fmt.Sprintf("accepted (root %x, %d bytes)", r.Root, len(r.Encoding))
}

// A Known is a class of disagreements settled by the specification
// against a peer, written down in the module's README: Match reports
// whether the disagreement of peer on input, given ssztree's result ours
// and the peer's theirs, belongs to the class. A target skips the inputs
// of a known class, so that it keeps finding new ones.
type Known struct {
	// Name names the class in the README ("fastssz: ...").
	Name  string
	Match func(t schema.Type, input []byte, peer string, ours, theirs Result) bool
}

// A Target is one SSZ type, the peers that implement it, and the known
// classes of disagreement it skips.
type Target struct {
	// Name says the type and fork ("BeaconState/deneb").
	Name  string
	Type  schema.Type
	Peers []Peer
	Known []Known
	// Seeds returns the target's seeds, valid encodings to mutate: the
	// spec-test cases of the type ([StaticCases], [GenericCases]).
	Seeds func() ([][]byte, error)
}

// maxInput bounds the inputs a target decodes: the mutations of a state
// grow it by at most maxGrowth, and larger fuzzed inputs cost time and
// find nothing a smaller one does not.
const maxInput = 16 << 20

// Ours decodes input with ssztree's schema t.
func Ours(t schema.Type, input []byte) Result {
	return run(func() ([32]byte, []byte, error) {
		n, err := t.Decode(input)
		if err != nil {
			return [32]byte{}, nil, err
		}
		enc, err := t.Encode(nil, n)
		if err != nil {
			return [32]byte{}, nil, fmt.Errorf("encoding a decoded value: %w", err)
		}
		return n.Root(), enc, nil
	})
}

// run calls decode, catching a panic.
func run(decode func() ([32]byte, []byte, error)) (r Result) {
	defer func() {
		if p := recover(); p != nil {
			r = Result{Panic: fmt.Sprintf("%v\n%s", p, debug.Stack())}
		}
	}()
	root, enc, err := decode()
	if err != nil {
		return Result{Err: err}
	}
	return Result{OK: true, Root: root, Encoding: enc}
}

// Disagreements returns what the implementations of target disagree on
// for input, one line per peer that differs from ssztree (or from the
// input: an accepted value must encode back to exactly the input), leaving
// out the known classes. It is empty when all agree.
func Disagreements(target *Target, input []byte) []string {
	ours := Ours(target.Type, input)
	var out []string
	if ours.Panic != "" {
		out = append(out, "ssztree: "+ours.String())
	} else if ours.OK && !bytes.Equal(ours.Encoding, input) {
		out = append(out, fmt.Sprintf("ssztree: accepted, but encodes back to %d other bytes", len(ours.Encoding)))
	}
	for _, p := range target.Peers {
		theirs := run(func() ([32]byte, []byte, error) { return p.Decode(input) })
		d := differ(ours, theirs, input)
		if d == "" || known(target, input, p.Name, ours, theirs) {
			continue
		}
		out = append(out, fmt.Sprintf("%s: %s\n\tssztree: %s\n\t%s: %s", p.Name, d, ours, p.Name, theirs))
	}
	return out
}

// differ says how theirs differs from ours on input, or returns "".
func differ(ours, theirs Result, input []byte) string {
	switch {
	case theirs.Panic != "":
		return "panics"
	case ours.OK != theirs.OK:
		return "accept/reject differ"
	case !ours.OK:
		return ""
	case ours.Root != theirs.Root:
		return "roots differ"
	case !bytes.Equal(theirs.Encoding, input):
		return "re-encoding differs from the input"
	}
	return ""
}

func known(target *Target, input []byte, peer string, ours, theirs Result) bool {
	for _, k := range target.Known {
		if k.Match(target.Type, input, peer, ours, theirs) {
			return true
		}
	}
	return false
}

// Check fails t with every disagreement of the implementations of target
// on input, after the structure-aware mutation sel ([Mutate]).
func Check(t Fataler, target *Target, input []byte, sel uint32) {
	t.Helper()
	if len(input) > maxInput {
		return
	}
	b := Mutate(target.Type, input, sel)
	if ds := Disagreements(target, b); len(ds) > 0 {
		msg := fmt.Sprintf("%s: the implementations disagree on %d bytes (mutation %d of the input):", target.Name, len(b), sel)
		for _, d := range ds {
			msg += "\n" + d
		}
		if len(b) <= 512 {
			msg += fmt.Sprintf("\ninput %x", b)
		}
		t.Fatal(msg)
	}
}

// Fataler is the part of testing.TB that Check uses.
type Fataler interface {
	Helper()
	Fatal(args ...any)
}

// Only returns the class k restricted to the peer named peer.
func (k Known) Only(peer string) Known {
	match := k.Match
	k.Match = func(t schema.Type, input []byte, p string, ours, theirs Result) bool {
		return p == peer && match(t, input, p, ours, theirs)
	}
	return k
}
