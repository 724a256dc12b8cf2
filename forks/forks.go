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
