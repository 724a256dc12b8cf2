package proofcheck

import (
	"bytes"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/ssztree/ssztree/capella"
	"github.com/ssztree/ssztree/electra"
	"github.com/ssztree/ssztree/gloas"
	"github.com/ssztree/ssztree/schema"
	"github.com/ssztree/ssztree/tree"
	"github.com/ssztree/ssztree/view"
)

// golden is a file of tools/lodestar-proofs/golden.mjs.
type golden struct {
	Name, Fork, Type, Preset string
	SSZ, Root                string
	Proofs                   []struct {
		Gindices, Disjoint []string
		Descriptor         string
		Leaves             []string
		TreeOffset         string
		Multi              struct{ Gindices, Leaves, Witnesses []string }
		Single             struct {
			Gindex    string
			Leaf      string
			Witnesses []string
		}
	}
	Paths []struct {
		Path     []any
		Gindices []string
	}
}

func unhex(t *testing.T, s string) []byte {
	t.Helper()
	b, err := hex.DecodeString(strings.TrimPrefix(s, "0x"))
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func gindices(t *testing.T, ss []string) []tree.Gindex {
	t.Helper()
	out := make([]tree.Gindex, len(ss))
	for i, s := range ss {
		g, err := strconv.ParseUint(s, 10, 64)
		if err != nil {
			t.Fatal(err)
		}
		out[i] = tree.Gindex(g)
	}
	return out
}

func hexes(roots [][32]byte) []string {
	out := make([]string, len(roots))
	for i := range roots {
		out[i] = "0x" + hex.EncodeToString(roots[i][:])
	}
	return out
}

// decode decodes the golden value with ssztree's type of its fork.
func decode(g *golden, b []byte) (view.View, error) {
	switch g.Fork + "/" + g.Type {
	case "capella/BeaconState":
		st, err := capella.DecodeBeaconState(capella.Minimal, b)
		if err != nil {
			return nil, err
		}
		return st.View(), nil
	case "electra/BeaconState":
		st, err := electra.DecodeBeaconState(electra.Minimal, b)
		if err != nil {
			return nil, err
		}
		return st.View(), nil
	case "gloas/BeaconState":
		st, err := gloas.DecodeBeaconState(gloas.Minimal, b)
		if err != nil {
			return nil, err
		}
		return st.View(), nil
	case "capella/BeaconBlock":
		bl, err := capella.DecodeBeaconBlock(capella.Minimal, b)
		if err != nil {
			return nil, err
		}
		return bl.View(), nil
	case "gloas/BeaconBlock":
		bl, err := gloas.DecodeBeaconBlock(gloas.Minimal, b)
		if err != nil {
			return nil, err
		}
		return bl.View(), nil
	}
	return nil, fmt.Errorf("no type for %s %s", g.Fork, g.Type)
}

// pathString writes a JSON path of @chainsafe/ssz (["validators", 3]) in
// ssztree's notation.
func pathString(p []any) string {
	var b strings.Builder
	for i, s := range p {
		switch s := s.(type) {
		case string:
			if i > 0 {
				b.WriteByte('.')
			}
			b.WriteString(s)
		case float64:
			fmt.Fprintf(&b, "[%d]", int(s))
		}
	}
	return b.String()
}

// TestLodestarGolden decodes each golden value, demands Lodestar's root,
// and for each set of indices makes every proof Lodestar made of it and
// demands the same bytes: the descriptor of the indices, the compact
// multiproof's leaves, the tree-offset proof's serializeProof bytes, the
// multi proof's leaves and witnesses, and the single proof; each proof of
// Lodestar's also decodes and verifies with ssztree. The leaves of
// createProof(paths) are those of schema.LeafGindices.
func TestLodestarGolden(t *testing.T) {
	files, err := filepath.Glob("testdata/*.json")
	if err != nil || len(files) == 0 {
		t.Fatalf("no golden files: %v", err)
	}
	for _, f := range files {
		t.Run(filepath.Base(f), func(t *testing.T) {
			raw, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			var g golden
			if err := json.Unmarshal(raw, &g); err != nil {
				t.Fatal(err)
			}
			v, err := decode(&g, unhex(t, g.SSZ))
			if err != nil {
				t.Fatalf("decode: %v", err)
			}
			root := [32]byte(unhex(t, g.Root))
			if got := v.HashTreeRoot(); got != root {
				t.Fatalf("root %x, Lodestar's %x", got, root)
			}
			n := v.Node()
			for i, p := range g.Proofs {
				disjoint := gindices(t, p.Disjoint)
				desc, err := tree.CompactDescriptor(disjoint)
				if err != nil || "0x"+hex.EncodeToString(desc) != p.Descriptor {
					t.Fatalf("proof %d: descriptor %x, %v; Lodestar's %s", i, desc, err, p.Descriptor)
				}
				cp, err := tree.ProveCompact(n, desc)
				if err != nil || !slices.Equal(hexes(cp.Leaves), p.Leaves) {
					t.Fatalf("proof %d: compact multiproof leaves differ from Lodestar's (%v)", i, err)
				}
				lc := &tree.CompactMultiproof{Descriptor: unhex(t, p.Descriptor), Leaves: cp.Leaves}
				if !lc.VerifyIndices(root, disjoint) {
					t.Fatalf("proof %d: Lodestar's compact multiproof does not verify", i)
				}
				to, err := tree.ProveTreeOffset(n, gindices(t, p.Gindices))
				if err != nil {
					t.Fatal(err)
				}
				tb, err := to.MarshalBinary()
				if err != nil || "0x"+hex.EncodeToString(tb) != p.TreeOffset {
					t.Fatalf("proof %d: tree-offset bytes differ from Lodestar's (%v)", i, err)
				}
				lp, err := tree.UnmarshalProof(unhex(t, p.TreeOffset))
				if err != nil {
					t.Fatalf("proof %d: Lodestar's tree-offset bytes: %v", i, err)
				}
				if r, err := lp.Root(); err != nil || r != root {
					t.Fatalf("proof %d: Lodestar's tree-offset proof gives %x, %v", i, r, err)
				}
				// Lodestar sorts a multi proof's indices in decreasing order.
				mp, err := tree.ProveMulti(n, gindices(t, p.Multi.Gindices))
				if err != nil || !slices.Equal(hexes(mp.Leaves), p.Multi.Leaves) || !slices.Equal(hexes(mp.HelperRoots), p.Multi.Witnesses) {
					t.Fatalf("proof %d: multi proof differs from Lodestar's (%v)", i, err)
				}
				sg := gindices(t, []string{p.Single.Gindex})[0]
				sp, err := tree.ProveSingle(n, sg)
				if err != nil || hexes([][32]byte{sp.Leaf})[0] != p.Single.Leaf || !slices.Equal(hexes(sp.Branch), p.Single.Witnesses) {
					t.Fatalf("proof %d: single proof differs from Lodestar's (%v)", i, err)
				}
			}
			for _, p := range g.Paths {
				path := pathString(p.Path)
				got, err := schema.LeafGindices(v.Type(), n, []string{path}, 1<<20)
				if err != nil {
					t.Fatalf("LeafGindices(%s): %v", path, err)
				}
				want := gindices(t, p.Gindices)
				if !slices.Equal(got, want) {
					t.Errorf("LeafGindices(%s) = %v, createProof's %v", path, got, want)
				}
				// Lodestar's paths are proven by a tree-offset proof of them.
				if _, err := tree.ProveTreeOffset(n, got); err != nil {
					t.Errorf("ProveTreeOffset(%s): %v", path, err)
				}
			}
			if !bytes.Equal(unhex(t, g.SSZ), must(v.MarshalSSZ())) {
				t.Error("the value re-encodes to other bytes")
			}
			if dir := os.Getenv(ProofsEnv); dir != "" {
				writeOwn(t, dir, &g, v)
			}
		})
	}
}

// ProofsEnv names the environment variable of the folder where
// TestLodestarGolden writes proofs of ssztree's own making, of the golden
// values, for tools/lodestar-proofs/verify.mjs to check with Lodestar's
// code (the other direction of the cross-check; see its README).
const ProofsEnv = "SSZTREE_PROOFS_OUT"

// writeOwn writes, for the golden value v, ssztree's proofs of the paths of
// the golden file (view.ProveCompact: leaves and what the views need) in
// their JSON forms, and their tree-offset byte forms.
func writeOwn(t *testing.T, dir string, g *golden, v view.View) {
	type own struct {
		Root       string            `json:"root"`
		Compact    []json.RawMessage `json:"compact"`
		TreeOffset []string          `json:"treeOffset"`
	}
	o := own{Root: g.Root}
	for _, p := range g.Paths {
		cp, err := view.ProveCompact(v, 1<<20, pathString(p.Path))
		if err != nil {
			t.Fatal(err)
		}
		o.Compact = append(o.Compact, must(cp.MarshalJSON()))
		to, err := cp.TreeOffset()
		if err != nil {
			t.Fatal(err)
		}
		o.TreeOffset = append(o.TreeOffset, "0x"+hex.EncodeToString(must(to.MarshalBinary())))
	}
	b, err := json.MarshalIndent(o, "", " ")
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, g.Name+".json"), b, 0o644); err != nil {
		t.Fatal(err)
	}
}

func must[T any](v T, err error) T {
	if err != nil {
		panic(err)
	}
	return v
}
