import { describe, expect, it } from '@jest/globals';
import { isPrivateAddress, privateLiteralHost } from './private-addresses';

describe('private webhook addresses', () => {
  it.each([
    '127.0.0.1',
    '127.255.255.254',
    '10.0.0.1',
    '172.16.0.1',
    '172.31.255.255',
    '192.168.1.10',
    '169.254.169.254',
    '100.64.0.1',
    '0.0.0.0',
    '192.0.2.1',
    '224.0.0.1',
    '255.255.255.255',
    '::',
    '::1',
    '::ffff:7f00:1',
    '::ffff:127.0.0.1',
    '::ffff:a00:1',
    '::ffff:8.8.8.8',
    '::7f00:1',
    '64:ff9b::a00:1',
    'fc00::1',
    'fd12:3456::1',
    'fe80::1',
    'fec0::1',
    'ff02::1',
    '2001:db8::1',
    'not-an-address',
  ])('should refuse %s', (address) => {
    expect(isPrivateAddress(address)).toBe(true);
  });

  it.each(['8.8.8.8', '1.1.1.1', '93.184.216.34', '172.32.0.1', '100.128.0.1', '2606:4700:4700::1111', '2a00:1450:4001::200e'])(
    'should allow %s',
    (address) => {
      expect(isPrivateAddress(address)).toBe(false);
    },
  );

  it.each([
    ['https://127.0.0.1/hook', '127.0.0.1'],
    ['https://0x7f000001/hook', '127.0.0.1'],
    ['https://127.1/hook', '127.0.0.1'],
    ['https://2130706433/hook', '127.0.0.1'],
    ['https://0177.0.0.1/hook', '127.0.0.1'],
    ['https://127.0.0.1./hook', '127.0.0.1'],
    ['https://0xa.0.0.1/hook', '10.0.0.1'],
    ['https://[::1]/hook', '::1'],
    ['https://[0:0:0:0:0:0:0:1]/hook', '::1'],
    ['https://[::ffff:127.0.0.1]/hook', '::ffff:7f00:1'],
    ['https://[::ffff:169.254.169.254]/hook', '::ffff:a9fe:a9fe'],
  ])('should read %s as the private address %s, however it is spelled', (url, host) => {
    expect(privateLiteralHost(new URL(url))).toBe(host);
  });

  it.each([
    'https://hooks.example.com/x',
    'https://localhost/x',
    'https://8.8.8.8/x',
    'https://134744072/x',
    'https://[2606:4700::1111]/x',
  ])('should leave %s to the connection-time check (a name) or allow it (a public address)', (url) => {
    expect(privateLiteralHost(new URL(url))).toBeNull();
  });
});
