import { describe, expect, it } from 'vitest';
import { splitFullName } from './names.ts';

describe('splitFullName', () => {
  it('takes the first word as first name and the rest as last name', () => {
    expect(splitFullName('Ada Lovelace Byron')).toEqual({
      firstName: 'Ada',
      lastName: 'Lovelace Byron',
    });
    expect(splitFullName('  Chinua   Achebe ')).toEqual({
      firstName: 'Chinua',
      lastName: 'Achebe',
    });
  });

  it('leaves the last name empty for one word, and both for none', () => {
    expect(splitFullName('Tobi')).toEqual({ firstName: 'Tobi', lastName: '' });
    expect(splitFullName(null)).toEqual({ firstName: '', lastName: '' });
  });
});
