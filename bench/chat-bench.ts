import { findPostgres, startPostgres } from '../core/testing/postgres';
import { chatLoad } from './chat-load';
import { conversationAppend } from './conversation-append';

/** The public-chat section of `npm run bench`: one server on the data folder, then two servers on PostgreSQL. */
export async function chatBench(line: (label: string, value: string) => void) {
  const f0 = (n: number) => n.toFixed(0);
  const f1 = (n: number) => n.toFixed(1);
  const print = (r: Awaited<ReturnType<typeof chatLoad>>) => {
    line('polling GET /api/bot/messages alone', `${f0(r.alone.perSecond)} req/s, p99 ${f1(r.alone.p99)} ms (${r.alone.errors} errors)`);
    line(`  with ${r.writes.perSecond} chat writes/s beside it (target >= 1,500 at p99 < 200)`, `${f0(r.withWrites.perSecond)} req/s, p99 ${f1(r.withWrites.p99)} ms (${r.withWrites.errors} errors)`);
    line('  the chat writes themselves', `p50 ${f1(r.writes.p50)} ms, p99 ${f1(r.writes.p99)} ms (${r.writes.sent} sent, ${r.writes.errors} errors)`);
    line('POST /api/categories (target < 10 ms)', `p50 ${f1(r.adminWrite.p50)} ms, p99 ${f1(r.adminWrite.p99)} ms`);
  };
  const append = await conversationAppend();
  console.log('\nOne chat exchange stored, with 20,000 messages already kept (in-process)');
  line('in the catalog file (before: whole file rewritten)', `p50 ${f1(append.catalogFile.p50)} ms, p99 ${f1(append.catalogFile.p99)} ms`);
  line('in its conversation\'s file (now)', `p50 ${f1(append.filePerConversation.p50)} ms, p99 ${f1(append.filePerConversation.p99)} ms`);

  console.log('\nPublic chat with 20,000 stored messages (one server, data folder; load from loopback, 32 connections, 10 s each)');
  const one = await chatLoad({ servers: 1 });
  print(one);

  const found = findPostgres();
  let two: Awaited<ReturnType<typeof chatLoad>> | { skipped: string };
  if (!process.env.BENCH_DATABASE_URL && 'reason' in found) {
    two = { skipped: found.reason };
    console.log(`\nTwo servers on PostgreSQL: skipped (${found.reason})`);
  } else {
    const pg = process.env.BENCH_DATABASE_URL ? null : await startPostgres();
    try {
      const url = process.env.BENCH_DATABASE_URL ?? (await pg!.createDatabase('bench'));
      console.log('\nThe same, two server processes sharing PostgreSQL (round-robin client)');
      two = await chatLoad({ servers: 2, env: { DATABASE_URL: url } });
      print(two);
    } finally {
      await pg?.stop();
    }
  }
  return { append, oneServer: one, twoServersPostgres: two };
}
