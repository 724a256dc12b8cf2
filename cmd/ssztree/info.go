package main

import (
	"encoding/binary"
	"encoding/json"
	"fmt"
	"io"
	"strings"
	"text/tabwriter"

	"github.com/ssztree/ssztree/schema"
	"github.com/ssztree/ssztree/versioned"
	"github.com/ssztree/ssztree/view"
)

// infoFields are the fields info prints the value of, where a value has
// them: basic values, roots and versions of a state or block.
var infoFields = []string{"slot", "proposer_index", "parent_root", "state_root",
	"message.slot", "message.proposer_index", "message.parent_root", "message.state_root",
	"fork.current_version", "genesis_time", "genesis_validators_root"}

// cmdInfo prints what a value is.
func cmdInfo(name string) func(e *env, args []string) error {
	return func(e *env, args []string) error {
		fs := newFlags(name, "[flags] FILE|-|URL",
			"Prints what the value is: its type, fork (and the rule that found it), network, preset,\n"+
				"format, size, slot, the lengths of its lists (validators, balances, pending queues...)\n"+
				"and its root. -json prints the same as a JSON object. (inspect is info's old name.)",
			"ssztree info state.ssz\nssztree info -json block.ssz_snappy | jq .fork")
		var vf valueFlags
		vf.add(fs)
		asJSON := fs.Bool("json", false, "print a JSON object")
		pos, err := parse(fs, args, 1, 1)
		if err != nil {
			return err
		}
		v, err := vf.read(e, pos[0])
		if err != nil {
			return err
		}
		return printInfo(e.stdout, v, *asJSON)
	}
}

// infoJSON is info's JSON object.
type infoJSON struct {
	Type        string            `json:"type"`
	Fork        string            `json:"fork"`
	Found       string            `json:"found"`
	SameTypes   []string          `json:"same_types,omitempty"`
	Network     string            `json:"network,omitempty"`
	NetworkRule string            `json:"network_found,omitempty"`
	Preset      string            `json:"preset"`
	Format      string            `json:"format"`
	Size        int               `json:"size"`
	Fields      map[string]string `json:"fields,omitempty"`
	Lengths     map[string]uint64 `json:"lengths,omitempty"`
	MessageRoot string            `json:"message_root,omitempty"`
	Root        string            `json:"root"`
}

// printInfo prints what v is.
func printInfo(w io.Writer, v *value, asJSON bool) error {
	info := infoJSON{
		Type: v.name, Fork: v.fork.String(), Found: v.how, SameTypes: v.same,
		Network: v.network, NetworkRule: v.networkHow, Preset: v.preset.Name,
		Format: v.format.describe(), Size: v.v.SizeSSZ(),
		Fields: map[string]string{}, Lengths: map[string]uint64{},
		Root: fmt.Sprintf("0x%x", v.v.HashTreeRoot()),
	}
	var fieldOrder, listOrder []string
	for _, path := range infoFields {
		p, err := partAt(v.v, path)
		if err != nil {
			continue
		}
		var s string
		switch t := p.t.(type) {
		case *schema.Uint:
			if t.FixedSize() > 8 {
				continue
			}
			var b [8]byte
			copy(b[:], p.ssz)
			s = fmt.Sprint(binary.LittleEndian.Uint64(b[:]))
		case *schema.Vector:
			if !t.IsFixedSize() || t.FixedSize() > 32 {
				continue
			}
			s = fmt.Sprintf("0x%x", p.ssz)
		default:
			continue
		}
		info.Fields[path] = s
		fieldOrder = append(fieldOrder, path)
	}
	// The lengths of the lists of the value, and of its message's.
	for _, prefix := range []string{"", "message.body."} {
		c, ok := fieldsAt(v.v, strings.TrimSuffix(prefix, "."))
		if !ok {
			continue
		}
		for i := range c.NumFields() {
			f := c.Field(i)
			switch f.Type.(type) {
			case *schema.List, *schema.ProgressiveList:
			default:
				continue
			}
			p, err := partAt(v.v, prefix+f.Name+".__len__")
			if err != nil {
				continue
			}
			info.Lengths[prefix+f.Name] = binary.LittleEndian.Uint64(p.ssz)
			listOrder = append(listOrder, prefix+f.Name)
		}
	}
	if p, err := partAt(v.v, "message"); err == nil && strings.HasPrefix(v.name, "Signed") {
		r, err := schema.Root(p.t, p.ssz)
		if err == nil {
			info.MessageRoot = fmt.Sprintf("0x%x", r)
		}
	}
	if asJSON {
		b, err := json.Marshal(info)
		if err != nil {
			return err
		}
		_, err = fmt.Fprintf(w, "%s\n", b)
		return err
	}
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintf(tw, "type\t%s\n", info.Type)
	fork := fmt.Sprintf("%s (%s", info.Fork, info.Found)
	if len(info.SameTypes) > 0 {
		fork += "; the same types as " + strings.Join(info.SameTypes, ", ")
	}
	fmt.Fprintf(tw, "fork\t%s)\n", fork)
	if info.Network != "" {
		fmt.Fprintf(tw, "network\t%s (%s)\n", info.Network, info.NetworkRule)
	} else if v.det != nil && v.det.Kind == versioned.KindState {
		fmt.Fprintf(tw, "network\tunknown (fork.current_version %v is in no schedule for this fork)\n", v.det.Version)
	} else {
		fmt.Fprintf(tw, "network\tunknown\n")
	}
	fmt.Fprintf(tw, "preset\t%s\n", info.Preset)
	fmt.Fprintf(tw, "format\t%s\n", info.Format)
	fmt.Fprintf(tw, "size\t%d bytes\n", info.Size)
	for _, f := range fieldOrder {
		fmt.Fprintf(tw, "%s\t%s\n", f, info.Fields[f])
	}
	for _, l := range listOrder {
		fmt.Fprintf(tw, "%s\t%d\n", l, info.Lengths[l])
	}
	if info.MessageRoot != "" {
		fmt.Fprintf(tw, "message root\t%s\n", info.MessageRoot)
	}
	fmt.Fprintf(tw, "root\t%s\n", info.Root)
	return tw.Flush()
}

// fieldsAt returns the container type at path in v, if it is one.
func fieldsAt(v view.View, path string) (fielded, bool) {
	t := v.Type()
	if path != "" {
		var err error
		if _, t, err = schema.LocateIn(v.Type(), v.Node(), path); err != nil {
			return nil, false
		}
	}
	c, ok := t.(fielded)
	return c, ok
}
