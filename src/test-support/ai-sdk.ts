/*
 * One major of the AI SDK with the agent helpers built on it, for tests that
 * run against AI SDK 6 and 7 (see ai-majors.ts). Imported plainly it is what
 * `ai` resolves to; imported with `?ai=7`, it and every module of ours below
 * it get ai@7 instead.
 */
export * as ai from 'ai';
export * as agent from '../agent/index.js';
export * from './scripted-model.js';

/** Where `ai` resolved from here, so a test can tell which major it really runs. */
export const aiEntry = import.meta.resolve('ai');
