// node:http and node:https, loaded with the first transport rather than with the SDK: the
// extension host imports the SDK at activation and may never open a connection.

import type * as Http from 'node:http';
import type * as Https from 'node:https';

let http: typeof Http | undefined;
let https: typeof Https | undefined;

// eslint-disable-next-line @typescript-eslint/no-require-imports, @typescript-eslint/no-unsafe-type-assertion -- a lazy require is untyped
export const nodeHttp = (): typeof Http => (http ??= require('node:http') as typeof Http);

// eslint-disable-next-line @typescript-eslint/no-require-imports, @typescript-eslint/no-unsafe-type-assertion -- a lazy require is untyped
export const nodeHttps = (): typeof Https => (https ??= require('node:https') as typeof Https);
