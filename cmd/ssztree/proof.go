package main

import (
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

// A proofFormat writes and reads proofs in one encoding. JSON is the one
// there is; the compact and serialized formats of the proofs issue (43)
// are to be added to proofFormats, and -format picks one.
type proofFormat struct {
	name   string
	encode func(p *proofDoc) ([]byte, error)
	decode func(b []byte) (*proofDoc, error)
}

// proofFormats are the encodings of proofs, by -format's name.
var proofFormats = map[string]proofFormat{
	"json": {name: "json", encode: encodeProofJSON, decode: decodeProofJSON},
}

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
	formatName := fs.String("format", "json", "the proof's format: json")
	out := outputFlag(fs)
	pos, err := parse(fs, args, 2, -1)
	if err != nil {
		return err
	}
	pf, ok := proofFormats[*formatName]
	if !ok {
		return usagef("proof: -format %q: want json", *formatName)
	}
	v, err := vf.read(e, pos[0])
	if err != nil {
		return err
	}
	paths, err := expandPaths(v.v, pos[1:])
	if err != nil {
		return err
	}
	mp, err := view.Prove(v.v, paths...)
	if err != nil {
		return err
	}
	b, err := pf.encode(newProofDoc(v, paths, mp))
	if err != nil {
		return err
	}
	return writeOutput(e, *out, b, false)
}

// errNotVerified is the error of a proof that does not verify.
var errNotVerified = errors.New("the proof does not verify")

// cmdVerify checks a proof.
func cmdVerify(e *env, args []string) error {
	fs := newFlags("verify", "[flags] [PROOF|-]",
		"Checks a proof that proof wrote (standard input when no file is given): that its leaves\n"+
			"and branch give the root -root names, or else the root the proof itself holds.\n"+
			"Exit status 0 when it verifies, 1 when it does not.",
		"ssztree verify -root 0x5d6c... proof.json")
	rootFlag := fs.String("root", "", "the root to verify against, 0x...; default: the proof's own root")
	formatName := fs.String("format", "json", "the proof's format: json")
	pos, err := parse(fs, args, 0, 1)
	if err != nil {
		return err
	}
	pf, ok := proofFormats[*formatName]
	if !ok {
		return usagef("verify: -format %q: want json", *formatName)
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
	doc, err := pf.decode(b)
	if err != nil {
		return fmt.Errorf("%s: %w", name, err)
	}
	mp, root, err := doc.multiproof()
	if err != nil {
		return fmt.Errorf("%s: %w", name, err)
	}
	if *rootFlag != "" {
		if root, err = parse32(*rootFlag); err != nil {
			return usagef("verify: -root: %v", err)
		}
	}
	got, err := mp.Root()
	if err != nil {
		return fmt.Errorf("%s: %w: %v", name, errNotVerified, err)
	}
	if got != root {
		return fmt.Errorf("%s: %w: it gives the root %s, not %s", name, errNotVerified, hex32(got), hex32(root))
	}
	_, err = fmt.Fprintf(e.stdout, "ok %s\n", hex32(root))
	return err
}
