/** Extra request settings for hosts that need authentication or more context. */
export interface RequestOptions {
  /** Headers sent with every request, or a function returning them (e.g. a fresh token). */
  headers?:
    Record<string, string> | (() => Record<string, string> | Promise<Record<string, string>>);
  /** Extra fields merged into the request body. */
  body?: Record<string, unknown>;
  credentials?: RequestCredentials;
}

/** The headers a request carries, asked of the host's function when it gave one. */
export const headersOf = async (options: RequestOptions) =>
  typeof options.headers === 'function' ? await options.headers() : options.headers;
