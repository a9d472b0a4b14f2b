// Jest global setup: says which seed the property tests use (test/support/fast-check-seed.ts).
export default function announce() {
  process.stderr.write(`fast-check seed: ${process.env.FAST_CHECK_SEED ?? 20261130} (set FAST_CHECK_SEED to change it)\n`);
}
