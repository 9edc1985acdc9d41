#!/usr/bin/env node
// Part of `npm run build`: one start-up without a listener, so the parsed specs and
// compiled validators are in .authmock/cache and even the first `authmock serve` after a
// build skips compiling. An edited spec is compiled afresh by the server itself (the
// cache is keyed by a hash of the spec files).
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defaultConfig } from '../dist/config.js';
import { createRuntime } from '../dist/runtime/create-runtime.js';
import { MemoryStore } from '../dist/store/memory-store.js';
import { createLogger } from '../dist/log/create-logger.js';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
createRuntime({ config: { ...defaultConfig(root), state: 'memory' }, store: new MemoryStore(), log: createLogger('silent') });
