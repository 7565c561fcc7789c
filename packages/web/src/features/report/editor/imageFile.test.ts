// @vitest-environment happy-dom
import { REPORT_IMAGE_MAX_BYTES } from '@yuqing/core';
import { describe, expect, it } from 'vitest';
import { imageRefusal, readDataUrl } from './imageFile';

describe('imageRefusal', () => {
  it('takes PNG, JPEG, GIF and WebP up to 2 MB', () => {
    for (const type of ['image/png', 'image/jpeg', 'image/gif', 'image/webp']) {
      expect(imageRefusal({ type, size: REPORT_IMAGE_MAX_BYTES })).toBeUndefined();
    }
  });

  it('refuses other types, SVG included, and larger files', () => {
    expect(imageRefusal({ type: 'image/svg+xml', size: 10 })).toBe(
      '图片须为 PNG、JPEG、GIF 或 WebP',
    );
    expect(imageRefusal({ type: '', size: 10 })).toBe('图片须为 PNG、JPEG、GIF 或 WebP');
    expect(imageRefusal({ type: 'image/png', size: REPORT_IMAGE_MAX_BYTES + 1 })).toBe(
      '图片不能超过 2 MB',
    );
  });
});

describe('readDataUrl', () => {
  it('reads a file as a base64 data URL', async () => {
    const file = new File([new Uint8Array([137, 80, 78, 71])], 'a.png', { type: 'image/png' });
    expect(await readDataUrl(file)).toBe('data:image/png;base64,iVBORw==');
  });
});
