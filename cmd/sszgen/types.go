package main

import (
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"gopkg.in/yaml.v3"
)

// This file runs the front end of Go structs (-types): it reads the spec
// values, maps the structs and writes their views.

// runTypes writes to out, in dir, the views of the structs names of the
// package in dir, with the spec values of presetFile and values.
func runTypes(dir, out string, names []string, presetFile, values string) error {
	specValues, err := specValues(presetFile, values)
	if err != nil {
		return err
	}
	for i := range names {
		names[i] = strings.TrimSpace(names[i])
	}
	if !filepath.IsAbs(out) {
		out = filepath.Join(dir, out)
	}
	src, err := loadTypes(dir, out, names, specValues)
	if err != nil {
		return err
	}
	code, err := generateUser(src, names)
	if err != nil {
		return err
	}
	return os.WriteFile(out, code, 0o644)
}

// specValues returns the spec values of the YAML file presetFile (a
// mapping of names to unsigned integers, as the specification's preset
// files) and of values ("NAME=value,..."), which win.
func specValues(presetFile, values string) (map[string]uint64, error) {
	m := map[string]uint64{}
	if presetFile != "" {
		data, err := os.ReadFile(presetFile)
		if err != nil {
			return nil, err
		}
		var raw map[string]string
		if err := yaml.Unmarshal(data, &raw); err != nil {
			return nil, fmt.Errorf("-preset %s: %v", presetFile, err)
		}
		for k, v := range raw {
			n, err := strconv.ParseUint(v, 10, 64)
			if err != nil {
				return nil, fmt.Errorf("-preset %s: %s: %q is not an unsigned integer", presetFile, k, v)
			}
			m[k] = n
		}
	}
	if values != "" {
		for _, kv := range strings.Split(values, ",") {
			k, v, ok := strings.Cut(strings.TrimSpace(kv), "=")
			n, err := strconv.ParseUint(strings.TrimSpace(v), 10, 64)
			if !ok || err != nil || strings.TrimSpace(k) == "" {
				return nil, fmt.Errorf("-values: %q is not NAME=value with an unsigned integer value", kv)
			}
			m[strings.TrimSpace(k)] = n
		}
	}
	return m, nil
}
