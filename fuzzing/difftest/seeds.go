package difftest

import (
	"fmt"
	"os"
	"path/filepath"
	"sort"

	"github.com/golang/snappy"
	"github.com/ssztree/ssztree/phase0"
	"github.com/ssztree/ssztree/synth"
)

// SpecTestsEnv names the environment variable that holds the directory of
// the conformance data (the layout of consensus-spec-tests, as for the
// library's own tests): the seeds are read from it at test time rather
// than copied into the repository.
const SpecTestsEnv = "SSZ_SPECTESTS"

// maxDecoded bounds what a snappy file of the conformance data may
// decompress to (a mainnet state is a few megabytes).
const maxDecoded = 64 << 20

// StaticCases returns the serializations of the ssz_static cases of the
// type typ of fork for preset, in every handler (ssz_random,
// ssz_lengthy...), in the order of their paths. It returns nothing, and
// no error, when SSZ_SPECTESTS is not set; an error when it is set and
// the type has no cases there, so that a renamed folder is seen.
func StaticCases(preset, fork, typ string) ([][]byte, error) {
	root := os.Getenv(SpecTestsEnv)
	if root == "" {
		return nil, nil
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
// order of their paths; nothing when SSZ_SPECTESTS is not set.
func GenericCases(handler, prefix string) ([][]byte, error) {
	root := os.Getenv(SpecTestsEnv)
	if root == "" {
		return nil, nil
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
// mainnet ssz_static cases, and for Phase 0, which has none in the
// conformance data (minimal cases only), a synthetic state for the
// BeaconState and nothing for the other types (their defaults and the
// mutations of those are seeds of every target).
func MainnetCases(fork, typ string) ([][]byte, error) {
	if fork != "phase0" {
		return StaticCases("mainnet", fork, typ)
	}
	if typ != "BeaconState" {
		return nil, nil
	}
	st, err := synth.Phase0State(phase0.Mainnet, 64, 1)
	if err != nil {
		return nil, err
	}
	b, err := st.MarshalSSZ()
	return [][]byte{b}, err
}
