#!/usr/bin/env node
// `node scripts/cpu-of.mjs FILE COMMAND [ARGS...]`: runs COMMAND (its output and exit code are
// the wrapper's) and writes `{"cpu": seconds}` to FILE: the user + system CPU time of COMMAND and
// of every process under it that it waited for. Linux counts a process's ended children in its
// own /proc stat (cutime, cstime), so this wrapper measures one command alone while others run
// beside it: scripts/test.mjs runs each suite through it, as its lanes run side by side. Off
// Linux no FILE is written.
import { spawn } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';

/** User + system CPU seconds of this process's ended children; null when /proc cannot say. */
export function endedChildrenCpuSeconds() {
  try {
    // Fields after the command name's closing parenthesis: the state is field 3, cutime 16, cstime 17.
    const fields = readFileSync('/proc/self/stat', 'utf8').split(') ')[1]?.split(' ') ?? [];
    const ticks = Number(fields[13]) + Number(fields[14]);
    return Number.isFinite(ticks) ? ticks / 100 : null; // USER_HZ: 100 on every Linux build in use
  } catch {
    return null;
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const [file, cmd, ...args] = process.argv.slice(2);
  if (!file || !cmd) {
    console.error('usage: node scripts/cpu-of.mjs FILE COMMAND [ARGS...]');
    process.exit(2);
  }
  const child = spawn(cmd, args, { stdio: 'inherit' });
  child.on('error', (err) => {
    console.error(`${cmd}: ${String(err)}`);
    process.exit(127);
  });
  child.on('close', (code, signal) => {
    const cpu = endedChildrenCpuSeconds();
    if (cpu !== null) writeFileSync(file, JSON.stringify({ cpu }));
    process.exit(code ?? (signal ? 128 : 1));
  });
}
