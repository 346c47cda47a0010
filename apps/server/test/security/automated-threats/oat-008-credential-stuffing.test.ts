import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_LIMIT_RULES, LOGIN_BACKOFF } from '../../../src/modules/auth/auth.limits.ts';
import { givenUser, uniquePhone, type GivenUser } from '../../factories.ts';
import { AUTH, startTestApp, type TestApp } from '../../helper.ts';

/**
 * OWASP OAT-008 credential stuffing (issue 16 §4): lists of phone number + password pairs
 * leaked elsewhere, tried at the login. Two shapes of it, each reproduced and shown
 * contained, while the accounts' real owners still log in from their own addresses:
 *
 * - many accounts × passwords from one address: past `loginFailuresPerIp` failures the
 *   address gets 429 for everything, so the leaked pairs further down its list are never
 *   tried;
 * - one account hammered from many addresses: each address gets a few tries and then
 *   blocks that grow; the account is not locked, so its owner is not locked out (before,
 *   ten wrong passwords from anywhere locked the owner out for 15 minutes).
 */
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t?.close());

const login = (phoneNumber: string, password: string, ip: string) =>
  t.post(`${AUTH}/login`, { phoneNumber, password }, { ip });

describe('OAT-008 credential stuffing', () => {
  it('from one address, many accounts × passwords: the address is cut off before its leaked pairs are tried', async () => {
    const victims: GivenUser[] = [];
    for (let i = 0; i < 6; i++) victims.push(await givenUser(t));
    const attacker = '192.0.2.10';
    const maxFailures = AUTH_LIMIT_RULES.loginFailuresPerIp.points;

    // The list: mostly pairs that do not work (3 wrong passwords per real account, and
    // numbers that have no account), then the pairs that do.
    const list: { phoneNumber: string; password: string; works: boolean }[] = [];
    for (const v of victims)
      for (const p of ['12345678', 'password1', v.phoneNumber])
        list.push({ phoneNumber: v.phoneNumber, password: p, works: false });
    while (list.length < maxFailures + 20)
      list.push({ phoneNumber: uniquePhone(), password: 'letmein123', works: false });
    for (const v of victims)
      list.push({ phoneNumber: v.phoneNumber, password: v.password, works: true });

    const statuses: number[] = [];
    for (const pair of list)
      statuses.push((await login(pair.phoneNumber, pair.password, attacker)).status);

    const tried = statuses.filter((s) => s !== 429).length;
    expect(tried, 'attempts that reached a password check').toBeLessThanOrEqual(maxFailures);
    const taken = list.filter((p, i) => p.works && statuses[i] === 200).length;
    expect(taken, 'accounts the list took over').toBe(0);
    expect(statuses.slice(-victims.length)).toEqual(victims.map(() => 429));

    // Each owner, at their own address, logs in as usual.
    for (const [i, v] of victims.entries()) {
      const res = await login(v.phoneNumber, v.password, `198.18.0.${i + 1}`);
      expect(res.status, res.text).toBe(200);
    }
  }, 180_000);

  it('one account from many addresses: each address gets a few tries, the owner still gets in', async () => {
    const victim = await givenUser(t);
    const addresses = 40;
    const perAddress = 5;
    const statuses: number[] = [];
    let ownerDuringAttack: number | undefined;
    for (let a = 0; a < addresses; a++) {
      for (let i = 0; i < perAddress; i++) {
        const res = await login(victim.phoneNumber, `guess-${a}-${i}`, `100.64.${a}.1`);
        statuses.push(res.status);
      }
      if (a === addresses / 2) {
        // Halfway through the attack the owner logs in from home.
        ownerDuringAttack = (await login(victim.phoneNumber, victim.password, '198.18.1.1')).status;
      }
    }
    expect(statuses.every((s) => s === 401 || s === 429)).toBe(true);
    const tried = statuses.filter((s) => s === 401).length;
    // Once the account counts as under attack, every address gets only a couple of tries.
    expect(tried, 'guesses that reached a password check').toBeLessThanOrEqual(
      LOGIN_BACKOFF.attackThreshold + LOGIN_BACKOFF.freeFailuresUnderAttack * addresses,
    );
    expect(tried).toBeLessThan((addresses * perAddress) / 2);
    expect(ownerDuringAttack).toBe(200);
    // And after it, from another address of theirs (a phone on mobile data).
    expect((await login(victim.phoneNumber, victim.password, '198.18.2.2')).status).toBe(200);
  }, 180_000);
});
