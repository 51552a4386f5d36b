import { ESLint } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, expect, it } from 'vitest';
import local from '../../scripts/eslint/no-import-cycle.mjs';

const lint = new ESLint({
  overrideConfigFile: true,
  ignore: false,
  overrideConfig: [
    {
      files: ['**/*.ts'],
      languageOptions: { parser: tseslint.parser },
      plugins: { local },
      rules: { 'local/no-import-cycle': 'error' },
    },
  ],
});

async function messagesFor(file: string): Promise<string[]> {
  const [result] = await lint.lintFiles([`test/fixtures/import-cycle/${file}`]);
  return result!.messages.map((m) => m.message);
}

describe('local/no-import-cycle', () => {
  it('reports a circle made only of type imports, on both files', async () => {
    expect(await messagesFor('rows.ts')).toEqual([
      expect.stringMatching(/^Import cycle: .*rows\.ts → .*wire\.ts → .*rows\.ts$/),
    ]);
    expect(await messagesFor('wire.ts')).toHaveLength(1);
  });

  it('leaves a file that imports into the circle without being part of it', async () => {
    expect(await messagesFor('leaf.ts')).toEqual([]);
  });
});
