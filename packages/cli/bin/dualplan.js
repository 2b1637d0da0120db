#!/usr/bin/env node
// The dualplan command: see `dualplan --help`.
import { fileURLToPath } from 'node:url';
import { nodeIo, runCli } from '../dist/index.js';

// The monitor page is built into this package (dist/page): `dualplan monitor` and `dualplan domain` serve it from there.
process.exitCode = await runCli(process.argv.slice(2), nodeIo({ pageDir: fileURLToPath(new URL('../dist/page/', import.meta.url)) }));
