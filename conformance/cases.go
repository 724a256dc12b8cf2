package conformance

import (
	"fmt"

	"github.com/ssztree/ssztree/schema"
)

// A Case is one ssz_generic test case.
type Case struct {
	// Path is the case folder,
	// <dir>/tests/general/<fork>/ssz_generic/<handler>/<valid|invalid>/<name>.
	Path    string
	Fork    string
	Handler string
	Name    string
	// Valid reports whether the serialized bytes are a value of the type
	// (valid/), or must fail to decode (invalid/).
	Valid bool
	// Types are the types the case is about, as given by ParseType: one
	// type, except for the bitlist_no_delimiter_* cases, which are invalid
	// for every bitlist type. It is empty when TypeErr is set.
	Types []schema.Type
	// TypeErr says why the case has no types: it is an error of
	// ParseType.
	TypeErr error
	// Serialized holds the bytes to decode.
	Serialized []byte
}

// Cases returns the ssz_generic cases in the folder dir, which holds tests/,
// with their serialized bytes: seeds for fuzzing the decoders. Cases whose
// types are unsupported or illegal come with their TypeErr.
func Cases(dir string) ([]Case, error) {
	l, err := scan(dir)
	if err != nil {
		return nil, err
	}
	cs := make([]Case, len(l.generic))
	for i, r := range l.generic {
		c, err := newCase(r)
		if err != nil {
			return nil, err
		}
		if c.Serialized, err = readSerialized(c.Path); err != nil {
			return nil, err
		}
		cs[i] = *c
	}
	return cs, nil
}

// newCase returns the case in the folder r, with its types but without its
// bytes.
func newCase(r caseRef) (*Case, error) {
	if r.suite != "valid" && r.suite != "invalid" {
		return nil, fmt.Errorf("%s: suite %q is neither valid nor invalid", r.path, r.suite)
	}
	c := &Case{Path: r.path, Fork: r.fork, Handler: r.handler, Name: r.name, Valid: r.valid()}
	c.Types, c.TypeErr = ParseType(r.handler, r.name)
	return c, nil
}
