// The server's @emotion/serialize is patched (patches/, decision 0057) to compute a style's name
// once per text. A guard of sameness: the names are the ones the unpatched function gives (murmur2
// of the text plus the labels), on the first call and on the later ones.
import hashString from '@emotion/hash';
import { keyframes } from '@emotion/react';
import { serializeStyles } from '@emotion/serialize';
import { describe, expect, it } from 'vitest';

describe('serializeStyles on the server', () => {
  it('names a style by the hash of its text and its labels, every time', () => {
    const text = 'color:var(--st-accent);margin:0;label:Title;';
    for (let i = 0; i < 3; i++) {
      const s = serializeStyles([text], {}, {});
      expect(s).toMatchObject({ name: `${hashString(text)}-Title`, styles: text });
    }
    const other = serializeStyles(['color:red;'], {}, {});
    expect(other.name).toBe(hashString('color:red;'));
  });

  it('still links the keyframes of each call', () => {
    const spin = keyframes`from{opacity:0}to{opacity:1}`;
    const a = serializeStyles([{ animation: `${spin} 1s` } as never], {}, {});
    const b = serializeStyles([{ animation: `${spin} 1s` } as never], {}, {});
    expect(a.name).toBe(b.name);
    expect(a.next?.name).toBe(spin.name);
    expect(b.next?.name).toBe(spin.name);
  });
});
