// Keccak-f[1600] as a small WebAssembly function, assembled here from its definition: 64-bit
// lanes with native rotations take about a third of the operations of the 32-bit halves the
// JavaScript permutation (keccak.ts) works on. The state is 25 little-endian lanes at offset 0 of
// the module's memory, the 24 round constants follow it. The steps are FIPS 202 §3.2 (θ, ρ, π,
// χ, ι) with its rotation offsets; keccak.ts tests it against its own permutation.

/** Rotation offsets of lane x + 5y (FIPS 202 §3.2.2). */
const RHO = [0, 1, 62, 28, 27, 36, 44, 6, 55, 20, 3, 10, 43, 25, 39, 41, 45, 15, 21, 8, 18, 2, 61, 56, 14];

// WebAssembly opcodes used below.
const LOCAL_GET = 0x20;
const LOCAL_SET = 0x21;
const I32_CONST = 0x41;
const I64_CONST = 0x42;
const I64_LOAD = 0x29;
const I64_STORE = 0x37;
const I64_AND = 0x83;
const I64_XOR = 0x85;
const I64_ROTL = 0x89;
const I32_ADD = 0x6a;
const I32_LT_U = 0x49;
const LOOP = 0x03;
const BR_IF = 0x0d;
const END = 0x0b;
const VOID = 0x40;

function uleb(n: number): number[] {
  const out: number[] = [];
  do {
    let b = n & 0x7f;
    n >>>= 7;
    if (n !== 0) b |= 0x80;
    out.push(b);
  } while (n !== 0);
  return out;
}

function sleb(n: number): number[] {
  const out: number[] = [];
  for (;;) {
    const b = n & 0x7f;
    n >>= 7;
    if ((n === 0 && (b & 0x40) === 0) || (n === -1 && (b & 0x40) !== 0)) return [...out, b];
    out.push(b | 0x80);
  }
}

function section(id: number, body: number[]): number[] {
  return [id, ...uleb(body.length), ...body];
}

/**
 * The permutation's body. Locals: 0-24 the state, 25-29 θ's column parities C, 30-34 its D,
 * 35-59 the lanes after ρ and π, 60 the round's offset into the constants (i32).
 */
function permuteBody(): number[] {
  const A = 0;
  const C = 25;
  const D = 30;
  const B = 35;
  const ROUND = 60;
  const code: number[] = [];
  const get = (l: number) => code.push(LOCAL_GET, l);
  const set = (l: number) => code.push(LOCAL_SET, l);
  const zero = () => code.push(I32_CONST, 0);
  // Load the lanes.
  for (let i = 0; i < 25; i++) {
    zero();
    code.push(I64_LOAD, 3, ...uleb(8 * i));
    set(A + i);
  }
  code.push(LOOP, VOID);
  // θ: column parities C[x], then D[x] = C[x-1] ^ rot(C[x+1], 1).
  for (let x = 0; x < 5; x++) {
    get(A + x);
    for (let y = 1; y < 5; y++) {
      get(A + x + 5 * y);
      code.push(I64_XOR);
    }
    set(C + x);
  }
  for (let x = 0; x < 5; x++) {
    get(C + ((x + 4) % 5));
    get(C + ((x + 1) % 5));
    code.push(I64_CONST, 1, I64_ROTL, I64_XOR);
    set(D + x);
  }
  // θ's XOR, ρ and π: B[y, 2x + 3y] = rot(A[x, y] ^ D[x], RHO[x, y]).
  for (let x = 0; x < 5; x++) {
    for (let y = 0; y < 5; y++) {
      get(A + x + 5 * y);
      get(D + x);
      code.push(I64_XOR);
      const r = RHO[x + 5 * y];
      if (r !== 0) code.push(I64_CONST, ...sleb(r), I64_ROTL);
      set(B + y + 5 * ((2 * x + 3 * y) % 5));
    }
  }
  // χ: A[x, y] = B[x, y] ^ (~B[x+1, y] & B[x+2, y]).
  for (let y = 0; y < 5; y++) {
    for (let x = 0; x < 5; x++) {
      get(B + x + 5 * y);
      get(B + ((x + 1) % 5) + 5 * y);
      code.push(I64_CONST, 0x7f, I64_XOR); // ~b (XOR with -1)
      get(B + ((x + 2) % 5) + 5 * y);
      code.push(I64_AND, I64_XOR);
      set(A + x + 5 * y);
    }
  }
  // ι: the round constant (after the state, at 200 + 8 * round).
  get(A);
  get(ROUND);
  code.push(I64_LOAD, 3, ...uleb(200), I64_XOR);
  set(A);
  // Next round while the offset stays below 24 * 8.
  get(ROUND);
  code.push(I32_CONST, 8, I32_ADD);
  code.push(0x22, ROUND); // local.tee
  code.push(I32_CONST, ...sleb(192), I32_LT_U, BR_IF, 0, END);
  for (let i = 0; i < 25; i++) {
    zero();
    get(A + i);
    code.push(I64_STORE, 3, ...uleb(8 * i));
  }
  code.push(END);
  // Locals: 60 i64 (0x7e), 1 i32 (0x7f).
  const locals = [2, 60, 0x7e, 1, 0x7f];
  return [...locals, ...code];
}

function moduleBytes(): Uint8Array<ArrayBuffer> {
  const body = permuteBody();
  const name = [...'permute'].map((c) => c.charCodeAt(0));
  const mem = [...'memory'].map((c) => c.charCodeAt(0));
  return Uint8Array.from([
    ...[0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00],
    ...section(1, [1, 0x60, 0, 0]), // one type: () -> ()
    ...section(3, [1, 0]), // one function of that type
    ...section(5, [1, 0, 1]), // one memory of one page
    ...section(7, [2, name.length, ...name, 0, 0, mem.length, ...mem, 2, 0]),
    ...section(10, [1, ...uleb(body.length), ...body]),
  ]);
}

/** The permutation and its state (50 32-bit words: lane i's low half at 2i, its high at 2i + 1). */
export interface WasmPermutation {
  state: Int32Array;
  permute: () => void;
}

/** The module's export is a function of no arguments (its type section says so). */
function isPermute(v: unknown): v is () => void {
  return typeof v === 'function';
}

const LITTLE_ENDIAN = new Uint8Array(Uint32Array.of(1).buffer)[0] === 1;

/** The WebAssembly permutation with the given round constants, or undefined without WebAssembly. */
export function wasmPermutation(rcLow: Int32Array, rcHigh: Int32Array): WasmPermutation | undefined {
  if (typeof WebAssembly !== 'object') return undefined;
  // The state is shared as host-order 32-bit words, WebAssembly loads little-endian lanes: on a
  // big-endian host the halves would be byte-swapped, so the JS permutation runs there.
  if (!LITTLE_ENDIAN) return undefined;
  try {
    const instance = new WebAssembly.Instance(new WebAssembly.Module(moduleBytes()));
    const memory = instance.exports.memory;
    const permute = instance.exports.permute;
    if (!(memory instanceof WebAssembly.Memory) || !isPermute(permute)) return undefined;
    const words = new Int32Array(memory.buffer, 0, 50 + 48);
    for (let r = 0; r < 24; r++) {
      words[50 + 2 * r] = rcLow[r];
      words[51 + 2 * r] = rcHigh[r];
    }
    return { state: words.subarray(0, 50), permute };
  } catch {
    // A host that forbids compiling WebAssembly (a strict content security policy).
    return undefined;
  }
}
