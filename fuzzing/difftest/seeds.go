package difftest

import (
	"fmt"
	"os"
	"path/filepath"
	"sort"

	"github.com/golang/snappy"
	"github.com/ssztree/ssztree/altair"
	"github.com/ssztree/ssztree/bellatrix"
	"github.com/ssztree/ssztree/capella"
	"github.com/ssztree/ssztree/deneb"
	"github.com/ssztree/ssztree/electra"
	"github.com/ssztree/ssztree/fulu"
	"github.com/ssztree/ssztree/gloas"
	"github.com/ssztree/ssztree/phase0"
	"github.com/ssztree/ssztree/synth"
	"github.com/ssztree/ssztree/testutil/samples"
)

// maxDecoded bounds what a snappy file of the conformance data may
// decompress to (a mainnet state is a few megabytes).
const maxDecoded = 64 << 20

// StaticCases returns the serializations of the ssz_static cases of the
// type typ of fork for preset, in every handler (ssz_random,
// ssz_lengthy...), in the order of their paths, from the conformance data
// the library's tests read (samples.Dir: the subset the repository
// carries, or the folder SSZ_SPECTESTS names). The type having no cases
// there is an error, so that a renamed folder is seen, unless the carried
// subset leaves it out (samples.NotCarried).
func StaticCases(preset, fork, typ string) ([][]byte, error) {
	root, err := specDir()
	if err != nil || root == "" || samples.NotCarried(preset, typ) {
		return nil, err
	}
	dirs, err := filepath.Glob(filepath.Join(root, "tests", preset, fork, "ssz_static", typ, "*", "case_*"))
	if err != nil {
		return nil, err
	}
	if len(dirs) == 0 {
		return nil, fmt.Errorf("difftest: no ssz_static cases of %s/%s/%s in %s", preset, fork, typ, root)
	}
	return readCases(dirs)
}

// GenericCases returns the serializations of the ssz_generic cases of
// handler whose names start with prefix, valid and invalid ones, in the
// order of their paths, from the same folder as StaticCases.
func GenericCases(handler, prefix string) ([][]byte, error) {
	root, err := specDir()
	if err != nil || root == "" {
		return nil, err
	}
	var dirs []string
	for _, kind := range []string{"valid", "invalid"} {
		d, err := filepath.Glob(filepath.Join(root, "tests", "general", "*", "ssz_generic", handler, kind, prefix+"*"))
		if err != nil {
			return nil, err
		}
		dirs = append(dirs, d...)
	}
	if len(dirs) == 0 {
		return nil, fmt.Errorf("difftest: no ssz_generic cases %s/%s* in %s", handler, prefix, root)
	}
	return readCases(dirs)
}

// specDir returns the folder of conformance data of the library's tests;
// "" (no seeds) only in a copy of the library in the module cache.
func specDir() (string, error) {
	dir, err := samples.Dir()
	if err != nil {
		return "", fmt.Errorf("difftest: %w", err)
	}
	return dir, nil
}

// readCases reads the serialization of each case directory:
// serialized.ssz_snappy (snappy block format) or serialized.ssz.
func readCases(dirs []string) ([][]byte, error) {
	sort.Strings(dirs)
	out := make([][]byte, 0, len(dirs))
	for _, dir := range dirs {
		b, err := readCase(dir)
		if err != nil {
			return nil, err
		}
		out = append(out, b)
	}
	return out, nil
}

func readCase(dir string) ([]byte, error) {
	src, err := os.ReadFile(filepath.Join(dir, "serialized.ssz_snappy"))
	if os.IsNotExist(err) {
		return os.ReadFile(filepath.Join(dir, "serialized.ssz"))
	}
	if err != nil {
		return nil, err
	}
	n, err := snappy.DecodedLen(src)
	if err != nil || n > maxDecoded {
		return nil, fmt.Errorf("difftest: %s: bad snappy data (length %d, %v)", dir, n, err)
	}
	b, err := snappy.Decode(make([]byte, n), src)
	if err != nil {
		return nil, fmt.Errorf("difftest: %s: %w", dir, err)
	}
	return b, nil
}

// MainnetCases returns the seeds of a target of the type typ in fork: its
// mainnet ssz_static cases, and a synthetic state for the BeaconState
// where the conformance data has none: in Phase 0 (it has minimal cases
// only), and in the subset the repository carries (samples.NotCarried).
// The other types without cases get none (their defaults and the
// mutations of those are seeds of every target).
func MainnetCases(fork, typ string) ([][]byte, error) {
	var cases [][]byte
	if fork != "phase0" {
		c, err := StaticCases("mainnet", fork, typ)
		if err != nil {
			return nil, err
		}
		cases = c
	}
	if typ != "BeaconState" || (fork != "phase0" && !samples.NotCarried("mainnet", typ)) {
		return cases, nil
	}
	b, err := syntheticState(fork)
	if err != nil {
		return nil, err
	}
	return append(cases, b), nil
}

// syntheticState returns the serialization of a small synthetic mainnet
// state of fork.
func syntheticState(fork string) ([]byte, error) {
	const validators, seed = 64, 1
	type marshaler interface{ MarshalSSZ() ([]byte, error) }
	var st marshaler
	var err error
	switch fork {
	case "phase0":
		st, err = synth.Phase0State(phase0.Mainnet, validators, seed)
	case "altair":
		st, err = synth.AltairState(altair.Mainnet, validators, seed)
	case "bellatrix":
		st, err = synth.BellatrixState(bellatrix.Mainnet, validators, seed)
	case "capella":
		st, err = synth.CapellaState(capella.Mainnet, validators, seed)
	case "deneb":
		st, err = synth.DenebState(deneb.Mainnet, validators, seed)
	case "electra":
		st, err = synth.ElectraState(electra.Mainnet, validators, seed)
	case "fulu":
		st, err = synth.FuluState(fulu.Mainnet, validators, seed)
	case "gloas":
		st, err = synth.GloasState(gloas.Mainnet, validators, seed)
	default:
		return nil, fmt.Errorf("difftest: no synthetic state of fork %q", fork)
	}
	if err != nil {
		return nil, err
	}
	return st.MarshalSSZ()
}
