#!/usr/bin/env node
// The dualplan command: see `dualplan --help`.
import { nodeIo, runCli } from '../dist/index.js';

process.exitCode = await runCli(process.argv.slice(2), nodeIo());
