'use strict';
// Loaded with --require before every Design Automation program, in the sandboxed process.
// The kernel's network namespace is the wall (where the platform could make one); this is the second
// belt: it refuses the network from JavaScript with a clear error, also where no namespace exists.
// Node's permission model guards the file system, child processes and workers; neither it nor this
// file is a security boundary on its own (see docs/engines/design-automation.md).

const Module = require('node:module');

const NO_NETWORK = 'a Design Automation program has no network access';

function refused(what, why = NO_NETWORK) {
  return function refuse() {
    const error = new Error(`${what} is refused: ${why}.`);
    error.code = 'ERR_ACCESS_DENIED';
    throw error;
  };
}

function seal(target, names, label) {
  for (const name of names) {
    if (target && typeof target[name] === 'function') {
      Object.defineProperty(target, name, { value: refused(`${label}.${name}`), writable: false, configurable: false });
    }
  }
}

const net = require('node:net');
seal(net, ['connect', 'createConnection', 'createServer'], 'net');
seal(net.Socket.prototype, ['connect'], 'net.Socket');
seal(net.Server.prototype, ['listen'], 'net.Server');
const dgram = require('node:dgram');
seal(dgram, ['createSocket'], 'dgram');
seal(dgram.Socket.prototype, ['bind', 'connect', 'send'], 'dgram.Socket');
seal(require('node:tls'), ['connect', 'createServer'], 'tls');
for (const name of ['http', 'https']) seal(require(`node:${name}`), ['request', 'get', 'createServer'], name);
seal(require('node:http2'), ['connect', 'createServer', 'createSecureServer'], 'http2');
const dns = require('node:dns');
const lookups = [
  'lookup',
  'lookupService',
  'resolve',
  'resolve4',
  'resolve6',
  'resolveAny',
  'resolveCname',
  'resolveMx',
  'resolveNs',
  'resolveTxt',
  'resolveSrv',
  'resolveNaptr',
  'resolvePtr',
  'resolveSoa',
  'resolveCaa',
  'reverse',
];
seal(dns, lookups, 'dns');
seal(dns.promises, lookups, 'dns.promises');
seal(dns.Resolver.prototype, lookups, 'dns.Resolver');
seal(dns.promises.Resolver.prototype, lookups, 'dns.promises.Resolver');
seal(require('node:inspector'), ['open'], 'inspector');

for (const name of ['fetch', 'WebSocket', 'EventSource']) {
  if (name in globalThis) {
    Object.defineProperty(globalThis, name, { value: refused(name), writable: false, configurable: false });
  }
}
// The process namespace already hides every other process; this is the belt for where it does not.
for (const name of ['kill', '_kill', '_debugProcess']) {
  const why = 'a Design Automation program may not signal other processes';
  Object.defineProperty(process, name, {
    value: refused(`process.${name}`, why),
    writable: false,
    configurable: false,
  });
}

// Settings flagged `isEnvironmentVariable` arrive here rather than in the process's environment, so
// that no name (NODE_OPTIONS, LD_PRELOAD) can change how the sandbox itself starts.
const settings = process.env.APS_DA_ENV;
delete process.env.APS_DA_ENV;
if (settings) for (const [name, value] of Object.entries(JSON.parse(settings))) process.env[name] = value;

Module.syncBuiltinESMExports();
