package conformance

import (
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/ssztree/ssztree/schema"
)

// ErrUnknownType is wrapped by the errors of [ParseType] for a handler and
// case name that name no type, and by the failures of ssz_static cases
// whose type folder names no container of their fork.
var ErrUnknownType = errors.New("no type known for the case")

// ErrUnsupported matches, with errors.Is, every [*UnsupportedError].
var ErrUnsupported = errors.New("type not supported yet")

// An UnsupportedError reports that a case tests a type the schema package
// does not support yet.
type UnsupportedError struct {
	// Handler is the handler folder of the case.
	Handler string
	// Container is the test container named by the case, or empty when no
	// case of the handler is supported.
	Container string
	// Missing names the SSZ types that are missing.
	Missing string
}

// Error returns the error message.
func (e *UnsupportedError) Error() string {
	what := e.Handler
	if e.Container != "" {
		what += " " + e.Container
	}
	return fmt.Sprintf("%s: %s not supported yet", what, e.Missing)
}

// Is reports whether target is [ErrUnsupported].
func (e *UnsupportedError) Is(target error) bool { return target == ErrUnsupported }

// unsupportedHandlers maps the ssz_generic handlers of newer releases (and,
// for stablecontainers and profiles, of development branches of the
// specification) whose types the schema package does not support yet to
// the missing types.
var unsupportedHandlers = map[string]string{
	// basic_progressivelist is no handler of a release (basic_progressive_list
	// is, since v1.6.0-beta.1): its vectors' tree shape is not known.
	"basic_progressivelist": "ProgressiveList (EIP-7916) of an unreleased handler",
	"stablecontainers":      "StableContainer",
	"profiles":              "Profile",
}

// basicTypes maps the element names of basic_vector cases to their types.
var basicTypes = map[string]schema.Type{
	"bool":    schema.Boolean,
	"uint8":   schema.Uint8,
	"uint16":  schema.Uint16,
	"uint32":  schema.Uint32,
	"uint64":  schema.Uint64,
	"uint128": schema.Uint128,
	"uint256": schema.Uint256,
}

// uintTypes maps the widths in uints case names to their types.
var uintTypes = map[uint64]schema.Type{
	8:   schema.Uint8,
	16:  schema.Uint16,
	32:  schema.Uint32,
	64:  schema.Uint64,
	128: schema.Uint128,
	256: schema.Uint256,
}

// noDelimiterLimits are the limits of the bitlist types that the
// bitlist_no_delimiter_* cases, which name no limit, are checked against.
var noDelimiterLimits = []uint64{1, 8, 512, 2048}

// ParseType returns the types that the ssz_generic case with the given
// handler folder and case name is about, following the case names of the
// specification's generators (tests/generators/runners/ssz_generic_cases):
//
//	uints          uint_<bits>_...                 uint<bits>
//	boolean        any name                        boolean
//	basic_vector   vec_<elem>_<length>_...         Vector[<elem>, <length>]
//	               proglist_<elem>_<length>_...    Vector[<elem>, <length>]
//	bitvector      bitvec_<N>_...                  Bitvector[N]
//	bitlist        bitlist_<N>_...                 Bitlist[N]
//	               bitlist_no_delimiter_...        Bitlist[N] for each N in noDelimiterLimits
//	basic_progressive_list
//	               proglist_<elem>_...             ProgressiveList[<elem>]
//	progressive_bitlist
//	               progbitlist_...                 ProgressiveBitList
//	containers     <container name>_...            the test container
//	progressive_containers
//	               <container name>_...            the progressive test container
//	compatible_unions
//	               <union name>_...                the test compatible union
//
// where elem is bool or uint8 to uint256. It returns one type, except for
// bitlist_no_delimiter_* cases. Its error wraps [schema.ErrIllegalType] if the
// case names an illegal type (vec_bool_0, bitvec_0), matches
// [ErrUnsupported] if it names a type the schema package does not support
// yet, and wraps [ErrUnknownType] if the name does not follow the grammar.
func ParseType(handler, name string) ([]schema.Type, error) {
	if missing, ok := unsupportedHandlers[handler]; ok {
		return nil, &UnsupportedError{Handler: handler, Missing: missing}
	}
	unknown := fmt.Errorf("%w: handler %q, case %q", ErrUnknownType, handler, name)
	word := strings.Split(name, "_")
	var t schema.Type
	var err error
	switch handler {
	case "uints":
		bits, ok := number(word, 1)
		if word[0] != "uint" || !ok || uintTypes[bits] == nil {
			return nil, unknown
		}
		t = uintTypes[bits]
	case "boolean":
		t = schema.Boolean
	case "basic_vector":
		// proglist_bool_<length>_... is a naming slip of the generator
		// for invalid Vector[bool, length] cases.
		n, ok := number(word, 2)
		if (word[0] != "vec" && word[0] != "proglist") || !ok || basicTypes[word[1]] == nil {
			return nil, unknown
		}
		t, err = schema.NewVector(basicTypes[word[1]], n)
	case "bitvector":
		n, ok := number(word, 1)
		if word[0] != "bitvec" || !ok {
			return nil, unknown
		}
		t, err = schema.NewBitvector(n)
	case "bitlist":
		if strings.HasPrefix(name, "bitlist_no_delimiter") {
			ts := make([]schema.Type, len(noDelimiterLimits))
			for i, limit := range noDelimiterLimits {
				if ts[i], err = schema.NewBitlist(limit); err != nil {
					return nil, err
				}
			}
			return ts, nil
		}
		// bitlist_<N>_but_<M> holds M bits, for the type Bitlist[N].
		n, ok := number(word, 1)
		if word[0] != "bitlist" || !ok {
			return nil, unknown
		}
		t, err = schema.NewBitlist(n)
	case "basic_progressive_list":
		if word[0] != "proglist" || len(word) < 2 || basicTypes[word[1]] == nil {
			return nil, unknown
		}
		t, err = schema.NewProgressiveList(basicTypes[word[1]])
	case "progressive_bitlist":
		if word[0] != "progbitlist" {
			return nil, unknown
		}
		t = schema.NewProgressiveBitlist()
	case "containers":
		return parseContainer(name, unknown)
	case "progressive_containers":
		container, _, _ := strings.Cut(name, "_")
		if t := progressiveTestContainers[container]; t != nil {
			return []schema.Type{t}, nil
		}
		return nil, unknown
	case "compatible_unions":
		union, _, _ := strings.Cut(name, "_")
		if t := testCompatibleUnions[union]; t != nil {
			return []schema.Type{t}, nil
		}
		return nil, unknown
	default:
		return nil, unknown
	}
	if err != nil {
		return nil, fmt.Errorf("handler %q, case %q: %w", handler, name, err)
	}
	return []schema.Type{t}, nil
}

// parseContainer returns the test container that the case name starts
// with, followed by the end of the name or an underscore.
func parseContainer(name string, unknown error) ([]schema.Type, error) {
	container, _, _ := strings.Cut(name, "_")
	if t := testContainers[container]; t != nil {
		return []schema.Type{t}, nil
	}
	if missing, ok := unsupportedContainers[container]; ok {
		return nil, &UnsupportedError{Handler: "containers", Container: container, Missing: missing}
	}
	return nil, unknown
}

// number returns word[i] as a decimal number, and whether it is one.
func number(word []string, i int) (uint64, bool) {
	if i >= len(word) {
		return 0, false
	}
	n, err := strconv.ParseUint(word[i], 10, 64)
	return n, err == nil
}
