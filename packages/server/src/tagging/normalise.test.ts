import { describe, expect, it } from 'vitest';
import { normalise } from './normalise.js';

describe('normalise', () => {
  it('turns full-width letters, digits and punctuation into lower-case ASCII', () => {
    expect(normalise('星河Ｓ７，ＳＵＶ！')).toBe('星河s7,suv!');
  });

  it('drops spaces beside Chinese characters, keeps them between Latin words and keeps line breaks', () => {
    expect(normalise('星河 S7　的 Xinghe Auto\n续航')).toBe('星河s7的xinghe auto\n续航');
  });
});
