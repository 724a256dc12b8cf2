// Checks, with Lodestar's code, proofs that ssztree made of the golden
// values: each compact multiproof and tree-offset proof in the files that
// `SSZTREE_PROOFS_OUT=<dir> go test ./testutil/proofcheck` writes must
// give the value's root with persistent-merkle-tree's createNodeFromProof
// and deserializeProof. Usage: node verify.mjs <dir>. See README.md.
const { readdirSync, readFileSync } = await import("node:fs");
const { join } = await import("node:path");
const pmt = await import("@chainsafe/persistent-merkle-tree");

const dir = process.argv[2];
if (!dir) throw new Error("usage: node verify.mjs <dir>");
const unhex = (s) => Uint8Array.from(Buffer.from(s.slice(2), "hex"));
const hex = (b) => "0x" + Buffer.from(b).toString("hex");
let count = 0;
for (const f of readdirSync(dir).filter((f) => f.endsWith(".json"))) {
  const own = JSON.parse(readFileSync(join(dir, f), "utf8"));
  for (const c of own.compact) {
    const proof = { type: pmt.ProofType.compactMulti, descriptor: unhex(c.descriptor), leaves: c.leaves.map(unhex) };
    const root = hex(pmt.createNodeFromProof(proof).root);
    if (root !== own.root) throw new Error(`${f}: a compact multiproof gives ${root}, not ${own.root}`);
    count++;
  }
  for (const t of own.treeOffset) {
    const root = hex(pmt.createNodeFromProof(pmt.deserializeProof(unhex(t))).root);
    if (root !== own.root) throw new Error(`${f}: a tree-offset proof gives ${root}, not ${own.root}`);
    count++;
  }
}
if (count === 0) throw new Error(`no proofs in ${dir}`);
console.log(`${count} proofs of ssztree verify with Lodestar's code`);
