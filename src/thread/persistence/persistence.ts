import type { ReactiveController } from 'lit';
import { listenWhileConnected } from '../changes.js';
import type { ThreadContext } from '../context.js';
import { loadStore, openSharedStore } from './load-store.js';
import type { ThreadMessage } from '../../conversation/index.js';
import { StoreError } from '../../store/errors.js';
import type { ThreadStore } from '../../store/index.js';
import { HISTORY_PAGE } from '../controllers/follow-controller.js';
import { ThreadSync } from '../../store/sync.js';

/**
 * Records a long thread reads first when it is switched to: the messages on
 * screen at first and the step above them. The rest is read after.
 */
const LAST_FIRST = 2 * HISTORY_PAGE;

/** How often a streaming turn is saved, at most. */
export const CHECKPOINT_INTERVAL = 250;

/**
 * Keeps one thread's messages in a store: loads them when the thread id (or
 * the store) is set, saves each message at its own position (so saving
 * costs the same however long the thread), checkpoints a streaming turn at
 * most every 250 ms, and follows changes made in other pages while its
 * element is on the page. A new message takes the next free position in the
 * same step that saves it, so pages adding to one thread at once keep every
 * message.
 */
export class ThreadPersistence implements ReactiveController {
  private threadId?: string;
  private store?: Promise<ThreadStore>;
  /** A store the host set: used from the next switch on, not under a turn in flight. */
  private requestedStore?: { store: Promise<ThreadStore> | undefined };
  private positions = new WeakMap<ThreadMessage, number>();
  /** A replayed turn → the turn it replaced, whose position it takes. */
  private replacing = new WeakMap<ThreadMessage, ThreadMessage>();
  /** Next position, for stores that cannot choose one themselves. */
  private nextPosition = 0;
  private timer?: ReturnType<typeof setTimeout>;
  private dirty = new Set<ThreadMessage>();
  private inFlight = new Set<ThreadMessage>();
  /** One batch is written at a time, so a message is given a position once. */
  private queue: Promise<void> = Promise.resolve();
  private failed = false;
  private pendingSwitch?: { id: string | undefined };
  /** Another page changed this thread while a turn was under way here. */
  private newsWaiting = false;
  private loading?: Promise<void>;
  private sync?: ThreadSync;
  private writing = new Set<Promise<void>>();
  /** Counts the times the messages were replaced wholesale (a switch, a clear). */
  private generation = 0;

  constructor(private readonly host: ThreadContext) {
    host.host.addController(this);
    // Each change is saved: at once when its turn is over (then a switch or news that waited
    // goes on), else checkpointed.
    listenWhileConnected(host.host, host.state, (change) => {
      const ended = Boolean(change.closed || change.turn.closed);
      this.changed(change.turn, ended);
      if (ended) void this.turnEnded();
    });
  }

  /** Uses `store` instead of the page's shared IndexedDB store, and shows the thread it holds. */
  useStore(store: ThreadStore | Promise<ThreadStore> | undefined) {
    this.requestedStore = { store: store ? Promise.resolve(store) : undefined };
  }

  /** Shows the thread with this id; while a turn is under way the switch waits for it to end. */
  switchTo(threadId: string | undefined): Promise<void> {
    const same = threadId === this.threadId && !this.pendingSwitch;
    if (same && (!this.requestedStore || !threadId)) {
      // Without a thread id nothing was loaded: a new store changes nothing on screen.
      this.takeRequestedStore();
      return this.loading ?? Promise.resolve();
    }
    if (this.host.busy()) {
      this.pendingSwitch = { id: threadId };
      return Promise.resolve();
    }
    this.pendingSwitch = undefined;
    this.newsWaiting = false;
    this.takeRequestedStore();
    this.threadId = threadId;
    // The previous thread leaves the screen at once; messages sent while the
    // saved ones load are kept and go after them.
    this.reset([]);
    this.loading = (threadId ? this.load(threadId) : Promise.resolve()).then(() => {
      if (this.threadId === threadId) this.host.switched(threadId);
    });
    return this.loading;
  }

  /** The last turn ended: save it now, then make a switch or load news that waited for it. */
  async turnEnded(): Promise<void> {
    await this.flush();
    await this.idle();
  }

  /** Nothing is under way any more: makes a pending switch, or loads what other pages changed meanwhile. */
  async idle(): Promise<void> {
    if (this.host.busy()) return;
    const pending = this.pendingSwitch;
    if (pending) {
      this.pendingSwitch = undefined;
      await this.switchTo(pending.id);
    } else if (this.newsWaiting && this.threadId) {
      this.newsWaiting = false;
      await this.loading;
      await this.load(this.threadId);
    }
  }

  /** A message was added or changed; streaming turns are saved at most every 250 ms. */
  changed(message: ThreadMessage, immediately = false) {
    if (!this.threadId || this.failed) return;
    this.dirty.add(message);
    if (immediately) this.track(this.flush());
    else this.timer ??= setTimeout(() => this.track(this.flush()), CHECKPOINT_INTERVAL);
  }

  /** `fresh` (an answer streamed again from its start) takes the place of `old`, in storage too. */
  replaced(old: ThreadMessage, fresh: ThreadMessage) {
    this.dirty.delete(old);
    this.replacing.set(fresh, old);
  }

  /**
   * `messages` left the conversation, the first and all after it (an answer regenerated, a question
   * edited): they leave the store too. A store that cannot truncate has the thread written again without them.
   */
  dropped(messages: readonly ThreadMessage[]) {
    const threadId = this.threadId;
    messages.forEach((message) => this.dirty.delete(message));
    if (!threadId || this.failed) return;
    // After the writes under way: one of them may be giving a dropped message its position.
    const work = (this.queue = this.queue.then(async () => {
      const positions = messages
        .map((message) => this.positionOf(message))
        .filter((at): at is number => at !== undefined);
      if (!positions.length) return;
      const from = (this.nextPosition = Math.min(...positions));
      const kept = this.host.state.messages.filter(
        (message) => (this.positionOf(message) ?? from) < from,
      );
      try {
        const store = await this.open();
        if (store.truncate) await store.truncate(threadId, from);
        else {
          await store.clear(threadId);
          const { serializeMessage } = await loadStore();
          for (const message of kept)
            await store.put(threadId, this.positionOf(message)!, serializeMessage(message));
        }
        this.sync?.announce(threadId);
      } catch (error) {
        this.failure(error);
      }
    }));
    this.track(work);
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

  /** Follows changes other pages make to this thread; a page with a turn under way takes them when it ends. */
  hostConnected() {
    this.sync ??= new ThreadSync((threadId) => {
      if (threadId !== this.threadId) return;
      this.newsWaiting = true;
      void this.idle();
    });
  }

  /** Stops following other pages; pending saves still complete. */
  hostDisconnected() {
    this.sync?.close();
    this.sync = undefined;
  }

  private track(work: Promise<void>) {
    this.writing.add(work);
    void work.finally(() => this.writing.delete(work));
  }

  private takeRequestedStore() {
    if (!this.requestedStore) return;
    this.store = this.requestedStore.store;
    this.requestedStore = undefined;
    this.failed = false;
  }

  private open(): Promise<ThreadStore> {
    return (this.store ??= openSharedStore());
  }

  private positionOf(message: ThreadMessage): number | undefined {
    const replaced = this.replacing.get(message);
    return this.positions.get(message) ?? (replaced && this.positions.get(replaced));
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
    batch.forEach((message) => this.inFlight.add(message));
    const work = this.queue.then(() => this.write(threadId, batch));
    this.queue = work;
    await work;
  }

  private async write(threadId: string, batch: ThreadMessage[]) {
    try {
      const [store, { serializeMessage }] = await Promise.all([this.open(), loadStore()]);
      for (const message of batch) {
        const saved = serializeMessage(message);
        const position = this.positionOf(message);
        if (position !== undefined) await store.put(threadId, position, saved);
        else if (store.append) this.positions.set(message, await store.append(threadId, saved));
        else {
          this.positions.set(message, this.nextPosition);
          await store.put(threadId, this.nextPosition++, saved);
        }
      }
      // Other pages hear of questions and of finished turns; checkpoints would only make them reload.
      if (batch.some((message) => message.role === 'user' || message.closed))
        this.sync?.announce(threadId);
    } catch (error) {
      this.failure(error);
    } finally {
      batch.forEach((message) => this.inFlight.delete(message));
    }
  }

  /** Whether this page's copy of a message wins over the saved one: it is still changing, or on its way to the store. */
  private isLive(message: ThreadMessage): boolean {
    return (
      this.dirty.has(message) ||
      this.inFlight.has(message) ||
      (message.role === 'assistant' && !message.closed)
    );
  }

  /**
   * Reads the thread's saved records and shows them with what this page has; with nothing on
   * screen yet (a thread switched to), its last LAST_FIRST first (see `readSaved`).
   */
  private async load(threadId: string) {
    // Writes under way land first: a thread the reader left while its answer was being
    // written, and came back to, is read with that answer.
    await this.queue;
    const generation = this.generation;
    try {
      const [store, { readSaved, deserializeMessage }] = await Promise.all([
        this.open(),
        loadStore(),
      ]);
      await readSaved(
        store,
        threadId,
        LAST_FIRST,
        () => threadId === this.threadId && generation === this.generation,
        deserializeMessage,
        {
          positionOf: (message) => this.positionOf(message),
          isLive: (message) => this.isLive(message),
          messages: () => this.host.state.messages,
          show: (merged, unreadable, earlier) => {
            for (const [message, position] of merged.positions)
              this.positions.set(message, position);
            // Unreadable records keep their positions: new messages go after them.
            this.nextPosition = Math.max(this.nextPosition, merged.next);
            this.host.state.messages = merged.messages;
            this.host.reloaded(unreadable, earlier);
          },
        },
      );
    } catch (error) {
      this.failure(error);
    }
  }

  private reset(messages: ThreadMessage[]) {
    clearTimeout(this.timer);
    this.timer = undefined;
    this.dirty.clear();
    // A load under way for what was on screen must not bring it back.
    this.generation++;
    // Positions only go on (a thread's may have gaps): a write still under way for the thread
    // left, with a store that cannot append, takes the next one, never one of another thread's.
    this.host.state.messages = messages;
    this.host.reloaded();
  }

  private failure(error: unknown) {
    if (this.failed) return;
    this.failed = true;
    this.host.storageFailed(
      error instanceof StoreError ? error : new StoreError('write', String(error)),
    );
  }
}
