import { describe, expect, it } from 'vitest';
import { proxyImageUrl } from './proxy.js';

describe('proxyImageUrl', () => {
  it('sends remote images through the proxy, the address encoded', () => {
    expect(proxyImageUrl('https://wx1.sinaimg.cn/large/a.jpg?x=1&y=二')).toBe(
      '/api/v1/proxy?type=img&uri=https%3A%2F%2Fwx1.sinaimg.cn%2Flarge%2Fa.jpg%3Fx%3D1%26y%3D%E4%BA%8C',
    );
    expect(proxyImageUrl('http://example.com/a.png')).toBe(
      '/api/v1/proxy?type=img&uri=http%3A%2F%2Fexample.com%2Fa.png',
    );
  });

  it('leaves same-origin paths, data: and blob: URLs as they are', () => {
    expect(proxyImageUrl('/demo-assets/car-1.svg')).toBe('/demo-assets/car-1.svg');
    expect(proxyImageUrl('data:image/png;base64,iVBORw0KGgo=')).toBe(
      'data:image/png;base64,iVBORw0KGgo=',
    );
    expect(proxyImageUrl('blob:http://localhost/1234')).toBe('blob:http://localhost/1234');
    expect(proxyImageUrl('')).toBe('');
  });

  it('takes protocol-relative addresses as https, not as same-origin paths', () => {
    expect(proxyImageUrl('//img.example.com/a.png')).toBe(
      '/api/v1/proxy?type=img&uri=https%3A%2F%2Fimg.example.com%2Fa.png',
    );
  });
});
