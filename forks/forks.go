package forks

import (
	"slices"

	"github.com/ssztree/ssztree/def"
)

// container returns the container definition name with the fields. It
// copies them, so that containers sharing a list of fields (BeaconBlock in
// each fork) share no slice.
func container(name string, fields ...def.Field) *def.Container {
	return &def.Container{Name: name, Fields: slices.Clone(fields)}
}

// field returns the field name of type t.
func field(name string, t *def.Type) def.Field {
	return def.Field{Name: name, Type: t}
}

// ref returns the container named name, as a field type.
func ref(name string) *def.Type { return def.Ref(name) }

// concat returns the containers of each of lists, in order.
func concat(lists ...[]*def.Container) []*def.Container {
	var all []*def.Container
	for _, l := range lists {
		all = append(all, l...)
	}
	return all
}

// extend returns the container name with the fields of parent's container
// of that name followed by added: a container that a fork changes by
// adding fields at the end, as every fork from Altair on does.
func extend(parent *def.Fork, name string, added ...def.Field) *def.Container {
	return container(name, append(slices.Clone(parent.Lookup(name).Fields), added...)...)
}

// redefine returns a copy of each of parent's containers names, with the
// same fields. A fork redefines a container it does not change when the
// container refers to one it changes (BeaconBlock, for BeaconBlockBody):
// def resolves a reference in the fork that holds the container.
func redefine(parent *def.Fork, names ...string) []*def.Container {
	out := make([]*def.Container, len(names))
	for i, name := range names {
		out[i] = parent.Derive(name)
	}
	return out
}

// replace returns a copy of fields in which each field of changed takes
// the place of the field of its name: the fields of a container whose
// fork changes the types of some. A name that fields lacks is a mistake in
// the definitions, and panics.
func replace(fields []def.Field, changed ...def.Field) []def.Field {
	out := slices.Clone(fields)
	for _, c := range changed {
		i := slices.IndexFunc(out, func(f def.Field) bool { return f.Name == c.Name })
		if i < 0 {
			panic("forks: no field " + c.Name + " to replace")
		}
		out[i] = c
	}
	return out
}
