// Package synth builds deterministic synthetic beacon states of every fork
// and blocks of the forks since Capella, with realistic contents, for the
// demo, the tests and the benchmarks, and for users who want a state to
// try the library on: the same seed gives the same bytes, and every
// benchmark that names a fork, a size and a seed measures the same state
// or block.
//
// [Phase0State], [AltairState], [BellatrixState], [CapellaState],
// [DenebState], [ElectraState] and [FuluState] take the preset's Spec, the
// number n of validators and the seed. Every state holds, in the preset's
// sizes:
//
//   - n validators with random keys, one in a hundred exited (some
//     slashed), and their balances; from Altair on their participation
//     flags and inactivity scores (one in fifty non-zero);
//   - full block_roots, state_roots and randao_mixes of random roots,
//     historical_roots, one per 8192 slots until Capella froze them (195
//     in phase0's state, 390 in Altair's, 664 in Bellatrix's, 758 from
//     Capella on), 100 eth1_data_votes, a slashing every 97 epochs;
//   - from Altair on both sync committees of random keys, from Bellatrix
//     on a latest execution payload header of random roots;
//   - from Capella on historical_summaries: 200 in Capella's state, one
//     per 8192 slots since Capella's fork in the later ones (413 in
//     Deneb's, 765 in Electra's, 882 in Fulu's).
//
// The fork's own contents:
//
//   - phase0, at slot 1,600,005 (epoch 50,000 in mainnet), Altair, at
//     slot 3,200,005 (epoch 100,000), and Bellatrix, at slot 5,440,005
//     (epoch 170,000, after the merge): 70% of the validators with BLS
//     credentials, the rest with execution ones, all of 32 ETH. Phase0's
//     pending attestations are one of every committee (of n validators)
//     of every slot of the previous epoch and of the current epoch before
//     the state's slot, with 95% of their bits set.
//   - Capella, at slot 7,000,005 in mainnet: validators of 32 ETH, half
//     of them with BLS (0x00) credentials, half with execution (0x01)
//     ones. These states are the ones the benchmark history was measured
//     on, and stay the same bytes.
//   - Deneb, at slot 9,600,005 (epoch 300,000 in mainnet): 5% of the
//     validators with BLS credentials, the rest with execution ones, all
//     of 32 ETH; a payload header with 3 blobs' gas.
//   - Electra, at slot 12,480,005 (epoch 390,000 in mainnet), and Fulu,
//     at slot 13,440,005 (epoch 420,000): 3% BLS, 87% execution and 10%
//     compounding (0x02) credentials; a compounding
//     validator's effective balance is a whole number of ether from 32
//     to 2048, skewed towards 32; 4,000 pending deposits (two in three of
//     32 ETH for new keys, the rest top-ups of existing validators, in
//     slot order), 800 pending partial withdrawals and 300 pending
//     consolidations, both of compounding validators (each queue capped
//     by the preset's limit: the minimal preset holds 64 partial
//     withdrawals and 64 consolidations); deposit_requests_start_index,
//     deposit_balance_to_consume, exit_balance_to_consume,
//     earliest_exit_epoch, consolidation_balance_to_consume and
//     earliest_consolidation_epoch set; a payload header with 6 blobs'
//     gas. Fulu's state adds a full proposer_lookahead,
//     (MIN_SEED_LOOKAHEAD+1)*SLOTS_PER_EPOCH random proposers.
//
// The fork field holds the versions of the state's fork and of the fork
// before it (phase0's: the genesis version twice), those of mainnet's
// configuration (the minimal preset's end in 0x01, as the minimal
// configuration's do), and mainnet's epoch of the fork (configs/mainnet.yaml
// and configs/minimal.yaml of the specification release v1.6.1, through
// package forks' schedules). Capella's states, which keep their bytes,
// hold mainnet's versions in every preset and an epoch 10,000 epochs
// before the state's.
//
// [CapellaBlock], [DenebBlock], [ElectraBlock] and [FuluBlock] take the
// preset's Spec and the seed, and return a signed block of a chain of
// 1,000,000 active validators (64 committees of 488 per slot in mainnet),
// of random roots, keys and signatures, in the preset's sizes:
//
//   - a sync aggregate with 97% of its bits set;
//   - a payload of 100 transactions of realistic sizes (six in ten of 100
//     to 250 bytes, three of 250 to 1,500, and the rest up to 40,000;
//     about 80 kB in all) and 16 withdrawals (MAX_WITHDRAWALS_PER_PAYLOAD
//     in the minimal preset: 4), sweep skims of some hundredths of an
//     ether;
//   - Capella's and Deneb's blocks: 100 attestations of one committee
//     each, those of the 64 committees of the last slot with 95% of their
//     bits set, the others with 10%;
//   - Deneb's: 6 blobs' commitments (MAX_BLOBS_PER_BLOCK);
//   - Electra's and Fulu's: 8 attestations (MAX_ATTESTATIONS_ELECTRA) of
//     EIP-7549, the first of every committee of the last slot with 95% of
//     their bits set, the others of about half of the committees with
//     10%; 9 blobs' commitments (MAX_BLOBS_PER_BLOCK_ELECTRA); execution
//     requests: 4 deposits, 2 withdrawals (a full exit and a partial
//     one) and 1 consolidation. A mainnet Fulu block is about 100 kB.
//
// [GloasState] and [GloasBlock] take a Gloas Spec: FuluState's state and
// FuluBlock's block of the same seed in Gloas' types (the lists
// progressive, the latest block hash that of Fulu's payload header, the
// block's execution requests its parent's), the state at the fork of
// Gloas, which no network has scheduled (its epoch 256 epochs before the
// state's), with 200 builders, pending builder payments of a third of the
// two epochs' slots, 16 pending builder withdrawals, the latest bid, 16
// expected withdrawals, every other payload available and a full
// ptc_window; the block with a signed bid of 9 blobs' commitments, 4
// payload attestations with 95% of their bits set, and a builder's
// deposit request.
//
// [FuluEpoch] makes in a Fulu state the changes of one epoch (every
// balance, participation rotated, 1,000 effective balances, the queues, a
// RANDAO mix and roots): applied to copies, it gives snapshots one epoch
// apart, as a node's state cache holds them.
//
// A state of 1,000,000 validators builds in seconds. While building, a
// builder holds the validators' values besides the state; once it returns,
// nothing but the state.
package synth
