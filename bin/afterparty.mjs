#!/usr/bin/env node
// The command line for feed publishers. It runs the TypeScript sources of src/core directly
// (through tsx), so it is always the same code the extension ships.
import { register } from 'tsx/esm/api';

register();
const { main } = await import('../src/cli/main.ts');
process.exitCode = await main(process.argv.slice(2));
