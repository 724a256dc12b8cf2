package sszjson

import (
	"github.com/ssztree/ssztree/schema"
)

// Envelope is the object in which the beacon API returns a value whose
// type depends on the fork, with the name of that fork and facts about the
// value beside it:
//
//	{"version": "capella", "execution_optimistic": false, "finalized": true, "data": {...}}
//
// Data is required; the other members are optional. The fields below are
// the members of the responses of the beacon-APIs (ethereum/beacon-APIs at
// 7a58b5a, after v5.0.0-alpha.2: apis/beacon/blocks/block.v2.yaml and
// blinded_block.yaml, apis/debug/state.v2.yaml and
// data_column_sidecars.yaml, apis/validator/block.v3.yaml and
// block.v4.yaml; apis/beacon/blob_sidecars/blob_sidecars.yaml before its
// removal in 5208bd6) that wrap a value of the fork's types. Some
// responses have no version: that of /eth/v1/beacon/blobs/{block_id}, and
// the blob sidecars' before beacon-APIs v3. The API adds members over time
// (dependent_root, in the duties' responses): the functions that read an
// envelope skip the members they do not know, checking that they are
// JSON, and the functions that write one write only these. The pointers
// are nil and the strings empty where a member is absent.
type Envelope struct {
	// Version is the name of the fork whose type the data has ("capella"),
	// as in the Eth-Consensus-Version header, or empty where the response
	// has no version.
	Version string
	// ExecutionOptimistic is execution_optimistic: whether the value
	// references an execution payload not verified yet (the API says to
	// take an absent member as false).
	ExecutionOptimistic *bool
	// Finalized is finalized: whether the value is of the finalized
	// history of the chain (absent: not known).
	Finalized *bool
	// ExecutionPayloadBlinded is execution_payload_blinded, of a block
	// produced for a proposer: whether the data is a blinded block.
	ExecutionPayloadBlinded *bool
	// ExecutionPayloadIncluded is execution_payload_included, of a block
	// produced for a proposer: whether the data holds the execution
	// payload envelope beside the block.
	ExecutionPayloadIncluded *bool
	// ExecutionPayloadValue and ConsensusBlockValue are
	// execution_payload_value and consensus_block_value, of a block
	// produced for a proposer: amounts in Wei, as their decimal strings,
	// checked to be uint256 values.
	ExecutionPayloadValue, ConsensusBlockValue string
	// Data is the JSON text of the data member: read, a slice of the
	// input, its syntax checked; written by MarshalEnvelope as it is,
	// once its syntax is checked (MarshalVersioned writes the data from
	// its serialization instead).
	Data []byte
}

// envelopeName is the name of the top value in the errors of the
// functions that read an envelope: the data's errors have paths that
// start with "data" ("Envelope.data.message.slot").
const envelopeName = "Envelope"

// envelopeMembers are the names of the members of an envelope, by the
// index that the decoder's set of members seen uses.
var envelopeMembers = [...]string{
	"version", "data",
	"execution_optimistic", "finalized",
	"execution_payload_blinded", "execution_payload_included",
	"execution_payload_value", "consensus_block_value",
}

// The indices of the members in envelopeMembers.
const (
	memberVersion = iota
	memberData
	memberExecutionOptimistic
	memberFinalized
	memberExecutionPayloadBlinded
	memberExecutionPayloadIncluded
	memberExecutionPayloadValue
	memberConsensusBlockValue
)

// UnmarshalEnvelope reads the beacon API's envelope in data and returns it,
// the JSON text of its data unconverted; the caller converts it with
// [Unmarshal] and the type that the envelope's members say (the version,
// and for a block produced for a proposer whether it is blinded). A member
// of the envelope that is not known (see [Envelope]) is skipped, its
// syntax checked, whatever the options; a known member twice or a missing
// data is an error wrapping [ErrField], and a member of the wrong kind
// one wrapping [ErrKind]. The version may be absent, as it is in some
// responses: Version is then empty. It is
// UnmarshalOptions{}.UnmarshalEnvelope.
//
// Errors are [*Error] values about the top value "Envelope": the path of a
// fault in a member starts with the member's name ("Envelope.version").
func UnmarshalEnvelope(data []byte) (Envelope, error) {
	return UnmarshalOptions{}.UnmarshalEnvelope(data)
}

// UnmarshalEnvelope is [UnmarshalEnvelope] with the options of o.
func (o UnmarshalOptions) UnmarshalEnvelope(data []byte) (Envelope, error) {
	env, _, err := o.envelope(data, nil)
	return env, err
}

// UnmarshalVersioned reads the beacon API's envelope in data, as
// [UnmarshalEnvelope] does, and returns it with the SSZ serialization of
// its data, converted as [Unmarshal] does into the type that typeOf gives
// for the envelope's version: the data is strict as Unmarshal is (a member
// that names no field is an error wrapping [ErrUnknownMember]) unless the
// options allow unknown members, while the envelope's own unknown members
// are always skipped. The version is required here ([ErrField] where it is
// missing). It calls typeOf once, when it has read the
// version; an error of typeOf is returned as the Err of an [*Error] at
// "Envelope.version", a nil type as one wrapping [ErrUnsupportedType].
// The errors about the data have paths that start with "data"
// ("Envelope.data.message.body").
//
// The data is read once where the version comes before it, as the beacon
// API writes it; otherwise it is scanned once more, to find its end
// before its type is known.
func UnmarshalVersioned(data []byte, typeOf func(version string) (schema.Type, error)) (Envelope, []byte, error) {
	return UnmarshalOptions{}.UnmarshalVersioned(data, typeOf)
}

// UnmarshalVersioned is [UnmarshalVersioned] with the options of o.
func (o UnmarshalOptions) UnmarshalVersioned(data []byte, typeOf func(version string) (schema.Type, error)) (Envelope, []byte, error) {
	if typeOf == nil {
		return Envelope{}, nil, &Error{Top: envelopeName, Offset: -1, Err: ErrUnsupportedType, Detail: "nil function for the type of the data"}
	}
	return o.envelope(data, typeOf)
}

// envelope reads the envelope in data, and converts its data into the
// type typeOf gives unless typeOf is nil.
func (o UnmarshalOptions) envelope(data []byte, typeOf func(string) (schema.Type, error)) (Envelope, []byte, error) {
	d := decoder{data: data, allowUnknown: o.AllowUnknownMembers}
	env, ssz, err := d.envelope(typeOf)
	if err == nil {
		err = d.end()
	}
	if err != nil {
		if e, ok := err.(*Error); ok {
			e.Top = envelopeName
		}
		return Envelope{}, nil, err
	}
	return env, ssz, nil
}

// envelope reads the envelope object at pos, as o.envelope does.
func (d *decoder) envelope(typeOf func(string) (schema.Type, error)) (Envelope, []byte, error) {
	var env Envelope
	d.ws()
	at := d.pos
	if d.peek() != '{' {
		return env, nil, d.kindError("an object")
	}
	d.pos++
	var seen uint
	var typ schema.Type
	var ssz []byte
	dataAt := -1 // the offset of the data, where it came before the version
	for first := true; ; first = false {
		name, ok, err := d.key(first)
		if err != nil {
			return env, nil, err
		}
		if !ok {
			break
		}
		m := envelopeMember(name)
		if m < 0 {
			// The API adds members over time: skip those not known,
			// whatever the options, which are about the data, and name
			// the member whose value is not JSON.
			unknown := string(name)
			if err := d.skip(0); err != nil {
				return env, nil, inPath(err, schema.FieldStep(unknown), nil)
			}
			continue
		}
		step := schema.FieldStep(envelopeMembers[m])
		if seen>>m&1 != 0 {
			return env, nil, inPath(d.errorf(ErrField, d.pos, "duplicate member"), step, nil)
		}
		seen |= 1 << m
		valueAt := d.pos
		switch m {
		case memberVersion:
			s, err := d.stringOf(nil)
			if err != nil {
				return env, nil, inPath(err, step, nil)
			}
			env.Version = string(s)
			if typeOf == nil {
				continue
			}
			if typ, err = typeOf(env.Version); err != nil || isNil(typ) {
				if err == nil {
					return env, nil, inPath(d.errorf(ErrUnsupportedType, valueAt, "no type for version %s", excerpt(s)), step, nil)
				}
				return env, nil, inPath(&Error{Offset: valueAt, Err: err}, step, nil)
			}
			if dataAt >= 0 {
				resume := d.pos
				d.pos = dataAt
				if ssz, err = d.envelopeData(typ); err != nil {
					return env, nil, err
				}
				d.pos = resume
			}
		case memberData:
			if typ != nil {
				ssz, err = d.envelopeData(typ)
			} else {
				if err = d.skip(0); err == nil && typeOf != nil {
					dataAt = valueAt
				}
				err = inPath(err, step, nil)
			}
			if err != nil {
				return env, nil, err
			}
			env.Data = d.data[valueAt:d.pos]
		default:
			if err := d.envelopeFact(&env, m); err != nil {
				return env, nil, inPath(err, step, nil)
			}
		}
	}
	for _, m := range []int{memberData, memberVersion} {
		if m == memberVersion && typeOf == nil {
			continue // optional, unless the data's type depends on it
		}
		if seen>>m&1 == 0 {
			return env, nil, inPath(d.errorf(ErrField, at, "missing member"), schema.FieldStep(envelopeMembers[m]), nil)
		}
	}
	return env, ssz, nil
}

// envelopeMember returns the index of the envelope member named name in
// envelopeMembers, or -1.
func envelopeMember(name []byte) int {
	for i, m := range envelopeMembers {
		if m == string(name) {
			return i
		}
	}
	return -1
}

// envelopeData returns the serialization of the data at pos, a value of
// type t, with errors about it at its path below the envelope.
func (d *decoder) envelopeData(t schema.Type) ([]byte, error) {
	// As in Unmarshal, the input's size bounds the output's.
	out, err := d.value(make([]byte, 0, len(d.data)/2+16), t)
	if err != nil {
		return nil, inPath(err, schema.FieldStep("data"), t)
	}
	return out, nil
}

// envelopeFact reads the value at pos of the envelope member m, neither
// the version nor the data, into env.
func (d *decoder) envelopeFact(env *Envelope, m int) error {
	var flag **bool
	var amount *string
	switch envelopeMembers[m] {
	case "execution_optimistic":
		flag = &env.ExecutionOptimistic
	case "finalized":
		flag = &env.Finalized
	case "execution_payload_blinded":
		flag = &env.ExecutionPayloadBlinded
	case "execution_payload_included":
		flag = &env.ExecutionPayloadIncluded
	case "execution_payload_value":
		amount = &env.ExecutionPayloadValue
	case "consensus_block_value":
		amount = &env.ConsensusBlockValue
	}
	if flag != nil {
		var b bool
		switch {
		case d.literal("true"):
			b = true
		case d.literal("false"):
		default:
			return d.kindError("true or false")
		}
		*flag = &b
		return nil
	}
	at := d.pos
	s, err := d.stringOf(nil)
	if err != nil {
		return err
	}
	var word [32]byte
	if _, why := parseUint(word[:0], s, len(word)); why != "" {
		return d.errorf(ErrValue, at, "%s: %s", excerpt(s), why)
	}
	*amount = string(s)
	return nil
}
