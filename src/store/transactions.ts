import type { IDBPDatabase, IDBPTransaction } from 'idb';

type Transaction<Mode extends IDBTransactionMode> = IDBPTransaction<
  unknown,
  ['threads', 'messages'],
  Mode
>;

/**
 * The store's transactions, each over both object stores, that leave with the page.
 *
 * A page the reader leaves may be kept, frozen, in the back/forward cache. WebKit keeps the
 * transactions that page had under way open there, and every other page's saves wait behind
 * them for as long as it stays. So a page that leaves gives them up, and makes them again if
 * it comes back.
 */
export function pageTransactions(db: IDBPDatabase) {
  const underWay = new Set<Pick<IDBTransaction, 'abort'>>();
  const givenUp = new WeakSet<object>();
  let back: Promise<void> | undefined;
  const leave = (event: PageTransitionEvent) => {
    if (!event.persisted) return;
    back ??= new Promise((resolve) =>
      addEventListener('pageshow', () => resolve((back = undefined)), { once: true }),
    );
    for (const tx of underWay) {
      givenUp.add(tx);
      try {
        tx.abort();
      } catch {
        // It had just finished.
      }
    }
  };
  globalThis.addEventListener?.('pagehide', leave);

  return {
    /** Runs `work` in one transaction; one given up as the page left runs again once it is back. */
    async run<T, Mode extends IDBTransactionMode>(
      mode: Mode,
      work: (tx: Transaction<Mode>) => Promise<T>,
    ): Promise<T> {
      for (;;) {
        while (back) await back;
        const tx: Transaction<Mode> = db.transaction(['threads', 'messages'], mode);
        // `work` awaits `done` where it matters; a transaction that fails reports it there.
        tx.done.catch(() => undefined);
        underWay.add(tx);
        try {
          return await work(tx);
        } catch (error) {
          if (!givenUp.has(tx)) throw error;
        } finally {
          underWay.delete(tx);
        }
      }
    },
    /** Stops following the page (the store is closed). */
    stop() {
      globalThis.removeEventListener?.('pagehide', leave);
    },
  };
}
