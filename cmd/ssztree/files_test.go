package main

import (
	"bytes"
	"encoding/binary"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/golang/snappy"

	"github.com/ssztree/ssztree/deneb"
	"github.com/ssztree/ssztree/electra"
	"github.com/ssztree/ssztree/forks"
	"github.com/ssztree/ssztree/phase0"
)

// write writes b to the file name in dir and returns its path.
func write(t *testing.T, dir, name string, b []byte) string {
	t.Helper()
	p := filepath.Join(dir, name)
	if err := os.WriteFile(p, b, 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

// genState returns a small synthetic state of fork and preset, made by
// the command.
func genFile(t *testing.T, args ...string) []byte {
	t.Helper()
	file := filepath.Join(t.TempDir(), "v.ssz")
	ok(t, nil, append([]string{"gen", "-o", file}, args...)...)
	b, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// TestFormats reads one state in every format, from a file with a name
// that says the format, one that does not, and standard input: the root is
// the same, and info names the format.
func TestFormats(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	ssz := genFile(t, "-fork", "altair", "-preset", "minimal", "-validators", "40")
	want := string(ok(t, ssz, "root", "-"))
	js := ok(t, ssz, "json", "-")
	env := ok(t, ssz, "json", "-envelope", "-")
	yml := ok(t, ssz, "yaml", "-")
	framed := ok(t, ssz, "ssz", "-framed", "-")
	files := map[string][]byte{
		"state.ssz":         ssz,
		"state":             ssz,
		"state.ssz_snappy":  snappy.Encode(nil, ssz),
		"state.ssz.snappy":  snappy.Encode(nil, ssz),
		"state.snappy-blk":  snappy.Encode(nil, ssz),
		"state.sz":          framed,
		"framed.ssz_snappy": framed,
		"state.json":        js,
		"state.env.json":    env,
		"noext-json":        env,
		"future.json":       append([]byte(`{"new_member":{"x":[1,{"y":null}]},`), env[1:]...), // members the API may add
		"state.yaml":        yml,
		"noext-yaml":        yml,
	}
	wantFormat := map[string]string{
		"state.ssz": "raw SSZ", "state": "raw SSZ", "state.ssz_snappy": "snappy block format",
		"state.ssz.snappy": "snappy block format", "state.snappy-blk": "snappy block format",
		"state.sz": "snappy framing format", "framed.ssz_snappy": "snappy framing format",
		"state.json": "JSON", "state.env.json": "JSON", "noext-json": "JSON", "future.json": "JSON", "state.yaml": "YAML", "noext-yaml": "YAML",
	}
	for name, b := range files {
		file := write(t, dir, name, b)
		if got := string(ok(t, nil, "root", file)); got != want {
			t.Errorf("%s: root %s, want %s", name, got, want)
		}
		if got := string(ok(t, b, "root", "-")); got != want {
			t.Errorf("%s on stdin: root %s, want %s", name, got, want)
		}
		info := string(ok(t, nil, "info", file))
		if !strings.Contains(info, "format   "+"") || !strings.Contains(info, wantFormat[name]+"\n") {
			t.Errorf("%s: info does not say %q:\n%s", name, wantFormat[name], info)
		}
		if back := ok(t, nil, "ssz", file); !bytes.Equal(back, ssz) {
			t.Errorf("%s: ssz gives other bytes", name)
		}
	}
	// -in forces a format.
	if got := string(ok(t, nil, "root", "-in", "ssz", write(t, dir, "state.json.bin", ssz))); got != want {
		t.Errorf("-in ssz: %s", got)
	}
	// ssz -snappy writes the block format.
	if b := ok(t, ssz, "ssz", "-snappy", "-"); !bytes.Equal(b, snappy.Encode(nil, ssz)) {
		t.Error("ssz -snappy: not the block format of the bytes")
	}
}

// TestFlagsAndUsage checks flags after the arguments, -h with an example on
// every subcommand, and usage errors with exit status 2.
func TestFlagsAndUsage(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	file := write(t, dir, "s.ssz", genFile(t, "-fork", "electra", "-preset", "minimal", "-validators", "8"))
	want := string(ok(t, nil, "root", file))
	for _, args := range [][]string{
		{"root", file, "-fork", "electra", "-preset", "minimal"},
		{"root", "-fork", "electra", file, "-preset", "minimal"},
		{"root", "-type", "state", file, "-network", "minimal"},
		{"root", "--", file},
	} {
		if got := string(ok(t, nil, args...)); got != want {
			t.Errorf("%q: %s, want %s", args, got, want)
		}
	}
	var j map[string]any
	if err := json.Unmarshal(ok(t, nil, "info", file, "-json"), &j); err != nil || j["fork"] != "electra" || j["preset"] != "minimal" {
		t.Errorf("info FILE -json: %v %v", j, err)
	}
	for _, c := range subcommands {
		r := sh(t, nil, c.name, "-h")
		if r.code != 0 || !bytes.Contains(r.stderr, []byte("example:")) {
			t.Errorf("%s -h: exit %d\n%s", c.name, r.code, r.stderr)
		}
	}
	if out := string(ok(t, nil, "types", "-fork", "gloas")); !strings.Contains(out, "SignedExecutionPayloadBid") {
		t.Errorf("types -fork gloas:\n%s", out)
	}
	if out := string(ok(t, nil, "types")); !strings.Contains(out, "BlobSidecar  ") || !strings.Contains(out, "deneb electra fulu") {
		t.Errorf("types:\n%s", out)
	}
	fails(t, 2, "unknown subcommand", nil, "frobnicate")
	fails(t, 2, "flag provided but not defined", nil, "root", file, "-bogus")
	fails(t, 2, "arguments, want 1", nil, "root")
	fails(t, 2, "arguments, want 1", nil, "root", file, file)
	fails(t, 2, "-fork", nil, "root", file, "-fork", "pectra")
	fails(t, 2, "-preset", nil, "root", file, "-preset", "holesky")
	fails(t, 2, "-network", nil, "root", file, "-network", "holesky")
	fails(t, 2, "-type", nil, "root", file, "-type", "Nothing")
	fails(t, 2, "-in", nil, "root", file, "-in", "xml")
	if r := sh(t, nil); r.code != 2 {
		t.Errorf("no subcommand: exit %d", r.code)
	}
}

// TestForks reads a synthetic state of every fork, and a signed block of
// Capella on, in both presets: found from the bytes with no flag (or with
// -preset where the layout is of the gnosis preset too), the same root as
// with every flag, and json back to the same bytes.
func TestForks(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	for _, preset := range []string{"mainnet", "minimal"} {
		for _, f := range forks.Names() {
			kinds := [][]string{{"-validators", "3"}}
			if f >= forks.NameCapella {
				kinds = append(kinds, []string{"-block"})
			}
			for _, k := range kinds {
				name := fmt.Sprintf("%s-%v%s", preset, f, strings.Join(k, ""))
				t.Run(name, func(t *testing.T) {
					ssz := genFile(t, append([]string{"-fork", f.String(), "-preset", preset}, k...)...)
					file := write(t, dir, name+".ssz", ssz)
					typ := "BeaconState"
					if k[0] == "-block" {
						typ = "SignedBeaconBlock"
					}
					explicit := string(ok(t, nil, "root", file, "-type", typ, "-fork", f.String(), "-preset", preset))
					r := sh(t, nil, "info", "-json", file)
					if r.code != 0 {
						if !strings.Contains(string(r.stderr), "give the network's schedule") {
							t.Fatalf("info: %s", r.stderr)
						}
						r.stdout = ok(t, nil, "info", "-json", file, "-preset", preset)
					}
					var info struct{ Type, Fork, Preset, Root string }
					if err := json.Unmarshal(r.stdout, &info); err != nil {
						t.Fatal(err)
					}
					if info.Type != typ || info.Preset != preset || info.Root+"\n" != explicit ||
						info.Fork != f.String() && !(f == forks.NameFulu && info.Fork == "electra" && typ != "BeaconState") {
						t.Errorf("info %+v, want a %s %s of %v, root %s", info, preset, typ, f, explicit)
					}
					if preset == "minimal" || typ != "BeaconState" {
						// (The mainnet states' JSON, megabytes, is TestFormats' and
						// TestSpecTestRoots'.)
						js := ok(t, nil, "json", "-envelope", file, "-fork", f.String(), "-preset", preset)
						if back := ok(t, js, "ssz", "-", "-preset", preset); !bytes.Equal(back, ssz) {
							t.Error("json | ssz: other bytes")
						}
					}
				})
			}
		}
	}
}

// TestGetAgreesWithJSON checks that get gives what json has at the same
// paths, alone and together, and -ssz the bytes.
func TestGetAgreesWithJSON(t *testing.T) {
	t.Parallel()
	file := write(t, t.TempDir(), "s.ssz", genFile(t, "-fork", "deneb", "-validators", "20"))
	var whole map[string]any
	if err := json.Unmarshal(ok(t, nil, "json", file), &whole); err != nil {
		t.Fatal(err)
	}
	paths := []string{"slot", "fork", "validators[3]", "validators[3].effective_balance", "balances[7]",
		"finalized_checkpoint.root", "justification_bits", "previous_epoch_participation[5]",
		"latest_execution_payload_header.block_hash", "inactivity_scores[19]", "block_roots[100]"}
	var all map[string]any
	if err := json.Unmarshal(ok(t, nil, append([]string{"get", file}, paths...)...), &all); err != nil {
		t.Fatal(err)
	}
	for _, p := range paths {
		want, _ := json.Marshal(getJSON(t, whole, p))
		var one any
		if err := json.Unmarshal(ok(t, nil, "get", file, p), &one); err != nil {
			t.Fatal(err)
		}
		got, _ := json.Marshal(one)
		if !bytes.Equal(got, want) {
			t.Errorf("get %s: %s, json has %s", p, got, want)
		}
		if got, _ := json.Marshal(all[p]); !bytes.Equal(got, want) {
			t.Errorf("get of many, %s: %s, json has %s", p, got, want)
		}
	}
	if got := strings.TrimSpace(string(ok(t, nil, "get", file, "validators.__len__"))); got != `"20"` {
		t.Errorf("validators.__len__: %s", got)
	}
	b := ok(t, nil, "get", "-ssz", file, "validators[3]")
	v := ok(t, b, "json", "-", "-type", "Validator", "-fork", "phase0")
	want, _ := json.Marshal(getJSON(t, whole, "validators[3]"))
	var got any
	json.Unmarshal(v, &got)
	if g, _ := json.Marshal(got); !bytes.Equal(g, want) {
		t.Errorf("get -ssz | json -type Validator: %s, want %s", g, want)
	}
	fails(t, 1, "no field", nil, "get", file, "nothing")
	fails(t, 1, "past the length", nil, "get", file, "validators[20]")
	fails(t, 1, "path", nil, "get", file, "validators[")
}

// TestProofVerify proves paths of a state, verifies the proof, and checks
// that a changed leaf, a changed branch root or another root fails.
func TestProofVerify(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	file := write(t, dir, "s.ssz", genFile(t, "-fork", "gloas", "-validators", "30"))
	root := strings.TrimSpace(string(ok(t, nil, "root", file)))
	for _, paths := range [][]string{
		{"finalized_checkpoint.root"},
		{"validators[7].slashed", "balances[7]", "slot", "validators.__len__"},
	} {
		proof := ok(t, nil, append([]string{"proof", file}, paths...)...)
		if got := string(ok(t, proof, "verify")); got != "ok "+root+"\n" {
			t.Errorf("verify: %q", got)
		}
		ok(t, nil, "verify", "-root", root, write(t, dir, "p.json", proof))
		var doc map[string]any
		if err := json.Unmarshal(proof, &doc); err != nil {
			t.Fatal(err)
		}
		if doc["root"] != root || len(doc["gindices"].([]any)) != len(paths) {
			t.Errorf("proof: %s", proof)
		}
		for _, member := range []string{"leaves", "branch"} {
			list := doc[member].([]any)
			orig := list[0].(string)
			list[0] = orig[:len(orig)-1] + map[bool]string{true: "1", false: "0"}[orig[len(orig)-1] == '0']
			changed, _ := json.Marshal(doc)
			fails(t, 1, "does not verify", changed, "verify")
			list[0] = orig
		}
		other := "0x" + strings.Repeat("ab", 32)
		fails(t, 1, "does not verify", proof, "verify", "-root", other)
	}
	fails(t, 1, "proof JSON", []byte("{"), "verify")
	fails(t, 1, "proof", []byte{3, 0}, "verify", "-root", root)
	fails(t, 2, "give -root", ok(t, nil, "proof", "-format", "compact", file, "slot"), "verify")
	fails(t, 2, "-format", nil, "proof", "-format", "nope", file, "slot")
}

// TestProofForms proves ranges and whole subtrees in each format, verifies
// each against the root, and fails each against another root and with a
// changed leaf; get takes the same ranges.
func TestProofForms(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	for _, fork := range []string{"capella", "gloas"} {
		file := write(t, dir, fork+".ssz", genFile(t, "-fork", fork, "-validators", "40"))
		root := strings.TrimSpace(string(ok(t, nil, "root", file)))
		var got map[string]string
		if err := json.Unmarshal(ok(t, nil, "get", file, "balances[2:5]", "slot"), &got); err != nil {
			t.Fatal(err)
		}
		for _, p := range []string{"balances[2]", "balances[3]", "balances[4]", "slot"} {
			var one string // one path: its value alone
			if err := json.Unmarshal(ok(t, nil, "get", file, p), &one); err != nil || got[p] == "" || got[p] != one {
				t.Errorf("%s: get of a range gives %s = %q, alone %q (%v)", fork, p, got[p], one, err)
			}
		}
		for _, format := range []string{"json", "multi", "compact", "compact-json"} {
			proof := ok(t, nil, "proof", "-format", format, file, "validators[3:6].effective_balance", "finalized_checkpoint", "balances[0:10]")
			if out := string(ok(t, proof, "verify", "-root", root)); out != "ok "+root+"\n" {
				t.Errorf("%s %s: verify: %q", fork, format, out)
			}
			fails(t, 1, "does not verify", proof, "verify", "-root", "0x"+strings.Repeat("cd", 32))
			changed := bytes.Clone(proof)
			if format == "multi" || format == "compact" {
				changed[len(changed)-1] ^= 1 // the last leaf's or helper's last byte
			} else {
				i := bytes.LastIndex(changed, []byte(`"0x`)) + 3 // the first hex digit of the last chunk
				changed[i] = map[bool]byte{true: '1', false: '0'}[changed[i] == '0']
			}
			fails(t, 1, "", changed, "verify", "-root", root)
		}
	}
	fails(t, 1, "generalized index", []byte(`{"root":"0x`+strings.Repeat("00", 32)+`","gindices":["x"],"leaves":["0x`+strings.Repeat("00", 32)+`"],"helper_indices":[],"branch":[]}`), "verify")
}

// TestInfoMainnetGenesis reads a mainnet-preset phase0 state at slot 0
// with mainnet's genesis fork version, 0x00000000, what mainnet's genesis
// state is: mainnet and phase0, by the version.
func TestInfoMainnetGenesis(t *testing.T) {
	t.Parallel()
	st := phase0.NewBeaconState(phase0.Mainnet)
	st.SetGenesisTime(1606824023)
	b, err := st.MarshalSSZ()
	if err != nil {
		t.Fatal(err)
	}
	out := string(ok(t, nil, "info", write(t, t.TempDir(), "genesis.ssz", b)))
	for _, want := range []string{"fork     phase0 (by its fork version)", "network  mainnet (by its fork version 0x00000000)", "preset   mainnet"} {
		if !strings.Contains(strings.Join(strings.Fields(out), " "), strings.Join(strings.Fields(want), " ")) {
			t.Errorf("no %q in\n%s", want, out)
		}
	}
}

// TestDiffFiles compares two states that differ in a balance and a
// validator's field, as text, JSON, and with -limit.
func TestDiffFiles(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	a := genFile(t, "-fork", "capella", "-validators", "10")
	var whole map[string]any
	js := ok(t, a, "json", "-")
	json.Unmarshal(js, &whole)
	whole["balances"].([]any)[4] = "1"
	whole["validators"].([]any)[2].(map[string]any)["slashed"] = true
	changed, _ := json.Marshal(whole)
	b := ok(t, changed, "ssz", "-", "-fork", "capella")
	fa, fb := write(t, dir, "a.ssz", a), write(t, dir, "b.ssz", b)
	out := string(ok(t, nil, "diff", fa, fb))
	for _, want := range []string{"changed validators[2].slashed: false -> true\n", "changed balances[4]: "} {
		if !strings.Contains(out, want) {
			t.Errorf("diff: no %q in\n%s", want, out)
		}
	}
	var r struct {
		Changes   []struct{ Path, Kind string }
		Truncated bool
	}
	if err := json.Unmarshal(ok(t, nil, "diff", "-json", fa, fb), &r); err != nil || len(r.Changes) != 2 || r.Truncated {
		t.Errorf("diff -json: %+v %v", r, err)
	}
	if err := json.Unmarshal(ok(t, nil, "diff", fa, fb, "-json", "-limit", "1"), &r); err != nil || len(r.Changes) != 1 || !r.Truncated {
		t.Errorf("diff -json -limit 1: %+v %v", r, err)
	}
	if out := string(ok(t, a, "diff", "-", fa)); !strings.HasPrefix(out, "no differences") {
		t.Errorf("diff of equal states: %s", out)
	}
	other := write(t, dir, "c.ssz", genFile(t, "-fork", "deneb", "-validators", "10"))
	fails(t, 1, "diff compares values of one type", nil, "diff", fa, other)
}

// TestBadInput gives the command inputs of every kind of fault: a one-line
// error and exit status 1, never a panic.
func TestBadInput(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	ssz := genFile(t, "-fork", "fulu", "-validators", "16")
	block := genFile(t, "-fork", "deneb", "-block")
	js := ok(t, ssz, "json", "-")
	garbage := make([]byte, 5000)
	for i := range garbage {
		garbage[i] = byte(i*7919 + i>>3)
	}
	cases := []struct {
		name string
		b    []byte
		args []string
		want string
	}{
		{"empty.ssz", nil, nil, "empty"},
		{"truncated.ssz", ssz[:len(ssz)-100], nil, ""},
		{"truncated-head.ssz", ssz[:30], nil, ""},
		{"truncated", ssz[:len(ssz)/2], nil, ""},
		{"truncated-block.ssz", block[:len(block)-7], nil, ""},
		{"garbage.ssz", garbage, nil, ""},
		{"garbage", garbage, nil, ""},
		{"garbage.ssz_snappy", garbage, nil, "snappy"},
		{"bad-len.ssz_snappy", []byte{0xff, 0xff, 0xff, 0xff, 0x0f, 1}, nil, "snappy"},
		{"truncated.ssz_snappy", snappy.Encode(nil, ssz)[:1000], nil, "snappy"},
		{"truncated.sz", ok(t, ssz, "ssz", "-framed", "-")[:2000], nil, ""},
		{"bad.json", js[:len(js)/2], nil, ""},
		{"garbage.json", []byte(`{"slot": "x"}`), nil, ""},
		{"wrongtype.ssz", ssz, []string{"-type", "Attestation", "-fork", "fulu"}, ""},
		{"wrongtype2.ssz", ssz, []string{"-type", "SignedBeaconBlock"}, ""},
		{"wrongfork.ssz", ssz, []string{"-fork", "capella"}, ""},
		{"wrongfork-block.ssz", block, []string{"-fork", "capella"}, ""},
		{"wrongfork.json", js, []string{"-fork", "electra"}, ""},
		{"wrongpreset.ssz", ssz, []string{"-preset", "minimal"}, ""},
		{"bad.yaml", []byte("slot: [\n"), nil, "YAML"},
		{"other.yaml", []byte("foo: 1\n"), nil, "no state or block"},
	}
	for _, c := range cases {
		file := write(t, dir, c.name, c.b)
		for _, sub := range []string{"root", "info", "json"} {
			fails(t, 1, c.want, nil, append([]string{sub, file}, c.args...)...)
		}
		want := c.want
		if want == "snappy" {
			want = "" // without a name, it is no snappy file
		}
		fails(t, 1, want, c.b, append([]string{"root", "-"}, c.args...)...)
	}
	fails(t, 1, "no such file", nil, "root", filepath.Join(dir, "none.ssz"))
	fails(t, 1, "a directory", nil, "root", dir)
}

// TestYAMLAliases refuses a YAML file with anchors and aliases, which
// could expand exponentially (a "billion laughs").
func TestYAMLAliases(t *testing.T) {
	t.Parallel()
	var b strings.Builder
	b.WriteString("a: &a [\"x\",\"x\",\"x\",\"x\",\"x\",\"x\",\"x\",\"x\"]\n")
	for i, c := range "bcdefgh" {
		prev := string("abcdefgh"[i])
		fmt.Fprintf(&b, "%c: &%c [%s]\n", c, c, strings.TrimSuffix(strings.Repeat("*"+prev+",", 8), ","))
	}
	file := write(t, t.TempDir(), "laughs.yaml", []byte(b.String()))
	fails(t, 1, "anchor or alias", nil, "root", file)
}

// TestBlindedAndNetwork reads a signed blinded block found from its bytes,
// and a state of a network of its own, named by its config.yaml.
func TestBlindedAndNetwork(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	bb := deneb.NewSignedBlindedBeaconBlock(deneb.Minimal)
	bb.Message().SetSlot(77)
	b, err := bb.MarshalSSZ()
	if err != nil {
		t.Fatal(err)
	}
	file := write(t, dir, "blinded.ssz", b)
	var info struct{ Type, Fork, Preset, Root string }
	if err := json.Unmarshal(ok(t, nil, "info", "-json", file), &info); err != nil {
		t.Fatal(err)
	}
	if info.Type != "SignedBlindedBeaconBlock" || info.Fork != "deneb" || info.Preset != "minimal" || info.Root != fmt.Sprintf("0x%x", bb.HashTreeRoot()) {
		t.Errorf("blinded block: %+v", info)
	}
	if got := strings.TrimSpace(string(ok(t, nil, "get", file, "message.slot"))); got != `"77"` {
		t.Errorf("get message.slot: %s", got)
	}

	st := electra.NewBeaconState(electra.Minimal)
	st.SetSlot(3)
	st.SetFork(electra.Fork{CurrentVersion: electra.Version{0xee, 0xee, 0xee, 0xee}})
	b, _ = st.MarshalSSZ()
	file = write(t, dir, "devnet.ssz", b)
	out := string(ok(t, nil, "info", file))
	if !strings.Contains(out, "fork.current_version 0xeeeeeeee is in no schedule") {
		t.Errorf("no network:\n%s", out)
	}
	cfg := write(t, dir, "config.yaml", []byte("CONFIG_NAME: devnet\nPRESET_BASE: minimal\nGENESIS_FORK_VERSION: 0xaaaaaaaa\n"+
		"ALTAIR_FORK_VERSION: 0xbbbbbbbb\nALTAIR_FORK_EPOCH: 0\nBELLATRIX_FORK_VERSION: 0xcccccccc\nBELLATRIX_FORK_EPOCH: 0\n"+
		"CAPELLA_FORK_VERSION: 0xdddddddd\nCAPELLA_FORK_EPOCH: 0\nDENEB_FORK_VERSION: 0xdeadbeef\nDENEB_FORK_EPOCH: 0\n"+
		"ELECTRA_FORK_VERSION: 0xeeeeeeee\nELECTRA_FORK_EPOCH: 0\n"))
	out = string(ok(t, nil, "info", file, "-network", cfg))
	if !strings.Contains(out, "devnet (as -network says)") || !strings.Contains(out, "electra (by its structure)") {
		t.Errorf("-network config.yaml:\n%s", out)
	}
	fails(t, 1, "no such file", nil, "info", file, "-network", filepath.Join(dir, "none.yaml"))
}

// TestLargeStdin reads a state of more than wholeBytes from standard
// input, where the format is told from its first bytes and the rest is
// streamed: raw SSZ, snappy's framing format and its block format.
func TestLargeStdin(t *testing.T) {
	t.Parallel()
	ssz := genFile(t, "-fork", "fulu", "-validators", "40000")
	if len(ssz) <= wholeBytes {
		t.Fatalf("%d bytes, not more than %d", len(ssz), wholeBytes)
	}
	file := write(t, t.TempDir(), "s.ssz", ssz)
	want := string(ok(t, nil, "root", file))
	for name, b := range map[string][]byte{"raw": ssz, "block": snappy.Encode(nil, ssz), "framed": frame(ssz)} {
		if got := string(ok(t, b, "root", "-")); got != want {
			t.Errorf("%s on stdin: %s, want %s", name, got, want)
		}
	}
	fails(t, 1, "", ssz[:wholeBytes+100], "root", "-")
}

// TestAssumedMainnet reads a mainnet-preset Altair state whose version no
// network has, at a slot of no network's Altair: its layout is the gnosis
// preset's too. From a file, the command takes the mainnet preset and says
// so; -network gnosis reads it in the gnosis preset (another root);
// from standard input, which it cannot read again, the ambiguity is an
// error that says how to decide it.
func TestAssumedMainnet(t *testing.T) {
	t.Parallel()
	b := genFile(t, "-fork", "altair", "-validators", "5")
	binary.LittleEndian.PutUint64(b[40:], 3)                   // slot
	copy(b[forks.StateForkVersionOffset:], "\xde\xad\xbe\xef") // fork.current_version
	file := write(t, t.TempDir(), "s.ssz", b)
	info := string(ok(t, nil, "info", file))
	for _, want := range []string{"altair", "mainnet preset assumed", "give -network or -preset"} {
		if !strings.Contains(info, want) {
			t.Errorf("info: no %q in\n%s", want, info)
		}
	}
	mainnet := string(ok(t, nil, "root", file))
	gnosis := string(ok(t, nil, "root", "-network", "gnosis", file))
	if mainnet == gnosis || mainnet != string(ok(t, nil, "root", "-preset", "mainnet", file)) {
		t.Errorf("roots: %s assumed, %s with -network gnosis", mainnet, gnosis)
	}
	fails(t, 1, "give -network or -preset", b, "root", "-")
}
