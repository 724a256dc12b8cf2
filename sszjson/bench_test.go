package sszjson

import (
	"encoding/binary"
	"encoding/hex"
	"encoding/json"
	"errors"
	"strconv"
	"testing"

	"github.com/ssztree/ssztree/schema"
)

// The benchmarks convert a registry of validators, the bulk of a beacon
// state, and compare with encoding/json on the equivalent Go structs (the
// way hand-written beacon-API types do it: strings for uint64, hex text
// for bytes).

var validatorType = schema.Must(schema.NewContainer("Validator",
	schema.Field{Name: "pubkey", Type: schema.Must(schema.NewByteVector(48))},
	schema.Field{Name: "withdrawal_credentials", Type: bytes32},
	schema.Field{Name: "effective_balance", Type: schema.Uint64},
	schema.Field{Name: "slashed", Type: schema.Boolean},
	schema.Field{Name: "activation_eligibility_epoch", Type: schema.Uint64},
	schema.Field{Name: "activation_epoch", Type: schema.Uint64},
	schema.Field{Name: "exit_epoch", Type: schema.Uint64},
	schema.Field{Name: "withdrawable_epoch", Type: schema.Uint64},
))

var registryType = schema.Must(schema.NewContainer("Registry",
	schema.Field{Name: "validators", Type: schema.Must(schema.NewList(validatorType, 1<<40))},
	schema.Field{Name: "balances", Type: schema.Must(schema.NewList(schema.Uint64, 1<<40))},
))

const benchValidators = 100_000

type hexBytes []byte

func (h hexBytes) MarshalText() ([]byte, error) {
	return append([]byte("0x"), hex.AppendEncode(nil, h)...), nil
}

func (h *hexBytes) UnmarshalText(text []byte) error {
	if len(text) < 2 || text[0] != '0' || text[1] != 'x' {
		return errors.New("no 0x")
	}
	b, err := hex.AppendDecode(nil, text[2:])
	*h = b
	return err
}

type refValidator struct {
	Pubkey                     hexBytes `json:"pubkey"`
	WithdrawalCredentials      hexBytes `json:"withdrawal_credentials"`
	EffectiveBalance           uint64   `json:"effective_balance,string"`
	Slashed                    bool     `json:"slashed"`
	ActivationEligibilityEpoch uint64   `json:"activation_eligibility_epoch,string"`
	ActivationEpoch            uint64   `json:"activation_epoch,string"`
	ExitEpoch                  uint64   `json:"exit_epoch,string"`
	WithdrawableEpoch          uint64   `json:"withdrawable_epoch,string"`
}

type refRegistry struct {
	Validators []refValidator `json:"validators"`
	Balances   []string       `json:"balances"`
}

// benchRegistry returns the serialization of a registry of n validators
// with varied values, and its JSON.
func benchRegistry(b *testing.B, n int) (ssz, js []byte) {
	vals := make([]byte, 0, n*121)
	bals := make([]byte, 0, n*8)
	for i := 0; i < n; i++ {
		v := make([]byte, 121)
		for j := 0; j < 80; j++ {
			v[j] = byte(i*31 + j*7)
		}
		binary.LittleEndian.PutUint64(v[80:], 32_000_000_000)
		v[88] = byte(i % 2)
		binary.LittleEndian.PutUint64(v[89:], uint64(i))
		binary.LittleEndian.PutUint64(v[97:], uint64(i+1))
		binary.LittleEndian.PutUint64(v[105:], 1<<64-1)
		binary.LittleEndian.PutUint64(v[113:], 1<<64-1)
		vals = append(vals, v...)
		bals = binary.LittleEndian.AppendUint64(bals, 31_000_000_000+uint64(i)*1_000_003)
	}
	ssz = joinParts([][]byte{vals, bals}, func(int) bool { return false })
	js, err := Marshal(registryType, ssz)
	if err != nil {
		b.Fatal(err)
	}
	return ssz, js
}

func BenchmarkMarshal(b *testing.B) {
	ssz, js := benchRegistry(b, benchValidators)
	b.SetBytes(int64(len(js)))
	b.ReportAllocs()
	for b.Loop() {
		if _, err := Marshal(registryType, ssz); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkUnmarshal(b *testing.B) {
	_, js := benchRegistry(b, benchValidators)
	b.SetBytes(int64(len(js)))
	b.ReportAllocs()
	for b.Loop() {
		if _, err := Unmarshal(registryType, js); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkMarshal_encodingjson is the reference for BenchmarkMarshal:
// encoding/json on Go structs holding the same values.
func BenchmarkMarshal_encodingjson(b *testing.B) {
	_, js := benchRegistry(b, benchValidators)
	var reg refRegistry
	if err := json.Unmarshal(js, &reg); err != nil {
		b.Fatal(err)
	}
	b.SetBytes(int64(len(js)))
	b.ReportAllocs()
	for b.Loop() {
		if _, err := json.Marshal(&reg); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkUnmarshal_encodingjson is the reference for BenchmarkUnmarshal.
func BenchmarkUnmarshal_encodingjson(b *testing.B) {
	_, js := benchRegistry(b, benchValidators)
	b.SetBytes(int64(len(js)))
	b.ReportAllocs()
	for b.Loop() {
		var reg refRegistry
		if err := json.Unmarshal(js, &reg); err != nil {
			b.Fatal(err)
		}
	}
}

// TestBenchRegistry checks that the benchmarks' reference reads the same
// JSON as Unmarshal.
func TestBenchRegistry(t *testing.T) {
	ssz, js := benchRegistry(&testing.B{}, 10)
	var reg refRegistry
	if err := json.Unmarshal(js, &reg); err != nil {
		t.Fatal(err)
	}
	if len(reg.Validators) != 10 || reg.Validators[3].ActivationEpoch != 4 || reg.Balances[1] != strconv.FormatUint(31_000_000_000+1_000_003, 10) {
		t.Fatalf("reference decoded %+v", reg.Validators[3])
	}
	if out, err := Unmarshal(registryType, js); err != nil || string(out) != string(ssz) {
		t.Fatalf("Unmarshal: %v", err)
	}
}
