import { runRateLimitStoreContract } from '../../testing/rate-limit-contract';
import { createMemoryRateLimitStore } from './memory';

runRateLimitStoreContract('memory', async (now) => ({ store: createMemoryRateLimitStore({ now }), cleanup: async () => {} }));
