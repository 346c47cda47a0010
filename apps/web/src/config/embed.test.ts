import { describe, expect, it } from 'vitest';
import { readEmbedOptions } from './embed.ts';

describe("the widget's options", () => {
  it('are read from the frame address', () => {
    expect(
      readEmbedOptions(
        '?layout=button&theme=dark&accent=%23e11d48&ref=insta&via=widget&host=https%3A%2F%2Fo.example%2Fp%3Fx%3D1',
      ),
    ).toEqual({
      layout: 'button',
      theme: 'dark',
      accent: '#e11d48',
      ref: 'insta',
      host: 'https://o.example/p?x=1',
    });
  });

  it('fall back to the defaults, or to what the tab kept, for anything not valid', () => {
    expect(
      readEmbedOptions('?layout=grid&theme=neon&accent=red;x&ref=a%20b&host=javascript:alert(1)'),
    ).toEqual({ layout: 'list', theme: 'light', accent: '#4f46e5', ref: null, host: null });
    expect(
      readEmbedOptions('', {
        layout: 'button',
        theme: 'dark',
        accent: '#000000',
        ref: 'wa',
        host: 'https://o.example/',
      }),
    ).toMatchObject({ layout: 'button', theme: 'dark', ref: 'wa', host: 'https://o.example/' });
  });
});
