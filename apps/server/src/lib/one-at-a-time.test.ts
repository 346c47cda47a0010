import { describe, expect, it } from 'vitest';
import { OneAtATime } from './one-at-a-time.ts';

const tick = () => new Promise((r) => setTimeout(r, 5));

describe('one at a time per key', () => {
  it('runs tasks of one key in turn, other keys alongside, and goes on after a failure', async () => {
    const serial = new OneAtATime();
    let running = 0;
    let most = 0;
    const log: string[] = [];
    const task =
      (name: string, fail = false) =>
      async () => {
        running += 1;
        most = Math.max(most, running);
        await tick();
        running -= 1;
        log.push(name);
        if (fail) throw new Error(name);
        return name;
      };
    const a = [1, 2, 3].map((i) => serial.run('a', task(`a${i}`, i === 2)));
    const b = serial.run('b', task('b1'));
    const settled = await Promise.allSettled([...a, b]);
    expect(settled.map((s) => s.status)).toEqual([
      'fulfilled',
      'rejected',
      'fulfilled',
      'fulfilled',
    ]);
    expect(log.filter((n) => n.startsWith('a'))).toEqual(['a1', 'a2', 'a3']);
    expect(most).toBe(2); // one of "a" and one of "b"
  });
});
