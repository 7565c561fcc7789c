import { describe, expect, it } from 'vitest';
import { frameUrl, imageUrl, paragraphs } from './content';

describe('landing and iframe content', () => {
  it('splits text into trimmed paragraphs and keeps markup as text', () => {
    expect(paragraphs('欢迎\n\n  <b>舆情</b> 概览 \r\n')).toEqual(['欢迎', '<b>舆情</b> 概览']);
    expect(paragraphs(undefined)).toEqual([]);
  });

  it('frames only http(s) addresses and paths on this site', () => {
    expect(frameUrl('https://example.com/a?b=1')).toBe('https://example.com/a?b=1');
    expect(frameUrl('/report/1')).toBe('/report/1');
    expect(frameUrl('javascript:alert(1)')).toBeUndefined();
    expect(frameUrl('data:text/html,<script>1</script>')).toBeUndefined();
    expect(frameUrl('not a url')).toBeUndefined();
    expect(frameUrl(undefined)).toBeUndefined();
  });

  it('shows images from http(s), site paths and inline rasters only', () => {
    expect(imageUrl('/theme/banner.png')).toBe('/theme/banner.png');
    expect(imageUrl('https://cdn.example.com/x.jpg')).toBe('https://cdn.example.com/x.jpg');
    expect(imageUrl('data:image/png;base64,AAAA')).toBe('data:image/png;base64,AAAA');
    expect(imageUrl('data:image/svg+xml,<svg/>')).toBeUndefined();
    expect(imageUrl('javascript:alert(1)')).toBeUndefined();
    expect(imageUrl('  ')).toBeUndefined();
  });
});
