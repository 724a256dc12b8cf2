package diff

import (
	"github.com/ssztree/ssztree/sszjson"
)

// MarshalJSON returns the result as a JSON object:
//
//	{"changes": [{"path": "balances[7]", "kind": "changed", "type": "uint64",
//	  "a": "32000000000", "b": "31000000000"}, ...], "truncated": false}
//
// Each value is in the JSON mapping of package sszjson; "a" is absent
// from an added part, "b" from a removed one.
func (r *Result) MarshalJSON() ([]byte, error) {
	out := []byte(`{"changes":[`)
	for i := range r.Changes {
		if i > 0 {
			out = append(out, ',')
		}
		var err error
		if out, err = r.Changes[i].appendJSON(out); err != nil {
			return nil, err
		}
	}
	out = append(out, `],"truncated":`...)
	if r.Truncated {
		out = append(out, "true}"...)
	} else {
		out = append(out, "false}"...)
	}
	return out, nil
}

// MarshalJSON returns the change as a JSON object; see [Result.MarshalJSON].
func (c Change) MarshalJSON() ([]byte, error) { return c.appendJSON(nil) }

func (c Change) appendJSON(out []byte) ([]byte, error) {
	out = append(out, `{"path":`...)
	out = appendString(out, c.Path.String())
	out = append(out, `,"kind":`...)
	out = appendString(out, c.Kind.String())
	out = append(out, `,"type":`...)
	out = appendString(out, c.Type.String())
	var err error
	if c.A != nil {
		out = append(out, `,"a":`...)
		if out, err = sszjson.AppendJSON(out, c.Type, c.A); err != nil {
			return nil, err
		}
	}
	if c.B != nil {
		out = append(out, `,"b":`...)
		if out, err = sszjson.AppendJSON(out, c.Type, c.B); err != nil {
			return nil, err
		}
	}
	return append(out, '}'), nil
}

// appendString appends s as a JSON string. Paths and type names hold
// letters, digits and "_.[], " only, but quotes and backslashes are
// escaped all the same.
func appendString(out []byte, s string) []byte {
	out = append(out, '"')
	for i := 0; i < len(s); i++ {
		switch c := s[i]; {
		case c == '"' || c == '\\':
			out = append(out, '\\', c)
		case c < 0x20:
			const hex = "0123456789abcdef"
			out = append(out, '\\', 'u', '0', '0', hex[c>>4], hex[c&15])
		default:
			out = append(out, c)
		}
	}
	return append(out, '"')
}
