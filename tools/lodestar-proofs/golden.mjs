// Writes the golden files of ssztree's cross-check with Lodestar's proofs
// (testutil/proofcheck/testdata/*.json): values of several forks made at
// random with Lodestar's types, their SSZ bytes and roots, and the proofs
// that @chainsafe/persistent-merkle-tree makes of random sets of
// generalized indices (descriptors, compact multiproof leaves, tree-offset
// bytes, single and multi proofs) and the leaves @chainsafe/ssz's
// createProof(paths) proves. See README.md.
process.env.LODESTAR_PRESET = "minimal";

const { writeFileSync } = await import("node:fs");
const ssz = await import("@chainsafe/ssz");
const pmt = await import("@chainsafe/persistent-merkle-tree");
const { ssz: types } = await import("@lodestar/types");

const OUT = new URL("../../testutil/proofcheck/testdata/", import.meta.url);

// mulberry32: a small seeded generator, so that the files are reproducible.
function rng(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

let rand = rng(1);
const int = (n) => Math.floor(rand() * n);
const bytes = (n) => Uint8Array.from({ length: n }, () => int(256));

// A random value of type t. Lodestar's UintNumberType are JS numbers, exact
// below 2^53: they get values below 2^32; UintBigintType get any 64 bits.
function randomValue(t, depth = 0) {
  const short = (limit, most) => Math.min(limit, int(most + 1));
  if (t instanceof ssz.UintBigintType) {
    let v = 0n;
    for (let i = 0; i < t.byteLength; i++) v = (v << 8n) | BigInt(int(256));
    return v;
  }
  if (t instanceof ssz.UintNumberType) {
    return t.byteLength >= 4 ? int(2 ** 32) : int(2 ** (8 * t.byteLength));
  }
  if (t instanceof ssz.BooleanType) return int(2) === 1;
  if (t instanceof ssz.ByteVectorType) return bytes(t.lengthBytes);
  if (t instanceof ssz.ByteListType) return bytes(short(t.limitBytes, 70));
  if (t instanceof ssz.ProgressiveByteListType) return bytes(short(t.limitBytes ?? t.limit ?? Infinity, 70));
  if (t instanceof ssz.BitVectorType) return bitArray(t.lengthBits);
  if (t instanceof ssz.BitListType) return bitArray(short(t.limitBits, 300));
  if (t instanceof ssz.ProgressiveBitListType) return bitArray(short(t.limitBits ?? t.limit ?? Infinity, 300));
  if (t instanceof ssz.ContainerType || t instanceof ssz.ProgressiveContainerType) {
    const v = {};
    for (const [name, ft] of Object.entries(t.fields)) v[name] = randomValue(ft, depth + 1);
    return v;
  }
  if (t instanceof ssz.VectorBasicType || t instanceof ssz.VectorCompositeType) {
    return Array.from({ length: t.length }, () => randomValue(t.elementType, depth + 1));
  }
  if (t instanceof ssz.ListBasicType || t instanceof ssz.ListCompositeType) {
    const most = t.elementType.isBasic ? 40 : depth <= 1 ? 24 : 3;
    return Array.from({ length: short(t.limit, most) }, () => randomValue(t.elementType, depth + 1));
  }
  if (t instanceof ssz.ProgressiveListBasicType || t instanceof ssz.ProgressiveListCompositeType) {
    const most = t.elementType.isBasic ? 40 : depth <= 1 ? 24 : 3;
    return Array.from({ length: short(t.limit ?? Infinity, most) }, () => randomValue(t.elementType, depth + 1));
  }
  throw new Error(`no random value for ${t.typeName} (${t.constructor.name})`);
}

function bitArray(n) {
  const b = ssz.BitArray.fromBitLen(n);
  for (let i = 0; i < n; i++) if (int(2)) b.set(i, true);
  return b;
}

const hex = (b) => "0x" + Buffer.from(b).toString("hex");

// Random generalized indices of nodes of the tree below root, found by
// random walks down it.
function randomGindices(root, count) {
  const out = [];
  for (let i = 0; i < count; i++) {
    let node = root;
    let g = 1n;
    const stop = 2 + int(60);
    for (let d = 0; d < stop && !node.isLeaf(); d++) {
      if (int(2)) {
        node = node.right;
        g = 2n * g + 1n;
      } else {
        node = node.left;
        g = 2n * g;
      }
    }
    out.push(g);
  }
  return out;
}

// gs without those that lie above another, as EIP-8364 asks of the
// indices of a descriptor.
function withoutAncestors(gs) {
  const s = gs.map((g) => g.toString(2));
  return gs.filter((g, i) => !s.some((o, j) => j !== i && o !== s[i] && o.startsWith(s[i]))).filter((g, i, a) => a.indexOf(g) === i);
}

function proofsOf(root, rounds) {
  const out = [];
  for (let r = 0; r < rounds; r++) {
    const gindices = randomGindices(root, 1 + int(r < rounds / 2 ? 8 : 100));
    const disjoint = withoutAncestors(gindices);
    const descriptor = pmt.computeDescriptor(disjoint);
    const compact = pmt.createProof(root, { type: pmt.ProofType.compactMulti, descriptor });
    const treeOffset = pmt.createProof(root, { type: pmt.ProofType.treeOffset, gindices });
    const multi = pmt.createProof(root, { type: pmt.ProofType.multi, gindices: disjoint });
    const single = pmt.createProof(root, { type: pmt.ProofType.single, gindex: disjoint[0] });
    // Lodestar's own round trip: its proofs give its root.
    for (const p of [compact, treeOffset, multi, single]) {
      if (!ssz.byteArrayEquals(pmt.createNodeFromProof(p).root, root.root)) throw new Error(`${p.type} proof does not give the root`);
    }
    out.push({
      gindices: gindices.map(String),
      disjoint: disjoint.map(String),
      descriptor: hex(descriptor),
      leaves: compact.leaves.map(hex),
      treeOffset: hex(pmt.serializeProof(treeOffset)),
      multi: { gindices: multi.gindices.map(String), leaves: multi.leaves.map(hex), witnesses: multi.witnesses.map(hex) },
      single: { gindex: String(single.gindex), leaf: hex(single.leaf), witnesses: single.witnesses.map(hex) },
    });
  }
  return out;
}

// The leaves @chainsafe/ssz proves for paths (createProof(paths), whose
// tree-offset proof names them), found with its tree_createProofGindexes.
function pathLeaves(t, root, paths) {
  return paths.map((p) => ({
    path: p,
    gindices: t.tree_createProofGindexes(root, [p]).map(String),
  }));
}

const cases = [
  { name: "capella-state", fork: "capella", type: "BeaconState", seed: 11, paths: [["validators", 3], ["balances"], ["finalized_checkpoint"], ["latest_execution_payload_header"], ["slot"], ["historical_summaries"]] },
  { name: "electra-state", fork: "electra", type: "BeaconState", seed: 12, paths: [["validators", 0], ["pending_deposits"], ["earliest_exit_epoch"]] },
  { name: "gloas-state", fork: "gloas", type: "BeaconState", seed: 13, paths: [["validators", 2], ["balances"], ["latest_execution_payload_bid"], ["builders"]] },
  { name: "capella-block", fork: "capella", type: "BeaconBlock", seed: 14, paths: [["body", "execution_payload"], ["state_root"], ["body", "attestations", 0]] },
  { name: "gloas-block", fork: "gloas", type: "BeaconBlock", seed: 15, paths: [["body", "signed_execution_payload_bid"], ["state_root"]] },
];

for (const c of cases) {
  rand = rng(c.seed);
  const t = types[c.fork][c.type];
  const value = randomValue(t);
  const bytesOf = t.serialize(value);
  const root = t.value_toTree(value);
  if (!ssz.byteArrayEquals(root.root, t.hashTreeRoot(value))) throw new Error(`${c.name}: two roots`);
  let paths = [];
  try {
    paths = pathLeaves(t, root, c.paths);
  } catch (e) {
    throw new Error(`${c.name}: paths: ${e.message}`);
  }
  const golden = {
    name: c.name,
    fork: c.fork,
    type: c.type,
    preset: "minimal",
    ssz: hex(bytesOf),
    root: hex(root.root),
    proofs: proofsOf(root, 12),
    paths,
  };
  writeFileSync(new URL(`${c.name}.json`, OUT), JSON.stringify(golden, null, 1) + "\n");
  console.log(`${c.name}: ${bytesOf.length} bytes, root ${hex(root.root)}`);
}
