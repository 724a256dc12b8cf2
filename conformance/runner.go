package conformance

import (
	"bytes"
	"errors"
	"fmt"
	"runtime/debug"
	"strings"

	"github.com/ssztree/ssztree/schema"
	"github.com/ssztree/ssztree/sszjson"
)

// Run runs the ssz_generic and ssz_static cases in the folder dir, which
// holds tests/, and returns the summary, failures included. Its error
// reports a folder that cannot be read.
func Run(dir string) (*Summary, error) {
	r, err := newRunner(dir)
	if err != nil {
		return nil, err
	}
	for _, h := range r.handlers() {
		r.runHandler(h)
	}
	for i, run := range r.static {
		if run.unsupported != "" {
			continue
		}
		for j := range run.suite.types {
			r.runStaticType(i, j)
		}
	}
	return r.sum, nil
}

// A runner runs the cases of a tests/ folder, handler by handler and
// ssz_static type by type, and records their outcomes.
type runner struct {
	layout *layout
	static []*staticRun // one per ssz_static suite of the layout
	sum    *Summary
}

func newRunner(dir string) (*runner, error) {
	l, err := scan(dir)
	if err != nil {
		return nil, err
	}
	r := &runner{layout: l}
	for i := range l.static {
		r.static = append(r.static, newStaticRun(&l.static[i]))
	}
	r.sum = newSummary(dir, l, r.static)
	return r, nil
}

// handlers returns the ssz_generic handlers, in order.
func (r *runner) handlers() []string { return r.layout.handlers() }

// runHandler runs the cases of the handler, records their outcomes in the
// summary and returns the failures.
func (r *runner) runHandler(handler string) []Failure {
	n := len(r.sum.Failures)
	r.sum.handler(handler) // list the handler even if it has no cases
	for _, ref := range r.layout.cases(handler) {
		r.sum.record(ref, runCase(ref))
	}
	return r.sum.Failures[n:]
}

// runStaticType runs the cases of the j-th type folder of the i-th
// ssz_static suite, records their outcomes in the summary and returns the
// failures.
func (r *runner) runStaticType(i, j int) []Failure {
	n := len(r.sum.Failures)
	run := r.static[i]
	for _, ref := range run.suite.typeCases(run.suite.types[j]) {
		r.sum.recordStatic(i, j, ref.path, runStaticCase(run, ref))
	}
	return r.sum.Failures[n:]
}

// runCase runs the case in the folder ref. Its error is an
// [*UnsupportedError] for a case that was not run.
func runCase(ref caseRef) error {
	c, err := newCase(ref)
	if err != nil {
		return err
	}
	if errors.Is(c.TypeErr, ErrUnsupported) {
		return c.TypeErr
	}
	if c.Serialized, err = readSerialized(c.Path); err != nil {
		return err
	}
	return Check(c)
}

// Check runs the case c, whose Serialized bytes are loaded, and returns why
// it fails, or an error matching [ErrUnsupported] if its type is not
// supported yet. Check reads meta.yaml and value.yaml of a valid case from
// its folder. A panic in the schema package is recovered and reported as a
// failure.
func Check(c *Case) (err error) {
	defer func() {
		if p := recover(); p != nil {
			err = fmt.Errorf("%s: panic: %v\n%s", c.Path, p, debug.Stack())
		}
	}()
	switch {
	case errors.Is(c.TypeErr, ErrUnsupported):
		return c.TypeErr
	case c.TypeErr != nil && !c.Valid && errors.Is(c.TypeErr, schema.ErrIllegalType):
		return nil // an illegal type: no bytes are a value of it
	case c.TypeErr != nil:
		return fmt.Errorf("%s: %w", c.Path, c.TypeErr)
	case c.Valid:
		return checkValid(c)
	}
	return checkInvalid(c)
}

// checkInvalid checks that the bytes of c fail to decode, and that
// schema.Validate and schema.Root fail with the same error.
func checkInvalid(c *Case) error {
	for _, t := range c.Types {
		n, err := t.Decode(c.Serialized)
		if err == nil {
			return fmt.Errorf("%s: %v decoded invalid bytes %s without error, to a value with root %#x",
				c.Path, t, abbrev(c.Serialized), n.Root())
		}
		if verr := schema.Validate(t, c.Serialized); fmt.Sprint(verr) != err.Error() {
			return fmt.Errorf("%s: %v: Validate says %v where Decode says %v", c.Path, t, verr, err)
		}
		if _, rerr := schema.Root(t, c.Serialized); fmt.Sprint(rerr) != err.Error() {
			return fmt.Errorf("%s: %v: Root says %v where Decode says %v", c.Path, t, rerr, err)
		}
	}
	return nil
}

// checkValid checks that the bytes of c decode to a value with the root of
// meta.yaml (and that schema.Validate accepts them), that the value
// encodes back to the same bytes, that value.yaml gives the same bytes,
// and that the value's JSON (package sszjson) reads back as the same
// bytes.
func checkValid(c *Case) error {
	if len(c.Types) != 1 {
		return fmt.Errorf("%s: a valid case of %d types", c.Path, len(c.Types))
	}
	if err := checkValue(c.Path, c.Types[0], c.Serialized, metaFile); err != nil {
		return err
	}
	return checkJSON(c.Path, c.Types[0], c.Serialized)
}

// checkJSON checks that the JSON of the value of type t serialized in b
// reads back as b.
func checkJSON(path string, t schema.Type, b []byte) error {
	js, err := sszjson.Marshal(t, b)
	if err != nil {
		return fmt.Errorf("%s: %v: JSON: %v", path, t, err)
	}
	back, err := sszjson.Unmarshal(t, js)
	if err != nil {
		return fmt.Errorf("%s: %v: JSON %.100s...: %v", path, t, js, err)
	}
	if d := diff(back, b); d != "" {
		return fmt.Errorf("%s: %v: JSON round trip: %s", path, t, d)
	}
	return nil
}

// checkValue checks that the bytes b of the case in the folder path decode
// as a value of type t whose root is the one in rootFile, as schema.Root
// computes from the bytes too, that the value
// has size len(b) and encodes back to b, and that value.yaml gives b too.
// Its error names the folder and every check that failed.
func checkValue(path string, t schema.Type, b []byte, rootFile string) error {
	var problems []string
	fail := func(format string, args ...any) {
		problems = append(problems, fmt.Sprintf(format, args...))
	}

	n, err := t.Decode(b)
	if verr := schema.Validate(t, b); fmt.Sprint(verr) != fmt.Sprint(err) {
		fail("Validate says %v where Decode says %v", verr, err)
	}
	if err != nil {
		fail("decode %v: %v", t, err)
	} else {
		want, err := readRoot(path, rootFile)
		if err != nil {
			return err
		}
		if got := n.Root(); got != want {
			fail("root %#x, want %#x", got, want)
		}
		if got, err := schema.Root(t, b); err != nil || got != want {
			fail("schema.Root %#x, %v; want %#x", got, err, want)
		}
		if size, err := t.Size(n); err != nil {
			fail("size: %v", err)
		} else if size != len(b) {
			fail("size %d, want %d", size, len(b))
		}
		if enc, err := t.Encode(nil, n); err != nil {
			fail("encode: %v", err)
		} else if d := diff(enc, b); d != "" {
			fail("encoding differs from serialized bytes: %s", d)
		}
	}

	v, err := readValue(path)
	if err != nil {
		return err
	}
	if vb, err := SSZFromYAML(t, v); err != nil {
		fail("%s: %v", valueFile, err)
	} else if d := diff(vb, b); d != "" {
		fail("%s differs from serialized bytes: %s", valueFile, d)
	}

	if len(problems) > 0 {
		return fmt.Errorf("%s: %v: %s", path, t, strings.Join(problems, "; "))
	}
	return nil
}

// diff describes how got differs from want, or returns "" if they are
// equal.
func diff(got, want []byte) string {
	if bytes.Equal(got, want) {
		return ""
	}
	i := 0
	for i < len(got) && i < len(want) && got[i] == want[i] {
		i++
	}
	if i == len(got) || i == len(want) {
		return fmt.Sprintf("got %d bytes, want %d, the first %d equal", len(got), len(want), i)
	}
	return fmt.Sprintf("first difference at byte %d: got %#02x, want %#02x (got %d bytes, want %d)",
		i, got[i], want[i], len(got), len(want))
}

// abbrev formats b in hex, cut after 32 bytes.
func abbrev(b []byte) string {
	if len(b) > 32 {
		return fmt.Sprintf("0x%x... (%d bytes)", b[:32], len(b))
	}
	return fmt.Sprintf("0x%x", b)
}
