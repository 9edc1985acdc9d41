import { describe, expect, it } from 'vitest';
import { createHostCheck, hostnameOf } from './allowed-hosts.js';

describe('the Host names the control API answers', () => {
  const allows = createHostCheck('127.0.0.1', ['mock.test', 'Shop.Example:8080']);

  it('answers loopback names and addresses, with or without a port', () => {
    for (const host of [
      'localhost',
      'localhost:4010',
      'LOCALHOST.',
      'app.localhost:4010',
      '127.0.0.1:4010',
      '127.9.8.7',
      '[::1]:4010',
      '[::1]',
    ])
      expect(allows(host), host).toBe(true);
  });

  it('answers the names given with --allowed-host, whatever their case or port', () => {
    for (const host of ['mock.test', 'mock.test:4010', 'MOCK.TEST', 'shop.example:1']) expect(allows(host), host).toBe(true);
  });

  it('refuses any other name or address, a rebinding page among them', () => {
    for (const host of [
      'attacker.example',
      'attacker.example:4010',
      'localhost.attacker.example',
      '10.0.0.1',
      '[::2]',
      'mock.test.evil',
      '',
    ])
      expect(allows(host), host).toBe(false);
  });

  it('answers the address it listens on', () => {
    expect(createHostCheck('192.168.1.4', [])('192.168.1.4:4010')).toBe(true);
    expect(createHostCheck('192.168.1.4', [])('192.168.1.5:4010')).toBe(false);
  });

  it("answers the machine's own addresses when it listens on all of them", () => {
    expect(createHostCheck('0.0.0.0', [])('127.0.0.1')).toBe(true);
    expect(createHostCheck('0.0.0.0', [])('attacker.example')).toBe(false);
  });

  it('lets a request without Host through: no browser sends one', () => {
    expect(allows(undefined)).toBe(true);
  });

  it('reads the host out of a Host header', () => {
    expect(hostnameOf('Example.COM:80')).toBe('example.com');
    expect(hostnameOf('[::1]:4010')).toBe('::1');
    expect(hostnameOf('::1')).toBe('::1');
  });
});
