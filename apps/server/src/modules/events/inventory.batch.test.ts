import { describe, expect, it } from 'vitest';
import { MAX_GROUP, PurchaseGroups, type Settled } from './inventory.batch.ts';

/** A runner whose groups finish only when the test says so, recording what it was handed. */
function heldRunner() {
  const groups: { eventId: string; purchases: number[]; finish: () => void }[] = [];
  let running = 0;
  let mostAtOnce = 0;
  const run = (eventId: string, purchases: number[]) =>
    new Promise<Settled<number>[]>((resolve) => {
      running += 1;
      mostAtOnce = Math.max(mostAtOnce, running);
      groups.push({
        eventId,
        purchases,
        finish: () => {
          running -= 1;
          resolve(purchases.map((p) => ({ ok: true, value: p * 10 })));
        },
      });
    });
  return { run, groups, mostAtOnce: () => mostAtOnce };
}

const tick = () => new Promise((resolve) => setImmediate(resolve));

describe('PurchaseGroups', () => {
  it('runs one group of an event at a time by default, and groups what arrives meanwhile', async () => {
    const runner = heldRunner();
    const groups = new PurchaseGroups(runner.run);
    const answers = [1, 2, 3, 4].map((p) => groups.add('e1', p));
    await tick();
    expect(runner.groups.map((g) => g.purchases)).toEqual([[1]]);
    runner.groups[0]!.finish();
    await tick();
    expect(runner.groups.map((g) => g.purchases)).toEqual([[1], [2, 3, 4]]);
    runner.groups[1]!.finish();
    expect(await Promise.all(answers)).toEqual([10, 20, 30, 40]);
    expect(runner.mostAtOnce()).toBe(1);
  });

  it('with inFlight 2, writes a second group while the first is in flight, never a third', async () => {
    const runner = heldRunner();
    const groups = new PurchaseGroups(runner.run, 2);
    const answers = [1, 2, 3, 4, 5].map((p) => groups.add('e1', p));
    await tick();
    expect(runner.groups.map((g) => g.purchases)).toEqual([[1], [2]]);
    // The second finishes first: the waiting purchases go as one group, each answered.
    runner.groups[1]!.finish();
    await tick();
    expect(runner.groups.map((g) => g.purchases)).toEqual([[1], [2], [3, 4, 5]]);
    expect(await answers[1]).toBe(20);
    runner.groups[0]!.finish();
    runner.groups[2]!.finish();
    expect(await Promise.all(answers)).toEqual([10, 20, 30, 40, 50]);
    expect(runner.mostAtOnce()).toBe(2);
  });

  it('keeps each event to its own groups and caps a group at MAX_GROUP', async () => {
    const runner = heldRunner();
    const groups = new PurchaseGroups(runner.run);
    const first = groups.add('e1', 0);
    const many = Array.from({ length: MAX_GROUP + 1 }, (_, i) => groups.add('e1', i + 1));
    const other = groups.add('e2', 7);
    await tick();
    expect(runner.groups.map((g) => [g.eventId, g.purchases.length])).toEqual([
      ['e1', 1],
      ['e2', 1],
    ]);
    runner.groups[0]!.finish();
    await tick();
    expect(runner.groups[2]!.purchases.length).toBe(MAX_GROUP);
    runner.groups[2]!.finish();
    await tick();
    expect(runner.groups[3]!.purchases).toEqual([MAX_GROUP + 1]);
    runner.groups[3]!.finish();
    runner.groups[1]!.finish();
    expect(await first).toBe(0);
    expect((await Promise.all(many)).at(-1)).toBe((MAX_GROUP + 1) * 10);
    expect(await other).toBe(70);
  });

  it('rejects every purchase of a group whose runner throws, and goes on with the next', async () => {
    let calls = 0;
    const groups = new PurchaseGroups<number, number>(async (_e, purchases) => {
      calls += 1;
      if (calls === 1) throw new Error('lost the connection');
      return purchases.map((p) => ({ ok: true, value: p }));
    });
    const failed = groups.add('e1', 1);
    const later = groups.add('e1', 2);
    await expect(failed).rejects.toThrow('lost the connection');
    expect(await later).toBe(2);
  });
});
