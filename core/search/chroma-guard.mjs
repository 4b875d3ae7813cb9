// Runs the Chroma server and stops it when the process that started us
// goes away, even by SIGKILL: our stdin is a pipe from that process, and it
// closes when the process dies. Plain JS so it starts fast without tsx.
import { spawn } from 'node:child_process';

const [cli, ...args] = process.argv.slice(2);
const chroma = spawn(process.execPath, [cli, ...args], { stdio: ['ignore', 'inherit', 'inherit'] });
let stopping = false;
const stop = (graceMs = 5000) => {
  if (stopping) return;
  stopping = true;
  chroma.kill('SIGTERM');
  setTimeout(() => chroma.kill('SIGKILL'), graceMs).unref();
};
chroma.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
process.stdin.on('end', () => stop());
process.stdin.on('error', () => stop());
process.stdin.resume();
for (const sig of ['SIGTERM', 'SIGINT', 'SIGHUP']) process.on(sig, () => stop());
