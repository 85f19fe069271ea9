/**
 * Shared reads of the queue for the open streams of one instance: one feed per location (its
 * displays) and per doctor (their patients' places), read once per change whatever the number of
 * streams on it, and handed to each. One read at a time per feed: a change told while a read runs
 * makes one more read after it, so the last value handed out is never older than the last notice.
 * A feed lives while it has listeners; a failed read is reported and tried again a second later.
 */
type Listener = (value: unknown) => void;

interface Feed {
  load: () => Promise<unknown>;
  value: { current: unknown } | null;
  listeners: Set<Listener>;
  reading: boolean;
  again: boolean;
}

export const feedRetryMs = 1000;

export function createFeeds(onError: (error: unknown, task: string) => void) {
  const feeds = new Map<string, Feed>();

  async function read(feed: Feed): Promise<void> {
    if (feed.reading) {
      feed.again = true;
      return;
    }
    feed.reading = true;
    try {
      do {
        feed.again = false;
        try {
          const current = await feed.load();
          feed.value = { current };
          for (const listener of [...feed.listeners]) listener(current);
        } catch (error) {
          onError(error, 'queue read');
          setTimeout(() => void (feed.listeners.size > 0 && read(feed)), feedRetryMs).unref();
        }
      } while (feed.again && feed.listeners.size > 0);
    } finally {
      feed.reading = false;
    }
  }

  return {
    /** `listener` gets the feed's value now (when it has one) and after every read; answers the unsubscribe. */
    subscribe<T>(key: string, load: () => Promise<T>, listener: (value: T) => void): () => void {
      let feed = feeds.get(key);
      const fresh = feed === undefined;
      if (!feed) feeds.set(key, (feed = { load, value: null, listeners: new Set(), reading: false, again: false }));
      const own = feed;
      own.listeners.add(listener as Listener);
      if (fresh) void read(own);
      else if (own.value) listener(own.value.current as T);
      return () => {
        own.listeners.delete(listener as Listener);
        if (own.listeners.size === 0 && feeds.get(key) === own) feeds.delete(key);
      };
    },

    /** Something changed: the feed is read again (its listeners get the new value). */
    refresh(key: string): void {
      const feed = feeds.get(key);
      if (feed) void read(feed);
    },

    refreshAll(): void {
      for (const feed of feeds.values()) void read(feed);
    },

    get size(): number {
      return feeds.size;
    },
  };
}
export type Feeds = ReturnType<typeof createFeeds>;
