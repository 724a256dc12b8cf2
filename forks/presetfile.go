package forks

import (
	"errors"
	"fmt"
	"io/fs"
	"path"
	"strconv"
	"strings"

	"gopkg.in/yaml.v3"

	"github.com/ssztree/ssztree/def"
)

// ErrUnknownPreset is the error, wrapped, of a configuration whose
// PRESET_BASE names a preset that is neither built in nor given.
var ErrUnknownPreset = errors.New("unknown preset")

// PresetFile is one file of a preset: its name, for errors
// ("phase0.yaml"), and its YAML.
type PresetFile struct {
	Name string
	Data []byte
}

// ParsePreset returns the preset named name from its files, in the format
// of the specification's presets/<name>/<fork>.yaml: each a mapping of
// parameter names to unsigned integers, with the parameters of one fork.
// The files together give each parameter once; [NewPreset] adds the
// derived parameters. A value that is not an unsigned decimal integer, a
// parameter given twice, or a file that is not a mapping is an error
// naming the file and the parameter.
func ParsePreset(name string, files ...PresetFile) (*def.Preset, error) {
	values := make(map[string]uint64)
	from := make(map[string]string) // the file of each parameter
	for _, f := range files {
		var doc yaml.Node
		if err := yaml.Unmarshal(f.Data, &doc); err != nil {
			return nil, fmt.Errorf("forks: preset %s: %s: %v", name, f.Name, err)
		}
		if doc.Kind == 0 {
			continue // an empty file, or comments alone
		}
		if doc.Kind != yaml.DocumentNode || len(doc.Content) != 1 || doc.Content[0].Kind != yaml.MappingNode {
			return nil, fmt.Errorf("forks: preset %s: %s: not a mapping of parameters to values", name, f.Name)
		}
		m := doc.Content[0]
		for i := 0; i+1 < len(m.Content); i += 2 {
			k, v := m.Content[i], m.Content[i+1]
			if v.Kind != yaml.ScalarNode {
				return nil, fmt.Errorf("forks: preset %s: %s: %s (line %d): not an unsigned integer", name, f.Name, k.Value, v.Line)
			}
			n, err := strconv.ParseUint(v.Value, 10, 64)
			if err != nil {
				return nil, fmt.Errorf("forks: preset %s: %s: %s (line %d): %q is not an unsigned integer", name, f.Name, k.Value, v.Line, v.Value)
			}
			if other, dup := from[k.Value]; dup {
				return nil, fmt.Errorf("forks: preset %s: %s: %s given again, first in %s", name, f.Name, k.Value, other)
			}
			values[k.Value], from[k.Value] = n, f.Name
		}
	}
	return NewPreset(name, values)
}

// LoadPreset returns the preset of the .yaml files directly in the folder
// dir of fsys, named by the folder's last element: the specification's
// layout, presets/<name>/{phase0,altair,...}.yaml, so that
// LoadPreset(os.DirFS("consensus-specs"), "presets/gnosis") reads the
// preset "gnosis". Other files and subfolders (trusted_setups/) are not
// read; see [ParsePreset] for the files' format. Use one preset per
// network and process: a versioned decoder keeps the types it resolves for
// each preset.
func LoadPreset(fsys fs.FS, dir string) (*def.Preset, error) {
	name := path.Base(dir)
	if name == "." || name == "/" {
		return nil, fmt.Errorf("forks: preset folder %q: no name", dir)
	}
	entries, err := fs.ReadDir(fsys, dir)
	if err != nil {
		return nil, fmt.Errorf("forks: preset %s: %w", name, err)
	}
	var files []PresetFile
	for _, e := range entries {
		if e.IsDir() || !strings.HasSuffix(e.Name(), ".yaml") {
			continue
		}
		b, err := fs.ReadFile(fsys, path.Join(dir, e.Name()))
		if err != nil {
			return nil, fmt.Errorf("forks: preset %s: %w", name, err)
		}
		files = append(files, PresetFile{Name: e.Name(), Data: b})
	}
	if len(files) == 0 {
		return nil, fmt.Errorf("forks: preset %s: no .yaml file in %s", name, dir)
	}
	return ParsePreset(name, files...)
}
