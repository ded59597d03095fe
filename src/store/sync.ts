/**
 * Tells other tabs of the same origin that a thread changed, so a turn
 * completed in one appears in the others without a reload.
 */
export class ThreadSync {
  private channel?: BroadcastChannel;
  private readonly sender = Math.random().toString(36).slice(2);

  constructor(onChange: (threadId: string) => void) {
    if (typeof BroadcastChannel === 'undefined') return;
    this.channel = new BroadcastChannel('answer-ui-threads');
    this.channel.onmessage = (event: MessageEvent<{ threadId?: unknown; sender?: unknown }>) => {
      const { threadId, sender } = event.data ?? {};
      if (typeof threadId === 'string' && sender !== this.sender) onChange(threadId);
    };
  }

  announce(threadId: string): void {
    this.channel?.postMessage({ threadId, sender: this.sender });
  }

  close(): void {
    this.channel?.close();
  }
}
