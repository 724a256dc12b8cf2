package sszjson

import (
	"unicode/utf8"

	"github.com/ssztree/ssztree/schema"
)

// MarshalEnvelope returns the beacon API's envelope of env, the response
// object that [UnmarshalEnvelope] reads:
//
//	{"version":"capella","execution_optimistic":false,"finalized":true,"data":{...}}
//
// It writes the members that env has, in the order of the fields of
// [Envelope], data last: the version where it is not empty, each flag
// whose pointer is not nil and each amount that is not empty, and
// env.Data as it is. A response whose type the API gives a member always
// (execution_optimistic and finalized, in those of states and blocks)
// needs the caller to set it. The data must be one JSON value (an error
// wrapping [ErrField] where it is empty, [ErrSyntax] where it is not
// JSON), the amounts decimal uint256 values and the version valid UTF-8
// ([ErrValue]); the errors are [*Error] values about the top value
// "Envelope", at the path of the member at fault.
func MarshalEnvelope(env Envelope) ([]byte, error) {
	return AppendEnvelope(make([]byte, 0, len(env.Data)+envelopeOverhead), env)
}

// AppendEnvelope appends the envelope of env to dst, as [MarshalEnvelope]
// writes it. On error it returns dst unchanged.
func AppendEnvelope(dst []byte, env Envelope) ([]byte, error) {
	if len(env.Data) == 0 {
		return dst, envelopeError(memberData, ErrField, -1, "missing data")
	}
	d := decoder{data: env.Data}
	if err := d.skip(0); err != nil {
		return dst, envelopeDataError(err)
	}
	if err := d.end(); err != nil {
		return dst, envelopeDataError(err)
	}
	out, err := appendEnvelopeHead(dst, &env)
	if err != nil {
		return dst, err
	}
	out = append(out, env.Data...)
	return append(out, '}'), nil
}

// MarshalVersioned returns the beacon API's envelope of env, as
// [MarshalEnvelope] writes it, with the JSON of the value of type t
// serialized in ssz as its data, converted as [Marshal] does: the writing
// side of [UnmarshalVersioned]. env.Data is not used, so that an envelope
// that UnmarshalVersioned returned can be written again with a changed
// value. Invalid SSZ bytes give an [*Error] at "Envelope.data" and below,
// wrapping the error of package schema's Decode.
func MarshalVersioned(env Envelope, t schema.Type, ssz []byte) ([]byte, error) {
	if isNil(t) {
		return nil, envelopeError(memberData, ErrUnsupportedType, -1, "nil type")
	}
	// The JSON of the data is about 3.5 times its serialization, as in
	// Marshal.
	out, err := appendEnvelopeHead(make([]byte, 0, len(ssz)/2*7+64+envelopeOverhead), &env)
	if err != nil {
		return nil, err
	}
	out, err = appendValue(out, t, ssz, 0)
	if err != nil {
		return nil, envelopeDataError(atTop(err, t))
	}
	return append(out, '}'), nil
}

// envelopeOverhead is room for the members of an envelope other than its
// data: the longest version and the two amounts (78 digits each) with the
// members' names, rounded up.
const envelopeOverhead = 512

// appendEnvelopeHead appends the envelope's members but the data's value
// to dst: "{", the members of env that are set, and `"data":`.
func appendEnvelopeHead(dst []byte, env *Envelope) ([]byte, error) {
	if !utf8.ValidString(env.Version) {
		return nil, envelopeError(memberVersion, ErrValue, -1, "not UTF-8: "+excerpt([]byte(env.Version)))
	}
	for _, amount := range []struct {
		m int
		s string
	}{{memberExecutionPayloadValue, env.ExecutionPayloadValue}, {memberConsensusBlockValue, env.ConsensusBlockValue}} {
		if amount.s == "" {
			continue
		}
		var word [32]byte
		if _, why := parseUint(word[:0], []byte(amount.s), len(word)); why != "" {
			return nil, envelopeError(amount.m, ErrValue, -1, excerpt([]byte(amount.s))+": "+why)
		}
	}
	dst = append(dst, '{')
	if env.Version != "" {
		dst = appendString(append(dst, `"version":`...), env.Version)
		dst = append(dst, ',')
	}
	for _, flag := range []struct {
		m int
		b *bool
	}{
		{memberExecutionOptimistic, env.ExecutionOptimistic},
		{memberFinalized, env.Finalized},
		{memberExecutionPayloadBlinded, env.ExecutionPayloadBlinded},
		{memberExecutionPayloadIncluded, env.ExecutionPayloadIncluded},
	} {
		if flag.b == nil {
			continue
		}
		dst = appendString(dst, envelopeMembers[flag.m])
		if *flag.b {
			dst = append(dst, ":true,"...)
		} else {
			dst = append(dst, ":false,"...)
		}
	}
	for _, amount := range []struct {
		m int
		s string
	}{{memberExecutionPayloadValue, env.ExecutionPayloadValue}, {memberConsensusBlockValue, env.ConsensusBlockValue}} {
		if amount.s != "" {
			dst = appendString(dst, envelopeMembers[amount.m])
			dst = appendString(append(dst, ':'), amount.s)
			dst = append(dst, ',')
		}
	}
	return append(dst, `"data":`...), nil
}

// envelopeError returns the *Error about the envelope member m.
func envelopeError(m int, sentinel error, offset int, detail string) *Error {
	return &Error{Top: envelopeName, Path: envelopeMembers[m], Offset: offset, Err: sentinel, Detail: detail}
}

// envelopeDataError puts the error err of the scan of an envelope's data,
// the input alone, at "Envelope.data", its offset within the data.
func envelopeDataError(err error) error {
	inPath(err, schema.FieldStep("data"), nil)
	if e, ok := err.(*Error); ok {
		e.Top = envelopeName
	}
	return err
}
