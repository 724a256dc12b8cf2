package forks

import (
	"errors"
	"fmt"

	"github.com/ssztree/ssztree/def"
)

// MaxPayloadSize is MAX_PAYLOAD_SIZE (specs/phase0/p2p-interface.md,
// "Configuration"; 10 MiB since Bellatrix): the largest uncompressed
// payload of a gossip message or of a req/resp chunk, whatever its type.
const MaxPayloadSize = 10 << 20

// MessageBounds are the type-specific SSZ bounds of the p2p specifications:
// by fork name and container name, the preset parameter that bounds the
// size of a message of the container. They supersede, for a fork and its
// descendants, the bound that the SSZ type gives (specs/phase0/
// p2p-interface.md, "What are SSZ type size bounds?"), which a type with a
// progressive list, bounded by nothing, lacks.
//
// Gloas's are those of specs/gloas/p2p-interface.md and
// specs/gloas/partial-columns/p2p-interface.md ("Type-specific SSZ
// bounds", consensus-specs v1.7.0-alpha.13), with the values of
// presets/{mainnet,minimal}/gloas.yaml: each is the largest size of the
// container as it would be with the limits of its lists before Gloas
// (MAX_ATTESTERS_PER_SLOT bits, MAX_BLOB_COMMITMENTS_PER_BLOCK cells...).
var MessageBounds = map[string]map[string]string{
	Gloas.Name: {
		"SignedAggregateAndProof":   "MAX_SIGNED_AGGREGATE_AND_PROOF_SIZE",
		"AttesterSlashing":          "MAX_ATTESTER_SLASHING_SIZE",
		"DataColumnSidecar":         "MAX_DATA_COLUMN_SIDECAR_SIZE",
		"PartialDataColumnSidecar":  "MAX_PARTIAL_DATA_COLUMN_SIDECAR_SIZE",
		"SignedExecutionPayloadBid": "MAX_SIGNED_EXECUTION_PAYLOAD_BID_SIZE",
	},
}

// ErrMessageSize is the error, wrapped in a [*MessageSizeError], of a
// message whose size is outside the bounds of its type.
var ErrMessageSize = errors.New("message size out of bounds")

// MessageSizeError is the error of [CheckMessageSize]: the message of Size
// bytes, of the container Type of Fork, is shorter than Min or longer than
// Max, the bound named Bound.
type MessageSizeError struct {
	Fork, Type string
	Size       uint64
	Min, Max   uint64
	// Bound names Max: a preset parameter of MessageBounds
	// ("MAX_ATTESTER_SLASHING_SIZE"), "MAX_PAYLOAD_SIZE", or "the SSZ size
	// bound" of the type.
	Bound string
}

// Error implements error.
func (e *MessageSizeError) Error() string {
	if e.Size < e.Min {
		return fmt.Sprintf("forks: %s %s message of %d bytes is shorter than its SSZ minimum, %d bytes", e.Fork, e.Type, e.Size, e.Min)
	}
	return fmt.Sprintf("forks: %s %s message of %d bytes exceeds %s, %d bytes", e.Fork, e.Type, e.Size, e.Bound, e.Max)
}

// Unwrap returns ErrMessageSize.
func (e *MessageSizeError) Unwrap() error { return ErrMessageSize }

// MessageSizeBounds returns the smallest and the largest size of a p2p
// message of the container name of ts, and what bounds the largest: the
// bound of [MessageBounds] of ts's fork or of the nearest of its ancestors
// that has one for name, else the largest SSZ size of the type; in either
// case at most [MaxPayloadSize]. A name that ts lacks is an error wrapping
// def.ErrUnknown.
func MessageSizeBounds(ts *def.Types, name string) (minSize, maxSize uint64, bound string, err error) {
	t := ts.Type(name)
	if t == nil {
		return 0, 0, "", fmt.Errorf("forks: %w: no container %s in fork %s", def.ErrUnknown, name, ts.Fork.Name)
	}
	maxSize, bound = t.MaxSize(), "the SSZ size bound"
	for f := ts.Fork; f != nil; f = f.Parent {
		if param, ok := MessageBounds[f.Name][name]; ok {
			v, ok := ts.Preset.Values[param]
			if !ok {
				return 0, 0, "", fmt.Errorf("forks: %w: preset %s has no %s", def.ErrUnknown, ts.Preset.Name, param)
			}
			maxSize, bound = v, param
			break
		}
	}
	if maxSize > MaxPayloadSize {
		maxSize, bound = MaxPayloadSize, "MAX_PAYLOAD_SIZE"
	}
	return t.MinSize(), maxSize, bound, nil
}

// CheckMessageSize returns a [*MessageSizeError] if a p2p message of size
// bytes cannot be a message of the container name of ts (see
// [MessageSizeBounds]), and nil if it can. A caller applies it to the
// uncompressed bytes of a gossip message or req/resp chunk before decoding
// them: decoding itself accepts values of any size that the types allow,
// as the conformance tests want, and a progressive list allows any.
func CheckMessageSize(ts *def.Types, name string, size int) error {
	minSize, maxSize, bound, err := MessageSizeBounds(ts, name)
	if err != nil {
		return err
	}
	if n := uint64(max(size, 0)); n < minSize || n > maxSize {
		return &MessageSizeError{Fork: ts.Fork.Name, Type: name, Size: n, Min: minSize, Max: maxSize, Bound: bound}
	}
	return nil
}
