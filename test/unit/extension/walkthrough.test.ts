// The Get Started walkthrough in package.json: the five steps the issue names, each with its
// markdown (shipped in media/), and every command it links or completes on is a real command.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const root = join(__dirname, '..', '..', '..');
interface Step {
  id: string;
  title: string;
  description: string;
  media: { markdown?: string };
  completionEvents?: string[];
}
const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {
  contributes: {
    commands: { command: string }[];
    views: Record<string, { id: string }[]>;
    walkthroughs: { id: string; title: string; steps: Step[] }[];
  };
};

describe('Get Started walkthrough', () => {
  const [walkthrough] = manifest.contributes.walkthroughs;

  it('covers connect, account, deploy and link, BFS and voting', () => {
    assert.equal(walkthrough.id, 'fiscoBcos.getStarted');
    assert.deepEqual(
      walkthrough.steps.map((s) => s.id),
      ['connect', 'account', 'deploy', 'bfs', 'vote'],
    );
  });

  it('links and completes on real commands, and ships its markdown', () => {
    const views = Object.values(manifest.contributes.views).flat();
    const known = new Set([
      ...manifest.contributes.commands.map((c) => c.command),
      ...views.map((v) => `${v.id}.focus`), // VS Code's generated "focus view" commands
    ]);
    const ignore = readFileSync(join(root, '.vscodeignore'), 'utf8');
    assert.match(ignore, /^!media\/\*\*$/m, 'media/ is packaged');
    for (const step of walkthrough.steps) {
      const links = [...step.description.matchAll(/\(command:([\w.]+)\)/g)].map((m) => m[1]);
      assert.ok(links.length > 0, `${step.id} offers a button`);
      for (const c of links) assert.ok(known.has(c), `${step.id}: command:${c}`);
      for (const e of step.completionEvents ?? []) {
        const [kind, target] = e.split(':');
        if (kind === 'onCommand') assert.ok(known.has(target), `${step.id}: ${e}`);
        else if (kind === 'onView')
          assert.ok(
            views.some((v) => v.id === target),
            `${step.id}: ${e}`,
          );
        else assert.fail(`${step.id}: unexpected completion event ${e}`);
      }
      assert.ok(step.media.markdown && existsSync(join(root, step.media.markdown)), `${step.id} markdown`);
    }
  });
});
