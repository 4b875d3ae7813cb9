/** What `cms stats` prints for a person: summary lines, the per-day table, unanswered questions, top sources, comments. */
import type { QuestionStats } from '../../core/product/index';
import type { Logger } from '../logger';

const pct = (n: number, of: number) => (of ? `${Math.round((n / of) * 100)} %` : '–');

export function printStats(logger: Logger, s: QuestionStats): void {
  const asked = s.answered + s.notFound;
  logger.info(`Since ${s.from.slice(0, 16).replace('T', ' ')} UTC: ${s.questions} questions in ${s.conversations} conversations`);
  logger.info(`Answered from the documents ${s.answered} (${pct(s.answered, asked)}), not in the documents ${s.notFound} (${pct(s.notFound, asked)})`);
  logger.info(`Ratings: ${s.ratings.up} up, ${s.ratings.down} down (${s.ratings.rated} of ${s.ratings.answers} answers rated${s.ratings.upRate === null ? '' : `, ${pct(s.ratings.up, s.ratings.rated)} up`})`);
  logger.info(`Languages: ${s.languages.map((l) => `${l.language} ${l.questions}`).join(', ') || '–'}; channels: ${s.channels.map((c) => `${c.channel} ${c.questions}`).join(', ') || '–'}`);
  logger.table(s.perDay, [
    { header: 'day', value: (d) => d.day },
    { header: 'questions', value: (d) => d.questions, align: 'right' },
    { header: 'not found', value: (d) => d.notFound, align: 'right' },
  ]);
  if (s.topUnanswered.length) {
    logger.info('Not in the documents (similar questions grouped):');
    logger.table(s.topUnanswered, [
      { header: 'times', value: (g) => g.count, align: 'right' },
      { header: 'lang', value: (g) => g.language },
      { header: 'question', value: (g) => g.question, max: 70 },
      { header: 'also asked as', value: (g) => g.examples.join(' | '), max: 60 },
    ]);
  }
  if (s.topSources.length) {
    logger.info('Most cited or handed-out content:');
    logger.table(s.topSources, [
      { header: 'times', value: (d) => d.count, align: 'right' },
      { header: 'type', value: (d) => d.itemType },
      { header: 'id', value: (d) => d.itemId, align: 'right' },
      { header: 'title', value: (d) => d.title, max: 60 },
    ]);
  }
  for (const c of s.comments.slice(0, 5)) logger.info(`${c.value === 'up' ? '👍' : '👎'} "${c.comment}" on "${c.question}"`);
}
