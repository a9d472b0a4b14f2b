import fc from 'fast-check';

/**
 * Property tests draw from one seed, the same on every run (CI included) unless FAST_CHECK_SEED
 * says otherwise; a failure reports the seed and path that reproduce it. Printed by the global setup.
 */
export const FAST_CHECK_SEED = Number(process.env.FAST_CHECK_SEED ?? 20261130);

fc.configureGlobal({ seed: FAST_CHECK_SEED });
