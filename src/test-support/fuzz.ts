/**
 * How many runs a property test makes: its quick count in `npm test`, or
 * the soak count (`npm run test:soak`, at least 10,000) that the test
 * runner puts in `globalThis.FUZZ_RUNS`.
 */
export function fuzzRuns(quick: number): number {
  const soak = (globalThis as { FUZZ_RUNS?: number }).FUZZ_RUNS;
  return soak && soak > 0 ? soak : quick;
}

/** A mocha timeout that grows with the run count: `perRunMs` for each run, never under 10 s. */
export function fuzzTimeout(quick: number, perRunMs: number): number {
  return Math.max(10_000, fuzzRuns(quick) * perRunMs * 3);
}
