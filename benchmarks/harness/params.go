package harness

import "encoding/binary"

// The parameters of the k-th operation of a row are derived from (row, k)
// alone, so that every peer changes the same validators by the same amounts.

// mix is splitmix64's finalizer.
func mix(x uint64) uint64 {
	x += 0x9e3779b97f4a7c15
	x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9
	x = (x ^ (x >> 27)) * 0x94d049bb133111eb
	return x ^ (x >> 31)
}

// rowSeed gives each row its own stream.
func rowSeed(row string) uint64 {
	h := uint64(14695981039346656037)
	for i := 0; i < len(row); i++ {
		h = (h ^ uint64(row[i])) * 1099511628211
	}
	return h
}

// Pick returns the j-th index in [0, n) of operation k of row.
func Pick(row string, k, j, n int) int {
	return int(mix(rowSeed(row)^mix(uint64(k)<<20^uint64(j))) % uint64(n))
}

// PickMany fills dst with count indices of operation k of row.
func PickMany(dst []int, row string, k, count, n int) []int {
	dst = dst[:0]
	for j := range count {
		dst = append(dst, Pick(row, k, j, n))
	}
	return dst
}

// Balance1000 is the number of balances the RowBalance1000 operation changes.
const Balance1000 = 1000

// EffectiveBalance returns the effective balance that operation k of
// RowEffective sets: 16 to 31 ETH, never the 32 ETH validators start with.
func EffectiveBalance(k int) uint64 { return (16 + uint64(k%16)) * 1_000_000_000 }

// BalanceDelta returns the amount operation k of a balance row adds.
func BalanceDelta(k int) uint64 { return 1 + uint64(k%7) }

// NewValidator returns the validator that operation k of RowAppend appends,
// with its balance, participation flags and inactivity score.
func NewValidator(k int) (v Validator, balance uint64, flags uint8, score uint64) {
	s := mix(rowSeed(RowAppend) ^ uint64(k))
	next := func() uint64 { s = mix(s); return s }
	for i := 0; i < len(v.Pubkey); i += 8 {
		binary.LittleEndian.PutUint64(v.Pubkey[i:], next())
	}
	for i := 0; i < len(v.WithdrawalCredentials); i += 8 {
		binary.LittleEndian.PutUint64(v.WithdrawalCredentials[i:], next())
	}
	v.WithdrawalCredentials[0] = 1
	v.EffectiveBalance = 32_000_000_000
	v.ActivationEligibilityEpoch = 218_000 + next()%100
	v.ActivationEpoch = v.ActivationEligibilityEpoch + 5
	v.ExitEpoch = 1<<64 - 1
	v.WithdrawableEpoch = 1<<64 - 1
	return v, 32_000_000_000 + next()%1_000_000_000, uint8(next() % 8), next() % 3
}
