package tree

import (
	"bytes"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"strconv"
)

// The JSON forms of the proofs: an object whose "type" is the name of the
// kind (Lodestar's ProofType: "single", "treeOffset", "multi",
// "compactMulti") and whose other members are those of Lodestar's proof
// objects, generalized indices as decimal strings (the beacon API's
// integers), roots and the descriptor as 0x-prefixed hex.

type singleJSON struct {
	Type      string   `json:"type"`
	Gindex    string   `json:"gindex"`
	Leaf      string   `json:"leaf"`
	Witnesses []string `json:"witnesses"`
}

type treeOffsetJSON struct {
	Type    string   `json:"type"`
	Offsets []uint16 `json:"offsets"`
	Leaves  []string `json:"leaves"`
}

type multiJSON struct {
	Type      string   `json:"type"`
	Gindices  []string `json:"gindices"`
	Leaves    []string `json:"leaves"`
	Witnesses []string `json:"witnesses"`
}

type compactJSON struct {
	Type       string   `json:"type"`
	Descriptor string   `json:"descriptor"`
	Leaves     []string `json:"leaves"`
}

func hexRoots(roots [][32]byte) []string {
	out := make([]string, len(roots))
	for i := range roots {
		out[i] = "0x" + hex.EncodeToString(roots[i][:])
	}
	return out
}

func gindexStrings(gs []Gindex) []string {
	out := make([]string, len(gs))
	for i, g := range gs {
		out[i] = strconv.FormatUint(uint64(g), 10)
	}
	return out
}

// MarshalJSON returns p's JSON form: {"type": "single", "gindex": "42",
// "leaf": "0x…", "witnesses": ["0x…", …]}, the branch leaf first.
func (p *SingleProof) MarshalJSON() ([]byte, error) {
	if p.Gindex == 0 || len(p.Branch) != p.Gindex.Depth() {
		return nil, fmt.Errorf("%w: single proof of generalized index %d with %d roots in its branch", ErrProof, p.Gindex, len(p.Branch))
	}
	return json.Marshal(singleJSON{"single", strconv.FormatUint(uint64(p.Gindex), 10), hexRoots([][32]byte{p.Leaf})[0], hexRoots(p.Branch)})
}

// MarshalJSON returns p's JSON form: {"type": "treeOffset", "offsets":
// [1, …], "leaves": ["0x…", …]}.
func (p *TreeOffsetProof) MarshalJSON() ([]byte, error) {
	if _, err := p.Compact(); err != nil {
		return nil, err
	}
	offsets := p.Offsets
	if offsets == nil {
		offsets = []uint16{}
	}
	return json.Marshal(treeOffsetJSON{"treeOffset", offsets, hexRoots(p.Leaves)})
}

// MarshalJSON returns mp's JSON form: {"type": "multi", "gindices": ["42",
// …], "leaves": ["0x…", …], "witnesses": ["0x…", …]}, the witnesses being
// the helper roots in decreasing order of index.
func (mp *Multiproof) MarshalJSON() ([]byte, error) {
	if err := mp.check(); err != nil {
		return nil, err
	}
	return json.Marshal(multiJSON{"multi", gindexStrings(mp.Indices), hexRoots(mp.Leaves), hexRoots(mp.HelperRoots)})
}

// MarshalJSON returns p's JSON form: {"type": "compactMulti",
// "descriptor": "0x25e0", "leaves": ["0x…", …]}.
func (p *CompactMultiproof) MarshalJSON() ([]byte, error) {
	_, nodes, err := ParseDescriptor(p.Descriptor)
	if err != nil {
		return nil, err
	}
	if nodes != len(p.Leaves) {
		return nil, fmt.Errorf("%w: %d leaves for a descriptor of %d proof nodes", ErrProof, len(p.Leaves), nodes)
	}
	return json.Marshal(compactJSON{"compactMulti", "0x" + hex.EncodeToString(p.Descriptor), hexRoots(p.Leaves)})
}

// strict decodes b into v, refusing unknown members and trailing data.
func strict(b []byte, v any) error {
	d := json.NewDecoder(bytes.NewReader(b))
	d.DisallowUnknownFields()
	if err := d.Decode(v); err != nil {
		return fmt.Errorf("%w: %v", ErrProof, err)
	}
	if d.More() {
		return fmt.Errorf("%w: data after the proof's object", ErrProof)
	}
	return nil
}

func parseHex(s, what string) ([]byte, error) {
	if len(s) < 2 || s[:2] != "0x" {
		return nil, fmt.Errorf("%w: %s: %q does not start with 0x", ErrProof, what, truncate(s))
	}
	b, err := hex.DecodeString(s[2:])
	if err != nil {
		return nil, fmt.Errorf("%w: %s: %v", ErrProof, what, err)
	}
	return b, nil
}

func truncate(s string) string {
	if len(s) > 20 {
		return s[:20] + "…"
	}
	return s
}

func parseRoot(s, what string) ([32]byte, error) {
	b, err := parseHex(s, what)
	if err != nil {
		return [32]byte{}, err
	}
	if len(b) != 32 {
		return [32]byte{}, fmt.Errorf("%w: %s: %d bytes, want 32", ErrProof, what, len(b))
	}
	return [32]byte(b), nil
}

func parseRoots(ss []string, what string) ([][32]byte, error) {
	out := make([][32]byte, len(ss))
	for i, s := range ss {
		r, err := parseRoot(s, fmt.Sprintf("%s[%d]", what, i))
		if err != nil {
			return nil, err
		}
		out[i] = r
	}
	return out, nil
}

func parseGindex(s, what string) (Gindex, error) {
	g, err := strconv.ParseUint(s, 10, 64)
	if err != nil || g == 0 || (len(s) > 1 && s[0] == '0') {
		return 0, fmt.Errorf("%w: %s: %q is not a generalized index (a decimal string from 1 to 2^64-1)", ErrProof, what, truncate(s))
	}
	return Gindex(g), nil
}

// UnmarshalProofJSON decodes a proof from its JSON form (the MarshalJSON
// methods), whose member "type" names its kind. Unknown members, missing
// ones, roots that are not 0x and 64 hex digits, indices that are not
// decimal strings, and proofs of the wrong shape (a branch of the wrong
// length, helpers that are not those of the indices, offsets or a
// descriptor that describe no tree of the leaves) are errors wrapping
// [ErrProof] that name the member at fault. The proof is well formed but
// not verified.
func UnmarshalProofJSON(b []byte) (Proof, error) {
	var head struct {
		Type string `json:"type"`
	}
	if err := json.Unmarshal(b, &head); err != nil {
		return nil, fmt.Errorf("%w: %v", ErrProof, err)
	}
	switch head.Type {
	case "single":
		var j singleJSON
		if err := strict(b, &j); err != nil {
			return nil, err
		}
		g, err := parseGindex(j.Gindex, "gindex")
		if err != nil {
			return nil, err
		}
		leaf, err := parseRoot(j.Leaf, "leaf")
		if err != nil {
			return nil, err
		}
		if len(j.Witnesses) != g.Depth() {
			return nil, fmt.Errorf("%w: witnesses: %d roots for generalized index %d, want %d", ErrProof, len(j.Witnesses), g, g.Depth())
		}
		branch, err := parseRoots(j.Witnesses, "witnesses")
		if err != nil {
			return nil, err
		}
		return &SingleProof{Gindex: g, Leaf: leaf, Branch: branch}, nil
	case "treeOffset":
		var j treeOffsetJSON
		if err := strict(b, &j); err != nil {
			return nil, err
		}
		leaves, err := parseRoots(j.Leaves, "leaves")
		if err != nil {
			return nil, err
		}
		p := &TreeOffsetProof{Offsets: j.Offsets, Leaves: leaves}
		if p.Offsets == nil {
			p.Offsets = []uint16{}
		}
		if len(leaves) > 0xffff {
			return nil, fmt.Errorf("%w: leaves: %d, more than a tree-offset proof counts", ErrProof, len(leaves))
		}
		if _, err := p.Compact(); err != nil {
			return nil, fmt.Errorf("%w (offsets)", err)
		}
		return p, nil
	case "multi":
		var j multiJSON
		if err := strict(b, &j); err != nil {
			return nil, err
		}
		mp := &Multiproof{Indices: make([]Gindex, len(j.Gindices))}
		for i, s := range j.Gindices {
			g, err := parseGindex(s, fmt.Sprintf("gindices[%d]", i))
			if err != nil {
				return nil, err
			}
			mp.Indices[i] = g
		}
		var err error
		if mp.Leaves, err = parseRoots(j.Leaves, "leaves"); err != nil {
			return nil, err
		}
		if mp.HelperRoots, err = parseRoots(j.Witnesses, "witnesses"); err != nil {
			return nil, err
		}
		if len(mp.Indices) > 0 {
			if mp.HelperIndices, err = HelperIndices(mp.Indices); err != nil {
				return nil, fmt.Errorf("%w: gindices: %v", ErrProof, err)
			}
		}
		if err := mp.check(); err != nil {
			return nil, fmt.Errorf("%w (%d gindices, %d leaves, %d witnesses)", err, len(mp.Indices), len(mp.Leaves), len(mp.HelperRoots))
		}
		return mp, nil
	case "compactMulti":
		var j compactJSON
		if err := strict(b, &j); err != nil {
			return nil, err
		}
		desc, err := parseHex(j.Descriptor, "descriptor")
		if err != nil {
			return nil, err
		}
		_, nodes, err := ParseDescriptor(desc)
		if err != nil {
			return nil, fmt.Errorf("%w (descriptor)", err)
		}
		if nodes != len(j.Leaves) {
			return nil, fmt.Errorf("%w: leaves: %d for a descriptor of %d proof nodes", ErrProof, len(j.Leaves), nodes)
		}
		leaves, err := parseRoots(j.Leaves, "leaves")
		if err != nil {
			return nil, err
		}
		return &CompactMultiproof{Descriptor: desc, Leaves: leaves}, nil
	case "":
		return nil, fmt.Errorf("%w: no member \"type\"", ErrProof)
	}
	return nil, fmt.Errorf("%w: type: unknown proof type %q", ErrProof, truncate(head.Type))
}
