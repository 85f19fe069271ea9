/**
 * Runs before each server test file. The suite's files share their worker's modules (no
 * isolation, vitest.config.ts), so what must happen per file is registered here, not at the top
 * of a shared module, whose code runs once per worker.
 */
import { afterAll } from 'vitest';
import { recordCpuPerFile } from './cpuPerFile.js';
import { removeSeedFiles } from './helpers.js';

recordCpuPerFile();
afterAll(removeSeedFiles);
