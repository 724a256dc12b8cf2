//go:build ssztree_nofork

package conformance

import "github.com/ssztree/ssztree/def"

// typedChecks is false under the build tag ssztree_nofork: the
// ssz_static cases are checked against the schema and its views alone,
// without compiling the generated fork packages. CI's run on GOARCH=386
// uses it, so that it does not compile the eight fork packages once more
// for a platform whose own code they do not have: what differs on 32 bits
// (int sizes, offsets, lengths) is in schema, tree and view, which every
// case still goes through.
const typedChecks = false

// typedValues is empty: no case is checked through a generated package.
var typedValues = map[string]func(p *def.Preset, name string) (typedValue, bool){}
