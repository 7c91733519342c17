// A scenario is a user story run against the shared workbench; each step leaves a screenshot.
import fs from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import type { Devnode } from '../../../scripts/lib/devnode-process';
import type { Workbench } from './workbench';

export interface ScenarioContext {
  page: Page;
  wb: Workbench;
  devnode: Devnode;
  /** The copy of samples/workspace the workbench has open. */
  workspace: string;
  /** Runs one named step, then screenshots the page. */
  step<T>(name: string, fn: () => Promise<T>): Promise<T>;
  log(line: string): void;
}

export interface Scenario {
  name: string;
  run(ctx: ScenarioContext): Promise<void>;
}

export class StepRecorder {
  private count = 0;
  /** The name of the first step that failed, for the run's closing summary. */
  failedStep: string | undefined;
  constructor(
    private readonly page: Page,
    readonly dir: string,
  ) {
    fs.mkdirSync(dir, { recursive: true });
  }

  async step<T>(name: string, fn: () => Promise<T>): Promise<T> {
    const n = String(++this.count).padStart(2, '0');
    const started = Date.now();
    try {
      const result = await fn();
      await this.shot(`${n}-${slug(name)}`);
      console.log(`    ✓ ${name} (${Date.now() - started} ms)`);
      return result;
    } catch (err) {
      await this.shot(`${n}-${slug(name)}-FAILED`);
      console.log(`    ✗ ${name}`);
      this.failedStep ??= name;
      throw err;
    }
  }

  async shot(name: string): Promise<void> {
    await this.page.screenshot({ path: path.join(this.dir, `${name}.png`) }).catch(() => undefined);
  }
}

export function slug(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 60);
}
