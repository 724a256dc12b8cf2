package main

import (
	"errors"
	"fmt"
	"strings"

	"github.com/ssztree/ssztree/diff"
	"github.com/ssztree/ssztree/schema"
	"github.com/ssztree/ssztree/sszjson"
)

// diffValueText is the longest value the text of diff prints; a longer
// one is cut, and -json gives it whole.
const diffValueText = 100

// cmdDiff prints the parts that differ between two values.
func cmdDiff(e *env, args []string) error {
	fs := newFlags("diff", "[flags] A B",
		"Prints the parts that differ between two values of one type, by field path, skipping\n"+
			"equal subtrees by their roots: one line each, \"changed PATH: A -> B\", in the order of\n"+
			"the serialization. A and B are files, - or beacon nodes' states (URL#ID, head by\n"+
			"default): the first question when two clients disagree on a root.",
		"ssztree diff a.ssz b.ssz\nssztree diff -limit 10 http://lighthouse:5052#finalized http://prysm:3500#finalized")
	var vf valueFlags
	vf.add(fs)
	asJSON := fs.Bool("json", false, "print the changes as a JSON object")
	limit := fs.Int("limit", 0, "report at most this many changes (0: all)")
	pos, err := parse(fs, args, 2, 2)
	if err != nil {
		return err
	}
	if *limit < 0 {
		return usagef("diff: -limit %d", *limit)
	}
	if pos[0] == "-" && pos[1] == "-" {
		return usagef("diff: standard input once only")
	}
	a, err := vf.read(e, pos[0])
	if err != nil {
		return err
	}
	b, err := vf.read(e, pos[1])
	if err != nil {
		return err
	}
	r, err := diff.Values(a.v, b.v, diff.Options{Limit: *limit})
	if errors.Is(err, diff.ErrTypeMismatch) {
		return fmt.Errorf("%s is a %s/%v %s and %s a %s/%v %s: diff compares values of one type",
			pos[0], a.preset.Name, a.fork, a.name, pos[1], b.preset.Name, b.fork, b.name)
	}
	if err != nil {
		return err
	}
	if *asJSON {
		j, err := r.MarshalJSON()
		if err != nil {
			return err
		}
		_, err = e.stdout.Write(append(j, '\n'))
		return err
	}
	var sb strings.Builder
	for _, c := range r.Changes {
		fmt.Fprintf(&sb, "%s %s: %s -> %s\n", c.Kind, c.Path, diffText(c.Type, c.A), diffText(c.Type, c.B))
	}
	switch {
	case r.Truncated:
		fmt.Fprintf(&sb, "(stopped at -limit %d: there may be more)\n", *limit)
	case len(r.Changes) == 0:
		fmt.Fprintf(&sb, "no differences: root 0x%x\n", a.v.HashTreeRoot())
	}
	_, err = e.stdout.Write([]byte(sb.String()))
	return err
}

// diffText returns the JSON of a part of a diff, cut to diffValueText,
// or "none" for a part that one side lacks.
func diffText(t schema.Type, b []byte) string {
	if b == nil {
		return "none"
	}
	j, err := sszjson.Marshal(t, b)
	if err != nil {
		return fmt.Sprintf("0x%x", b)
	}
	if len(j) > diffValueText {
		return string(j[:diffValueText]) + fmt.Sprintf("... (%d bytes of SSZ)", len(b))
	}
	return string(j)
}
