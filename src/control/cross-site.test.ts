import { describe, expect, it } from 'vitest';
import { findCrossSiteGap } from './cross-site.js';

describe('what a change of the control API must carry', () => {
  it('asks nothing of reads and preflights', () => {
    for (const method of ['GET', 'HEAD', 'OPTIONS']) expect(findCrossSiteGap(method, {})).toBeUndefined();
  });

  it('refuses a change a cross-site page can send without a preflight, naming what is missing', () => {
    for (const type of [undefined, 'text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x']) {
      const gap = findCrossSiteGap('POST', { 'content-type': type });
      expect(gap).toContain('X-Authmock-Client');
      expect(gap).toContain('application/json');
    }
    expect(findCrossSiteGap('DELETE', { 'x-authmock-client': '  ' })).toBeDefined();
  });

  it('lets a JSON body, the control key header or X-Authmock-Client through', () => {
    expect(findCrossSiteGap('PUT', { 'content-type': 'application/json; charset=utf-8' })).toBeUndefined();
    expect(findCrossSiteGap('PATCH', { 'content-type': 'application/merge-patch+json' })).toBeUndefined();
    expect(findCrossSiteGap('POST', { 'x-authmock-key': 'k' })).toBeUndefined();
    expect(findCrossSiteGap('DELETE', { 'x-authmock-client': 'my-tests' })).toBeUndefined();
  });
});
