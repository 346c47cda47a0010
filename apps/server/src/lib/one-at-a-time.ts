/**
 * Runs the tasks given the same key one after another in this process (and tasks of other
 * keys alongside). For a change that calls another service in the middle: a database lock
 * held across that call would keep a connection — PGlite's only one — for as long as the
 * call takes, and a call that needs the database itself (the demo's Paystack sandbox)
 * would wait for it forever.
 */
export class OneAtATime {
  private readonly tails = new Map<string, Promise<unknown>>();

  run<T>(key: string, task: () => Promise<T>): Promise<T> {
    const before = this.tails.get(key) ?? Promise.resolve();
    const result = before.then(task, task);
    const tail = result.catch(() => undefined);
    this.tails.set(key, tail);
    void tail.then(() => {
      if (this.tails.get(key) === tail) this.tails.delete(key);
    });
    return result;
  }
}
