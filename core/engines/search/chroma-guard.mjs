// Runs the Chroma server and stops it when the process that started us
// goes away, even by SIGKILL: our stdin is a pipe from that process, and it
// closes when the process dies. Plain JS so it starts fast without tsx.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';

const [cli, ...args] = process.argv.slice(2);
// Where setpriv exists, Chroma also dies with this guard if the guard itself is killed with SIGKILL.
const hasSetpriv = ['/usr/bin/setpriv', '/bin/setpriv'].some((p) => existsSync(p));
const chroma = hasSetpriv
  ? spawn('setpriv', ['--pdeathsig', 'KILL', process.execPath, cli, ...args], { stdio: ['ignore', 'inherit', 'inherit'] })
  : spawn(process.execPath, [cli, ...args], { stdio: ['ignore', 'inherit', 'inherit'] });
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
