package main

import (
	"bytes"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"

	"github.com/ssztree/ssztree/tree"
	"github.com/ssztree/ssztree/view"
)

// A proofFormat is an encoding of the proofs the command writes: its own
// JSON (the paths' multiproof with what the value was), or one of package
// tree's forms (docs/proofs.md), which verify reads back whichever it is.
type proofFormat struct {
	// binary is set for a byte form, which is not written to a terminal.
	binary bool
	// make returns the proof of the parts of v that paths name.
	make func(v *value, paths []string) ([]byte, error)
}

// maxProofParts bounds the parts the paths of one proof or get name once
// their ranges are expanded, and the leaves of a compact proof.
const maxProofParts = 1 << 20

// proofFormats are the encodings of proofs, by -format's name.
var proofFormats = map[string]proofFormat{
	"json": {make: func(v *value, paths []string) ([]byte, error) {
		mp, err := view.Prove(v.v, paths...)
		if err != nil {
			return nil, err
		}
		return encodeProofJSON(newProofDoc(v, paths, mp))
	}},
	"multi": {binary: true, make: func(v *value, paths []string) ([]byte, error) {
		mp, err := view.Prove(v.v, paths...)
		if err != nil {
			return nil, err
		}
		return mp.MarshalBinary()
	}},
	"compact": {binary: true, make: func(v *value, paths []string) ([]byte, error) {
		cp, err := view.ProveCompact(v.v, maxProofParts, paths...)
		if err != nil {
			return nil, err
		}
		return cp.MarshalBinary()
	}},
	"compact-json": {make: func(v *value, paths []string) ([]byte, error) {
		cp, err := view.ProveCompact(v.v, maxProofParts, paths...)
		if err != nil {
			return nil, err
		}
		b, err := cp.MarshalJSON()
		return append(b, '\n'), err
	}},
}

// proofFormatNames lists the names of proofFormats, for messages.
const proofFormatNames = "json, multi, compact or compact-json"

// proofDoc is a proof as the command writes and reads it: a multiproof of
// the parts some paths name against a value's root (for one path, the
// helpers are its branch, leaf first), and what the value was.
type proofDoc struct {
	Type   string   `json:"type,omitempty"`
	Fork   string   `json:"fork,omitempty"`
	Preset string   `json:"preset,omitempty"`
	Root   string   `json:"root"`
	Paths  []string `json:"paths,omitempty"`
	// Gindices are the generalized indices of the leaves, as decimal
	// strings (they may pass 2^53, where JSON numbers lose precision).
	Gindices []string `json:"gindices"`
	Leaves   []string `json:"leaves"`
	// HelperIndices are the spec's get_helper_indices of Gindices; Branch
	// their roots, in that order.
	HelperIndices []string `json:"helper_indices"`
	Branch        []string `json:"branch"`
}

func encodeProofJSON(p *proofDoc) ([]byte, error) {
	b, err := json.MarshalIndent(p, "", "  ")
	return append(b, '\n'), err
}

func decodeProofJSON(b []byte) (*proofDoc, error) {
	var p proofDoc
	dec := json.NewDecoder(strings.NewReader(string(b)))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&p); err != nil {
		return nil, fmt.Errorf("proof JSON: %v", err)
	}
	return &p, nil
}

// newProofDoc returns the proof doc of mp, of the paths of v.
func newProofDoc(v *value, paths []string, mp *tree.Multiproof) *proofDoc {
	r := v.v.HashTreeRoot()
	d := &proofDoc{Type: v.name, Fork: v.fork.String(), Preset: v.preset.Name, Root: hex32(r), Paths: paths}
	for i, g := range mp.Indices {
		d.Gindices = append(d.Gindices, strconv.FormatUint(uint64(g), 10))
		d.Leaves = append(d.Leaves, hex32(mp.Leaves[i]))
	}
	d.HelperIndices, d.Branch = []string{}, []string{}
	for i, g := range mp.HelperIndices {
		d.HelperIndices = append(d.HelperIndices, strconv.FormatUint(uint64(g), 10))
		d.Branch = append(d.Branch, hex32(mp.HelperRoots[i]))
	}
	return d
}

// multiproof returns the multiproof the doc holds, and the root it claims.
func (d *proofDoc) multiproof() (*tree.Multiproof, [32]byte, error) {
	var mp tree.Multiproof
	root, err := parse32(d.Root)
	if err != nil {
		return nil, root, fmt.Errorf("root: %v", err)
	}
	if len(d.Gindices) == 0 || len(d.Gindices) != len(d.Leaves) {
		return nil, root, fmt.Errorf("%d generalized indices and %d leaves", len(d.Gindices), len(d.Leaves))
	}
	if len(d.HelperIndices) != len(d.Branch) {
		return nil, root, fmt.Errorf("%d helper indices and %d branch roots", len(d.HelperIndices), len(d.Branch))
	}
	for i := range d.Gindices {
		g, err := parseGindex(d.Gindices[i])
		if err != nil {
			return nil, root, err
		}
		l, err := parse32(d.Leaves[i])
		if err != nil {
			return nil, root, fmt.Errorf("leaf %d: %v", i, err)
		}
		mp.Indices, mp.Leaves = append(mp.Indices, g), append(mp.Leaves, l)
	}
	for i := range d.HelperIndices {
		g, err := parseGindex(d.HelperIndices[i])
		if err != nil {
			return nil, root, err
		}
		h, err := parse32(d.Branch[i])
		if err != nil {
			return nil, root, fmt.Errorf("branch root %d: %v", i, err)
		}
		mp.HelperIndices, mp.HelperRoots = append(mp.HelperIndices, g), append(mp.HelperRoots, h)
	}
	return &mp, root, nil
}

// hex32 returns r as 0x hex.
func hex32(r [32]byte) string { return "0x" + hex.EncodeToString(r[:]) }

// parse32 reads 32 bytes of 0x hex.
func parse32(s string) ([32]byte, error) {
	var r [32]byte
	h, ok := strings.CutPrefix(s, "0x")
	if !ok || len(h) != 64 {
		return r, fmt.Errorf("%q is not 32 bytes of 0x hex", s)
	}
	if _, err := hex.Decode(r[:], []byte(h)); err != nil {
		return r, fmt.Errorf("%q is not 32 bytes of 0x hex", s)
	}
	return r, nil
}

// parseGindex reads a generalized index, a decimal number above 0.
func parseGindex(s string) (tree.Gindex, error) {
	g, err := strconv.ParseUint(s, 10, 64)
	if err != nil || g == 0 {
		return 0, fmt.Errorf("generalized index %q: want a decimal number above 0", s)
	}
	return tree.Gindex(g), nil
}

// cmdProof prints a proof of the parts of a value that paths name.
func cmdProof(e *env, args []string) error {
	fs := newFlags("proof", "[flags] FILE|-|URL PATH...",
		"Prints a Merkle proof, against the value's root, of the parts the paths name (see get):\n"+
			"their generalized indices and leaves, and the helper indices and roots of the consensus\n"+
			"spec's multiproof, which for one path are its branch, leaf first. verify checks it.",
		"ssztree proof state.ssz finalized_checkpoint.root > proof.json\nssztree proof state.ssz validators[7].slashed balances[7] | ssztree verify -")
	var vf valueFlags
	vf.add(fs)
	formatName := fs.String("format", "json", "the proof's format: json (this command's: the paths' multiproof, with the value's type, fork and root), multi (the multiproof's byte form), compact (EIP-8364's compact multiproof, bytes: the descriptor and the leaves) or compact-json (the same as JSON); docs/proofs.md has them byte by byte")
	out := outputFlag(fs)
	pos, err := parse(fs, args, 2, -1)
	if err != nil {
		return err
	}
	pf, ok := proofFormats[*formatName]
	if !ok {
		return usagef("proof: -format %q: want %s", *formatName, proofFormatNames)
	}
	v, err := vf.read(e, pos[0])
	if err != nil {
		return err
	}
	paths := pos[1:]
	if *formatName == "json" || *formatName == "multi" {
		// The compact forms take ranges themselves.
		if paths, err = expandPaths(paths); err != nil {
			return err
		}
	}
	b, err := pf.make(v, paths)
	if err != nil {
		return err
	}
	return writeOutput(e, *out, b, pf.binary)
}

// errNotVerified is the error of a proof that does not verify.
var errNotVerified = errors.New("the proof does not verify")

// cmdVerify checks a proof.
func cmdVerify(e *env, args []string) error {
	fs := newFlags("verify", "[flags] [PROOF|-]",
		"Checks a proof that proof wrote, in any of its formats, found from the content (standard\n"+
			"input when no file is given): that its leaves and branch give the root -root names, or\n"+
			"else the root the proof itself holds (the command's JSON holds it; the other forms need\n"+
			"-root). Exit status 0 when it verifies, 1 when it does not.",
		"ssztree verify -root 0x5d6c... proof.json\nssztree proof -format compact state.ssz balances[0:8] | ssztree verify -root 0x5d6c... -")
	rootFlag := fs.String("root", "", "the root to verify against, 0x...; default: the proof's own root, which only the command's JSON form holds")
	pos, err := parse(fs, args, 0, 1)
	if err != nil {
		return err
	}
	var want *[32]byte
	if *rootFlag != "" {
		r, err := parse32(*rootFlag)
		if err != nil {
			return usagef("verify: -root: %v", err)
		}
		want = &r
	}
	var r io.Reader = e.stdin
	name := "-"
	if len(pos) == 1 && pos[0] != "-" {
		f, err := os.Open(pos[0])
		if err != nil {
			return err
		}
		defer f.Close()
		r, name = f, pos[0]
	}
	b, err := readUpTo(r, maxInput+1)
	if err != nil {
		return fmt.Errorf("%s: %w", name, err)
	}
	got, held, err := proofRoot(b)
	if err != nil {
		return fmt.Errorf("%s: %w", name, err)
	}
	if want == nil {
		if held == nil {
			return usagef("verify: %s: this form of proof holds no root: give -root", name)
		}
		want = held
	}
	if got != *want {
		return fmt.Errorf("%s: %w: it gives the root %s, not %s", name, errNotVerified, hex32(got), hex32(*want))
	}
	_, err = fmt.Fprintf(e.stdout, "ok %s\n", hex32(*want))
	return err
}

// proofRoot returns the root the proof in b gives, and the root it holds
// if it holds one (the command's JSON form does): b is the command's JSON,
// the JSON of one of package tree's proofs, or the byte form of one.
func proofRoot(b []byte) (got [32]byte, held *[32]byte, err error) {
	trimmed := bytes.TrimSpace(b)
	if len(trimmed) > 0 && trimmed[0] == '{' {
		if isTreeProofJSON(trimmed) {
			p, err := tree.UnmarshalProofJSON(trimmed)
			if err != nil {
				return got, nil, err
			}
			got, err = p.Root()
			return got, nil, err
		}
		doc, err := decodeProofJSON(trimmed)
		if err != nil {
			return got, nil, err
		}
		mp, root, err := doc.multiproof()
		if err != nil {
			return got, nil, err
		}
		if got, err = mp.Root(); err != nil {
			return got, nil, fmt.Errorf("%w: %v", errNotVerified, err)
		}
		return got, &root, nil
	}
	p, err := tree.UnmarshalProof(b)
	if err != nil {
		return got, nil, err
	}
	got, err = p.Root()
	return got, nil, err
}

// isTreeProofJSON reports whether the JSON object b is one of package
// tree's proofs, whose type member names a kind of proof (the command's
// own JSON names the value's type there).
func isTreeProofJSON(b []byte) bool {
	var head struct {
		Type string `json:"type"`
	}
	if json.Unmarshal(b, &head) != nil {
		return false
	}
	for _, t := range []tree.ProofType{tree.SingleProofType, tree.TreeOffsetProofType, tree.MultiProofType, tree.CompactMultiProofType} {
		if t.String() == head.Type {
			return true
		}
	}
	return false
}
