package conformance

import (
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"github.com/golang/snappy"
	"gopkg.in/yaml.v3"
)

// maxFileSize bounds the files read from a case folder, and the length a
// snappy-compressed serialization may decompress to.
const maxFileSize = 256 << 20

// The files of a case folder.
const (
	snappyFile = "serialized.ssz_snappy"
	plainFile  = "serialized.ssz"
	metaFile   = "meta.yaml"  // the root, in ssz_generic
	rootsFile  = "roots.yaml" // the root, in ssz_static
	valueFile  = "value.yaml"
)

// readSerialized returns the serialized bytes of the case in dir: those of
// serialized.ssz_snappy, decompressed, or else those of serialized.ssz.
func readSerialized(dir string) ([]byte, error) {
	name := filepath.Join(dir, snappyFile)
	src, err := readFile(name)
	if errors.Is(err, fs.ErrNotExist) {
		name = filepath.Join(dir, plainFile)
		b, err := readFile(name)
		if errors.Is(err, fs.ErrNotExist) {
			return nil, fmt.Errorf("%s: neither %s nor %s", dir, snappyFile, plainFile)
		}
		return b, err
	}
	if err != nil {
		return nil, err
	}
	n, err := snappy.DecodedLen(src)
	if err != nil {
		return nil, fmt.Errorf("%s: %v", name, err)
	}
	if n > maxFileSize {
		return nil, fmt.Errorf("%s: decompresses to %d bytes, more than %d", name, n, maxFileSize)
	}
	b, err := snappy.Decode(make([]byte, n), src)
	if err != nil {
		return nil, fmt.Errorf("%s: %v", name, err)
	}
	return b, nil
}

// readRoot returns the root in the file, meta.yaml or roots.yaml, of the
// case in dir: {root: '0x..'}.
func readRoot(dir, file string) ([32]byte, error) {
	var root [32]byte
	name := filepath.Join(dir, file)
	b, err := readFile(name)
	if err != nil {
		return root, err
	}
	var meta struct {
		Root string `yaml:"root"`
	}
	if err := yaml.Unmarshal(b, &meta); err != nil {
		return root, fmt.Errorf("%s: %v", name, err)
	}
	h, ok := strings.CutPrefix(meta.Root, "0x")
	if !ok || hex.DecodedLen(len(h)) != len(root) {
		return root, fmt.Errorf("%s: root %q is not 0x and 64 hex digits", name, meta.Root)
	}
	if _, err := hex.Decode(root[:], []byte(h)); err != nil {
		return root, fmt.Errorf("%s: root %q: %v", name, meta.Root, err)
	}
	return root, nil
}

// readValue returns the YAML value in the value.yaml file of the case in
// dir, as a node so that no integer loses precision.
func readValue(dir string) (*yaml.Node, error) {
	name := filepath.Join(dir, valueFile)
	b, err := readFile(name)
	if err != nil {
		return nil, err
	}
	var doc yaml.Node
	if err := yaml.Unmarshal(b, &doc); err != nil {
		return nil, fmt.Errorf("%s: %v", name, err)
	}
	if doc.Kind != yaml.DocumentNode || len(doc.Content) != 1 {
		return nil, fmt.Errorf("%s: no YAML value", name)
	}
	return doc.Content[0], nil
}

// readFile reads the named file, refusing files larger than maxFileSize.
// Its errors name the file.
func readFile(name string) ([]byte, error) {
	f, err := os.Open(name)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	b, err := io.ReadAll(io.LimitReader(f, maxFileSize+1))
	if err != nil {
		return nil, fmt.Errorf("%s: %v", name, err)
	}
	if len(b) > maxFileSize {
		return nil, fmt.Errorf("%s: more than %d bytes", name, maxFileSize)
	}
	return b, nil
}
