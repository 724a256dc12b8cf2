package main

import (
	"fmt"
	"strings"

	"github.com/ssztree/ssztree/def"
	"github.com/ssztree/ssztree/forks"
	"github.com/ssztree/ssztree/schema"
)

// This file writes lightclient_gen.go: the generalized indices of the
// light-client proofs (forks.LightClientProofs) in the containers the
// fork defines, their branches, the indices by slot of a fork that moves
// the state's, block_to_light_client_header, and the builders of
// specs/altair/light-client/full-node.md over package lightclient; in
// every fork with light-client containers.

// lcProof is a light-client proof as a fork writes it.
type lcProof struct {
	forks.LightClientProof
	Fork *def.Fork
	// Var and Branch are the names of the index and of the function that
	// proves it; Param that function's parameter, of type Container.
	Var, Branch, Param string
	// Value and Depth are the index's, in the fork's container.
	Value uint64
	Depth int
	// Before, for an index of the state that the fork moves, is the
	// expression of the index before the fork: the AtSlot function of
	// the nearest earlier fork that has one, else the earlier index.
	Before string
}

// Segments returns the path's field names, quoted as
// get_generalized_index takes them.
func (p lcProof) Segments() string {
	return "'" + strings.ReplaceAll(p.Path, ".", "', '") + "'"
}

// Base is the Go name of the index without Gindex: FinalizedRoot.
func (p lcProof) Base() string { return strings.TrimSuffix(p.Var, "Gindex") }

// SpecAtSlot is the name of the specification's function of the index by
// slot: finalized_root_gindex_at_slot.
func (p lcProof) SpecAtSlot() string {
	base, _, _ := strings.Cut(p.Gindex, "_GINDEX")
	return strings.ToLower(base) + "_gindex_at_slot"
}

// Title is the fork's name as the specification writes it.
func (p lcProof) Title() string { return def.GoName(p.Fork.Name) }

// lcProofs returns the light-client proofs of fork f, by the field of
// their branch: of each, the last of forks.LightClientProofs of f or an
// earlier fork.
func lcProofs(f *def.Fork) map[string]forks.LightClientProof {
	own := map[string]forks.LightClientProof{}
	for _, p := range forks.LightClientProofs {
		for a := f; a != nil; a = a.Parent {
			if a.Name == p.Fork {
				own[p.Field] = p
			}
		}
	}
	return own
}

// hasAtSlot reports whether fork f moves the index of its state's proof
// of field: its index is its own, and an earlier fork had another.
func hasAtSlot(f *def.Fork, field string) bool {
	p, ok := lcProofs(f)[field]
	if !ok || p.Fork != f.Name || p.Container != "BeaconState" || f.Parent == nil {
		return false
	}
	_, before := lcProofs(f.Parent)[field]
	return before
}

// proofs returns the fork's light-client proofs into the containers it
// defines, in the order of forks.LightClientProofs.
func (g *gen) proofs() ([]lcProof, error) {
	byField := lcProofs(g.fork)
	var out []lcProof
	for _, p := range forks.LightClientProofs {
		if byField[p.Field] != p || !g.has(p.Container) || g.owner(p.Container) != g.fork {
			continue
		}
		gi, err := schema.Gindex(g.types.Type(p.Container), p.Path)
		if err != nil {
			return nil, fmt.Errorf("light-client proof %s: %w", p.Gindex, err)
		}
		base, _, _ := strings.Cut(p.Gindex, "_GINDEX")
		lp := lcProof{LightClientProof: p, Fork: g.fork,
			Var: def.GoName(strings.ToLower(base)) + "Gindex", Branch: def.GoName(p.Field),
			Param: "body", Value: uint64(gi), Depth: gi.Depth()}
		if p.Container == "BeaconState" {
			lp.Param = "st"
		}
		if hasAtSlot(g.fork, p.Field) {
			lp.Before = g.fork.Parent.Owner("BeaconState").Name + "." + lp.Var
			for a := g.fork.Parent; a != nil; a = a.Parent {
				if hasAtSlot(a, p.Field) {
					lp.Before = a.Name + "." + lp.Base() + "GindexAtSlot(s, slot)"
					break
				}
			}
		}
		out = append(out, lp)
	}
	return out, nil
}

// lcField is a field of a LightClientHeader as block_to_light_client_header
// fills it: Go is its Go name, Expr the expression of its value, of block
// and its body; Var, for an expression that returns an error too, the
// variable that holds its value.
type lcField struct{ Go, Expr, Var string }

// lcHeader is what the template of BlockToLightClientHeader reads.
type lcHeader struct {
	// Struct reports whether the LightClientHeader is a plain struct, not
	// a view; Body whether a field reads the block's body; Err whether one
	// returns an error too, and so the function.
	Struct, Body, Err bool
	Fields            []lcField
	// Names are the fields' names in the specification.
	Names []string
}

// Result is the function's result type.
func (h lcHeader) Result() string {
	r := "*LightClientHeader"
	if h.Struct {
		r = "LightClientHeader"
	}
	if h.Err {
		return "(" + r + ", error)"
	}
	return r
}

// Zero is the header's value on an error.
func (h lcHeader) Zero() string {
	if h.Struct {
		return "LightClientHeader{}"
	}
	return "nil"
}

// header returns what BlockToLightClientHeader is made of: a field of the
// LightClientHeader is the block's header (beacon), its payload's header
// (execution), the branch of a light-client proof into the body (a field
// of forks.LightClientProofs), or the leaf that the execution branch
// proves (execution_block_hash, Gloas').
func (g *gen) header() (lcHeader, error) {
	c := g.lookup("LightClientHeader")
	h := lcHeader{Struct: g.isStruct(c)}
	byField := lcProofs(g.fork)
	for _, f := range c.Fields {
		x := lcField{Go: def.GoName(f.Name)}
		switch p, isProof := byField[f.Name]; {
		case f.Name == "beacon":
			x.Expr = "BeaconBlockHeaderOf(block)"
		case f.Name == "execution":
			x.Expr, x.Var = "ExecutionPayloadHeaderOf(body.ExecutionPayload())", "execution"
		case isProof && p.Container == "BeaconBlockBody":
			x.Expr, x.Var = x.Go+"(body)", strings.ToLower(x.Go[:1])+x.Go[1:]
		case f.Name == "execution_block_hash" && byField["execution_branch"].Container == "BeaconBlockBody":
			x.Expr = "body"
			for _, s := range strings.Split(byField["execution_branch"].Path, ".") {
				x.Expr += "." + def.GoName(s) + "()"
			}
		default:
			return h, fmt.Errorf("LightClientHeader: no block_to_light_client_header of field %s", f.Name)
		}
		h.Body = h.Body || strings.Contains(x.Expr, "body")
		h.Err = h.Err || x.Var != ""
		h.Fields = append(h.Fields, x)
		h.Names = append(h.Names, f.Name)
	}
	return h, nil
}

// lightClient writes the light-client code of the fork, if it has
// light-client containers.
func (g *gen) lightClient() error {
	if !g.has("LightClientBootstrap") {
		return nil
	}
	proofs, err := g.proofs()
	if err != nil {
		return err
	}
	if err := g.execExtra("lightClientProofs", struct {
		Pkg    string
		Proofs []lcProof
	}{g.fork.Name, proofs}); err != nil {
		return err
	}
	h, err := g.header()
	if err != nil {
		return err
	}
	return g.writeFns(
		g.newFn("BeaconBlock,LightClientHeader", "BlockToLightClientHeader", "block *BeaconBlock", h.Result(), "block", "the light-client header of a block", h),
		g.newFn("BeaconState,LightClientBootstrap", "CreateLightClientBootstrap", "st *BeaconState, block *BeaconBlock", "(*LightClientBootstrap, error)", "st, block", "the LightClientBootstrap of a block and its post state", h),
		g.newFn("BeaconState,LightClientUpdate", "CreateLightClientUpdate", "st *BeaconState, block *BeaconBlock, attestedState *BeaconState, attestedBlock *BeaconBlock, finalizedBlock *BeaconBlock", "(*LightClientUpdate, error)", "st, block, attestedState, attestedBlock, finalizedBlock", "the LightClientUpdate that block makes of its parent attestedBlock", h),
		g.newFn("LightClientUpdate,LightClientFinalityUpdate", "CreateLightClientFinalityUpdate", "update *LightClientUpdate", "*LightClientFinalityUpdate", "update", "the LightClientFinalityUpdate of update", nil),
		g.newFn("LightClientUpdate,LightClientOptimisticUpdate", "CreateLightClientOptimisticUpdate", "update *LightClientUpdate", "*LightClientOptimisticUpdate", "update", "the LightClientOptimisticUpdate of update", nil),
	)
}

const lightClientTemplates = `
{{define "lightClientProofs"}}
{{- if .Proofs}}
// The generalized indices of the light-client proofs into the containers
// of this fork (forks.LightClientProofs), computed from the schema as the
// specification computes them, with get_generalized_index. They are the
// same in every preset.
var (
{{- range .Proofs}}
	{{doc .Var " is " .Gindex " (" .Value "): get_generalized_index(" .Container ", " .Segments ")."}}
	{{.Var}} = forkcode.Gindex(Mainnet.Type("{{.Container}}"), "{{.Path}}")
{{- end}}
)
{{end}}

// The branches below are the specification's compute_merkle_proof at a
// light-client index: the roots of the siblings on the path up from the
// proven node, leaf first, as is_valid_merkle_branch takes them. They are
// read off the value's tree (see tree.Prove): the cost is a few levels of
// a hashed tree, whatever the size of the value.
{{range .Proofs}}
{{doc .Branch " returns the proof of " .Param "'s " .Path " against " .Param "'s hash tree root, at " .Var ": the " .Field " of the light-client containers."}}
func {{.Branch}}({{.Param}} *{{.Container}}) ([{{.Depth}}]Bytes32, error) {
	var b [{{.Depth}}]Bytes32
	return b, forkcode.Branch("{{$.Pkg}}", {{.Param}}.View(), {{.Var}}, b[:])
}
{{end}}

{{- range .Proofs}}{{if .Before}}
{{doc .Base "GindexAtSlot returns the generalized index of " .Path " in the state at slot, on the network of schedule s: the specification's " .SpecAtSlot ", " .Var " (" .Value ") from s's " .Title " fork epoch on, " .Before " before it or when s has not scheduled " .Title ". A light client that runs across the fork reads proofs into states of both shapes, and takes each proof's index from the slot of the state it proves against."}}
func {{.Base}}GindexAtSlot(s *forks.Schedule, slot Slot) tree.Gindex {
	if s.AtSlot(uint64(slot)) >= forks.Name{{.Title}} {
		return {{.Var}}
	}
	return {{.Before}}
}
{{end}}{{end}}
{{end}}

{{define "BlockToLightClientHeader"}}
{{- $h := .Data}}
{{doc "BlockToLightClientHeader returns the light-client header of a block, of the block's message: the specification's block_to_light_client_header, which fills the LightClientHeader's fields (" (join $h.Names ", ") ") from the block and its body." }}
func BlockToLightClientHeader(block *BeaconBlock) {{$h.Result}} {
{{- if $h.Body}}
	body := block.Body()
{{- end}}
{{- range $h.Fields}}{{if .Var}}
	{{.Var}}, err := {{.Expr}}
	if err != nil {
		return {{$h.Zero}}, err
	}
{{- end}}{{end}}
{{- if $h.Struct}}
	return LightClientHeader{
{{- range $h.Fields}}
		{{.Go}}: {{if .Var}}{{.Var}}{{else}}{{.Expr}}{{end}},
{{- end}}
	}{{if $h.Err}}, nil{{end}}
{{- else}}
	h := NewLightClientHeader(block.Spec())
{{- range $h.Fields}}
	h.Set{{.Go}}({{if .Var}}{{.Var}}{{else}}{{.Expr}}{{end}})
{{- end}}
	return h{{if $h.Err}}, nil{{end}}
{{- end}}
}
{{end}}

{{define "CreateLightClientBootstrap"}}
// The builders below are those of specs/altair/light-client/full-node.md,
// which every fork from Altair on keeps, with this fork's
// block_to_light_client_header and branches. They take a block's message,
// the BeaconBlock, where the specification takes the SignedBeaconBlock and
// reads its message only. The specification's checks of the fork epoch are
// those of the types: a block of this package is at or after the fork.
// Around the fork, the finalized block of an update may be of the fork
// before, whose header the specification upgrades: pass nil for it and
// set the finalized header and finality branch on the update.

// lightClient is the fork's light-client data, for the builders of
// package lightclient.
var lightClient = lightclient.NewFork("{{.Pkg}}",
	{{- if .Data.Err}} BlockToLightClientHeader,
	{{- else}}
	func(block *BeaconBlock) (LightClientHeader, error) { return BlockToLightClientHeader(block), nil },
	{{- end}}
	func(block *BeaconBlock) *SyncAggregate { return block.Body().SyncAggregate() },
	CurrentSyncCommitteeBranch, NextSyncCommitteeBranch, FinalityBranch)

// CreateLightClientBootstrap returns the LightClientBootstrap of a block
// and its post state: the specification's create_light_client_bootstrap, of
// the block's message. It checks, as the specification asserts, that st is
// the block's post state: st's latest block header, with st's root as its
// state root, is the block's header.
func CreateLightClientBootstrap(st *BeaconState, block *BeaconBlock) (*LightClientBootstrap, error) {
	return lightclient.CreateBootstrap(lightClient, st, block, NewLightClientBootstrap(st.Spec()))
}
{{end}}

{{define "CreateLightClientUpdate"}}
// CreateLightClientUpdate returns the LightClientUpdate that block, of
// post state st, makes of its parent attestedBlock, of post state
// attestedState: the specification's create_light_client_update. The
// update holds the next sync committee if both blocks are in the same sync
// committee period, and the finality proof if finalizedBlock, the block of
// attestedState's finalized checkpoint, is not nil (nil when it is not
// available locally). It returns an error where the specification
// asserts: too few participants in block's sync aggregate, a state that is
// not its block's post state, an attested block that is not block's
// parent, a finalized block that is not attestedState's finalized
// checkpoint.
func CreateLightClientUpdate(st *BeaconState, block *BeaconBlock, attestedState *BeaconState, attestedBlock *BeaconBlock, finalizedBlock *BeaconBlock) (*LightClientUpdate, error) {
	spec := st.Spec()
	return lightclient.CreateUpdate(lightClient, spec.Preset, st, block, attestedState, attestedBlock, finalizedBlock, NewLightClientUpdate(spec))
}
{{end}}

{{define "CreateLightClientFinalityUpdate"}}
// CreateLightClientFinalityUpdate returns the LightClientFinalityUpdate of
// update, its fields but the next sync committee's: the specification's
// create_light_client_finality_update.
func CreateLightClientFinalityUpdate(update *LightClientUpdate) *LightClientFinalityUpdate {
	return lightclient.CreateFinalityUpdate(update, NewLightClientFinalityUpdate(update.Spec()))
}
{{end}}

{{define "CreateLightClientOptimisticUpdate"}}
// CreateLightClientOptimisticUpdate returns the
// LightClientOptimisticUpdate of update, its attested header and sync
// aggregate: the specification's create_light_client_optimistic_update.
func CreateLightClientOptimisticUpdate(update *LightClientUpdate) *LightClientOptimisticUpdate {
	return lightclient.CreateOptimisticUpdate(update, NewLightClientOptimisticUpdate(update.Spec()))
}
{{end}}
`
