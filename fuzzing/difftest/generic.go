package difftest

import (
	"fmt"

	"github.com/ssztree/ssztree/conformance"
	"github.com/ssztree/ssztree/schema"
)

// GenericTarget returns the target of the type of the ssz_generic cases of
// handler whose names start with prefix ("bitlist_512_",
// "ComplexTestStruct_"), ssztree's type as the library's conformance
// runner reads it from the case names, with those cases, valid and
// invalid, as seeds.
func GenericTarget(handler, prefix string, peers []Peer, known []Known) (*Target, error) {
	ts, err := conformance.ParseType(handler, prefix)
	if err != nil {
		return nil, fmt.Errorf("difftest: %w", err)
	}
	if len(ts) != 1 {
		return nil, fmt.Errorf("difftest: %s/%s names %d types", handler, prefix, len(ts))
	}
	return &Target{
		Name:  handler + "/" + ts[0].String(),
		Type:  ts[0],
		Peers: peers,
		Known: known,
		Seeds: func() ([][]byte, error) { return GenericCases(handler, prefix) },
	}, nil
}

// DefaultSeeds returns the encodings of the default value of t and, for a
// union, of the default value of each option after its selector: the seeds
// of a type that the spec tests have no cases of.
func DefaultSeeds(t schema.Type) func() ([][]byte, error) {
	return func() ([][]byte, error) {
		enc, err := t.Encode(nil, t.Default())
		if err != nil {
			return nil, err
		}
		seeds := [][]byte{enc}
		if u, ok := t.(*schema.Union); ok {
			for i := range u.Options() {
				b := []byte{byte(i)}
				if o := u.Option(i); o != nil {
					if b, err = o.Encode(b, o.Default()); err != nil {
						return nil, err
					}
				}
				seeds = append(seeds, b)
			}
		}
		return seeds, nil
	}
}
