/** The examples folder, with a trailing slash. */
export declare const EXAMPLES: string;
/**
 * Installs the examples' toolchains when their lockfile changed and unpacks
 * answer-ui as npm packs it into examples/node_modules.
 */
export declare function setupExamples(options?: { log?: (line: string) => void }): {
  /** Whether `npm ci` ran. */
  installed: boolean;
  /** The version of answer-ui unpacked. */
  version: string;
  /** The paths of the files the package ships. */
  files: string[];
};
/** Runs `npm ci` in examples/ unless it already ran for this lockfile; whether it ran. */
export declare function installToolchains(options?: { log?: (line: string) => void }): boolean;
