/** Why saving or loading failed; `code` says which fault. */
export class StoreError extends Error {
  constructor(
    readonly code: 'unavailable' | 'blocked' | 'quota' | 'closed' | 'read' | 'write',
    message: string,
  ) {
    super(message);
    this.name = 'StoreError';
  }
}
