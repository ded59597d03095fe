import type { ReactiveController, ReactiveControllerHost } from 'lit';
import type { ThreadMessage, ThreadState } from '../conversation/index.js';
import { deserializeMessage, openThreadStore, serializeMessage, StoreError, ThreadSync, type ThreadStore } from '../store/index.js';

/** How often a streaming turn is saved, at most. */
export const CHECKPOINT_INTERVAL = 250;

export interface PersistenceHost {
  readonly state: ThreadState;
  /** Whether a turn is under way: then a switch waits, and news from other tabs is not loaded. */
  busy(): boolean;
  /**
   * The messages changed wholesale (loaded, cleared, synced); `unreadable`
   * counts saved records that could not be shown (damaged, or saved by a
   * newer version), which stay in the store untouched.
   */
  reloaded(unreadable?: number): void;
  /** Saving or loading failed; the thread goes on in memory. */
  storageFailed(error: StoreError): void;
}

let sharedStore: Promise<ThreadStore> | undefined;

/**
 * Keeps one thread's messages in a store: loads them when the thread id is
 * set, saves each message at its own position (so saving costs the same
 * however long the thread), checkpoints a streaming turn at most every
 * 250 ms, and follows changes made in other tabs while its element is
 * on the page.
 */
export class ThreadPersistence implements ReactiveController {
  private threadId?: string;
  private store?: Promise<ThreadStore>;
  private positions = new WeakMap<ThreadMessage, number>();
  private nextPosition = 0;
  private timer?: ReturnType<typeof setTimeout>;
  private dirty = new Set<ThreadMessage>();
  private failed = false;
  private pendingSwitch?: { id: string | undefined };
  private loading?: Promise<void>;
  private sync?: ThreadSync;

  constructor(
    element: ReactiveControllerHost,
    private readonly host: PersistenceHost,
  ) {
    element.addController(this);
  }

  /** Uses `store` instead of the page's shared IndexedDB store. */
  useStore(store: ThreadStore | Promise<ThreadStore> | undefined) {
    this.store = store ? Promise.resolve(store) : undefined;
    this.failed = false;
  }

  /** Shows the thread with this id; while a turn is under way the switch waits for it to end. */
  switchTo(threadId: string | undefined): Promise<void> {
    if (threadId === this.threadId && !this.pendingSwitch) return this.loading ?? Promise.resolve();
    if (this.host.busy()) {
      this.pendingSwitch = { id: threadId };
      return Promise.resolve();
    }
    this.threadId = threadId;
    // The previous thread leaves the screen at once; messages sent while the
    // saved ones load are kept and go after them.
    this.reset([]);
    this.loading = threadId ? this.load(threadId) : Promise.resolve();
    return this.loading;
  }

  /** The last turn ended: save it now, and make a pending thread switch. */
  async turnEnded(): Promise<void> {
    await this.flush();
    const pending = this.pendingSwitch;
    if (pending) {
      this.pendingSwitch = undefined;
      await this.switchTo(pending.id);
    }
  }

  /** A message was added or changed; streaming turns are saved at most every 250 ms. */
  changed(message: ThreadMessage, immediately = false) {
    if (!this.threadId || this.failed) return;
    this.dirty.add(message);
    if (immediately) this.track(this.flush());
    else this.timer ??= setTimeout(() => this.track(this.flush()), CHECKPOINT_INTERVAL);
  }

  /** Forgets the thread, in memory and in the store. */
  clear(): Promise<void> {
    this.reset([]);
    const threadId = this.threadId;
    if (!threadId || this.failed) return Promise.resolve();
    const pending = [...this.writing];
    const work = (async () => {
      try {
        // Writes already under way land first, so none of them outlives the clear.
        await Promise.all(pending);
        await (await this.open()).clear(threadId);
        this.sync?.announce(threadId);
      } catch (error) {
        this.failure(error);
      }
    })();
    this.track(work);
    return work;
  }

  /** Resolves once every change so far is in the store (or the store has failed). */
  async saved(): Promise<void> {
    while (!this.failed && (this.timer || this.dirty.size || this.writing.size)) {
      if (this.timer || (this.dirty.size && !this.writing.size)) this.track(this.flush());
      await Promise.all(this.writing);
    }
  }

  private writing = new Set<Promise<void>>();

  private track(work: Promise<void>) {
    this.writing.add(work);
    void work.finally(() => this.writing.delete(work));
  }

  /** Follows changes other pages make to this thread. */
  hostConnected() {
    this.sync ??= new ThreadSync((threadId) => {
      if (threadId === this.threadId && !this.host.busy()) void this.load(threadId);
    });
  }

  /** Stops following other pages; pending saves still complete. */
  hostDisconnected() {
    this.sync?.close();
    this.sync = undefined;
  }

  private open(): Promise<ThreadStore> {
    return (this.store ??= sharedStore ??= openThreadStore());
  }

  private async flush() {
    clearTimeout(this.timer);
    this.timer = undefined;
    // Positions are handed out only once the saved messages are known.
    await this.loading;
    const threadId = this.threadId;
    if (!threadId || this.failed || this.dirty.size === 0) return;
    const batch = [...this.dirty];
    this.dirty.clear();
    for (const message of batch) if (!this.positions.has(message)) this.positions.set(message, this.nextPosition++);
    try {
      const store = await this.open();
      for (const message of batch) await store.put(threadId, this.positions.get(message)!, serializeMessage(message));
      if (batch.some((m) => m.role === 'assistant' && m.closed)) this.sync?.announce(threadId);
    } catch (error) {
      this.failure(error);
    }
  }

  private async load(threadId: string) {
    let records: { position: number; message: unknown }[] = [];
    let unreadable = 0;
    try {
      ({ messages: records, skipped: unreadable } = await (await this.open()).load(threadId));
    } catch (error) {
      this.failure(error);
      return;
    }
    if (threadId !== this.threadId) return;
    const messages: ThreadMessage[] = [];
    const positions = new WeakMap<ThreadMessage, number>();
    let next = 0;
    for (const record of records) {
      const message = deserializeMessage(record.message);
      next = Math.max(next, record.position + 1);
      if (!message) {
        unreadable += 1;
        continue;
      }
      positions.set(message, record.position);
      messages.push(message);
    }
    // Messages this tab added meanwhile (not saved yet) stay, after the saved ones.
    const added = this.host.state.messages.filter((message) => !this.positions.has(message));
    this.positions = positions;
    // Unreadable records keep their positions: new messages go after them.
    this.nextPosition = next;
    this.host.state.messages = [...messages, ...added];
    this.host.reloaded(unreadable);
  }

  private reset(messages: ThreadMessage[]) {
    clearTimeout(this.timer);
    this.timer = undefined;
    this.dirty.clear();
    this.positions = new WeakMap();
    this.nextPosition = 0;
    this.host.state.messages = messages;
    this.host.reloaded();
  }

  private failure(error: unknown) {
    if (this.failed) return;
    this.failed = true;
    this.host.storageFailed(error instanceof StoreError ? error : new StoreError('write', String(error)));
  }
}
