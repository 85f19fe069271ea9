/**
 * The start of a graceful shutdown, before the listener closes: /readyz answers 503 so load
 * balancers stop sending, and whatever keeps connections open for long registers here to let
 * its clients go. Chat's Server-Sent Events (server/chat/hub.ts, registered by server/app.ts) send
 * each open stream a "reconnect" event and end it, so the browser reconnects to another instance
 * (nginx: proxy_next_upstream) instead of holding this one open until the grace runs out.
 */
export type DrainHook = () => void | Promise<void>;

export class Drain {
  #hooks = new Set<DrainHook>();
  #draining = false;

  get draining(): boolean {
    return this.#draining;
  }

  /** Runs once when shutdown starts; returns the unregister. */
  register(hook: DrainHook): () => void {
    this.#hooks.add(hook);
    return () => this.#hooks.delete(hook);
  }

  /** Marks the process draining and runs every hook (a failing hook does not stop the others). */
  async start(onError: (error: unknown) => void): Promise<void> {
    this.#draining = true;
    const results = await Promise.allSettled([...this.#hooks].map(async (hook) => hook()));
    for (const r of results) if (r.status === 'rejected') onError(r.reason);
  }
}
