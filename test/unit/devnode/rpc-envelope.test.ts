// Request parsing exactly as bcos-rpc + jsoncpp do it: which malformed envelopes give -32700,
// which -32600, param coercions, and the JSON reader/writer quirks behind them.

import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { startDevnode, type Devnode } from '../../../src/devnode/index';
import {
  parseJsonLenient,
  parseJsonLenientMembers,
  JsonNumber,
  JsonNestingError,
  MEMBERS_READ,
} from '../../../src/devnode/rpc/json';
import { writeJson, writeJsonFast, quote } from '../../../src/devnode/rpc/jsonWrite';
import { createRpcHandler } from '../../../src/devnode/rpc/dispatch';
import { RpcError } from '../../../src/devnode/rpc/errors';
import type { RpcContext } from '../../../src/devnode/rpc/context';

const PARSE =
  '{"error":{"code":-32700,"message":"Invalid JSON was received by the server."},"id":0,"jsonrpc":""}';
const INVALID =
  '{"error":{"code":-32600,"message":"The JSON sent is not a valid Request object."},"id":0,"jsonrpc":""}';

describe('JSON-RPC envelope rules', () => {
  let node: Devnode;
  before(async () => {
    node = await startDevnode({ port: 0, nodes: 1, accounts: 1, logLevel: 'silent' });
  });
  after(() => node.stop());

  const send = (body: string) => node.handle(body);

  it('batch arrays, scalars and a string id are -32700', async () => {
    assert.equal(await send('[{"jsonrpc":"2.0","method":"getBlockNumber","params":[],"id":1}]'), PARSE);
    assert.equal(await send('[]'), PARSE);
    assert.equal(await send('42'), PARSE);
    assert.equal(await send('"text"'), PARSE);
    assert.equal(await send('{"jsonrpc":"2.0","method":"getBlockNumber","params":[],"id":"1"}'), PARSE);
    assert.equal(await send('{"jsonrpc":{},"method":"getBlockNumber","params":[],"id":1}'), PARSE);
    assert.equal(await send('{"jsonrpc":"2.0","method":[],"params":[],"id":1}'), PARSE);
    assert.equal(await send('{"jsonrpc":"2.0","method":"x","params":[],"id":18446744073709551615}'), PARSE);
    assert.equal(await send('['.repeat(1200) + ']'.repeat(1200)), PARSE, 'deeper than jsoncpp stack limit');
  });

  it('unparsable text, null and missing members are -32600', async () => {
    assert.equal(await send(''), INVALID);
    assert.equal(await send('{"jsonrpc":'), INVALID);
    assert.equal(await send('null'), INVALID);
    assert.equal(await send('{"method":"getBlockNumber","params":[],"id":1}'), INVALID);
    assert.equal(await send('{"jsonrpc":"2.0","params":[],"id":1}'), INVALID);
    assert.equal(await send('{"jsonrpc":"2.0","method":"getBlockNumber","id":1}'), INVALID);
    assert.equal(await send('{"jsonrpc":"2.0","method":"getBlockNumber","params":{},"id":1}'), INVALID);
    // Missing jsonrpc is checked before the id is read, so a string id does not matter here.
    assert.equal(await send('{"method":"getBlockNumber","params":[],"id":"x"}'), INVALID);
  });

  it('unknown method is -32601 with jsonrpc and id echoed', async () => {
    assert.equal(
      await send('{"jsonrpc":"1.0","method":"getClientVersion","params":[],"id":-5}'),
      '{"error":{"code":-32601,"message":"The method does not exist/is not available."},"id":-5,"jsonrpc":"1.0"}',
    );
  });

  it('id: optional (0), 64-bit exact, doubles truncated, bools as 0/1; jsonrpc is echoed as text', async () => {
    assert.equal(
      await send('{"jsonrpc":"2.0","method":"getBlockNumber","params":[]}'),
      '{"id":0,"jsonrpc":"2.0","result":0}',
    );
    assert.equal(
      await send('{"jsonrpc":"2.0","method":"getBlockNumber","params":[],"id":9223372036854775807}'),
      '{"id":9223372036854775807,"jsonrpc":"2.0","result":0}',
    );
    assert.equal(
      await send('{"jsonrpc":"2.0","method":"getBlockNumber","params":[],"id":7.9}'),
      '{"id":7,"jsonrpc":"2.0","result":0}',
    );
    assert.equal(
      await send('{"jsonrpc":"2.0","method":"getBlockNumber","params":[],"id":true}'),
      '{"id":1,"jsonrpc":"2.0","result":0}',
    );
    assert.equal(
      await send('{"jsonrpc":2,"method":"getBlockNumber","params":[],"id":null}'),
      '{"id":0,"jsonrpc":"2","result":0}',
    );
    assert.equal(
      await send('{"jsonrpc":2.5,"method":"getBlockNumber","params":[],"id":1}'),
      '{"id":1,"jsonrpc":"2.5","result":0}',
    );
  });

  it('jsoncpp leniency: comments and trailing text are accepted', async () => {
    assert.equal(
      await send('/*c*/{"jsonrpc":"2.0", // x\n"method":"getBlockNumber","params":[],"id":3} trailing'),
      '{"id":3,"jsonrpc":"2.0","result":0}',
    );
  });

  it('params: non-strings read as "", bool/int slots coerce or fail with jsoncpp text', async () => {
    // A number in the group slot reads as "" (the node's only group).
    assert.equal(
      await send('{"jsonrpc":"2.0","method":"getBlockNumber","params":[1],"id":1}'),
      '{"id":1,"jsonrpc":"2.0","result":0}',
    );
    const blk = (p: string) => send(`{"jsonrpc":"2.0","method":"getBlockByNumber","params":${p},"id":1}`);
    assert.match(await blk('["group0","",0.0]'), /"result":\{/);
    assert.match(await blk('["group0","",true]'), /Get block failed/);
    assert.equal(
      await blk('["group0","","0"]'),
      '{"error":{"code":-32600,"message":"Value is not convertible to Int64."},"id":1,"jsonrpc":"2.0"}',
    );
    assert.equal(
      await blk('["group0","",0,"yes"]'),
      '{"error":{"code":-32600,"message":"Value is not convertible to bool."},"id":1,"jsonrpc":"2.0"}',
    );
    // Omitted flags default to true (header only); an explicit null is false.
    assert.doesNotMatch(await blk('["group0","",0]'), /transactions/);
    assert.match(await blk('["group0","",0,null]'), /"transactions":\[\]/);
  });

  it('non-ASCII text is escaped as \\uXXXX in responses', async () => {
    assert.equal(
      await send('{"jsonrpc":"2.0é","method":"getBlockNumber","params":[],"id":1}'),
      '{"id":1,"jsonrpc":"2.0\\u00e9","result":0}',
    );
  });
});

/** An object as the lenient parser builds it (null prototype), not an array or a JsonNumber. */
function isParsedObject(v: unknown): boolean {
  return typeof v === 'object' && v !== null && Object.getPrototypeOf(v) === null;
}

describe('jsoncpp-compatible JSON', () => {
  it('keeps 64-bit integers exact and classifies numbers as jsoncpp does', () => {
    const v = parseJsonLenient(
      '[9223372036854775807,-9223372036854775808,18446744073709551615,1e3,-]',
    ) as JsonNumber[];
    assert.deepEqual(
      v.map((n) => n.kind),
      ['int', 'int', 'uint', 'real', 'int'],
    );
    assert.equal(v[0].int, 9223372036854775807n);
    assert.equal(v[3].real, 1000);
    assert.equal(v[4].int, 0n);
  });

  it('reads integers of up to 15 digits (no text round trip) as the general path reads them', () => {
    // Leading zeros past 15 digits send the same value through the general path (decodeNumber).
    const general = (t: string) => {
      const neg = t.startsWith('-');
      return parseJsonLenient(`${neg ? '-' : ''}${'0'.repeat(16)}${neg ? t.slice(1) : t}`) as JsonNumber;
    };
    let seed = 7;
    const digits = (n: number) =>
      Array.from({ length: n }, () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31), seed % 10)).join('');
    const tokens = ['0', '-0', '007', '-007', '9', '999999999999999', '-999999999999999'];
    for (let n = 1; n <= 15; n++) tokens.push(digits(n), `-${digits(n)}`);
    for (const t of tokens) {
      const fast = parseJsonLenient(t) as JsonNumber;
      const slow = general(t);
      assert.deepEqual([fast.kind, fast.int, fast.real], [slow.kind, slow.int, slow.real], t);
      assert.ok(!Object.is(fast.real, -0), t); // "-0" is the integer 0, as jsoncpp's Int64
    }
    // Past 15 digits, and fractions and exponents, the general path decides.
    const [a, b, c, d] = parseJsonLenient('[1234567890123456,12.5,12e2,-3E1]') as JsonNumber[];
    assert.deepEqual([a.kind, a.int], ['int', 1234567890123456n]);
    assert.deepEqual(
      [b.kind, b.real, c.kind, c.real, d.kind, d.real],
      ['real', 12.5, 'real', 1200, 'real', -30],
    );
  });

  it('rejects what jsoncpp rejects', () => {
    for (const bad of [
      '1e400',
      '{"a" 1}',
      '{"a":1,}',
      '[1,]',
      '"\\x"',
      '"\\ud800"',
      '{1:2}',
      'tru',
      '/* open',
      '1e',
    ]) {
      assert.equal(parseJsonLenient(bad), undefined, bad);
    }
    // The empty-key quirk: "}" after a comma is accepted while the last key is "".
    assert.ok(parseJsonLenient('{"":1,}'));
    assert.throws(() => parseJsonLenient('{"a":'.repeat(1100)), JsonNestingError);
  });

  it('reads the members of an object as parseJsonLenient builds it (the envelope reader)', () => {
    const texts = [
      '{"jsonrpc":"2.0","method":"call","params":["group0","","0x1","0x"],"id":1}',
      '{"method":"a","method":"b","id":1,"id":null}', // the last duplicate wins
      '{"":1,}', // the empty-key quirk
      '{"a":1,}',
      '{"__proto__":{"x":1},"params":[]} trailing',
      '/* c */ {"a": // c\n [1, {"b": 2}]}',
      '{"a":1',
      '{"a" 1}',
      '{"a":}',
      '[{"a":1}]',
      '"x"',
      'null',
      '',
      '12',
    ];
    for (const text of texts) {
      const members: [string, unknown][] = [];
      const read = parseJsonLenientMembers(text, (name, value) => members.push([name, value]));
      const whole = parseJsonLenient(text);
      if (read === MEMBERS_READ) {
        assert.ok(isParsedObject(whole), text);
        const built: Record<string, unknown> = Object.create(null) as Record<string, unknown>;
        for (const [name, value] of members) built[name] = value;
        assert.deepEqual(built, whole, text);
      } else {
        assert.deepEqual(read, whole, text);
        assert.ok(!isParsedObject(whole), text);
      }
    }
    assert.throws(() => parseJsonLenientMembers('{"a":'.repeat(1100), () => {}), JsonNestingError);
  });

  it('writes compact sorted JSON; FastWriter adds a newline', () => {
    assert.equal(
      writeJson({ b: 1, a: [true, null, 'x"\n'], c: 2n ** 63n }),
      '{"a":[true,null,"x\\"\\n"],"b":1,"c":9223372036854775808}',
    );
    assert.equal(writeJsonFast({ z: 1, a: 2 }), '{"a":2,"z":1}\n');
    assert.equal(writeJson('\u0001😀'), '"\\u0001\\ud83d\\ude00"');
  });

  it('orders keys byte-wise on UTF-8, skips undefined members, escapes only what jsoncpp escapes (DEL stays raw)', () => {
    // "é" (0xC3 0xA9) sorts after "z" byte-wise; "Z" before "a"; undefined members vanish.
    assert.equal(writeJson({ é: 1, z: 2, a: 3, Z: 4, u: undefined }), '{"Z":4,"a":3,"z":2,"\\u00e9":1}');
    assert.equal(
      writeJson(['a\\b', '0xAbC', '\u007f', "it's /ok/"]),
      '["a\\\\b","0xAbC","\u007f","it\'s /ok/"]',
    );
    assert.equal(writeJson({ k: [] as never[], o: {} }), '{"k":[],"o":{}}');
  });

  it('writes objects of the same and of different key lists alike, past the bound on remembered key lists', () => {
    // The writer remembers each key list's sorted order (found by the first key): lists that
    // share a first key, differ in one key or in length, integer-like and non-ASCII keys, and
    // more lists than it remembers must all come out as a plain sort writes them.
    const reference = (v: unknown): string => {
      if (Array.isArray(v)) return '[' + v.map(reference).join(',') + ']';
      if (typeof v === 'string') return quote(v);
      if (typeof v === 'number') return String(v);
      const o = v as Record<string, unknown>;
      const keys = Object.keys(o)
        .filter((k) => o[k] !== undefined)
        .sort((a, b) => Buffer.compare(Buffer.from(a), Buffer.from(b)));
      return '{' + keys.map((k) => quote(k) + ':' + reference(o[k])).join(',') + '}';
    };
    const pool = ['a', 'b', 'hash', 'to', 'from', '10', '9', 'é', 'Z', 'logEntries', 'x"y', '0'];
    let seed = 7;
    const rand = (n: number) => {
      seed ^= seed << 13;
      seed ^= seed >>> 17;
      seed ^= seed << 5;
      return (seed >>> 0) % n;
    };
    const object = (depth: number): Record<string, unknown> => {
      const o: Record<string, unknown> = {};
      for (let i = rand(6); i > 0; i--) {
        const k = rand(4) === 0 ? `k${rand(3000)}` : pool[rand(pool.length)];
        const r = rand(5);
        o[k] =
          r === 0 && depth < 2
            ? object(depth + 1)
            : r === 1
              ? undefined
              : r === 2
                ? [rand(9), 'v']
                : `s${rand(5)}`;
      }
      return o;
    };
    for (let i = 0; i < 5000; i++) {
      const o = object(0);
      assert.equal(writeJson(o), reference(o), JSON.stringify(o));
    }
  });
});

describe('JSON-RPC dispatch of synchronous and asynchronous methods', () => {
  it('a method answered without an await gives the same bytes as one that awaits', async () => {
    const fail = () => {
      throw new RpcError(-32602, 'bad');
    };
    const handle = createRpcHandler({} as RpcContext, {
      sync: () => ({ n: 7n, s: 'x' }),
      async: () => Promise.resolve({ n: 7n, s: 'x' }),
      thenable: () => ({ then: (ok: (v: unknown) => void) => ok({ n: 7n, s: 'x' }) }),
      syncThrow: fail,
      asyncThrow: () => Promise.resolve().then(fail),
      syncUndefined: () => undefined,
      asyncUndefined: () => Promise.resolve(undefined),
    });
    const ask = (method: string) => handle(`{"jsonrpc":"2.0","id":9,"method":"${method}","params":[]}`);
    const answer = '{"id":9,"jsonrpc":"2.0","result":{"n":7,"s":"x"}}';
    assert.equal(await ask('sync'), answer);
    assert.equal(await ask('async'), answer);
    assert.equal(await ask('thenable'), answer);
    assert.equal(await ask('syncThrow'), '{"error":{"code":-32602,"message":"bad"},"id":9,"jsonrpc":"2.0"}');
    assert.equal(await ask('asyncThrow'), await ask('syncThrow'));
    assert.equal(await ask('syncUndefined'), '{"id":9,"jsonrpc":"2.0","result":null}');
    assert.equal(await ask('asyncUndefined'), await ask('syncUndefined'));
  });
});
