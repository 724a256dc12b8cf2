package main

import (
	"encoding/binary"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"
	"text/tabwriter"

	"github.com/golang/snappy"
	"gopkg.in/yaml.v3"

	"github.com/ssztree/ssztree/schema"
	"github.com/ssztree/ssztree/sszjson"
	"github.com/ssztree/ssztree/versioned"
	"github.com/ssztree/ssztree/view"
)

// env is what a subcommand reads and writes: the standard streams.
type env struct {
	stdin          io.Reader
	stdout, stderr io.Writer
	// stderrTerminal is whether standard error is a terminal, which a
	// progress bar needs.
	stderrTerminal bool
}

// valueFlags are the flags of a subcommand that reads a value: its type's,
// and a beacon node's timeouts.
type valueFlags struct {
	typeFlags
	net netOptions
}

// add registers the flags on fs.
func (vf *valueFlags) add(fs *flag.FlagSet) {
	vf.typeFlags.add(fs)
	vf.net.add(fs)
}

// read loads the value of source with the flags.
func (vf *valueFlags) read(e *env, source string) (*value, error) {
	sel, err := vf.resolve()
	if err != nil {
		return nil, err
	}
	vf.net.progress = e.stderrTerminal
	vf.net.stderr = e.stderr
	return load(source, sel, e.stdin, &vf.net)
}

// cmdRoot prints the hash tree root of a value.
func cmdRoot(e *env, args []string) error {
	fs := newFlags("root", "[flags] FILE|-|URL", "Prints the value's hash tree root, 0x..., on one line.",
		"ssztree root state.ssz\ncurl -s .../state.ssz_snappy | ssztree root -")
	var vf valueFlags
	vf.add(fs)
	pos, err := parse(fs, args, 1, 1)
	if err != nil {
		return err
	}
	v, err := vf.read(e, pos[0])
	if err != nil {
		return err
	}
	r := v.v.HashTreeRoot()
	_, err = fmt.Fprintf(e.stdout, "0x%x\n", r)
	return err
}

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

// outputFlag registers -o on fs.
func outputFlag(fs *flag.FlagSet) *string {
	return fs.String("o", "", "write to this file rather than to standard output")
}

// writeOutput writes b to the file name, or to standard output when name
// is empty; binary output is refused on a terminal.
func writeOutput(e *env, name string, b []byte, binary bool) error {
	if name == "" {
		if f, ok := e.stdout.(*os.File); ok && binary && isTerminal(f) {
			return fmt.Errorf("binary output to a terminal: give -o FILE or pipe it")
		}
		_, err := e.stdout.Write(b)
		return err
	}
	return os.WriteFile(name, b, 0o644)
}

// cmdJSON prints a value's beacon-API JSON.
func cmdJSON(e *env, args []string) error {
	fs := newFlags("json", "[flags] FILE|-|URL", "Prints the value's JSON in the beacon API's format; -envelope wraps it as a beacon node answers,\n{\"version\": fork, \"data\": ...}.",
		"ssztree json state.ssz | jq .slot\nssztree json -envelope block.ssz_snappy > block.json")
	var vf valueFlags
	vf.add(fs)
	envelope := fs.Bool("envelope", false, "wrap the value in the beacon API's envelope, with the fork as its version")
	out := outputFlag(fs)
	pos, err := parse(fs, args, 1, 1)
	if err != nil {
		return err
	}
	v, err := vf.read(e, pos[0])
	if err != nil {
		return err
	}
	b, err := v.v.MarshalSSZ()
	if err != nil {
		return err
	}
	var j []byte
	if *envelope {
		j, err = sszjson.MarshalVersioned(sszjson.Envelope{Version: v.fork.String()}, v.v.Type(), b)
	} else {
		j, err = sszjson.Marshal(v.v.Type(), b)
	}
	if err != nil {
		return err
	}
	return writeOutput(e, *out, append(j, '\n'), false)
}

// cmdYAML prints a value in the YAML of the spec tests' value.yaml.
func cmdYAML(e *env, args []string) error {
	fs := newFlags("yaml", "[flags] FILE|-|URL", "Prints the value in the YAML of the consensus spec tests' value.yaml files.",
		"ssztree yaml attestation.ssz -type Attestation -fork electra")
	var vf valueFlags
	vf.add(fs)
	out := outputFlag(fs)
	pos, err := parse(fs, args, 1, 1)
	if err != nil {
		return err
	}
	v, err := vf.read(e, pos[0])
	if err != nil {
		return err
	}
	b, err := v.v.MarshalSSZ()
	if err != nil {
		return err
	}
	j, err := sszjson.Marshal(v.v.Type(), b)
	if err != nil {
		return err
	}
	n, err := yamlOf(j)
	if err != nil {
		return err
	}
	var sb strings.Builder
	enc := yaml.NewEncoder(&sb)
	enc.SetIndent(2)
	if err := enc.Encode(n); err != nil {
		return err
	}
	if err := enc.Close(); err != nil {
		return err
	}
	return writeOutput(e, *out, []byte(sb.String()), false)
}

// cmdSSZ writes a value's SSZ.
func cmdSSZ(e *env, args []string) error {
	fs := newFlags("ssz", "[flags] FILE|-|URL", "Writes the value's SSZ serialization (from JSON, with or without the envelope, YAML, or any\nsnappy form); -snappy writes snappy's block format (.ssz_snappy), -framed its framing format.",
		"ssztree ssz state.json -o state.ssz\nssztree ssz -snappy value.yaml -type Checkpoint -fork phase0 > checkpoint.ssz_snappy")
	var vf valueFlags
	vf.add(fs)
	block := fs.Bool("snappy", false, "compress with snappy's block format (the spec tests' .ssz_snappy, Prysm's .ssz.snappy)")
	framed := fs.Bool("framed", false, "compress with snappy's framing format (the p2p stream format)")
	out := outputFlag(fs)
	pos, err := parse(fs, args, 1, 1)
	if err != nil {
		return err
	}
	if *block && *framed {
		return usagef("ssz: -snappy or -framed, not both")
	}
	v, err := vf.read(e, pos[0])
	if err != nil {
		return err
	}
	b, err := v.v.MarshalSSZ()
	if err != nil {
		return err
	}
	switch {
	case *block:
		b = snappy.Encode(nil, b)
	case *framed:
		b = frame(b)
	}
	return writeOutput(e, *out, b, true)
}

// frame returns b compressed in snappy's framing format.
func frame(b []byte) []byte {
	var sb strings.Builder
	w := snappy.NewBufferedWriter(&sb)
	w.Write(b) // a strings.Builder does not fail
	w.Close()
	return []byte(sb.String())
}

// cmdGet prints the parts of a value that paths name.
func cmdGet(e *env, args []string) error {
	fs := newFlags("get", "[flags] FILE|-|URL PATH...",
		"Prints the part of the value each path names, in the notation of the consensus spec's\n"+
			"get_generalized_index (slot, validators[12], validators[12].effective_balance,\n"+
			"finalized_checkpoint.root, balances.__len__), as JSON: the value for one path, an\n"+
			"object of them by path for several. -ssz writes the serialization of one part.",
		"ssztree get state.ssz finalized_checkpoint validators[0].pubkey\nssztree get -ssz state.ssz validators[7] | ssztree json -type Validator -fork phase0 -")
	var vf valueFlags
	vf.add(fs)
	raw := fs.Bool("ssz", false, "write the part's SSZ serialization (one path)")
	pos, err := parse(fs, args, 2, -1)
	if err != nil {
		return err
	}
	if *raw && len(pos) != 2 {
		return usagef("get: -ssz takes one path")
	}
	v, err := vf.read(e, pos[0])
	if err != nil {
		return err
	}
	paths, err := expandPaths(v.v, pos[1:])
	if err != nil {
		return err
	}
	var out []byte
	if len(paths) > 1 {
		out = append(out, '{')
	}
	for i, path := range paths {
		p, err := partAt(v.v, path)
		if err != nil {
			return err
		}
		if *raw {
			return writeOutput(e, "", p.ssz, true)
		}
		if len(paths) > 1 {
			if i > 0 {
				out = append(out, ',')
			}
			k, _ := json.Marshal(path)
			out = append(append(out, k...), ':')
		}
		if out, err = sszjson.AppendJSON(out, p.t, p.ssz); err != nil {
			return fmt.Errorf("%s: %w", path, err)
		}
	}
	if len(paths) > 1 {
		out = append(out, '}')
	}
	_, err = e.stdout.Write(append(out, '\n'))
	return err
}
