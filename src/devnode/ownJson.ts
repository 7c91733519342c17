// Rows and files the dev node wrote itself with JSON.stringify (table rows, chain.json, block
// records): reading one back names the writer's type. This is the one place that trusts a shape
// without checking it; data from outside (RPC params, user files) never comes through here.

export function parseOwnJson<T>(text: string): T {
  // eslint-disable-next-line @typescript-eslint/no-unsafe-type-assertion -- written by this node's own writer of T
  return JSON.parse(text) as T;
}
