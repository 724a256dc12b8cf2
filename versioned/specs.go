package versioned

import (
	"fmt"
	"maps"
	"slices"
	"strconv"
	"strings"
	"sync"

	"github.com/ssztree/ssztree/def"
	"github.com/ssztree/ssztree/forks"
)

// presetSpecs are the fork packages' *Spec of one preset, each made at its
// first use, once, whichever goroutines ask for it at once.
type presetSpecs struct {
	// preset is the preset the specs are made for: the first of the
	// presets of the same name and values that the cache was given, or
	// the built-in one of them.
	preset *def.Preset
	once   [len(types)]sync.Once
	spec   [len(types)]any
	err    [len(types)]error
}

// maxPresetPointers bounds the presets that specCache finds by their
// pointer. A program uses a few presets, each one *def.Preset (the
// built-in ones, or one LoadPreset per network); one that makes a new
// *def.Preset for every value (LoadPreset at each decode) would otherwise
// grow the cache without end. Past the bound, a preset is found by its
// name and values, which costs a sort of its ~90 values at each use, but
// never makes its specs again.
const maxPresetPointers = 64

// specCache holds the presetSpecs of every preset the package has been
// given, by pointer and by name and values, so that a decode of a preset
// resolves the fork's types once in the life of the process, not at every
// call. It is safe for concurrent use.
var specCache = newSpecCache(forks.BuiltinPresets()...)

type specCacheT struct {
	byPointer sync.Map // *def.Preset -> *presetSpecs

	mu       sync.Mutex
	pointers int                     // entries of byPointer
	byValues map[string]*presetSpecs // by presetKey
}

// newSpecCache returns a cache that holds the presets builtin first, so
// that a preset of the same name and values as a built-in one has the fork
// packages' own Specs (fulu.Mainnet...).
func newSpecCache(builtin ...*def.Preset) *specCacheT {
	c := &specCacheT{byValues: make(map[string]*presetSpecs)}
	for _, p := range builtin {
		c.of(p)
	}
	return c
}

// of returns the presetSpecs of p, which is not nil.
func (c *specCacheT) of(p *def.Preset) *presetSpecs {
	if ps, ok := c.byPointer.Load(p); ok {
		return ps.(*presetSpecs)
	}
	key := presetKey(p)
	c.mu.Lock()
	defer c.mu.Unlock()
	ps := c.byValues[key]
	if ps == nil {
		ps = &presetSpecs{preset: p}
		c.byValues[key] = ps
	}
	if c.pointers < maxPresetPointers {
		if _, loaded := c.byPointer.LoadOrStore(p, ps); !loaded {
			c.pointers++
		}
	}
	return ps
}

// presetKey returns the name and the values of p as one string, the same
// for two presets of the same name and values.
func presetKey(p *def.Preset) string {
	var b strings.Builder
	b.WriteString(strconv.Quote(p.Name))
	for _, k := range slices.Sorted(maps.Keys(p.Values)) {
		b.WriteByte(' ')
		b.WriteString(k)
		b.WriteByte('=')
		b.WriteString(strconv.FormatUint(p.Values[k], 10))
	}
	return b.String()
}

// specOf returns the *Spec of the package of fork (a *fulu.Spec...) for
// preset: the package's Mainnet or Minimal for the presets of the
// specification, else the one its NewSpec made at the first use of a
// preset of the same name and values. A nil preset, or one whose values
// do not resolve the fork's types, is an error wrapping ErrPreset.
func specOf(fork forks.Name, preset *def.Preset) (any, error) {
	if preset == nil {
		return nil, fmt.Errorf("versioned: %w: nil", ErrPreset)
	}
	ps := specCache.of(preset)
	ps.once[fork].Do(func() {
		ps.spec[fork], ps.err[fork] = types[fork].newSpec(ps.preset)
	})
	if err := ps.err[fork]; err != nil {
		return nil, fmt.Errorf("versioned: %w %q for %v: %w", ErrPreset, preset.Name, fork, err)
	}
	return ps.spec[fork], nil
}
