import type { Config, Product } from '../core/product/index';
import { createServices } from './compose';

/** A connection to the data folder in this process (one kind of cli/connection.ts's Connection). */
export interface DirectConnection {
  readonly product: Product;
  readonly mode: 'direct';
  readonly target: string;
  readonly processesJobs: boolean;
  close(): Promise<void>;
}

export interface DirectOptions {
  /** Start the job worker so imports and retries are processed in this process. */
  worker: boolean;
  log?: (message: string) => void;
  /** The data folder had no admin account yet and one was made: the password is shown once. */
  onGeneratedPassword?: (password: string) => void;
}

/**
 * Works on the data folder in this process, holding its single-writer lock
 * (only when no server does), through core's product as it is. With the
 * worker on, queued jobs run here; closing stops the worker and leaves
 * unfinished jobs queued.
 */
export async function connectDirect(config: Config, options: DirectOptions): Promise<DirectConnection> {
  const services = await createServices(config, {
    lock: { url: null }, startWorker: options.worker, log: options.log, onGeneratedPassword: options.onGeneratedPassword,
  });
  return { product: services.product, mode: 'direct', target: config.dataDir, processesJobs: options.worker, close: () => services.close() };
}
