import { ESLint } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, expect, it } from 'vitest';
import layers from '../../scripts/eslint/layers.mjs';

const ROOT = 'test/fixtures/layers/src';

const lint = new ESLint({
  overrideConfigFile: true,
  ignore: false,
  overrideConfig: [
    {
      files: ['**/*.ts'],
      languageOptions: { parser: tseslint.parser },
      plugins: { local: layers },
      rules: { 'local/layers': ['error', { root: ROOT }] },
    },
  ],
});

async function messagesFor(file: string): Promise<string[]> {
  const [result] = await lint.lintFiles([`${ROOT}/${file}`]);
  return result!.messages.map((m) => m.message);
}

describe('local/layers', () => {
  // One fixture per zone, each breaking it with one import.
  it.each([
    ['core/breaks-outside.ts', /^core may not import messages .*: core imports nothing outside it$/],
    ['core/feed/breaks-surface.ts', /^import src\/core\/matching through index\.ts, not match\.ts$/],
    ['messages/breaks-db.ts', /^messages may not import db /],
    ['db/breaks-messages.ts', /^db may not import messages /],
    ['browser/breaks-ui.ts', /^browser may not import ui\/shared /],
    ['ui/shared/breaks-popup.ts', /^ui\/shared may not import ui\/popup /],
    ['ui/card/breaks-content.ts', /^ui\/card may not import content /],
    ['ui/popup/breaks-options.ts', /^ui\/popup may not import ui\/options /],
    ['ui/options/breaks-popup.ts', /^ui\/options may not import ui\/popup /],
    ['ui/popup/breaks-db.ts', /^ui\/popup may not import db /],
    ['ui/popup/breaks-matching.ts', /^ui\/popup may not import core\/matching .*the background worker matches/],
    ['content/breaks-db.ts', /^content may not import db /],
    ['content/breaks-background.ts', /^content may not import background /],
    ['content/breaks-popup.ts', /^content may not import ui\/popup /],
    ['content/breaks-surface.ts', /^import src\/core\/feed through index\.ts, not parse\.ts$/],
    ['popup/breaks-options.ts', /^popup may not import ui\/options /],
    ['options/breaks-db.ts', /^options may not import db /],
    ['background/breaks-content.ts', /^background may not import content /],
    ['cli/breaks-content.ts', /^cli may not import content .*: cli imports core, content\/text-extract\.ts/],
    ['stray/breaks-picture.ts', /^src\/stray\/ is in no layer of the picture/],
  ])('%s fails', async (file, message) => {
    expect(await messagesFor(file)).toEqual([expect.stringMatching(message)]);
  });

  it('holds db and messages to their surface, type imports included', async () => {
    expect(await messagesFor('background/breaks-surface.ts')).toEqual([
      'import src/db through index.ts, not tables.ts',
      'import src/messages through index.ts or tab.ts or data-revision.ts, not area.ts',
    ]);
  });

  // Each control makes every kind of import its layer may: it fails if the rule over-reaches.
  it.each([
    'core/control.ts',
    'core/feed/control.ts',
    'messages/control.ts',
    'db/control.ts',
    'browser/control.ts',
    'ui/shared/control.ts',
    'ui/card/control.ts',
    'ui/popup/control.ts',
    'ui/options/control.ts',
    'content/control.ts',
    'popup/control.ts',
    'options/control.ts',
    'background/control.ts',
    'cli/control.ts',
  ])('%s passes', async (file) => {
    expect(await messagesFor(file)).toEqual([]);
  });

  it('runs on src/ in the project config', async () => {
    const project = new ESLint();
    const [result] = await project.lintText("import type { AfterpartyDb } from '../db/index.ts';\n", {
      filePath: 'src/content/probe.ts',
    });
    expect(result!.messages.filter((m) => m.ruleId === 'local/layers').map((m) => m.message)).toEqual([
      expect.stringMatching(/^content may not import db /),
    ]);
  });
});
