package synth

import (
	"encoding/binary"
	"math/rand/v2"

	"github.com/ssztree/ssztree/capella"
)

// farFuture is FAR_FUTURE_EPOCH.
const farFuture = capella.Epoch(1<<64 - 1)

// gwei is one ether in Gwei, the unit of balances.
const gwei = 1_000_000_000

// source wraps a seeded generator with helpers for consensus values.
type source struct{ *rand.Rand }

// newSource returns the generator of seed: every function of the package
// starts from it, so that the same seed gives the same values.
func newSource(seed uint64) source {
	return source{rand.New(rand.NewPCG(seed, seed^0x5eed))}
}

func (s source) fill(b []byte) {
	for i := 0; i < len(b); i += 8 {
		var w [8]byte
		binary.LittleEndian.PutUint64(w[:], s.Uint64())
		copy(b[i:], w[:])
	}
}

func (s source) root() (r capella.Root) {
	s.fill(r[:])
	return r
}

func (s source) bytes32() (r capella.Bytes32) {
	s.fill(r[:])
	return r
}

func (s source) pubkey() (k capella.BLSPubkey) {
	s.fill(k[:])
	return k
}

func (s source) signature() (sig capella.BLSSignature) {
	s.fill(sig[:])
	return sig
}

func (s source) address() (a capella.ExecutionAddress) {
	s.fill(a[:])
	return a
}

// percent reports true with probability p/100.
func (s source) percent(p int) bool { return s.IntN(100) < p }

// validator returns a random active validator with 32 ETH at stake, with
// BLS or execution credentials: Capella's validators.
func (s source) validator(epoch capella.Epoch) capella.Validator {
	v := capella.Validator{
		Pubkey:                     s.pubkey(),
		EffectiveBalance:           32 * gwei,
		ActivationEligibilityEpoch: capella.Epoch(s.Uint64N(uint64(epoch) + 1)),
		ExitEpoch:                  farFuture,
		WithdrawableEpoch:          farFuture,
	}
	s.fill(v.WithdrawalCredentials[:])
	v.WithdrawalCredentials[0] = byte(s.IntN(2)) // BLS or execution credentials
	v.ActivationEpoch = v.ActivationEligibilityEpoch + 1
	if s.IntN(100) == 0 { // a few exited or slashed
		v.Slashed = s.IntN(2) == 0
		v.ExitEpoch = epoch - capella.Epoch(s.IntN(1000))
		v.WithdrawableEpoch = v.ExitEpoch + 256
	}
	return v
}

// Validator returns the validator a deposit of the given seed would add: a
// random active validator with 32 ETH at stake and BLS (0x00) or execution
// (0x01) withdrawal credentials.
func Validator(seed uint64, epoch capella.Epoch) capella.Validator {
	return newSource(seed).validator(epoch)
}

// Credential prefixes of the specification (phase0, capella and electra
// beacon-chain.md of v1.6.1).
const (
	blsPrefix         = 0x00 // BLS_WITHDRAWAL_PREFIX
	executionPrefix   = 0x01 // ETH1_ADDRESS_WITHDRAWAL_PREFIX
	compoundingPrefix = 0x02 // COMPOUNDING_WITHDRAWAL_PREFIX
)

// credentials returns withdrawal credentials of the given prefix: the
// hash of a BLS key for 0x00, an execution address after eleven zero bytes
// otherwise.
func (s source) credentials(prefix byte) (c capella.Bytes32) {
	if prefix == blsPrefix {
		s.fill(c[:])
	} else {
		a := s.address()
		copy(c[12:], a[:])
	}
	c[0] = prefix
	return c
}

// mix says which share of the validators of a state has which withdrawal
// credentials, in percent; the rest have execution (0x01) credentials.
type mix struct {
	bls, compounding int
}

// stakingValidator returns a random validator of a state at epoch and its
// balance. A compounding (0x02) validator's effective balance is a whole
// number of ether between 32 and 2048 (MAX_EFFECTIVE_BALANCE_ELECTRA),
// skewed towards 32; every other validator's is 32 ETH. One in a hundred
// has exited (some slashed), and once withdrawable holds nothing.
func (s source) stakingValidator(epoch capella.Epoch, m mix) (capella.Validator, capella.Gwei) {
	prefix := byte(executionPrefix)
	switch r := s.IntN(100); {
	case r < m.bls:
		prefix = blsPrefix
	case r < m.bls+m.compounding:
		prefix = compoundingPrefix
	}
	v := capella.Validator{
		Pubkey:                     s.pubkey(),
		WithdrawalCredentials:      s.credentials(prefix),
		EffectiveBalance:           32 * gwei,
		ActivationEligibilityEpoch: capella.Epoch(s.Uint64N(uint64(epoch) + 1)),
		ExitEpoch:                  farFuture,
		WithdrawableEpoch:          farFuture,
	}
	v.ActivationEpoch = v.ActivationEligibilityEpoch + 1
	if prefix == compoundingPrefix {
		u := s.Float64()
		v.EffectiveBalance = capella.Gwei(32+uint64(2016*u*u*u)) * gwei
	}
	// Balances sit between the effective balance less half an ether and
	// plus one: inside the hysteresis band, as most do.
	balance := v.EffectiveBalance - gwei/2 + capella.Gwei(s.Uint64N(3*gwei/2))
	if s.IntN(100) == 0 {
		v.Slashed = s.IntN(4) == 0
		v.ExitEpoch = epoch - capella.Epoch(s.IntN(1000))
		v.WithdrawableEpoch = v.ExitEpoch + 256
		if v.WithdrawableEpoch <= epoch {
			v.EffectiveBalance, balance = 0, 0
		}
	}
	return v, balance
}
