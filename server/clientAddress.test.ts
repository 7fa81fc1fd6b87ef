import { describe, expect, it } from 'vitest';
import { callerKey, clientKey } from './clientAddress';

describe('the address the rate limit keys on', () => {
  it('with no trusted proxy, is the socket peer whatever X-Forwarded-For says', () => {
    expect(callerKey('1.2.3.4', '198.51.100.9', 0)).toBe('198.51.100.9');
  });

  it('with one proxy, is the entry that proxy appended (the rightmost), not the caller-written leftmost', () => {
    expect(callerKey('6.6.6.6, 203.0.113.7', '10.0.0.1', 1)).toBe('203.0.113.7');
    expect(callerKey('203.0.113.7', '10.0.0.1', 1)).toBe('203.0.113.7');
  });

  it('with two proxies, is the second from the right', () => {
    expect(callerKey('6.6.6.6, 203.0.113.7, 10.0.0.2', '10.0.0.1', 2)).toBe('203.0.113.7');
  });

  it('falls back to the peer when the header is missing, too short for the hops, or not an address there', () => {
    expect(callerKey(undefined, '10.0.0.1', 1)).toBe('10.0.0.1');
    expect(callerKey('203.0.113.7', '10.0.0.1', 2)).toBe('10.0.0.1');
    expect(callerKey('1.2.3.4, hello', '10.0.0.1', 1)).toBe('10.0.0.1');
    expect(callerKey('1.2.3.4, 999.1.1.1', '10.0.0.1', 1)).toBe('10.0.0.1');
    expect(callerKey('x', undefined, 1)).toBe('unknown');
  });

  it('keys IPv6 callers by their /64, and IPv4-mapped IPv6 as IPv4', () => {
    expect(clientKey('2001:db8:1:2:aaaa::1')).toBe('2001:db8:1:2::/64');
    expect(clientKey('2001:db8:1:2:bbbb:cccc:dddd:eeee')).toBe('2001:db8:1:2::/64');
    expect(clientKey('[2001:db8::1]')).toBe('2001:db8:0:0::/64');
    expect(clientKey('::ffff:192.0.2.1')).toBe('192.0.2.1');
    expect(clientKey('::1')).toBe('0:0:0:0::/64');
  });

  it('recognises no address in text that is not one', () => {
    for (const text of ['', 'localhost', '1.2.3', '1.2.3.4.5', '01.2.3.4', '2001:db8::1::2', '2001:db8:zz::1', '1:2:3:4:5:6:7:8:9', '::ffff:300.1.1.1']) {
      expect(clientKey(text), text).toBeUndefined();
    }
  });
});
